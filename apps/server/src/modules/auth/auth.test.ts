import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../db/schema';
import {
  as,
  createTestContext,
  linkFromMail,
  readMailbox,
  sessionFrom,
  signUp,
  uniqueEmail,
  type TestContext,
} from '../../test/harness';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext({ AUTH_RATE_LIMIT_PER_MINUTE: '1000' });
});
afterAll(() => ctx.close());

const post = (url: string, payload: unknown) =>
  ctx.app.inject({ method: 'POST', url, payload: payload as never });

describe('signup', () => {
  it('creates an account and its owner and sets the cookies auth_token, account_id and csrftoken (docs/product/api.md)', async () => {
    const email = uniqueEmail();
    const res = await post('/dashboardapi/auth/signup', {
      name: 'Grace Hopper',
      email,
      password: 'a long enough password',
      account_name: 'Navy Support',
    });
    expect(res.statusCode).toBe(201);
    const body = res.json();
    expect(body).toMatchObject({
      user: { name: 'Grace Hopper', email },
      account_id: expect.any(Number),
    });
    expect(body.token).toMatch(/^[A-Za-z0-9_-]{22,}$/);
    const cookies = Object.fromEntries(res.cookies.map((c) => [c.name, c.value]));
    expect(cookies.auth_token).toBe(body.token);
    expect(cookies.account_id).toBe(String(body.account_id));
    expect(cookies.csrftoken).toMatch(/^[A-Za-z0-9_-]{22,}$/);

    const me = await as(ctx, sessionFrom(res)).get('/dashboardapi/me');
    expect(me.json()).toMatchObject({
      permission_level: 'owner',
      account: { name: 'Navy Support' },
    });
  });

  it('stores a memory-hard hash, never the password', async () => {
    const s = await signUp(ctx);
    const [row] = await ctx.deps.db.select().from(users).where(eq(users.id, s.userId));
    expect(row!.passwordHash).toMatch(/^scrypt\$32768\$8\$3\$/);
    expect(row!.passwordHash).not.toContain(s.password);
  });

  it('refuses a second account with the same email, whatever its case (409 email_taken)', async () => {
    const s = await signUp(ctx);
    const res = await post('/dashboardapi/auth/signup', {
      name: 'Copy',
      email: s.email.toUpperCase(),
      password: 'another password',
      account_name: 'Dup',
    });
    expect(res.statusCode).toBe(409);
    expect(res.json().code).toBe('email_taken');
  });

  it.each([
    ['a missing field', { name: 'A', email: 'a@example.com', password: 'long enough pw' }],
    [
      'a wrongly typed field',
      { name: 42, email: 'a@example.com', password: 'long enough pw', account_name: 'X' },
    ],
    [
      'an invalid email',
      { name: 'A', email: 'not-an-email', password: 'long enough pw', account_name: 'X' },
    ],
    [
      'a short password',
      { name: 'A', email: 'a@example.com', password: 'short', account_name: 'X' },
    ],
    [
      'an unknown field',
      {
        name: 'A',
        email: 'a@example.com',
        password: 'long enough pw',
        account_name: 'X',
        is_admin: true,
      },
    ],
    ['an array body', [1, 2]],
  ])(
    'answers 400 validation_error with a message for %s, and writes nothing',
    async (_case, body) => {
      const before = await ctx.deps.db.$count(users);
      const res = await post('/dashboardapi/auth/signup', body);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ code: 'validation_error', message: expect.any(String) });
      expect(await ctx.deps.db.$count(users)).toBe(before);
    },
  );

  it('answers 400 invalid_json for a body that is not JSON', async () => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/dashboardapi/auth/signup',
      headers: { 'content-type': 'application/json' },
      payload: '{"name": ',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('invalid_json');
  });
});

describe('login and logout', () => {
  it('signs in with the right password and refuses a wrong one with 401 invalid_credentials', async () => {
    const s = await signUp(ctx);
    const ok = await post('/dashboardapi/auth/login', { email: s.email, password: s.password });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().account_id).toBe(s.accountId);
    const bad = await post('/dashboardapi/auth/login', {
      email: s.email,
      password: 'wrong password!',
    });
    expect(bad.statusCode).toBe(401);
    expect(bad.json().code).toBe('invalid_credentials');
    const unknown = await post('/dashboardapi/auth/login', {
      email: uniqueEmail(),
      password: 'whatever123',
    });
    expect(unknown.statusCode).toBe(401);
    expect(unknown.json().message).toBe(bad.json().message);
  });

  it('logout ends the session: the token answers 401 afterwards', async () => {
    const s = await signUp(ctx);
    const api = as(ctx, s);
    expect((await api.post('/dashboardapi/auth/logout')).statusCode).toBe(200);
    const after = await api.get('/dashboardapi/me');
    expect(after.statusCode).toBe(401);
    expect(after.json().code).toBe('unauthenticated');
  });
});

