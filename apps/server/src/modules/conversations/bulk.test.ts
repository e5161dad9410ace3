import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BulkProgress, ConversationDetail, Message } from '@parley/contracts';
import { as, createTestContext, signUp, type Session, type TestContext } from '../../test/harness';
import { apiChannelFor, ownerAndTeammate } from '../../test/inbox-fixtures';
import { BULK_JOB, bulkJob } from './bulk.service';

let ctx: TestContext;
let owner: Session;
let mate: Session;
let stranger: Session;
let strangerIds: number[];
let customers = 0;

beforeAll(async () => {
  ctx = await createTestContext({ AUTH_RATE_LIMIT_PER_MINUTE: '1000' });
  ({ owner, mate } = await ownerAndTeammate(ctx));
  stranger = await signUp(ctx, { name: 'Other Account' });
  strangerIds = await conversations(stranger, 2);
});
afterAll(() => ctx.close());

/** New conversations on the account's API channel, one customer each. */
async function conversations(s: Session, count: number) {
  const channel = await apiChannelFor(ctx, s);
  const ids: number[] = [];
  for (let i = 0; i < count; i += 1) {
    customers += 1;
    const made = await channel.inbound({ identifier: `bulk-${customers}`, text: 'hello' });
    ids.push(made.conversation_id);
  }
  return ids;
}

const detail = async (s: Session, id: number) =>
  (await as(ctx, s).get(`/dashboardapi/conversations/${id}`)).json() as ConversationDetail;

/** Starts the action, runs the job to its end and answers its progress. */
async function bulk(s: Session, body: unknown) {
  const res = await as(ctx, s).post('/dashboardapi/conversations/bulk', body);
  if (res.statusCode !== 202) throw new Error(`bulk: ${res.statusCode} ${res.body}`);
  const { job_id } = res.json() as { job_id: number; total: number };
  await ctx.deps.jobs.drain();
  const progress = await as(ctx, s).get(`/dashboardapi/conversations/bulk/${job_id}`);
  expect(progress.statusCode).toBe(200);
  return progress.json() as BulkProgress;
}

