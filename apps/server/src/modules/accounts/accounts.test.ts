import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { as, createTestContext, signUp, type TestContext } from '../../test/harness';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext({ AUTH_RATE_LIMIT_PER_MINUTE: '1000' });
});
afterAll(() => ctx.close());

describe('accounts: a user may belong to several and switch between them', () => {
  it('creates another workspace owned by the caller, with its own default settings', async () => {
    const s = await signUp(ctx, { account_name: 'First' });
    const created = await as(ctx, s).post('/dashboardapi/accounts', { name: 'Second' });
    expect(created.statusCode).toBe(201);
    const second = created.json();
    expect(second).toMatchObject({ name: 'Second', permission_level: 'owner' });
    const list = (await as(ctx, s).get('/dashboardapi/accounts')).json().accounts;
    expect(list.map((a: { name: string }) => a.name)).toEqual(['First', 'Second']);
    await as(ctx, s).patch('/dashboardapi/global/settings', { auto_assign_user_on_reply: true });
    const inSecond = as(ctx, { ...s, accountId: second.id });
    expect(
      (await inSecond.get('/dashboardapi/global/settings')).json().auto_assign_user_on_reply,
    ).toBe(false);
    expect((await inSecond.get('/dashboardapi/me')).json().account).toEqual({
      id: second.id,
      name: 'Second',
    });
  });

  it('lists accounts even when the selected account is not one of the user’s', async () => {
    const a = await signUp(ctx);
    const b = await signUp(ctx);
    const res = await as(ctx, { ...a, accountId: b.accountId }).get('/dashboardapi/accounts');
    expect(res.statusCode).toBe(200);
    expect(res.json().accounts).toEqual([
      { id: a.accountId, name: 'Acme Support', permission_level: 'owner' },
    ]);
  });

  it('refuses an empty workspace name with 400', async () => {
    const s = await signUp(ctx);
    const res = await as(ctx, s).post('/dashboardapi/accounts', { name: '   ' });
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('validation_error');
  });
});
