import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  as,
  createTestContext,
  linkFromMail,
  signUp,
  uniqueEmail,
  type TestContext,
} from '../../test/harness';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext({ AUTH_RATE_LIMIT_PER_MINUTE: '1000' });
});
afterAll(() => ctx.close());

/** An agent of the owner's account, joined by invitation. */
async function joinAsAgent(owner: Awaited<ReturnType<typeof signUp>>, name: string) {
  const email = uniqueEmail('agent');
  await as(ctx, owner).post('/dashboardapi/teammembers/invite', {
    email,
    permission_level: 'agent',
  });
  const token = (await linkFromMail(ctx, email, '/invite/confirm/')).split('/').pop()!;
  const res = await ctx.app.inject({
    method: 'POST',
    url: `/dashboardapi/teammembers/invite/${token}/accept`,
    payload: { name, password: 'a long enough password' },
  });
  expect(res.statusCode).toBe(200);
  const cookies = Object.fromEntries(res.cookies.map((c) => [c.name, c.value]));
  return {
    email,
    token: cookies.auth_token!,
    accountId: Number(cookies.account_id),
    csrf: cookies.csrftoken!,
  };
}

describe('audit log (Settings → Audit log): who did what, for owners and admins', () => {
  it('lists the account’s entries newest first, with who did it and to whom, a page at a time', async () => {
    const owner = await signUp(ctx, { name: 'Olga Owner' });
    const agent = await joinAsAgent(owner, 'Aziz Agent');
    const members = (await as(ctx, owner).get('/dashboardapi/teammembers')).json();
    const agentId = members.members.find((m: { email: string }) => m.email === agent.email).id;
    expect(
      (
        await as(ctx, owner).patch(`/dashboardapi/teammembers/${agentId}`, {
          permission_level: 'admin',
        })
      ).statusCode,
    ).toBe(200);

    const res = await as(ctx, owner).get('/dashboardapi/audit-log');
    expect(res.statusCode).toBe(200);
    const { entries, next_before } = res.json();
    expect(entries.map((e: { action: string }) => e.action)).toEqual([
      'member_role_changed',
      'invitation_accepted',
      'invitation_sent',
      'signup',
    ]);
    expect(entries[0]).toMatchObject({
      actor: { name: 'Olga Owner' },
      subject: { id: agentId, name: 'Aziz Agent' },
      details: { from: 'agent', to: 'admin' },
    });
    expect(entries[1]).toMatchObject({ actor: { name: 'Aziz Agent' }, subject: null });
    expect(next_before).toBeNull();

    const first = (await as(ctx, owner).get('/dashboardapi/audit-log?limit=2')).json();
    expect(first.entries).toHaveLength(2);
    const rest = (
      await as(ctx, owner).get(`/dashboardapi/audit-log?limit=2&before=${first.next_before}`)
    ).json();
    expect(rest.entries.map((e: { action: string }) => e.action)).toEqual([
      'invitation_sent',
      'signup',
    ]);
    expect(rest.next_before).toBeNull();

    const byAction = (await as(ctx, owner).get('/dashboardapi/audit-log?action=signup')).json();
    expect(byAction.entries.map((e: { action: string }) => e.action)).toEqual(['signup']);
    const byPerson = (
      await as(ctx, owner).get(`/dashboardapi/audit-log?user_id=${agentId}`)
    ).json();
    expect(byPerson.entries.map((e: { action: string }) => e.action)).toEqual([
      'invitation_accepted',
    ]);
  });

  it('shows no other account’s entries, and none to agents', async () => {
    const owner = await signUp(ctx);
    const other = await signUp(ctx);
    const agent = await joinAsAgent(owner, 'Ana Agent');
    const mine = (await as(ctx, other).get('/dashboardapi/audit-log')).json();
    expect(mine.entries.map((e: { action: string }) => e.action)).toEqual(['signup']);
    expect(mine.entries[0].actor.id).not.toBe(owner.userId);
    expect((await as(ctx, agent).get('/dashboardapi/audit-log')).statusCode).toBe(403);
  });

  it('refuses a filter it does not know with 400 naming it', async () => {
    const owner = await signUp(ctx);
    const res = await as(ctx, owner).get('/dashboardapi/audit-log?action=nothing&limit=1000');
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'validation_error' });
  });
});
