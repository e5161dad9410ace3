import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  assignmentChannelAgents,
  assignmentQueue,
  automationRuns,
  conversations,
  messages,
} from '../../db/schema';
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
import { apiChannelFor, ownerAndTeammate } from '../../test/inbox-fixtures';
import { noteSocket } from './assignment.service';

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

/** A third member of the owner's account, invited and accepted over HTTP. */
async function invite(owner: Session, name: string) {
  const email = uniqueEmail('third');
  await as(ctx, owner).post('/dashboardapi/teammembers/invite', {
    email,
    permission_level: 'agent',
  });
  const link = await linkFromMail(ctx, email, '/settings/teammembers/invite/confirm/');
  const accept = await ctx.app.inject({
    method: 'POST',
    url: `/dashboardapi/teammembers/invite/${link.split('/confirm/')[1]}/accept`,
    payload: { name, password: 'third pw 12345' },
  });
  return sessionFrom(accept);
}

/** An account of three agents, all offline, and an API channel whose rule is `rule`. */
async function threeAgents(rule: object = { mode: 'round_robin' }) {
  const { owner, mate } = await ownerAndTeammate(ctx);
  const third = await invite(owner, 'Tess Third');
  const channel = await apiChannelFor(ctx, owner);
  const url = `/dashboardapi/assignment/channels/${channel.channelId}`;
  const res = await as(ctx, owner).put(url, rule);
  expect(res.statusCode).toBe(200);
  let n = 0;
  const customerWrites = async () =>
    (await channel.inbound({ identifier: `customer-${++n}-${Math.random()}`, text: 'Hello' }))
      .conversation_id;
  return { owner, mate, third, channel, url, customerWrites };
}

const settingsOf = async (owner: Session) =>
  (await as(ctx, owner).get('/dashboardapi/assignment/settings')).json() as {
    channels: { support_channel_id: number; agent_ids: number[] }[];
  };

