import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { conversations } from '../../db/schema';
import {
  as,
  createTestContext,
  linkFromMail,
  readMailbox,
  sessionFrom,
  signUp,
  uniqueEmail,
  type Session,
  type TestContext,
} from '../../test/harness';
import { apiChannelFor } from '../../test/inbox-fixtures';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext({ AUTH_RATE_LIMIT_PER_MINUTE: '1000' });
});
afterAll(() => ctx.close());

/** Invites `email` with `level` and accepts as a new person; answers their session. */
async function join(owner: Session, level: 'admin' | 'agent', name = 'New Person') {
  const email = uniqueEmail(level);
  const invite = await as(ctx, owner).post('/dashboardapi/teammembers/invite', {
    email,
    permission_level: level,
  });
  expect(invite.statusCode).toBe(201);
  const link = await linkFromMail(ctx, email, '/settings/teammembers/invite/confirm/');
  const accept = await ctx.app.inject({
    method: 'POST',
    url: `/dashboardapi/teammembers/invite/${link.split('/confirm/')[1]}/accept`,
    payload: { name, password: 'member password 1' },
  });
  expect(accept.statusCode).toBe(200);
  return sessionFrom(accept);
}

const members = async (s: Session) =>
  (await as(ctx, s).get('/dashboardapi/teammembers')).json().members as {
    id: number;
    permission_level: string;
  }[];
const levelOf = async (s: Session, userId: number) =>
  (await members(s)).find((m) => m.id === userId)?.permission_level;

describe('change a member’s role', () => {
  it('an owner promotes an agent to admin; the new role applies to their next call at once', async () => {
    const owner = await signUp(ctx);
    const agent = await join(owner, 'agent');
    // While an agent: cannot invite.
    const before = await as(ctx, agent).post('/dashboardapi/teammembers/invite', {
      email: uniqueEmail(),
      permission_level: 'agent',
    });
    expect(before.statusCode).toBe(403);

    const res = await as(ctx, owner).patch(`/dashboardapi/teammembers/${agent.userId}`, {
      permission_level: 'admin',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ id: agent.userId, permission_level: 'admin' });
    expect((await as(ctx, agent).get('/dashboardapi/me')).json().permission_level).toBe('admin');
    const after = await as(ctx, agent).post('/dashboardapi/teammembers/invite', {
      email: uniqueEmail(),
      permission_level: 'agent',
    });
    expect(after.statusCode).toBe(201);
  });

  it('the last owner cannot be demoted (409 last_owner); with a second owner they can', async () => {
    const owner = await signUp(ctx, { name: 'Olga Owner' });
    const res = await as(ctx, owner).patch(`/dashboardapi/teammembers/${owner.userId}`, {
      permission_level: 'admin',
    });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({
      code: 'last_owner',
      message: 'Olga Owner is the only owner of this workspace. Make someone else an owner first.',
    });
    expect(await levelOf(owner, owner.userId)).toBe('owner');

    const admin = await join(owner, 'admin');
    const promote = await as(ctx, owner).patch(`/dashboardapi/teammembers/${admin.userId}`, {
      permission_level: 'owner',
    });
    expect(promote.statusCode).toBe(200);
    const demoteSelf = await as(ctx, owner).patch(`/dashboardapi/teammembers/${owner.userId}`, {
      permission_level: 'agent',
    });
    expect(demoteSelf.statusCode).toBe(200);
    // Now the other one is the last owner.
    const demoteOther = await as(ctx, admin).patch(`/dashboardapi/teammembers/${admin.userId}`, {
      permission_level: 'admin',
    });
    expect(demoteOther.statusCode).toBe(409);
  });

  it('admins manage agents and admins, but only owners grant or take away "owner" (403)', async () => {
    const owner = await signUp(ctx);
    const admin = await join(owner, 'admin');
    const agent = await join(owner, 'agent');
    const ok = await as(ctx, admin).patch(`/dashboardapi/teammembers/${agent.userId}`, {
      permission_level: 'admin',
    });
    expect(ok.statusCode).toBe(200);
    for (const [userId, level] of [
      [agent.userId, 'owner'],
      [owner.userId, 'agent'],
    ] as const) {
      const res = await as(ctx, admin).patch(`/dashboardapi/teammembers/${userId}`, {
        permission_level: level,
      });
      expect(res.statusCode).toBe(403);
      expect(res.json().code).toBe('forbidden');
    }
    expect(await levelOf(owner, owner.userId)).toBe('owner');
  });

  it('agents cannot change roles (403) and bad roles are refused (400)', async () => {
    const owner = await signUp(ctx);
    const agent = await join(owner, 'agent');
    const res = await as(ctx, agent).patch(`/dashboardapi/teammembers/${agent.userId}`, {
      permission_level: 'admin',
    });
    expect(res.statusCode).toBe(403);
    const bad = await as(ctx, owner).patch(`/dashboardapi/teammembers/${agent.userId}`, {
      permission_level: 'superuser',
    });
    expect(bad.statusCode).toBe(400);
    expect(await levelOf(owner, agent.userId)).toBe('agent');
  });
});

