import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { conversations, messages } from '../../db/schema';
import { as, createTestContext, type Session, type TestContext } from '../../test/harness';
import { apiChannelFor, ownerAndTeammate } from '../../test/inbox-fixtures';
import { assignQueued, noteSocket, sweepGoneAgents } from './assignment.service';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext({ AUTH_RATE_LIMIT_PER_MINUTE: '1000' });
});
afterAll(() => ctx.close());

/** The agent's app holds a realtime socket on the account's availability channel. */
const connect = (s: Session) =>
  noteSocket(ctx.deps, { accountId: s.accountId, userId: s.userId, connected: true });

async function assigneeOf(id: number) {
  const [row] = await ctx.deps.db
    .select({ assigneeId: conversations.assigneeId })
    .from(conversations)
    .where(eq(conversations.id, id));
  return row!.assigneeId;
}

async function activityOf(id: number) {
  const rows = await ctx.deps.db
    .select({ body: messages.body })
    .from(messages)
    .where(and(eq(messages.conversationId, id), eq(messages.kind, 'activity')));
  return rows.map((r) => r.body);
}

/** An account with two online agents and an API channel assigning by `mode`. */
async function teamWithChannel(mode: 'round_robin' | 'least_busy', extra: object = {}) {
  const { owner, mate } = await ownerAndTeammate(ctx);
  const channel = await apiChannelFor(ctx, owner);
  const res = await as(ctx, owner).put(`/dashboardapi/assignment/channels/${channel.channelId}`, {
    mode,
    ...extra,
  });
  expect(res.statusCode).toBe(200);
  let n = 0;
  const customerWrites = async () =>
    (await channel.inbound({ identifier: `customer-${++n}-${Math.random()}`, text: 'Hello' }))
      .conversation_id;
  return { owner, mate, channel, customerWrites };
}

describe('availability', () => {
  it('an agent is online with a socket, away by hand or when idle, offline by hand', async () => {
    const { owner, mate } = await ownerAndTeammate(ctx);
    const api = as(ctx, mate);
    const statusOf = async () =>
      (
        (await api.get('/dashboardapi/availability')).json().agents as {
          user_id: number;
          status: string;
        }[]
      ).find((a) => a.user_id === mate.userId)!.status;
    expect(await statusOf()).toBe('offline');
    await connect(mate);
    expect(await statusOf()).toBe('online');
    expect((await api.put('/dashboardapi/availability/me', { status: 'away' })).json().status).toBe(
      'away',
    );
    await api.put('/dashboardapi/availability/me', { status: 'online' });
    expect(
      (await api.put('/dashboardapi/availability/me/idle', { idle: true })).json(),
    ).toMatchObject({
      status: 'away',
      chosen: 'online',
    });
    await api.put('/dashboardapi/availability/me/idle', { idle: false });
    expect(
      (await api.put('/dashboardapi/availability/me', { status: 'offline' })).json().status,
    ).toBe('offline');
    // Others see it too.
    const seen = (await as(ctx, owner).get('/dashboardapi/availability')).json().agents;
    expect(seen.find((a: { user_id: number }) => a.user_id === mate.userId).status).toBe('offline');
  });

  it('an agent whose sockets have been gone for a while is offline; a short loss is not', async () => {
    const { mate } = await ownerAndTeammate(ctx);
    await connect(mate);
    await noteSocket(ctx.deps, {
      accountId: mate.accountId,
      userId: mate.userId,
      connected: false,
    });
    const status = async () =>
      (await as(ctx, mate).get('/dashboardapi/availability'))
        .json()
        .agents.find((a: { user_id: number }) => a.user_id === mate.userId).status;
    expect(await status()).toBe('online');
    await sweepGoneAgents(ctx.deps, 60_000);
    expect(await status()).toBe('online');
    await sweepGoneAgents(ctx.deps, 0);
    expect(await status()).toBe('offline');
  });

  it('only owners and admins set a capacity; a bad one is refused naming the field', async () => {
    const { owner, mate } = await ownerAndTeammate(ctx);
    const url = `/dashboardapi/availability/${mate.userId}/capacity`;
    expect((await as(ctx, mate).put(url, { capacity: 3 })).statusCode).toBe(403);
    const bad = await as(ctx, owner).put(url, { capacity: 0 });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ code: 'validation_error' });
    expect(JSON.stringify(bad.json().details)).toContain('capacity');
    const ok = await as(ctx, owner).put(url, { capacity: 3 });
    expect(ok.json()).toMatchObject({ user_id: mate.userId, capacity: 3 });
    expect((await as(ctx, owner).put(url, { capacity: null })).json().capacity).toBeNull();
    expect(
      (await as(ctx, owner).put('/dashboardapi/availability/999999/capacity', { capacity: 2 }))
        .statusCode,
    ).toBe(404);
  });
});