describe('a support channel’s agents (docs/product/assignment.md)', () => {
  it('an admin limits a channel to some agents; strangers are refused naming each one', async () => {
    const { owner, mate, third, channel, url } = await threeAgents();
    expect((await settingsOf(owner)).channels[0]!.agent_ids).toEqual([]);
    expect((await as(ctx, mate).put(url, { mode: 'round_robin', agent_ids: [] })).statusCode).toBe(
      403,
    );
    const stranger = await signUp(ctx);
    const bad = await as(ctx, owner).put(url, {
      mode: 'round_robin',
      agent_ids: [mate.userId, stranger.userId],
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ code: 'validation_error' });
    expect(bad.json().details).toEqual([expect.objectContaining({ path: 'agent_ids.1' })]);
    // Another account's channel is not found, whoever is named.
    const other = await apiChannelFor(ctx, stranger);
    expect(
      (
        await as(ctx, owner).put(`/dashboardapi/assignment/channels/${other.channelId}`, {
          mode: 'round_robin',
          agent_ids: [mate.userId],
        })
      ).statusCode,
    ).toBe(404);
    const ok = await as(ctx, owner).put(url, {
      mode: 'round_robin',
      agent_ids: [third.userId, mate.userId, mate.userId],
    });
    expect(ok.statusCode).toBe(200);
    const both = [mate.userId, third.userId].sort((a, b) => a - b);
    expect(ok.json()).toEqual({ mode: 'round_robin', release_offline: false, agent_ids: both });
    expect((await settingsOf(owner)).channels).toEqual([
      expect.objectContaining({ support_channel_id: channel.channelId, agent_ids: both }),
    ]);
    // Saving the mode alone keeps them; null gives the channel back to every member.
    await as(ctx, owner).put(url, { mode: 'least_busy' });
    expect((await settingsOf(owner)).channels[0]!.agent_ids).toEqual(both);
    await as(ctx, owner).put(url, { mode: 'least_busy', agent_ids: null });
    expect((await settingsOf(owner)).channels[0]!.agent_ids).toEqual([]);
  });

  it('a limited channel hands conversations only to its agents; the others are passed by', async () => {
    const { owner, mate, third, url, customerWrites } = await threeAgents();
    await as(ctx, owner).put(url, { mode: 'round_robin', agent_ids: [third.userId] });
    await connect(owner);
    await connect(mate);
    const id = await customerWrites();
    // Online agents who are not the channel's leave it waiting.
    expect(await assigneeOf(id)).toBeNull();
    await connect(third);
    await vi.waitFor(async () => expect(await assigneeOf(id)).toBe(third.userId));
    const next = await customerWrites();
    await vi.waitFor(async () => expect(await assigneeOf(next)).toBe(third.userId));
  });

  it('given back when its agent goes offline, a conversation waits for another of the channel’s agents', async () => {
    const { owner, mate, third, url, customerWrites } = await threeAgents({
      mode: 'round_robin',
      release_offline: true,
    });
    await as(ctx, owner).put(url, {
      mode: 'round_robin',
      agent_ids: [mate.userId, third.userId],
    });
    await connect(mate);
    const id = await customerWrites();
    await vi.waitFor(async () => expect(await assigneeOf(id)).toBe(mate.userId));
    await connect(owner);
    await as(ctx, mate).put('/dashboardapi/availability/me', { status: 'offline' });
    expect(await assigneeOf(id)).toBeNull();
    // The owner is online but not one of the channel's agents.
    await as(ctx, owner).put(`/dashboardapi/availability/${owner.userId}/capacity`, {
      capacity: 10,
    });
    expect(await assigneeOf(id)).toBeNull();
    await connect(third);
    await vi.waitFor(async () => expect(await assigneeOf(id)).toBe(third.userId));
  });

  it('someone removed from the account leaves the list; with none left, every member is the channel’s', async () => {
    const { owner, mate, third, url, customerWrites } = await threeAgents();
    await as(ctx, owner).put(url, { mode: 'round_robin', agent_ids: [third.userId] });
    expect(
      (await as(ctx, owner).delete(`/dashboardapi/teammembers/${third.userId}`)).statusCode,
    ).toBe(200);
    expect((await settingsOf(owner)).channels[0]!.agent_ids).toEqual([]);
    // Invited back, they would be on no channel's list until chosen again.
    const kept = await ctx.deps.db
      .select()
      .from(assignmentChannelAgents)
      .where(eq(assignmentChannelAgents.userId, third.userId));
    expect(kept).toEqual([]);
    await connect(mate);
    const id = await customerWrites();
    await vi.waitFor(async () => expect(await assigneeOf(id)).toBe(mate.userId));
  });
});

describe('capacity per channel type (docs/product/assignment.md)', () => {
  it('an admin sets capacities per channel type beside the overall one; bad ones name the field', async () => {
    const { owner, mate } = await ownerAndTeammate(ctx);
    const url = `/dashboardapi/availability/${mate.userId}/capacity`;
    expect(
      (await as(ctx, mate).put(url, { capacity: null, capacity_by_channel_type: { api: 2 } }))
        .statusCode,
    ).toBe(403);
    const zero = await as(ctx, owner).put(url, {
      capacity: null,
      capacity_by_channel_type: { email: 0 },
    });
    expect(zero.statusCode).toBe(400);
    expect(JSON.stringify(zero.json().details)).toContain('capacity_by_channel_type.email');
    const unknown = await as(ctx, owner).put(url, {
      capacity: null,
      capacity_by_channel_type: { pigeon: 2 },
    });
    expect(unknown.statusCode).toBe(400);
    expect(JSON.stringify(unknown.json().details)).toContain('capacity_by_channel_type');
    const ok = await as(ctx, owner).put(url, {
      capacity: 20,
      capacity_by_channel_type: { live_chat: 3, email: 20 },
    });
    expect(ok.json()).toMatchObject({
      capacity: 20,
      capacity_by_channel_type: { live_chat: 3, email: 20 },
    });
    // The capacity alone keeps them; null removes them.
    await as(ctx, owner).put(url, { capacity: 5 });
    const listed = (await as(ctx, mate).get('/dashboardapi/availability')).json().agents;
    expect(listed.find((a: { user_id: number }) => a.user_id === mate.userId)).toMatchObject({
      capacity: 5,
      capacity_by_channel_type: { live_chat: 3, email: 20 },
    });
    expect(
      (await as(ctx, owner).put(url, { capacity: 5, capacity_by_channel_type: null })).json()
        .capacity_by_channel_type,
    ).toEqual({});
  });

  it('auto-assignment passes by an agent at the capacity of the conversation’s channel type', async () => {
    const { owner, mate, third, customerWrites } = await threeAgents({ mode: 'least_busy' });
    // The owner stays offline: the two others share the channel.
    const capacity = (s: Session, body: object) =>
      as(ctx, owner).put(`/dashboardapi/availability/${s.userId}/capacity`, {
        capacity: null,
        ...body,
      });
    // Another type's capacity does not count here; this type's does.
    await capacity(mate, { capacity_by_channel_type: { email: 1 } });
    await capacity(third, { capacity_by_channel_type: { api: 1 } });
    await connect(mate);
    await connect(third);
    const ids = [await customerWrites(), await customerWrites(), await customerWrites()];
    await vi.waitFor(async () => expect(await assigneeOf(ids[2]!)).not.toBeNull());
    const assignees = await Promise.all(ids.map(assigneeOf));
    expect(assignees.filter((a) => a === third.userId)).toHaveLength(1);
    expect(assignees.filter((a) => a === mate.userId)).toHaveLength(2);
    // At its type's capacity too, the next one waits until the agent drops under it.
    await capacity(mate, { capacity_by_channel_type: { api: 2 } });
    const waiting = await customerWrites();
    expect(await assigneeOf(waiting)).toBeNull();
    const ofThird = ids.find((_, i) => assignees[i] === third.userId)!;
    await as(ctx, third).patch(`/dashboardapi/conversations/${ofThird}`, { status: 'closed' });
    await vi.waitFor(async () => expect(await assigneeOf(waiting)).toBe(third.userId));
  });
});

