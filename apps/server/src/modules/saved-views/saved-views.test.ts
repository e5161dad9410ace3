import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import {
  MAX_SAVED_VIEWS,
  SAVED_VIEW_COUNT_CAP,
  type SavedView,
  type SavedViewCreateBody,
} from '@parley/contracts';
import { rowsOf } from '../../db/client';
import {
  as,
  createTestContext,
  linkFromMail,
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

const URL = '/dashboardapi/saved-views';

/** Someone invited into the owner's account as an agent. */
async function invite(owner: Session, name: string): Promise<Session> {
  const email = uniqueEmail(name.toLowerCase());
  await as(ctx, owner).post('/dashboardapi/teammembers/invite', {
    email,
    permission_level: 'agent',
  });
  const link = await linkFromMail(ctx, email, '/settings/teammembers/invite/confirm/');
  const accept = await ctx.app.inject({
    method: 'POST',
    url: `/dashboardapi/teammembers/invite/${link.split('/confirm/')[1]}/accept`,
    payload: { name, password: 'teammate pw 1' },
  });
  return sessionFrom(accept);
}

/** An account with an owner, two agents, and a team holding only the first agent. */
async function account() {
  const owner = await signUp(ctx, { name: 'Olga Owner' });
  const mate = await invite(owner, 'Tariq');
  const outsider = await invite(owner, 'Uma');
  const team = await as(ctx, owner).post('/dashboardapi/teams', {
    name: 'Refunds',
    user_ids: [mate.userId],
  });
  expect(team.statusCode).toBe(201);
  return { owner, mate, outsider, teamId: (team.json() as { id: number }).id };
}

const viewsOf = async (s: Session) => {
  const res = await as(ctx, s).get(URL);
  expect(res.statusCode).toBe(200);
  return (res.json() as { views: SavedView[] }).views;
};

async function save(s: Session, body: SavedViewCreateBody) {
  const res = await as(ctx, s).post(URL, body);
  if (res.statusCode !== 201) throw new Error(`save: ${res.statusCode} ${res.body}`);
  return res.json() as SavedView;
}

const openAll = { view: 'all', status: 'open', sort: 'newest' } as const;

describe('saved views: saving and listing', () => {
  it('saves a view with the list filters, answers it counted, and lists it in the owner’s order', async () => {
    const { owner } = await account();
    const channel = await apiChannelFor(ctx, owner);
    await channel.inbound({ identifier: 'c1', name: 'Carla', text: 'where is my refund' });
    await channel.inbound({ identifier: 'c2', name: 'Dmitri', text: 'hello' });

    const refunds = await save(owner, {
      name: '  Refunds  ',
      filters: { ...openAll, search: 'refund' },
    });
    expect(refunds).toMatchObject({ name: 'Refunds', team_id: null, can_edit: true });
    expect(refunds.filters).toEqual({ ...openAll, search: 'refund' });
    expect(refunds.count).toBe(1);
    const open = await save(owner, { name: 'Open', filters: { view: 'unassigned' } });
    // Missing filters take the list's defaults.
    expect(open.filters).toEqual({ view: 'unassigned', status: 'open', sort: 'newest' });

    const views = await viewsOf(owner);
    expect(views.map((v) => [v.name, v.count, v.capped])).toEqual([
      ['Refunds', 1, false],
      ['Open', 2, false],
    ]);
  });

  it('refuses bad names and filters with 400 and saves nothing', async () => {
    const { owner } = await account();
    const bad = [
      { name: '', filters: openAll },
      { name: 'x'.repeat(61), filters: openAll },
      { name: 'Weird', filters: { view: 'everything' } },
      { name: 'Paged', filters: { ...openAll, cursor: 'abc' } },
      { name: 'Status', filters: { view: 'all', status: 'maybe' } },
      { name: 'Ghost tag', filters: { view: 'tag:999999' } },
      { name: 'Ghost team', filters: openAll, team_id: 999999 },
    ];
    for (const body of bad) {
      const res = await as(ctx, owner).post(URL, body);
      expect({ body, status: res.statusCode }).toEqual({ body, status: 400 });
      const error = res.json() as { code: string; message: string };
      expect(error.code).toBe('validation_error');
      expect(error.message.length).toBeGreaterThan(5);
    }
    expect(await viewsOf(owner)).toEqual([]);
  });

  it(`keeps each person to ${MAX_SAVED_VIEWS} views`, async () => {
    const { owner, mate } = await account();
    await ctx.deps.db.execute(sql`
      insert into saved_views (account_id, owner_user_id, name, filters)
      select ${owner.accountId}, ${owner.userId}, 'View ' || g, '{"view":"all","status":"open","sort":"newest"}'::jsonb
      from generate_series(1, ${MAX_SAVED_VIEWS}) g`);
    const res = await as(ctx, owner).post(URL, { name: 'One more', filters: openAll });
    expect(res.statusCode).toBe(400);
    expect((res.json() as { message: string }).message).toMatch(/50 saved views/);
    // Another person's limit is their own.
    await save(mate, { name: 'Mine', filters: { view: 'mine' } });
  });
});

describe('saved views: sharing', () => {
  it('a team view is seen by the team’s members, not by others; a private view by its owner alone', async () => {
    const { owner, mate, outsider, teamId } = await account();
    const shared = await save(mate, { name: 'Team refunds', filters: openAll, team_id: teamId });
    const privateView = await save(mate, { name: 'My own', filters: openAll });

    expect((await viewsOf(mate)).map((v) => v.name)).toEqual(['Team refunds', 'My own']);
    expect(await viewsOf(outsider)).toEqual([]);
    // The owner of the account is not in the team: a team view is for the team.
    expect(await viewsOf(owner)).toEqual([]);
    for (const s of [outsider, owner]) {
      expect((await as(ctx, s).patch(`${URL}/${privateView.id}`, { name: 'x' })).statusCode).toBe(
        404,
      );
    }

    // Joining the team shows it.
    await as(ctx, owner).put(`/dashboardapi/teams/${teamId}/members`, {
      user_ids: [mate.userId, outsider.userId],
    });
    const seen = await viewsOf(outsider);
    expect(seen.map((v) => [v.id, v.can_edit])).toEqual([[shared.id, false]]);
  });

  it('an agent shares only with a team they are in', async () => {
    const { outsider, teamId } = await account();
    const res = await as(ctx, outsider).post(URL, {
      name: 'Sneaky',
      filters: openAll,
      team_id: teamId,
    });
    expect(res.statusCode).toBe(400);
    expect(await viewsOf(outsider)).toEqual([]);
  });

  it('only the owner, or an owner or admin of the account, changes or deletes a shared view', async () => {
    const { owner, mate, outsider, teamId } = await account();
    await as(ctx, owner).put(`/dashboardapi/teams/${teamId}/members`, {
      user_ids: [mate.userId, outsider.userId],
    });
    const shared = await save(mate, { name: 'Team view', filters: openAll, team_id: teamId });

    const byTeammate = await as(ctx, outsider).patch(`${URL}/${shared.id}`, { name: 'Mine now' });
    expect(byTeammate.statusCode).toBe(403);
    expect((await as(ctx, outsider).delete(`${URL}/${shared.id}`)).statusCode).toBe(403);

    // The account's owner edits it once it is in sight (through the team)...
    await as(ctx, owner).put(`/dashboardapi/teams/${teamId}/members`, {
      user_ids: [mate.userId, outsider.userId, owner.userId],
    });
    const renamed = await as(ctx, owner).patch(`${URL}/${shared.id}`, {
      name: 'Renamed by owner',
      filters: { view: 'unassigned', status: 'all' },
    });
    expect(renamed.statusCode).toBe(200);
    expect(renamed.json()).toMatchObject({
      name: 'Renamed by owner',
      filters: { view: 'unassigned', status: 'all', sort: 'newest' },
      team_id: teamId,
    });
    expect((await viewsOf(outsider)).map((v) => v.name)).toEqual(['Renamed by owner']);

    // ...and its author makes it private again, then deletes it.
    const unshared = await as(ctx, mate).patch(`${URL}/${shared.id}`, { team_id: null });
    expect(unshared.statusCode).toBe(200);
    expect(await viewsOf(outsider)).toEqual([]);
    expect((await as(ctx, mate).delete(`${URL}/${shared.id}`)).statusCode).toBe(200);
    expect(await viewsOf(mate)).toEqual([]);
  });
});

describe('saved views: order', () => {
  it('each person orders the views they see; views left out keep their place after', async () => {
    const { owner, mate, teamId } = await account();
    const a = await save(mate, { name: 'A', filters: openAll, team_id: teamId });
    const b = await save(mate, { name: 'B', filters: openAll });
    const c = await save(mate, { name: 'C', filters: openAll });

    const res = await as(ctx, mate).post(`${URL}/reorder`, { ids: [c.id, a.id] });
    expect(res.statusCode).toBe(200);
    expect((await viewsOf(mate)).map((v) => v.name)).toEqual(['C', 'A', 'B']);

    // A teammate's order of the shared view is their own.
    await as(ctx, owner).put(`/dashboardapi/teams/${teamId}/members`, {
      user_ids: [mate.userId, owner.userId],
    });
    const own = await save(owner, { name: 'Owner’s', filters: openAll });
    expect((await viewsOf(owner)).map((v) => v.name)).toEqual(['Owner’s', 'A']);
    await as(ctx, owner).post(`${URL}/reorder`, { ids: [a.id, own.id] });
    expect((await viewsOf(owner)).map((v) => v.name)).toEqual(['A', 'Owner’s']);
    expect((await viewsOf(mate)).map((v) => v.name)).toEqual(['C', 'A', 'B']);

    // A view the caller does not see cannot be placed; nothing changes.
    const other = await as(ctx, owner).post(`${URL}/reorder`, { ids: [own.id, b.id] });
    expect(other.statusCode).toBe(404);
    expect((await viewsOf(owner)).map((v) => v.name)).toEqual(['A', 'Owner’s']);
  });
});

describe('saved views: counts', () => {
  it('counts as the list shows the view (mine is the viewer’s), and stops at the cap', async () => {
    const { owner, mate, teamId } = await account();
    const channel = await apiChannelFor(ctx, owner);
    const first = await channel.inbound({ identifier: 'k1', name: 'Kim', text: 'hi' });
    await channel.inbound({ identifier: 'k2', name: 'Lee', text: 'hi' });
    await as(ctx, owner).patch(`/dashboardapi/conversations/${first.conversation_id}`, {
      assignee_id: mate.userId,
    });
    await as(ctx, owner).put(`/dashboardapi/teams/${teamId}/members`, {
      user_ids: [mate.userId, owner.userId],
    });
    await save(mate, { name: 'Mine', filters: { view: 'mine' }, team_id: teamId });
    expect((await viewsOf(mate)).map((v) => v.count)).toEqual([1]);
    expect((await viewsOf(owner)).map((v) => v.count)).toEqual([0]);

    const everything = await save(owner, { name: 'All open', filters: openAll });
    expect(everything).toMatchObject({ count: 2, capped: false });
    // The list's other ways of reading a view count alike: a tag's links, each status's range.
    const tagged = await as(ctx, owner).post('/dashboardapi/tag/add/v2', {
      conversation_id: first.conversation_id,
      tags: ['refund'],
    });
    const [refund] = (tagged.json() as { tags: { id: number }[] }).tags;
    const byTag = await save(owner, { name: 'Refund', filters: { view: `tag:${refund!.id}` } });
    expect(byTag.count).toBe(1);
    const unassignedAny = await save(owner, {
      name: 'Unassigned, any status',
      filters: { view: 'unassigned', status: 'all' },
    });
    expect(unassignedAny.count).toBe(1);
    const closed = await save(owner, {
      name: 'Closed',
      filters: { view: 'all', status: 'closed' },
    });
    expect(closed.count).toBe(0);
    await ctx.deps.db.execute(sql`
      insert into conversations (account_id, support_channel_id, contact_id, status, last_activity_at)
      select account_id, support_channel_id, contact_id, 'open', now() - g * interval '1 second'
      from conversations, generate_series(1, ${SAVED_VIEW_COUNT_CAP + 5}) g
      where id = ${first.conversation_id}`);
    const [counted] = (await viewsOf(owner)).filter((v) => v.id === everything.id);
    expect(counted).toMatchObject({ count: SAVED_VIEW_COUNT_CAP, capped: true });
    const [total] = rowsOf<{ n: number }>(
      await ctx.deps.db.execute(
        sql`select count(*)::int as n from conversations where account_id = ${owner.accountId}`,
      ),
    );
    expect(total!.n).toBeGreaterThan(SAVED_VIEW_COUNT_CAP);
  });
});

describe('saved views: tenancy', () => {
  it('another account’s view is not found, whatever is asked of it', async () => {
    const { mate } = await account();
    const view = await save(mate, { name: 'Ours', filters: openAll });
    const stranger = await signUp(ctx);
    const api = as(ctx, stranger);
    expect((await api.patch(`${URL}/${view.id}`, { name: 'Theirs' })).statusCode).toBe(404);
    expect((await api.delete(`${URL}/${view.id}`)).statusCode).toBe(404);
    expect((await api.post(`${URL}/reorder`, { ids: [view.id] })).statusCode).toBe(404);
    expect(await viewsOf(stranger)).toEqual([]);
    expect((await viewsOf(mate)).map((v) => v.name)).toEqual(['Ours']);
  });
});
