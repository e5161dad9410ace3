import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { authTokens } from '../../db/schema';
import {
  as,
  createTestContext,
  linkFromMail,
  sessionFrom,
  signUp,
  type TestContext,
} from '../../test/harness';
import { hashToken } from '../../lib/crypto';
import {
  SESSION_CACHE_TTL_MS,
  SessionCache,
  sessionCache,
  type CachedSession,
} from './session-cache';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext({ AUTH_RATE_LIMIT_PER_MINUTE: '1000' });
});
afterAll(() => ctx.close());

const post = (url: string, payload: unknown) =>
  ctx.app.inject({ method: 'POST', url, payload: payload as never });

const session = (over: Partial<CachedSession> = {}): CachedSession => ({
  tokenId: 1,
  userId: 1,
  expiresAt: new Date(Date.now() + 60_000),
  lastUsedAt: new Date(),
  lastPasswordUpdated: new Date(),
  permissionLevel: 'agent',
  ...over,
});

describe('session cache: revocation is immediate in this process', () => {
  it('a cached session ends with sign-out', async () => {
    const s = await signUp(ctx);
    const api = as(ctx, s);
    expect((await api.get('/dashboardapi/me')).statusCode).toBe(200);
    expect(sessionCache.get(hashToken(s.token), s.accountId)).not.toBeNull();
    expect((await api.post('/dashboardapi/auth/logout')).statusCode).toBe(200);
    expect(sessionCache.get(hashToken(s.token), s.accountId)).toBeNull();
    expect((await api.get('/dashboardapi/me')).statusCode).toBe(401);
  });

  it('every cached session of the user ends with a password change', async () => {
    const s = await signUp(ctx);
    const other = sessionFrom(
      await post('/dashboardapi/auth/login', { email: s.email, password: s.password }),
    );
    expect((await as(ctx, other).get('/dashboardapi/me')).statusCode).toBe(200);
    expect((await as(ctx, s).get('/dashboardapi/me')).statusCode).toBe(200);
    const res = await as(ctx, s).post('/dashboardapi/auth/password/change', {
      current_password: s.password,
      new_password: 'changed password 3',
    });
    expect(res.statusCode).toBe(200);
    expect((await as(ctx, other).get('/dashboardapi/me')).statusCode).toBe(401);
    expect((await as(ctx, s).get('/dashboardapi/me')).statusCode).toBe(401);
    expect((await as(ctx, sessionFrom(res)).get('/dashboardapi/me')).statusCode).toBe(200);
  });

  it('every cached session of the user ends with a password reset', async () => {
    const s = await signUp(ctx);
    expect((await as(ctx, s).get('/dashboardapi/me')).statusCode).toBe(200);
    await post('/dashboardapi/auth/password/forgot', { email: s.email });
    const link = new URL(await linkFromMail(ctx, s.email, '/login/resetpassword'));
    const reset = await post('/dashboardapi/auth/password/reset', {
      token: link.searchParams.get('token'),
      password: 'a reset password 4',
    });
    expect(reset.statusCode).toBe(200);
    expect((await as(ctx, s).get('/dashboardapi/me')).statusCode).toBe(401);
  });

  it('caches only sessions of members: another account still answers 403 not_a_member', async () => {
    const a = await signUp(ctx);
    const b = await signUp(ctx);
    expect((await as(ctx, a).get('/dashboardapi/me')).statusCode).toBe(200);
    const cross = await as(ctx, { ...a, accountId: b.accountId }).get('/dashboardapi/me');
    expect(cross.statusCode).toBe(403);
    expect(sessionCache.get(hashToken(a.token), b.accountId)).toBeNull();
  });

  it('a token deleted elsewhere (another instance) stops working once the entry expires', async () => {
    const s = await signUp(ctx);
    expect((await as(ctx, s).get('/dashboardapi/me')).statusCode).toBe(200);
    await ctx.deps.db.delete(authTokens).where(eq(authTokens.tokenHash, hashToken(s.token)));
    // Still cached for at most the TTL; then the database answers.
    expect((await as(ctx, s).get('/dashboardapi/me')).statusCode).toBe(200);
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() + SESSION_CACHE_TTL_MS + 1 });
    try {
      expect((await as(ctx, s).get('/dashboardapi/me')).statusCode).toBe(401);
    } finally {
      vi.useRealTimers();
    }
  });
});

describe('SessionCache', () => {
  it('forgets an entry after its TTL', () => {
    let now = 1_000_000;
    const cache = new SessionCache(5_000, 100, () => now);
    cache.set('h', 1, session(), cache.mark());
    expect(cache.get('h', 1)).not.toBeNull();
    now += 5_001;
    expect(cache.get('h', 1)).toBeNull();
  });

  it('is bounded: the oldest entries go first', () => {
    const cache = new SessionCache(5_000, 3);
    for (const h of ['a', 'b', 'c', 'd']) cache.set(h, 1, session(), cache.mark());
    expect(cache.size).toBe(3);
    expect(cache.get('a', 1)).toBeNull();
    expect(cache.get('d', 1)).not.toBeNull();
  });

  it('keys by account: a session is cached per (token, account)', () => {
    const cache = new SessionCache();
    cache.set('h', 1, session(), cache.mark());
    expect(cache.get('h', 2)).toBeNull();
  });

  it('a lookup that raced a revocation is not cached', () => {
    const cache = new SessionCache();
    const mark = cache.mark();
    cache.revokeToken(99);
    cache.set('h', 1, session({ tokenId: 1, userId: 1 }), mark);
    expect(cache.get('h', 1)).toBeNull();
  });

  it('a revoked user bypasses the cache for a while (the deleting transaction may not have committed)', () => {
    let now = 1_000_000;
    const cache = new SessionCache(5_000, 100, () => now);
    cache.set('h', 1, session({ userId: 7 }), cache.mark());
    cache.revokeUser(7);
    expect(cache.get('h', 1)).toBeNull();
    cache.set('h', 1, session({ userId: 7 }), cache.mark());
    expect(cache.get('h', 1)).toBeNull();
    now += 61_000;
    cache.set('h', 1, session({ userId: 7 }), cache.mark());
    expect(cache.get('h', 1)).not.toBeNull();
  });

  it('sign-out evicts only that token', () => {
    const cache = new SessionCache();
    cache.set('a', 1, session({ tokenId: 1, userId: 5 }), cache.mark());
    cache.set('b', 1, session({ tokenId: 2, userId: 5 }), cache.mark());
    cache.revokeToken(1);
    expect(cache.get('a', 1)).toBeNull();
    expect(cache.get('b', 1)).not.toBeNull();
  });
});
