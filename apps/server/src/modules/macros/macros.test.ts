import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  FAST_REPLY_PATHS,
  TAG_PATHS,
  type BulkProgress,
  type ConversationDetail,
  type Macro,
  type MacroList,
} from '@parley/contracts';
import { auditLog, conversationTags, macros, messages } from '../../db/schema';
import { as, createTestContext, signUp, type Session, type TestContext } from '../../test/harness';
import { apiChannelFor, ownerAndTeammate } from '../../test/inbox-fixtures';
import { noteSocket } from '../assignment/assignment.service';

const MACROS = '/dashboardapi/macros';
const run = (conversationId: number, macroId: number) =>
  `/dashboardapi/conversations/${conversationId}/macros/${macroId}/run`;

let ctx: TestContext;
let owner: Session;
let mate: Session;
let stranger: Session;
let customers = 0;

beforeAll(async () => {
  ctx = await createTestContext({ AUTH_RATE_LIMIT_PER_MINUTE: '1000' });
  ({ owner, mate } = await ownerAndTeammate(ctx));
  stranger = await signUp(ctx, { name: 'Other Account' });
});
afterAll(() => ctx.close());

async function conversations(s: Session, count: number) {
  const channel = await apiChannelFor(ctx, s);
  const ids: number[] = [];
  for (let i = 0; i < count; i += 1) {
    customers += 1;
    const made = await channel.inbound({ identifier: `macro-${customers}`, text: 'hello' });
    ids.push(made.conversation_id);
  }
  return ids;
}

async function createTag(s: Session, name: string) {
  const res = await as(ctx, s).post(TAG_PATHS.list, { name });
  expect(res.statusCode).toBe(201);
  return (res.json() as { id: number }).id;
}

async function createMacro(s: Session, body: object) {
  const res = await as(ctx, s).post(MACROS, body);
  expect(res.statusCode).toBe(201);
  return res.json() as Macro;
}

const list = async (s: Session) => ((await as(ctx, s).get(MACROS)).json() as MacroList).macros;
const detail = async (s: Session, id: number) =>
  (await as(ctx, s).get(`/dashboardapi/conversations/${id}`)).json() as ConversationDetail;

async function activityOf(id: number) {
  const rows = await ctx.deps.db
    .select({ body: messages.body })
    .from(messages)
    .where(and(eq(messages.conversationId, id), eq(messages.kind, 'activity')));
  return rows.map((r) => r.body);
}

async function tagIdsOf(id: number) {
  const rows = await ctx.deps.db
    .select({ tagId: conversationTags.tagId })
    .from(conversationTags)
    .where(eq(conversationTags.conversationId, id));
  return rows.map((r) => r.tagId);
}

async function auditActions(accountId: number) {
  const rows = await ctx.deps.db
    .select({ action: auditLog.action })
    .from(auditLog)
    .where(eq(auditLog.accountId, accountId));
  return rows.map((r) => r.action).filter((a) => a.startsWith('macro_'));
}