describe('bulk actions on conversations', () => {
  it('assigns every selected conversation, one activity line each, and reports the job done', async () => {
    const ids = await conversations(owner, 3);
    const progress = await bulk(owner, {
      action: { type: 'assign', assignee_id: mate.userId },
      target: { ids },
    });
    expect(progress).toMatchObject({ status: 'done', total: 3, done: 3, failed_count: 0 });
    for (const id of ids) expect((await detail(owner, id)).assignee_id).toBe(mate.userId);
    const thread = (
      await as(ctx, owner).get(`/dashboardapi/conversations/${ids[0]}/messages`)
    ).json() as { items: Message[] };
    expect(thread.items.filter((m) => m.kind === 'activity').map((m) => m.body)).toEqual([
      'Olga Owner assigned the conversation to Tariq Teammate',
    ]);

    const unassigned = await bulk(owner, {
      action: { type: 'assign', assignee_id: null },
      target: { ids },
    });
    expect(unassigned.failed_count).toBe(0);
    for (const id of ids) expect((await detail(owner, id)).assignee_id).toBeNull();
  });

  it('announces each changed conversation to the inbox lists', async () => {
    const ids = await conversations(owner, 2);
    const seen: number[] = [];
    const off = ctx.deps.events.on('conversation_updated', (e) => {
      seen.push(e.conversationId);
    });
    await bulk(owner, { action: { type: 'priority', priority: 'high' }, target: { ids } });
    off();
    expect(seen.sort()).toEqual([...ids].sort());
  });

  it('sets the status, the priority and the team', async () => {
    const ids = await conversations(owner, 2);
    const team = await as(ctx, owner).post('/dashboardapi/teams', { name: 'Billing' });
    expect(team.statusCode).toBe(201);
    const teamId = (team.json() as { id: number }).id;
    await bulk(owner, { action: { type: 'status', status: 'pending' }, target: { ids } });
    await bulk(owner, { action: { type: 'priority', priority: 'urgent' }, target: { ids } });
    await bulk(owner, { action: { type: 'assign_team', team_id: teamId }, target: { ids } });
    for (const id of ids)
      expect(await detail(owner, id)).toMatchObject({
        status: 'pending',
        priority: 'urgent',
        team_id: teamId,
      });
    const closed = await bulk(owner, {
      action: { type: 'status', status: 'closed' },
      target: { ids },
    });
    expect(closed.failed_count).toBe(0);
    for (const id of ids) expect((await detail(owner, id)).status).toBe('closed');
    const until = new Date(Date.now() + 3_600_000).toISOString();
    await bulk(owner, {
      action: { type: 'status', status: 'snoozed', snoozed_until: until },
      target: { ids },
    });
    for (const id of ids) expect((await detail(owner, id)).status).toBe('snoozed');
  });

  it('adds and removes a tag', async () => {
    const ids = await conversations(owner, 2);
    const created = await as(ctx, owner).post('/dashboardapi/tags', { name: 'refund' });
    expect(created.statusCode).toBe(201);
    const tagId = (created.json() as { id: number }).id;
    await bulk(owner, { action: { type: 'add_tag', tag_id: tagId }, target: { ids } });
    for (const id of ids) expect((await detail(owner, id)).tag_ids).toEqual([tagId]);
    await bulk(owner, { action: { type: 'remove_tag', tag_id: tagId }, target: { ids } });
    for (const id of ids) expect((await detail(owner, id)).tag_ids).toEqual([]);
  });

  it("reports another account's conversations as not found and leaves them untouched", async () => {
    const [own] = await conversations(owner, 1);
    const progress = await bulk(owner, {
      action: { type: 'priority', priority: 'low' },
      target: { ids: [own, ...strangerIds] },
    });
    expect(progress).toMatchObject({ status: 'done', total: 3, done: 3, failed_count: 2 });
    expect(progress.failed).toEqual(strangerIds.map((id) => ({ id, reason: 'not found' })));
    expect((await detail(owner, own!)).priority).toBe('low');
    for (const id of strangerIds) expect((await detail(stranger, id)).priority).toBe('none');
  });

  it('changes exactly the conversations a view lists, as the list filters them', async () => {
    const ids = await conversations(owner, 4);
    // Two of them are the teammate's; the "mine" view of the teammate holds those two only.
    await bulk(owner, {
      action: { type: 'assign', assignee_id: mate.userId },
      target: { ids: ids.slice(0, 2) },
    });
    const progress = await bulk(mate, {
      action: { type: 'priority', priority: 'medium' },
      target: { view: { view: 'mine', status: 'all' } },
    });
    expect(progress.total).toBe(2);
    for (const id of ids.slice(0, 2)) expect((await detail(owner, id)).priority).toBe('medium');
    for (const id of ids.slice(2)) expect((await detail(owner, id)).priority).toBe('none');
  });

  it('lets an agent (not only admins) act in bulk, as on one conversation, acting as themselves', async () => {
    const ids = await conversations(owner, 1);
    await bulk(mate, { action: { type: 'assign', assignee_id: mate.userId }, target: { ids } });
    const thread = (
      await as(ctx, owner).get(`/dashboardapi/conversations/${ids[0]}/messages`)
    ).json() as { items: Message[] };
    expect(thread.items.at(-1)?.body).toBe('Tariq Teammate self-assigned the conversation');
  });

  it('takes turns with the other jobs and goes on where it stopped', async () => {
    const ids = await conversations(owner, 3);
    // One conversation a turn, so each turn queues the job again.
    ctx.deps.jobs.register(BULK_JOB, bulkJob(ctx.deps, { batchSize: 1, turnMs: 0 }));
    try {
      const res = await as(ctx, owner).post('/dashboardapi/conversations/bulk', {
        action: { type: 'priority', priority: 'urgent' },
        target: { ids },
      });
      const { job_id } = res.json() as { job_id: number };
      expect(await ctx.deps.jobs.tick()).toBe(1);
      const between = await as(ctx, owner).get(`/dashboardapi/conversations/bulk/${job_id}`);
      expect(between.json()).toMatchObject({ status: 'queued', total: 3, done: 1 });
      expect((await detail(owner, ids[0]!)).priority).toBe('urgent');
      expect((await detail(owner, ids[1]!)).priority).toBe('none');
      await ctx.deps.jobs.drain();
      const after = await as(ctx, owner).get(`/dashboardapi/conversations/bulk/${job_id}`);
      expect(after.json()).toMatchObject({ status: 'done', total: 3, done: 3, failed_count: 0 });
      for (const id of ids) expect((await detail(owner, id)).priority).toBe('urgent');
    } finally {
      ctx.deps.jobs.register(BULK_JOB, bulkJob(ctx.deps));
    }
  });

  it('shows progress only within the account, and 404 for an unknown job', async () => {
    const ids = await conversations(owner, 1);
    const res = await as(ctx, owner).post('/dashboardapi/conversations/bulk', {
      action: { type: 'priority', priority: 'high' },
      target: { ids },
    });
    const { job_id } = res.json() as { job_id: number };
    const queued = await as(ctx, owner).get(`/dashboardapi/conversations/bulk/${job_id}`);
    expect(queued.json()).toMatchObject({ status: 'queued', total: 1, done: 0 });
    const other = await as(ctx, stranger).get(`/dashboardapi/conversations/bulk/${job_id}`);
    expect(other.statusCode).toBe(404);
    const unknown = await as(ctx, owner).get(`/dashboardapi/conversations/bulk/${job_id + 999}`);
    expect(unknown.statusCode).toBe(404);
    await ctx.deps.jobs.drain();
  });

  it('refuses a bad action or selection with 400 and queues nothing', async () => {
    const [id] = await conversations(owner, 1);
    const cases: [unknown, RegExp][] = [
      [
        { action: { type: 'assign', assignee_id: stranger.userId }, target: { ids: [id] } },
        /not a member/,
      ],
      [
        { action: { type: 'add_tag', tag_id: 999_999 }, target: { ids: [id] } },
        /tag does not exist/,
      ],
      [
        { action: { type: 'assign_team', team_id: 999_999 }, target: { ids: [id] } },
        /team does not exist/,
      ],
      [{ action: { type: 'archive' }, target: { ids: [id] } }, /./],
      [{ action: { type: 'priority', priority: 'high' }, target: { ids: [] } }, /at least one/],
      [
        {
          action: { type: 'priority', priority: 'high' },
          target: { ids: Array.from({ length: 10_001 }, (_, i) => i + 1) },
        },
        /at most 10,000/,
      ],
      [
        {
          action: { type: 'priority', priority: 'high' },
          target: { view: { view: 'all' }, total: 10_001 },
        },
        /at most 10,000/,
      ],
      [
        {
          action: { type: 'priority', priority: 'high' },
          target: { view: { view: 'all', search: 'no such words anywhere' } },
        },
        /No conversations match/,
      ],
    ];
    for (const [body, message] of cases) {
      const res = await as(ctx, owner).post('/dashboardapi/conversations/bulk', body);
      expect({ body, status: res.statusCode }).toMatchObject({ status: 400 });
      expect(res.json()).toMatchObject({ code: 'validation_error' });
      expect(JSON.stringify(res.json())).toMatch(message);
    }
    expect(await ctx.deps.jobs.drain()).toBe(0);
  });
});
