import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { as, createTestContext, signUp, type TestContext } from '../test/harness';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext({ AUTH_RATE_LIMIT_PER_MINUTE: '1000' });
});
afterAll(() => ctx.close());

describe('request authentication (headers: docs/product/api.md)', () => {
  it('answers 401 unauthenticated without an Authorization header', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/dashboardapi/me' });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toMatchObject({ code: 'unauthenticated', message: expect.any(String) });
  });

  it('accepts only the "Token <token>" scheme', async () => {
    const s = await signUp(ctx);
    const res = await ctx.app.inject({
      method: 'GET',
      url: '/dashboardapi/me',
      headers: { authorization: `Bearer ${s.token}`, 'x-dc-account-id': String(s.accountId) },
    });
    expect(res.statusCode).toBe(401);
  });

  it('answers 401 for an unknown token', async () => {
    const res = await ctx.app.inject({
      method: 'GET',
      url: '/dashboardapi/me',
      headers: { authorization: 'Token AAAAAAAAAAAAAAAAAAAAAA', 'x-dc-account-id': '1' },
    });
    expect(res.statusCode).toBe(401);
  });

  it('answers 403 not_a_member when x-dc-account-id names an account the user does not belong to', async () => {
    const a = await signUp(ctx);
    const b = await signUp(ctx);
    const res = await as(ctx, { ...a, accountId: b.accountId }).get('/dashboardapi/me');
    expect(res.statusCode).toBe(403);
    expect(res.json().code).toBe('not_a_member');
  });

  it.each(['', 'abc', '-1', '0', '99999999999'])(
    'answers 403 for a malformed x-dc-account-id %j',
    async (value) => {
      const s = await signUp(ctx);
      const res = await ctx.app.inject({
        method: 'GET',
        url: '/dashboardapi/me',
        headers: { authorization: `Token ${s.token}`, 'x-dc-account-id': value },
      });
      expect(res.statusCode).toBe(403);
    },
  );

  it('requires X-CSRFTOKEN to match the csrftoken cookie on unsafe methods (403 csrf_failed)', async () => {
    const s = await signUp(ctx);
    const base = { authorization: `Token ${s.token}`, 'x-dc-account-id': String(s.accountId) };
    const patch = (headers: Record<string, string>) =>
      ctx.app.inject({
        method: 'PATCH',
        url: '/dashboardapi/global/settings',
        headers: { ...base, ...headers },
        payload: {},
      });
    const missing = await patch({});
    expect(missing.statusCode).toBe(403);
    expect(missing.json().code).toBe('csrf_failed');
    const mismatch = await patch({
      'x-csrftoken': 'AAAAAAAAAAAAAAAAAAAAAA',
      cookie: `csrftoken=${s.csrf}`,
    });
    expect(mismatch.json().code).toBe('csrf_failed');
    const ok = await patch({ 'x-csrftoken': s.csrf, cookie: `csrftoken=${s.csrf}` });
    expect(ok.statusCode).toBe(200);
    // Safe methods do not need it.
    const get = await ctx.app.inject({
      method: 'GET',
      url: '/dashboardapi/global/settings',
      headers: base,
    });
    expect(get.statusCode).toBe(200);
  });
});