describe('macros', () => {
  it('lists the shared macros and the caller’s own personal ones, never another person’s', async () => {
    const shared = await createMacro(owner, {
      name: 'Urgent',
      visibility: 'shared',
      actions: [{ type: 'set_priority', priority: 'urgent' }],
    });
    const mine = await createMacro(mate, {
      name: 'My close',
      description: 'Close it quietly',
      visibility: 'personal',
      actions: [{ type: 'close' }],
    });
    const ownerSees = await list(owner);
    expect(ownerSees.map((m) => m.id)).toContain(shared.id);
    expect(ownerSees.map((m) => m.id)).not.toContain(mine.id);
    const mateSees = await list(mate);
    expect(mateSees.map((m) => [m.name, m.editable])).toEqual(
      expect.arrayContaining([
        ['Urgent', false],
        ['My close', true],
      ]),
    );
    // Another person's personal macro is not found, even by an owner.
    const ownerEdit = await as(ctx, owner).patch(`${MACROS}/${mine.id}`, { name: 'Mine now' });
    expect(ownerEdit.statusCode).toBe(404);
    expect((await as(ctx, owner).delete(`${MACROS}/${mine.id}`)).statusCode).toBe(404);

    const renamed = await as(ctx, mate).patch(`${MACROS}/${mine.id}`, { name: 'Quiet close' });
    expect(renamed.statusCode).toBe(200);
    expect((renamed.json() as Macro).name).toBe('Quiet close');
    expect((await as(ctx, mate).delete(`${MACROS}/${mine.id}`)).statusCode).toBe(200);
    expect((await list(mate)).map((m) => m.id)).not.toContain(mine.id);
  });

  it('lets only owners and admins create, change or delete shared macros, and audits them', async () => {
    const refused = await as(ctx, mate).post(MACROS, {
      name: 'Team close',
      visibility: 'shared',
      actions: [{ type: 'close' }],
    });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ code: 'forbidden' });

    const shared = await createMacro(owner, {
      name: 'Low',
      visibility: 'shared',
      actions: [{ type: 'set_priority', priority: 'low' }],
    });
    expect((await as(ctx, mate).patch(`${MACROS}/${shared.id}`, { name: 'x' })).statusCode).toBe(
      403,
    );
    expect((await as(ctx, mate).delete(`${MACROS}/${shared.id}`)).statusCode).toBe(403);
    // Nor may an agent turn their personal macro into a shared one.
    const audited = (await auditActions(owner.accountId)).length;
    const personal = await createMacro(mate, {
      name: 'Mine',
      visibility: 'personal',
      actions: [{ type: 'close' }],
    });
    const promote = await as(ctx, mate).patch(`${MACROS}/${personal.id}`, {
      visibility: 'shared',
    });
    expect(promote.statusCode).toBe(403);
    // Personal macros are nobody else's business: no audit entries for them.
    expect(await auditActions(owner.accountId)).toHaveLength(audited);

    expect(
      (await as(ctx, owner).patch(`${MACROS}/${shared.id}`, { name: 'Low!' })).statusCode,
    ).toBe(200);
    expect((await as(ctx, owner).delete(`${MACROS}/${shared.id}`)).statusCode).toBe(200);
    const actions = await auditActions(owner.accountId);
    expect(actions).toEqual(
      expect.arrayContaining(['macro_created', 'macro_updated', 'macro_deleted']),
    );
  });

  it('refuses a macro naming what the account does not have, with words and nothing written', async () => {
    const before = await ctx.deps.db.select({ id: macros.id }).from(macros);
    const strangerTag = await createTag(stranger, 'theirs');
    const res = await as(ctx, owner).post(MACROS, {
      name: 'Bad',
      visibility: 'shared',
      actions: [{ type: 'add_tags', tag_ids: [strangerTag] }],
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      code: 'validation_error',
      details: [{ path: 'actions.0.tag_ids', message: 'Not found in this account.' }],
    });
    const empty = await as(ctx, owner).post(MACROS, {
      name: 'Nothing',
      visibility: 'personal',
      actions: [],
    });
    expect(empty.statusCode).toBe(400);
    expect(JSON.stringify(empty.json())).toContain('Add at least one action.');
    expect(await ctx.deps.db.select({ id: macros.id }).from(macros)).toHaveLength(before.length);
  });

  it('runs on a conversation as the calling agent, through the services, with one activity line', async () => {
    const tagId = await createTag(owner, 'refund');
    const reply = await as(ctx, owner).post(FAST_REPLY_PATHS.create, {
      name: 'Refund confirmation',
      template_content: 'Your refund for ticket {{ticket_id}} is on its way.',
    });
    expect(reply.statusCode).toBe(201);
    const refund = await createMacro(owner, {
      name: 'Refund issued',
      visibility: 'shared',
      actions: [
        { type: 'add_tags', tag_ids: [tagId] },
        { type: 'set_priority', priority: 'low' },
        { type: 'send_fast_reply', fast_reply_id: (reply.json() as { id: number }).id },
        { type: 'close' },
      ],
    });
    const [id] = await conversations(owner, 1);
    const changed: number[] = [];
    const off = ctx.deps.events.on('conversation_updated', (e) => {
      changed.push(e.conversationId);
    });
    const res = await as(ctx, mate).post(run(id!, refund.id));
    off();
    expect(res.statusCode).toBe(200);
    expect(changed).toContain(id);
    const after = await detail(owner, id!);
    expect(after).toMatchObject({ status: 'closed', priority: 'low' });
    expect(await tagIdsOf(id!)).toEqual([tagId]);
    const sent = await ctx.deps.db
      .select({ body: messages.body, sender: messages.senderUserId })
      .from(messages)
      .where(and(eq(messages.conversationId, id!), eq(messages.direction, 'outgoing')));
    expect(sent).toEqual([
      { body: `Your refund for ticket ${id} is on its way.`, sender: mate.userId },
    ]);
    expect(await activityOf(id!)).toContain(
      'Tariq Teammate ran the macro “Refund issued”: added tag refund, set the priority to low, sent a fast reply, closed',
    );
  });

  it('hands the conversation to auto-assignment within a team, saying who got it and why', async () => {
    const team = (
      await as(ctx, owner).post('/dashboardapi/teams', { name: 'Tier 2', user_ids: [mate.userId] })
    ).json() as { id: number };
    await as(ctx, owner).put(`/dashboardapi/assignment/teams/${team.id}`, {
      mode: 'round_robin',
    });
    await noteSocket(ctx.deps, { accountId: mate.accountId, userId: mate.userId, connected: true });
    const macro = await createMacro(owner, {
      name: 'Escalate',
      visibility: 'shared',
      actions: [{ type: 'auto_assign', team_id: team.id }],
    });
    const [id] = await conversations(owner, 1);
    const res = await as(ctx, owner).post(run(id!, macro.id));
    expect(res.statusCode).toBe(200);
    const said = 'assigned to Tariq Teammate by round-robin within Tier 2';
    expect(res.json().actions).toEqual([said]);
    expect((await detail(owner, id!)).assignee_id).toBe(mate.userId);
    expect(await activityOf(id!)).toContain(`Olga Owner ran the macro “Escalate”: ${said}`);
  });

  it('marks a macro naming a deleted tag broken and refuses to run it, changing nothing', async () => {
    const tagId = await createTag(owner, 'vip');
    const vip = await createMacro(owner, {
      name: 'VIP',
      visibility: 'shared',
      actions: [
        { type: 'set_priority', priority: 'urgent' },
        { type: 'add_tags', tag_ids: [tagId] },
      ],
    });
    expect((await as(ctx, owner).delete(TAG_PATHS.one(tagId))).statusCode).toBeLessThan(300);
    const listed = (await list(owner)).find((m) => m.id === vip.id)!;
    expect(listed.broken_reason).toBe('A tag it names was deleted.');
    const [id] = await conversations(owner, 1);
    const res = await as(ctx, owner).post(run(id!, vip.id));
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'macro_broken' });
    expect((res.json() as { message: string }).message).toContain('A tag it names was deleted');
    expect((await detail(owner, id!)).priority).toBe('none');
    expect(await activityOf(id!)).toEqual([]);
  });

  it('runs on a selection in one bulk job, reporting the conversations it could not change', async () => {
    const low = await createMacro(mate, {
      name: 'Park',
      visibility: 'personal',
      actions: [
        { type: 'set_priority', priority: 'low' },
        { type: 'set_status', status: 'pending' },
      ],
    });
    const ids = await conversations(owner, 2);
    const [theirs] = await conversations(stranger, 1);
    const res = await as(ctx, mate).post('/dashboardapi/conversations/bulk', {
      action: { type: 'macro', macro_id: low.id },
      target: { ids: [...ids, theirs!] },
    });
    expect(res.statusCode).toBe(202);
    const { job_id } = res.json() as { job_id: number };
    await ctx.deps.jobs.drain();
    const progress = (
      await as(ctx, mate).get(`/dashboardapi/conversations/bulk/${job_id}`)
    ).json() as BulkProgress;
    expect(progress).toMatchObject({
      status: 'done',
      total: 3,
      done: 3,
      failed_count: 1,
      failed: [{ id: theirs, reason: 'not found' }],
    });
    for (const id of ids) {
      expect(await detail(owner, id)).toMatchObject({ priority: 'low', status: 'pending' });
      expect(await activityOf(id)).toContain(
        'Tariq Teammate ran the macro “Park”: set the priority to low, set the status to pending',
      );
    }
    expect((await detail(stranger, theirs!)).priority).toBe('none');

    // Someone else's personal macro is no macro of theirs: refused before anything is queued.
    const other = await as(ctx, owner).post('/dashboardapi/conversations/bulk', {
      action: { type: 'macro', macro_id: low.id },
      target: { ids },
    });
    expect(other.statusCode).toBe(400);
    expect(other.json()).toMatchObject({ code: 'validation_error' });
  });

  it('answers 404 for another account’s macro or conversation', async () => {
    const mine = await createMacro(owner, {
      name: 'Pending',
      visibility: 'shared',
      actions: [{ type: 'set_status', status: 'pending' }],
    });
    const [theirs] = await conversations(stranger, 1);
    const [ours] = await conversations(owner, 1);
    expect((await as(ctx, stranger).post(run(theirs!, mine.id))).statusCode).toBe(404);
    expect((await as(ctx, owner).post(run(theirs!, mine.id))).statusCode).toBe(404);
    expect((await as(ctx, stranger).patch(`${MACROS}/${mine.id}`, { name: 'x' })).statusCode).toBe(
      404,
    );
    expect((await as(ctx, stranger).delete(`${MACROS}/${mine.id}`)).statusCode).toBe(404);
    expect((await list(stranger)).map((m) => m.id)).not.toContain(mine.id);
    expect((await detail(stranger, theirs!)).status).toBe('open');
    expect((await detail(owner, ours!)).status).toBe('open');
  });
});
