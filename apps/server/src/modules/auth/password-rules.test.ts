import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  as,
  createTestContext,
  linkFromMail,
  signUp,
  uniqueEmail,
  type TestContext,
} from '../../test/harness';
import { hashToken, randomToken } from '../../lib/crypto';
import { insertPasswordReset } from './auth.queries';
import { isCommonPassword } from './common-passwords';

// docs/security.md, passwords: common ones refused everywhere a password is chosen; reset links
// invalidate each other; every password check has an attempt limit.

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext({ AUTH_RATE_LIMIT_PER_MINUTE: '6' });
});
afterAll(() => ctx.close());

async function resetLink(email: string) {
  const res = await ctx.app.inject({
    method: 'POST',
    url: '/dashboardapi/auth/password/forgot',
    payload: { email },
    remoteAddress: `10.2.0.${Math.floor(Math.random() * 250)}`,
  });
  expect(res.statusCode).toBe(200);
  const link = await linkFromMail(ctx, email, '/login/resetpassword');
  return new URL(link).searchParams.get('token')!;
}

function reset(token: string, password: string) {
  return ctx.app.inject({
    method: 'POST',
    url: '/dashboardapi/auth/password/reset',
    payload: { token, password },
    remoteAddress: `10.3.0.${Math.floor(Math.random() * 250)}`,
  });
}

describe('common passwords are refused with a clear message', () => {
  it('knows the most breached ones, in any case, and lets an uncommon one through', () => {
    expect(isCommonPassword('password')).toBe(true);
    expect(isCommonPassword('12345678')).toBe(true);
    expect(isCommonPassword('PassWord')).toBe(true);
    expect(isCommonPassword('correct horse battery')).toBe(false);
  });

  it('on signup, reset and change', async () => {
    for (const password of ['password', '12345678']) {
      const res = await ctx.app.inject({
        method: 'POST',
        url: '/dashboardapi/auth/signup',
        payload: { name: 'Ada', email: uniqueEmail(), password, account_name: 'Acme' },
        remoteAddress: '10.4.0.1',
      });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({
        code: 'validation_error',
        details: [{ path: 'password', message: expect.stringMatching(/most common/) }],
      });
    }

    const ada = await signUp(ctx);
    const change = await as(ctx, ada).post('/dashboardapi/auth/password/change', {
      current_password: ada.password,
      new_password: 'iloveyou1',
    });
    expect(change.statusCode).toBe(400);
    expect(change.json().details).toEqual([
      { path: 'new_password', message: expect.stringMatching(/most common/) },
    ]);

    const token = await resetLink(ada.email);
    const refused = await reset(token, 'qwertyuiop');
    expect(refused.statusCode).toBe(400);
    expect(refused.json().details[0].path).toBe('password');
    // The link was not spent by the refusal.
    expect((await reset(token, 'a rarely chosen phrase')).statusCode).toBe(200);
  });
});

describe('reset links invalidate each other', () => {
  it('a newer link ends the older one', async () => {
    const ada = await signUp(ctx);
    const older = await resetLink(ada.email);
    const newer = await resetLink(ada.email);
    expect((await reset(older, 'an old link phrase')).json()).toMatchObject({
      code: 'invalid_token',
    });
    expect((await reset(newer, 'a new link phrase')).statusCode).toBe(200);
  });

  it('using one link ends the others, even an older one still within its hour', async () => {
    const ada = await signUp(ctx);
    const second = await resetLink(ada.email);
    // Another live link of the same person, issued outside forgotPassword's own invalidation.
    const first = randomToken(32);
    await insertPasswordReset(ctx.deps.db, {
      userId: ada.userId,
      tokenHash: hashToken(first),
      expiresAt: new Date(Date.now() + 30 * 60_000),
    });
    expect((await reset(second, 'the phrase i chose')).statusCode).toBe(200);
    expect((await reset(first, 'another phrase here')).statusCode).toBe(400);
    expect((await reset(second, 'and once more')).statusCode).toBe(400);
  });
});

describe('attempt limits on every password check', () => {
  it('the current-password check of a password change answers 429 after the limit, per person', async () => {
    const ada = await signUp(ctx);
    const codes: number[] = [];
    for (let i = 0; i < 8; i += 1) {
      const res = await as(ctx, ada).post('/dashboardapi/auth/password/change', {
        current_password: `wrong guess ${i}`,
        new_password: 'a rarely chosen phrase',
      });
      codes.push(res.statusCode);
    }
    expect(codes.slice(0, 6)).toEqual([400, 400, 400, 400, 400, 400]);
    expect(codes.slice(6)).toEqual([429, 429]);

    // Someone else is not slowed down by it.
    const bob = await signUp(ctx);
    const theirs = await as(ctx, bob).post('/dashboardapi/auth/password/change', {
      current_password: 'wrong guess',
      new_password: 'a rarely chosen phrase',
    });
    expect(theirs.statusCode).toBe(400);
  });
});