describe('remove a member', () => {
  it('removes the member: they lose access, leave the teams and their conversations are unassigned', async () => {
    const owner = await signUp(ctx);
    const agent = await join(owner, 'agent');
    const team = await as(ctx, owner).post('/dashboardapi/teams', {
      name: 'Support',
      user_ids: [owner.userId, agent.userId],
    });
    const channel = await apiChannelFor(ctx, owner);
    const { conversation_id } = await channel.inbound({ identifier: 'c-9', text: 'Help' });
    await ctx.deps.db
      .update(conversations)
      .set({ assigneeId: agent.userId })
      .where(eq(conversations.id, conversation_id));
    expect((await as(ctx, agent).get('/dashboardapi/me')).statusCode).toBe(200);

    const res = await as(ctx, owner).delete(`/dashboardapi/teammembers/${agent.userId}`);
    expect(res.statusCode).toBe(200);
    expect((await members(owner)).map((m) => m.id)).toEqual([owner.userId]);
    const denied = await as(ctx, agent).get('/dashboardapi/me');
    expect(denied.statusCode).toBe(403);
    expect(denied.json().code).toBe('not_a_member');
    const teams = (await as(ctx, owner).get('/dashboardapi/teams')).json().teams;
    expect(teams).toEqual([
      expect.objectContaining({ id: team.json().id, member_ids: [owner.userId] }),
    ]);
    const detail = (
      await as(ctx, owner).get(`/dashboardapi/conversations/${conversation_id}`)
    ).json();
    expect(detail.assignee_id).toBeNull();
  });

  it('the last owner cannot be removed (409); admins cannot remove an owner (403)', async () => {
    const owner = await signUp(ctx);
    const self = await as(ctx, owner).delete(`/dashboardapi/teammembers/${owner.userId}`);
    expect(self.statusCode).toBe(409);
    expect(self.json().code).toBe('last_owner');
    const admin = await join(owner, 'admin');
    const byAdmin = await as(ctx, admin).delete(`/dashboardapi/teammembers/${owner.userId}`);
    expect(byAdmin.statusCode).toBe(403);
    const agent = await join(owner, 'agent');
    const byAgent = await as(ctx, agent).delete(`/dashboardapi/teammembers/${admin.userId}`);
    expect(byAgent.statusCode).toBe(403);
    expect((await members(owner)).map((m) => m.id).sort()).toEqual(
      [owner.userId, admin.userId, agent.userId].sort(),
    );
  });

  it("another account's member is not found (404): account B cannot change or remove A's people", async () => {
    const a = await signUp(ctx, { account_name: 'Victim' });
    const aAgent = await join(a, 'agent');
    const b = await signUp(ctx, { account_name: 'Attacker' });
    const change = await as(ctx, b).patch(`/dashboardapi/teammembers/${aAgent.userId}`, {
      permission_level: 'admin',
    });
    expect(change.statusCode).toBe(404);
    const remove = await as(ctx, b).delete(`/dashboardapi/teammembers/${a.userId}`);
    expect(remove.statusCode).toBe(404);
    expect(await levelOf(a, aAgent.userId)).toBe('agent');
    expect(await levelOf(a, a.userId)).toBe('owner');
  });
});

describe('pending invitations: resend and withdraw', () => {
  it('resends with a new link: the old link stops working, the new one opens the invitation', async () => {
    const owner = await signUp(ctx);
    const email = uniqueEmail('resend');
    const invite = await as(ctx, owner).post('/dashboardapi/teammembers/invite', {
      email,
      permission_level: 'admin',
    });
    const oldLink = await linkFromMail(ctx, email, '/settings/teammembers/invite/confirm/');
    const res = await as(ctx, owner).post(
      `/dashboardapi/teammembers/invitations/${invite.json().id}/resend`,
    );
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ id: invite.json().id, email, permission_level: 'admin' });
    expect((await readMailbox(ctx)).filter((m) => m.to === email)).toHaveLength(2);
    const newLink = await linkFromMail(ctx, email, '/settings/teammembers/invite/confirm/');
    expect(newLink).not.toBe(oldLink);
    const tokenOf = (link: string) => link.split('/confirm/')[1]!;
    const old = await ctx.app.inject({
      method: 'GET',
      url: `/dashboardapi/teammembers/invite/${tokenOf(oldLink)}`,
    });
    expect(old.statusCode).toBe(404);
    const fresh = await ctx.app.inject({
      method: 'GET',
      url: `/dashboardapi/teammembers/invite/${tokenOf(newLink)}`,
    });
    expect(fresh.statusCode).toBe(200);
  });

  it('withdraws an invitation: its link stops working and it leaves the list', async () => {
    const owner = await signUp(ctx);
    const email = uniqueEmail('withdraw');
    const invite = await as(ctx, owner).post('/dashboardapi/teammembers/invite', {
      email,
      permission_level: 'agent',
    });
    const link = await linkFromMail(ctx, email, '/settings/teammembers/invite/confirm/');
    const res = await as(ctx, owner).delete(
      `/dashboardapi/teammembers/invitations/${invite.json().id}`,
    );
    expect(res.statusCode).toBe(200);
    expect((await as(ctx, owner).get('/dashboardapi/teammembers')).json().invitations).toEqual([]);
    const info = await ctx.app.inject({
      method: 'GET',
      url: `/dashboardapi/teammembers/invite/${link.split('/confirm/')[1]}`,
    });
    expect(info.statusCode).toBe(404);
  });

  it('agents cannot resend or withdraw (403); another account gets 404', async () => {
    const owner = await signUp(ctx);
    const agent = await join(owner, 'agent');
    const invite = await as(ctx, owner).post('/dashboardapi/teammembers/invite', {
      email: uniqueEmail('pending'),
      permission_level: 'agent',
    });
    const id = invite.json().id as number;
    expect(
      (await as(ctx, agent).post(`/dashboardapi/teammembers/invitations/${id}/resend`)).statusCode,
    ).toBe(403);
    expect(
      (await as(ctx, agent).delete(`/dashboardapi/teammembers/invitations/${id}`)).statusCode,
    ).toBe(403);
    const b = await signUp(ctx, { account_name: 'Attacker' });
    expect(
      (await as(ctx, b).post(`/dashboardapi/teammembers/invitations/${id}/resend`)).statusCode,
    ).toBe(404);
    expect(
      (await as(ctx, b).delete(`/dashboardapi/teammembers/invitations/${id}`)).statusCode,
    ).toBe(404);
    expect((await as(ctx, owner).get('/dashboardapi/teammembers')).json().invitations).toHaveLength(
      1,
    );
  });
});

