import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { teamsResponse } from '@parley/contracts';
import { conversations } from '../../db/schema';
import { as, createTestContext, signUp, type Session, type TestContext } from '../../test/harness';
import { apiChannelFor, ownerAndTeammate } from '../../test/inbox-fixtures';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext({ AUTH_RATE_LIMIT_PER_MINUTE: '1000' });
});
afterAll(() => ctx.close());

async function createTeam(s: Session, body: Record<string, unknown>) {
  const res = await as(ctx, s).post('/dashboardapi/teams', body);
  expect(res.statusCode).toBe(201);
  return res.json() as { id: number; name: string; member_ids: number[] };
}

const mappingTeams = async (s: Session) =>
  (await as(ctx, s).get('/dashboardapi/conversation/mapping')).json().teams as {
    id: number;
    name: string;
    member_ids: number[];
  }[];

describe('teams (/settings/teams)', () => {
  it('creates, lists, renames and sets members; the conversation mapping follows every change', async () => {
    const { owner, mate } = await ownerAndTeammate(ctx);
    const team = await createTeam(owner, {
      name: ' Billing ',
      description: 'Invoices and refunds',
      user_ids: [owner.userId],
    });
    expect(team).toMatchObject({
      name: 'Billing',
      member_ids: [owner.userId],
      open_conversation_count: 0,
    });
    expect(await mappingTeams(owner)).toEqual([
      {
        id: team.id,
        name: 'Billing',
        description: 'Invoices and refunds',
        member_ids: [owner.userId],
      },
    ]);

    const renamed = await as(ctx, owner).patch(`/dashboardapi/teams/${team.id}`, {
      name: 'Billing & refunds',
    });
    expect(renamed.statusCode).toBe(200);
    expect(renamed.json().name).toBe('Billing & refunds');

    const members = await as(ctx, owner).put(`/dashboardapi/teams/${team.id}/members`, {
      user_ids: [mate.userId, owner.userId, mate.userId],
    });
    expect(members.statusCode).toBe(200);
    expect(members.json().member_ids).toEqual([owner.userId, mate.userId].sort((a, b) => a - b));

    const listed = teamsResponse.parse((await as(ctx, mate).get('/dashboardapi/teams')).json());
    expect(listed.teams).toHaveLength(1);
    expect(await mappingTeams(owner)).toEqual([
      expect.objectContaining({ id: team.id, name: 'Billing & refunds' }),
    ]);
    expect((await mappingTeams(owner))[0]!.member_ids.sort()).toEqual(
      [owner.userId, mate.userId].sort(),
    );

    const emptied = await as(ctx, owner).put(`/dashboardapi/teams/${team.id}/members`, {
      user_ids: [],
    });
    expect(emptied.json().member_ids).toEqual([]);
  });

  it('team names are unique per account whatever their case (409), but another account may reuse one', async () => {
    const owner = await signUp(ctx);
    const first = await createTeam(owner, { name: 'Sales' });
    const dup = await as(ctx, owner).post('/dashboardapi/teams', { name: 'sales' });
    expect(dup.statusCode).toBe(409);
    expect(dup.json()).toMatchObject({ code: 'conflict' });
    expect(dup.json().message).toContain('already exists');

    const other = await createTeam(owner, { name: 'Support' });
    const rename = await as(ctx, owner).patch(`/dashboardapi/teams/${other.id}`, { name: 'SALES' });
    expect(rename.statusCode).toBe(409);
    // Renaming a team to its own name in another case is fine.
    const self = await as(ctx, owner).patch(`/dashboardapi/teams/${first.id}`, { name: 'SALES' });
    expect(self.statusCode).toBe(200);

    const elsewhere = await signUp(ctx);
    await createTeam(elsewhere, { name: 'Sales' });
  });

  it('only members of the account can be put in a team (400, nothing changes)', async () => {
    const { owner } = await ownerAndTeammate(ctx);
    const stranger = await signUp(ctx);
    const team = await createTeam(owner, { name: 'VIP', user_ids: [owner.userId] });
    const res = await as(ctx, owner).put(`/dashboardapi/teams/${team.id}/members`, {
      user_ids: [owner.userId, stranger.userId],
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().details).toEqual([
      { path: 'user_ids', message: 'Choose members of this workspace only.' },
    ]);
    const create = await as(ctx, owner).post('/dashboardapi/teams', {
      name: 'Strangers',
      user_ids: [stranger.userId],
    });
    expect(create.statusCode).toBe(400);
    const { teams } = (await as(ctx, owner).get('/dashboardapi/teams')).json();
    expect(teams).toEqual([expect.objectContaining({ name: 'VIP', member_ids: [owner.userId] })]);
  });

  it('refuses bad input with 400', async () => {
    const owner = await signUp(ctx);
    for (const body of [{ name: '' }, { name: 'x'.repeat(61) }, { name: 'A', color: 'red' }, {}]) {
      const res = await as(ctx, owner).post('/dashboardapi/teams', body);
      expect(res.statusCode).toBe(400);
      expect(res.json().code).toBe('validation_error');
    }
    const team = await createTeam(owner, { name: 'Ok' });
    expect((await as(ctx, owner).patch(`/dashboardapi/teams/${team.id}`, {})).statusCode).toBe(400);
    expect(
      (await as(ctx, owner).put(`/dashboardapi/teams/${team.id}/members`, { user_ids: ['1'] }))
        .statusCode,
    ).toBe(400);
  });

  it('agents can list teams but not create, rename, delete or change members (403)', async () => {
    const { owner, mate } = await ownerAndTeammate(ctx);
    const team = await createTeam(owner, { name: 'Escalations' });
    expect((await as(ctx, mate).get('/dashboardapi/teams')).statusCode).toBe(200);
    const attempts = [
      await as(ctx, mate).post('/dashboardapi/teams', { name: 'Mine' }),
      await as(ctx, mate).patch(`/dashboardapi/teams/${team.id}`, { name: 'Taken over' }),
      await as(ctx, mate).put(`/dashboardapi/teams/${team.id}/members`, {
        user_ids: [mate.userId],
      }),
      await as(ctx, mate).delete(`/dashboardapi/teams/${team.id}`),
    ];
    for (const res of attempts) {
      expect(res.statusCode).toBe(403);
      expect(res.json().code).toBe('forbidden');
    }
    expect((await as(ctx, owner).get('/dashboardapi/teams')).json().teams).toEqual([
      expect.objectContaining({ name: 'Escalations', member_ids: [] }),
    ]);
  });

  it("another account's team is not found (404) for every call, and is left as it was", async () => {
    const a = await signUp(ctx, { account_name: 'Victim' });
    const b = await signUp(ctx, { account_name: 'Attacker' });
    const team = await createTeam(a, { name: 'Private', user_ids: [a.userId] });
    const attempts = [
      await as(ctx, b).patch(`/dashboardapi/teams/${team.id}`, { name: 'Hacked' }),
      await as(ctx, b).put(`/dashboardapi/teams/${team.id}/members`, { user_ids: [b.userId] }),
      await as(ctx, b).delete(`/dashboardapi/teams/${team.id}`),
    ];
    for (const res of attempts) {
      expect(res.statusCode).toBe(404);
      expect(res.json().code).toBe('not_found');
    }
    expect((await as(ctx, b).get('/dashboardapi/teams')).json().teams).toEqual([]);
    expect((await as(ctx, a).get('/dashboardapi/teams')).json().teams).toEqual([
      expect.objectContaining({ id: team.id, name: 'Private', member_ids: [a.userId] }),
    ]);
    // Naming A's account in x-dc-account-id is refused before any lookup.
    const named = await as(ctx, { ...b, accountId: a.accountId }).get('/dashboardapi/teams');
    expect(named.statusCode).toBe(403);
  });

  it('deleting a team keeps its conversations, with no team, and it leaves the mapping', async () => {
    const owner = await signUp(ctx);
    const team = await createTeam(owner, { name: 'Returns' });
    const channel = await apiChannelFor(ctx, owner);
    const { conversation_id } = await channel.inbound({ identifier: 'c-1', text: 'Refund?' });
    await ctx.deps.db
      .update(conversations)
      .set({ teamId: team.id })
      .where(eq(conversations.id, conversation_id));
    const listed = (await as(ctx, owner).get('/dashboardapi/teams')).json().teams;
    expect(listed[0].open_conversation_count).toBe(1);

    const res = await as(ctx, owner).delete(`/dashboardapi/teams/${team.id}`);
    expect(res.statusCode).toBe(200);
    expect(await mappingTeams(owner)).toEqual([]);
    const [row] = await ctx.deps.db
      .select({ teamId: conversations.teamId })
      .from(conversations)
      .where(eq(conversations.id, conversation_id));
    expect(row).toEqual({ teamId: null });
    const detail = await as(ctx, owner).get(`/dashboardapi/conversations/${conversation_id}`);
    expect(detail.statusCode).toBe(200);
    expect(detail.json().team_id).toBeNull();
    expect((await as(ctx, owner).delete(`/dashboardapi/teams/${team.id}`)).statusCode).toBe(404);
  });
});

describe('OpenAPI', () => {
  it('documents the teams, profile and member-management endpoints', async () => {
    const doc = (await ctx.app.inject({ method: 'GET', url: '/dashboardapi/docs/json' })).json();
    const paths = doc.paths as Record<string, Record<string, unknown>>;
    expect(Object.keys(paths['/dashboardapi/teams'] ?? {})).toEqual(
      expect.arrayContaining(['get', 'post']),
    );
    expect(Object.keys(paths['/dashboardapi/teams/{id}'] ?? {})).toEqual(
      expect.arrayContaining(['patch', 'delete']),
    );
    expect(paths['/dashboardapi/teams/{id}/members']).toHaveProperty('put');
    expect(paths['/dashboardapi/me/profile']).toHaveProperty('patch');
    expect(Object.keys(paths['/dashboardapi/teammembers/{userId}'] ?? {})).toEqual(
      expect.arrayContaining(['patch', 'delete']),
    );
    expect(paths['/dashboardapi/teammembers/invitations/{id}/resend']).toHaveProperty('post');
    expect(paths['/dashboardapi/teammembers/invitations/{id}']).toHaveProperty('delete');
  });
});