describe('passwords', () => {
  it('forgot password mails a single-use reset link; reset revokes every session', async () => {
    const s = await signUp(ctx);
    const forgot = await post('/dashboardapi/auth/password/forgot', { email: s.email });
    expect(forgot.json()).toEqual({ ok: true });
    const link = new URL(await linkFromMail(ctx, s.email, '/login/resetpassword'));
    const token = link.searchParams.get('token')!;
    expect(token.length).toBeGreaterThanOrEqual(22);

    const reset = await post('/dashboardapi/auth/password/reset', {
      token,
      password: 'a brand new password',
    });
    expect(reset.statusCode).toBe(200);
    expect((await as(ctx, s).get('/dashboardapi/me')).statusCode).toBe(401);
    const again = await post('/dashboardapi/auth/password/reset', {
      token,
      password: 'yet another password',
    });
    expect(again.statusCode).toBe(400);
    expect(again.json().code).toBe('invalid_token');
    const login = await post('/dashboardapi/auth/login', {
      email: s.email,
      password: 'a brand new password',
    });
    expect(login.statusCode).toBe(200);
  });

  it('forgot password answers the same for an unknown email and sends nothing', async () => {
    const email = uniqueEmail('nobody');
    const res = await post('/dashboardapi/auth/password/forgot', { email });
    expect(res.json()).toEqual({ ok: true });
    await expect(linkFromMail(ctx, email, '/login/resetpassword')).rejects.toThrow(/no mail to/);
  });

  it('the reset mail is in the person’s chosen language, else the one their browser asked for', async () => {
    const { simpleParser } = await import('mailparser');
    const newestMailTo = async (to: string) => {
      const mails = (await readMailbox(ctx)).filter((m) => m.to === to);
      return simpleParser(mails.at(-1)!.raw);
    };
    const s = await signUp(ctx, { name: 'Lucía' });
    await ctx.app.inject({
      method: 'POST',
      url: '/dashboardapi/auth/password/forgot',
      headers: { 'accept-language': 'es-MX,es;q=0.9,en;q=0.5' },
      payload: { email: s.email },
    });
    const spanish = await newestMailTo(s.email);
    expect(spanish.subject).toBe('Restablece tu contraseña de Parley');
    expect(spanish.text).toContain('Hola, Lucía:');

    // Her own choice in Profile wins over the browser's.
    await as(ctx, s).patch('/dashboardapi/me/profile', { locale: 'de' });
    await ctx.app.inject({
      method: 'POST',
      url: '/dashboardapi/auth/password/forgot',
      headers: { 'accept-language': 'es' },
      payload: { email: s.email },
    });
    expect((await newestMailTo(s.email)).subject).toBe('Setze dein Parley-Passwort zurück');
  });

  it('change password sets last_password_updated, revokes other sessions and answers a new one', async () => {
    const s = await signUp(ctx);
    const other = sessionFrom(
      await post('/dashboardapi/auth/login', { email: s.email, password: s.password }),
    );
    const before = (await as(ctx, s).get('/dashboardapi/me')).json().last_password_updated;
    await new Promise((r) => setTimeout(r, 5));
    const res = await as(ctx, s).post('/dashboardapi/auth/password/change', {
      current_password: s.password,
      new_password: 'changed password 2',
    });
    expect(res.statusCode).toBe(200);
    const fresh = sessionFrom(res);
    expect((await as(ctx, other).get('/dashboardapi/me')).statusCode).toBe(401);
    expect((await as(ctx, s).get('/dashboardapi/me')).statusCode).toBe(401);
    const me = (await as(ctx, fresh).get('/dashboardapi/me')).json();
    expect(new Date(me.last_password_updated).getTime()).toBeGreaterThan(
      new Date(before).getTime(),
    );
  });

  it('change password with a wrong current password answers 400 and changes nothing', async () => {
    const s = await signUp(ctx);
    const res = await as(ctx, s).post('/dashboardapi/auth/password/change', {
      current_password: 'not my password',
      new_password: 'changed password 2',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('invalid_credentials');
    expect((await as(ctx, s).get('/dashboardapi/me')).statusCode).toBe(200);
  });

  it('a password older than 90 days answers 403 password_change_required (session end: docs/product/states.md)', async () => {
    const s = await signUp(ctx);
    await ctx.deps.db
      .update(users)
      .set({ lastPasswordUpdated: new Date(Date.now() - 91 * 24 * 3600 * 1000) })
      .where(eq(users.id, s.userId));
    const me = await as(ctx, s).get('/dashboardapi/me');
    expect(me.statusCode).toBe(403);
    expect(me.json().code).toBe('password_change_required');
    const login = await post('/dashboardapi/auth/login', { email: s.email, password: s.password });
    expect(login.statusCode).toBe(403);
    expect(login.json().code).toBe('password_change_required');
    // Changing it is still allowed, and unlocks the account.
    const change = await as(ctx, s).post('/dashboardapi/auth/password/change', {
      current_password: s.password,
      new_password: 'a fresh password 90',
    });
    expect(change.statusCode).toBe(200);
    expect((await as(ctx, sessionFrom(change)).get('/dashboardapi/me')).statusCode).toBe(200);
  });
});

describe('rate limits', () => {
  it('login answers 429 rate_limited past the limit per minute', async () => {
    const limited = await createTestContext({ AUTH_RATE_LIMIT_PER_MINUTE: '3' });
    try {
      const attempt = () =>
        limited.app.inject({
          method: 'POST',
          url: '/dashboardapi/auth/login',
          payload: { email: 'x@example.com', password: 'whatever1' },
        });
      const codes: number[] = [];
      for (let i = 0; i < 3; i++) codes.push((await attempt()).statusCode);
      expect(codes).toEqual([401, 401, 401]);
      const limitedRes = await attempt();
      expect(limitedRes.statusCode).toBe(429);
      expect(limitedRes.json()).toMatchObject({
        code: 'rate_limited',
        message: expect.any(String),
      });
    } finally {
      await limited.close();
    }
  });
});