describe('a conversation a rule queued (docs/product/automation.md, loop guard)', () => {
  /** Runs the automation jobs the listeners queued, as a worker would, until none is left. */
  async function settle() {
    for (let i = 0; i < 5; i++) {
      await new Promise((done) => setTimeout(done, 100));
      await ctx.deps.jobs.drain();
    }
  }

  it('handed out later, it is that rule’s change: an “assignee changed → auto-assign” rule does not run again', async () => {
    const { owner, mate } = await ownerAndTeammate(ctx);
    const channel = await apiChannelFor(ctx, owner);
    const team = (
      await as(ctx, owner).post('/dashboardapi/teams', {
        name: 'Tier 2',
        user_ids: [mate.userId],
      })
    ).json() as { id: number };
    await as(ctx, owner).put(`/dashboardapi/assignment/teams/${team.id}`, {
      mode: 'round_robin',
    });
    const rule = (
      await as(ctx, owner).post('/dashboardapi/automation-rules', {
        name: 'Rebalance',
        trigger: 'assignee_changed',
        actions: [{ type: 'auto_assign', team_id: team.id }],
      })
    ).json() as { id: number };
    const id = (await channel.inbound({ identifier: `c-${Math.random()}`, text: 'Hello' }))
      .conversation_id;
    // Assigned by hand: the rule hands it to Tier 2, where nobody is online, so it queues it.
    await as(ctx, owner).patch(`/dashboardapi/conversations/${id}`, {
      assignee_id: owner.userId,
    });
    await settle();
    const runs = () =>
      ctx.deps.db.select().from(automationRuns).where(eq(automationRuns.conversationId, id));
    expect(await runs()).toHaveLength(1);
    const [queued] = await ctx.deps.db
      .select()
      .from(assignmentQueue)
      .where(eq(assignmentQueue.conversationId, id));
    expect(queued?.queuedByRuleId).toBe(rule.id);
    await connect(mate);
    await vi.waitFor(async () => expect(await assigneeOf(id)).toBe(mate.userId));
    await settle();
    expect(await runs()).toHaveLength(1);
    expect(await assigneeOf(id)).toBe(mate.userId);
    const lines = await ctx.deps.db
      .select({ body: messages.body })
      .from(messages)
      .where(and(eq(messages.conversationId, id), eq(messages.kind, 'activity')));
    expect(lines.map((l) => l.body).filter((l) => l.startsWith('Rule'))).toEqual([
      'Rule “Rebalance” queued it for round-robin within Tier 2: no agent available',
    ]);
  });
});
