import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authTokens } from '../db/schema';
import { sessionCache } from '../modules/auth/session-cache';
import { as, createTestContext, signUp, type TestContext } from '../test/harness';
import { errWithoutValues } from './log-serializers';

// docs/security.md: idle sessions end, HSTS over https, and logs without personal data.

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext({
    AUTH_RATE_LIMIT_PER_MINUTE: '1000',
    SESSION_IDLE_TIMEOUT_MINUTES: '10',
    PUBLIC_URL: 'https://help.example.com',
  });
});
afterAll(() => ctx.close());

async function lastUsed(tokenId: number, minutesAgo: number) {
  await ctx.deps.db
    .update(authTokens)
    .set({ lastUsedAt: new Date(Date.now() - minutesAgo * 60_000) })
    .where(eq(authTokens.id, tokenId));
  sessionCache.clear();
}

async function tokenOf(userId: number) {
  const [row] = await ctx.deps.db
    .select()
    .from(authTokens)
    .where(eq(authTokens.userId, userId))
    .limit(1);
  return row!;
}

describe('sessions have an idle timeout beside their absolute lifetime', () => {
  it('a session unused for longer than SESSION_IDLE_TIMEOUT_MINUTES ends', async () => {
    const ada = await signUp(ctx);
    const token = await tokenOf(ada.userId);
    await lastUsed(token.id, 11);
    const res = await as(ctx, ada).get('/dashboardapi/me');
    expect(res.statusCode).toBe(401);
    expect(res.json().code).toBe('unauthenticated');
  });

  it('use keeps a session alive but never moves its absolute expiry', async () => {
    const ada = await signUp(ctx);
    const before = await tokenOf(ada.userId);
    await lastUsed(before.id, 9);
    expect((await as(ctx, ada).get('/dashboardapi/me')).statusCode).toBe(200);
    const after = await tokenOf(ada.userId);
    expect(Date.now() - after.lastUsedAt.getTime()).toBeLessThan(60_000);
    expect(after.expiresAt.getTime()).toBe(before.expiresAt.getTime());
  });
});

describe('HSTS', () => {
  it('is sent when PUBLIC_URL is https', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/dashboardapi/realtime/config' });
    expect(res.headers['strict-transport-security']).toBe('max-age=31536000');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
  });

  it('is not sent over plain http', async () => {
    const local = await createTestContext({ PUBLIC_URL: 'http://localhost:3000' });
    try {
      const res = await local.app.inject({ method: 'GET', url: '/dashboardapi/realtime/config' });
      expect(res.headers['strict-transport-security']).toBeUndefined();
    } finally {
      await local.close();
    }
  });
});

describe('logs carry no personal data', () => {
  it('a failed query is logged with its SQL, not its parameters or the values PostgreSQL quotes', async () => {
    const email = 'private.person@example.com';
    const failed = await ctx.deps.db
      .execute(sql`select ${email}::int`)
      .then(() => null)
      .catch((err: Error) => err);
    expect(failed).toBeInstanceOf(Error);
    expect(String(failed!.message)).toContain(email);
    const logged = JSON.stringify(errWithoutValues(failed!));
    expect(logged).toContain('Failed query');
    expect(logged).not.toContain(email);

    const dup = await ctx.deps.db
      .insert(authTokens)
      .values({ ...(await tokenOf((await signUp(ctx, { email })).userId)), id: undefined })
      .then(() => null)
      .catch((err: Error) => err);
    expect(dup).toBeInstanceOf(Error);
    expect(JSON.stringify(errWithoutValues(dup!))).not.toMatch(/[0-9a-f]{64}/);
  });
});