describe('auto-assignment settings', () => {
  it('only owners and admins read and change them; bad input names the field', async () => {
    const { owner, mate } = await ownerAndTeammate(ctx);
    const channel = await apiChannelFor(ctx, owner);
    expect((await as(ctx, mate).get('/dashboardapi/assignment/settings')).statusCode).toBe(403);
    const url = `/dashboardapi/assignment/channels/${channel.channelId}`;
    expect((await as(ctx, mate).put(url, { mode: 'round_robin' })).statusCode).toBe(403);
    const bad = await as(ctx, owner).put(url, { mode: 'random' });
    expect(bad.statusCode).toBe(400);
    expect(JSON.stringify(bad.json().details)).toContain('mode');
    const release = await as(ctx, owner).put(url, { mode: 'off', release_offline: true });
    expect(release.statusCode).toBe(400);
    expect(release.json().details[0].path).toBe('release_offline');
    await as(ctx, owner).put(url, { mode: 'least_busy', release_offline: true });
    const settings = (await as(ctx, owner).get('/dashboardapi/assignment/settings')).json();
    expect(settings.channels).toEqual([
      expect.objectContaining({
        support_channel_id: channel.channelId,
        mode: 'least_busy',
        release_offline: true,
      }),
    ]);
    expect(
      (await as(ctx, owner).put('/dashboardapi/assignment/teams/999999', { mode: 'off' }))
        .statusCode,
    ).toBe(404);
  });
});