describe('pending invitations: copy the invitation link', () => {
  it('re-issues the link for an admin without mailing it: the emailed link stops working, the copied one opens the invitation', async () => {
    const owner = await signUp(ctx);
    const email = uniqueEmail('copy');
    const invite = await as(ctx, owner).post('/dashboardapi/teammembers/invite', {
      email,
      permission_level: 'agent',
    });
    const emailed = await linkFromMail(ctx, email, '/settings/teammembers/invite/confirm/');
    const res = await as(ctx, owner).post(
      `/dashboardapi/teammembers/invitations/${invite.json().id}/link`,
    );
    expect(res.statusCode).toBe(200);
    const body = res.json() as { id: number; email: string; link: string; expires_at: string };
    expect(body).toMatchObject({ id: invite.json().id, email, permission_level: 'agent' });
    expect(body.link).toMatch(
      new RegExp(`^${ctx.config.publicUrl}/settings/teammembers/invite/confirm/[\\w-]{16,}$`),
    );
    expect(body.link).not.toBe(emailed);
    // Nothing new was mailed.
    expect((await readMailbox(ctx)).filter((m) => m.to === email)).toHaveLength(1);
    const tokenOf = (link: string) => link.split('/confirm/')[1]!;
    const old = await ctx.app.inject({
      method: 'GET',
      url: `/dashboardapi/teammembers/invite/${tokenOf(emailed)}`,
    });
    expect(old.statusCode).toBe(404);
    const accept = await ctx.app.inject({
      method: 'POST',
      url: `/dashboardapi/teammembers/invite/${tokenOf(body.link)}/accept`,
      payload: { name: 'Copied Link', password: 'member password 1' },
    });
    expect(accept.statusCode).toBe(200);
  });

  it('only owners and admins get a link (agents 403); another account gets 404', async () => {
    const owner = await signUp(ctx);
    const agent = await join(owner, 'agent');
    const admin = await join(owner, 'admin');
    const invite = await as(ctx, owner).post('/dashboardapi/teammembers/invite', {
      email: uniqueEmail('pending'),
      permission_level: 'agent',
    });
    const url = `/dashboardapi/teammembers/invitations/${invite.json().id}/link`;
    const refused = await as(ctx, agent).post(url);
    expect(refused.statusCode).toBe(403);
    expect(refused.body).not.toContain('/confirm/');
    expect((await as(ctx, admin).post(url)).statusCode).toBe(200);
    const b = await signUp(ctx, { account_name: 'Attacker' });
    expect((await as(ctx, b).post(url)).statusCode).toBe(404);
    // The list never carries a link or token.
    const listed = (await as(ctx, owner).get('/dashboardapi/teammembers')).body;
    expect(listed).not.toContain('/confirm/');
    expect(listed).not.toMatch(/token|link/);
  });
});

describe('invitation mail', () => {
  it('carries the invitation link whole on one line of the stored .eml (no quoted-printable break)', async () => {
    const owner = await signUp(ctx);
    const email = uniqueEmail('mail');
    await as(ctx, owner).post('/dashboardapi/teammembers/invite', {
      email,
      permission_level: 'agent',
    });
    const raw = (await readMailbox(ctx)).filter((m) => m.to === email).at(-1)!.raw;
    const line = raw
      .split(/\r?\n/)
      .find((l) => l.includes('/settings/teammembers/invite/confirm/'));
    expect(line).toMatch(
      new RegExp(`^${ctx.config.publicUrl}/settings/teammembers/invite/confirm/[\\w-]{16,}$`),
    );
  });
});