describe('auto-assignment', () => {
  it('round-robin hands new conversations to online agents in turn, saying why in the thread', async () => {
    const { owner, mate, customerWrites } = await teamWithChannel('round_robin');
    await connect(owner);
    await connect(mate);
    const ids = [await customerWrites(), await customerWrites(), await customerWrites()];
    await vi.waitFor(async () => expect(await assigneeOf(ids[2]!)).not.toBeNull());
    const assignees = await Promise.all(ids.map(assigneeOf));
    expect(assignees[0]).not.toBe(assignees[1]);
    expect(assignees[2]).toBe(assignees[0]);
    const first = assignees[0] === owner.userId ? 'Olga Owner' : 'Tariq Teammate';
    expect(await activityOf(ids[0]!)).toEqual([`Assigned to ${first} by round-robin`]);
  });

  it('with no one available a conversation waits in the queue, and the oldest goes first when someone comes online', async () => {
    const { owner, mate, customerWrites } = await teamWithChannel('round_robin');
    await as(ctx, owner).put('/dashboardapi/availability/me', { status: 'offline' });
    await as(ctx, owner).put(`/dashboardapi/availability/${mate.userId}/capacity`, { capacity: 1 });
    const older = await customerWrites();
    const younger = await customerWrites();
    expect(
      (await as(ctx, owner).get('/dashboardapi/assignment/settings')).json().queued_count,
    ).toBe(2);
    await connect(mate);
    await vi.waitFor(async () => expect(await assigneeOf(older)).toBe(mate.userId));
    expect(await assigneeOf(younger)).toBeNull();
    // Closing the first drops the agent under capacity: the next one is theirs.
    await as(ctx, mate).patch(`/dashboardapi/conversations/${older}`, { status: 'closed' });
    await vi.waitFor(async () => expect(await assigneeOf(younger)).toBe(mate.userId));
    expect(
      (await as(ctx, owner).get('/dashboardapi/assignment/settings')).json().queued_count,
    ).toBe(0);
  });

  it('least-busy gives the conversation to the online agent with the fewest open conversations', async () => {
    const { owner, mate, customerWrites } = await teamWithChannel('least_busy');
    await connect(owner);
    await as(ctx, owner).put('/dashboardapi/availability/me', { status: 'away' });
    const a = await customerWrites();
    const b = await customerWrites();
    await connect(mate);
    await vi.waitFor(async () => expect(await assigneeOf(b)).toBe(mate.userId));
    expect(await assigneeOf(a)).toBe(mate.userId);
    await as(ctx, owner).put('/dashboardapi/availability/me', { status: 'online' });
    const c = await customerWrites();
    await vi.waitFor(async () => expect(await assigneeOf(c)).toBe(owner.userId));
    expect(await activityOf(c)).toEqual(['Assigned to Olga Owner by least-busy']);
  });

  it('a team assigns only among its members, before its channel', async () => {
    const { owner, mate, customerWrites } = await teamWithChannel('round_robin');
    await connect(owner);
    await connect(mate);
    const team = (
      await as(ctx, owner).post('/dashboardapi/teams', { name: 'Billing', user_ids: [mate.userId] })
    ).json() as { id: number };
    await as(ctx, owner).put(`/dashboardapi/assignment/teams/${team.id}`, { mode: 'least_busy' });
    await as(ctx, owner).put(`/dashboardapi/availability/${owner.userId}/capacity`, {
      capacity: 1,
    });
    // The owner fills up on the channel's round-robin, then a conversation moves to the team.
    const id = await customerWrites();
    await vi.waitFor(async () => expect(await assigneeOf(id)).not.toBeNull());
    await as(ctx, owner).patch(`/dashboardapi/conversations/${id}`, { assignee_id: null });
    await as(ctx, owner).patch(`/dashboardapi/conversations/${id}`, { team_id: team.id });
    await vi.waitFor(async () => expect(await assigneeOf(id)).toBe(mate.userId));
    expect((await activityOf(id)).at(-1)).toBe('Assigned to Tariq Teammate by least-busy');
  });

  it('an offline agent’s open conversations go back to the queue when the rule says so', async () => {
    const { owner, mate, customerWrites } = await teamWithChannel('round_robin', {
      release_offline: true,
    });
    await as(ctx, owner).put('/dashboardapi/availability/me', { status: 'offline' });
    await connect(mate);
    const id = await customerWrites();
    await vi.waitFor(async () => expect(await assigneeOf(id)).toBe(mate.userId));
    await as(ctx, mate).put('/dashboardapi/availability/me', { status: 'offline' });
    expect(await assigneeOf(id)).toBeNull();
    expect(await activityOf(id)).toContain('Returned to the queue: Tariq Teammate went offline');
    await connect(owner);
    await as(ctx, owner).put('/dashboardapi/availability/me', { status: 'online' });
    await vi.waitFor(async () => expect(await assigneeOf(id)).toBe(owner.userId));
  });

  it('two assigners at once never assign a conversation twice nor take an agent over capacity', async () => {
    const { owner, mate, customerWrites } = await teamWithChannel('round_robin');
    await as(ctx, owner).put('/dashboardapi/availability/me', { status: 'offline' });
    await as(ctx, owner).put(`/dashboardapi/availability/${owner.userId}/capacity`, {
      capacity: 3,
    });
    await as(ctx, owner).put(`/dashboardapi/availability/${mate.userId}/capacity`, { capacity: 4 });
    const ids: number[] = [];
    for (let i = 0; i < 12; i++) ids.push(await customerWrites());
    // Both agents come online at once; four assigners (as on four instances) race over the queue.
    await Promise.all([
      connect(mate),
      as(ctx, owner)
        .put('/dashboardapi/availability/me', { status: 'online' })
        .then(() => connect(owner)),
      assignQueued(ctx.deps, owner.accountId),
      assignQueued(ctx.deps, owner.accountId),
      assignQueued(ctx.deps, owner.accountId),
      assignQueued(ctx.deps, owner.accountId),
    ]);
    await Promise.all([
      assignQueued(ctx.deps, owner.accountId),
      assignQueued(ctx.deps, owner.accountId),
    ]);
    const assignees = await Promise.all(ids.map(assigneeOf));
    expect(assignees.filter((a) => a === owner.userId)).toHaveLength(3);
    expect(assignees.filter((a) => a === mate.userId)).toHaveLength(4);
    for (const id of ids) {
      const lines = (await activityOf(id)).filter((l) => l.startsWith('Assigned to'));
      expect(lines.length).toBe((await assigneeOf(id)) === null ? 0 : 1);
    }
    expect(assignees.filter((a) => a === null)).toHaveLength(5);
  });
});
