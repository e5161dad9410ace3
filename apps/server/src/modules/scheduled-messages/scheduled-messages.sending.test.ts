import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  conversationScheduledMessagesPath,
  MY_SCHEDULED_MESSAGES_PATH,
  scheduledMessagePath,
  UNDO_SEND_PATH,
  type ScheduledMessageList,
} from '@parley/contracts';
import { buildApp } from '../../app';
import { jobs, scheduledMessages, supportChannels } from '../../db/schema';
import type { Deps } from '../../lib/deps';
import { EventBus } from '../../lib/events';
import { JobWorker } from '../../lib/jobs';
import { as, createTestContext, type Session, type TestContext } from '../../test/harness';
import { ownerAndTeammate } from '../../test/inbox-fixtures';
import {
  conversationOf,
  listed,
  makeDue,
  postedIn,
  rowOf,
  schedule,
} from './scheduled-messages.fixtures';
import { scheduledSendJob } from './scheduled-messages.sender';
import { INTERRUPTED_REASON, SCHEDULED_SEND_JOB } from './scheduled-messages.service';

// Posting scheduled messages at their time, once (docs/product/scheduled-send.md).

let ctx: TestContext;
let owner: Session;
let mate: Session;

beforeAll(async () => {
  ctx = await createTestContext({ AUTH_RATE_LIMIT_PER_MINUTE: '1000' });
  ({ owner, mate } = await ownerAndTeammate(ctx));
});
afterAll(() => ctx.close());

/** Another instance's worker on the same database, with the same handler. */
function secondWorker() {
  const worker = new JobWorker(ctx.deps.db);
  worker.register(SCHEDULED_SEND_JOB, scheduledSendJob(ctx.deps));
  return worker;
}

describe('at its time', () => {
  it('is posted once, as its author, even with two workers draining at once', async () => {
    const { conversationId } = await conversationOf(ctx, owner);
    const created = await schedule(ctx, owner, conversationId, { body: 'Your parcel left today.' });
    await Promise.all([ctx.deps.jobs.drain(), secondWorker().drain()]);
    expect(await postedIn(ctx, conversationId)).toEqual([]); // not yet due

    await makeDue(ctx, created.id);
    await Promise.all([ctx.deps.jobs.drain(), secondWorker().drain()]);
    const posted = await postedIn(ctx, conversationId);
    expect(posted).toHaveLength(1);
    expect(posted[0]).toMatchObject({
      body: 'Your parcel left today.',
      kind: 'message',
      direction: 'outgoing',
      senderUserId: owner.userId,
    });
    expect(await rowOf(ctx, created.id)).toMatchObject({
      status: 'sent',
      messageId: posted[0]!.id,
      failureReason: null,
    });
    // Posted as a reply is: delivered through the channel's job, the conversation answered.
    const delivery = await ctx.deps.db
      .select()
      .from(jobs)
      .where(
        and(
          eq(jobs.kind, 'deliver_message'),
          sql`${jobs.payload}->>'messageId' = ${String(posted[0]!.id)}`,
        ),
      );
    expect(delivery).toHaveLength(1);
    const thread = await as(ctx, owner).get(`/dashboardapi/conversations/${conversationId}`);
    expect(thread.json()).toMatchObject({ last_message_preview: 'Your parcel left today.' });
    // Sent ones leave the lists: they are in the thread now.
    expect(await listed(ctx, owner, conversationId)).toEqual([]);
  });

  it('a second job for the same message (a retry, another instance’s copy) posts nothing more', async () => {
    const { conversationId } = await conversationOf(ctx, owner);
    const created = await schedule(ctx, owner, conversationId, { body: 'Once only' });
    await makeDue(ctx, created.id);
    const row = await rowOf(ctx, created.id);
    // The same job run twice, and a stray copy of it, all at once.
    const [job] = await ctx.deps.db.select().from(jobs).where(eq(jobs.id, row!.jobId!));
    const handler = scheduledSendJob(ctx.deps);
    await Promise.all([handler.run(job!), handler.run(job!), handler.run({ ...job!, id: -1 })]);
    await Promise.all([ctx.deps.jobs.drain(), secondWorker().drain()]);
    expect((await postedIn(ctx, conversationId)).map((m) => m.body)).toEqual(['Once only']);
  });

  it('a scheduled note is posted as a note, and the teammates it mentions are told', async () => {
    const { conversationId } = await conversationOf(ctx, owner);
    const created = await schedule(ctx, owner, conversationId, {
      kind: 'note',
      body: 'Tariq, call them back',
      mentioned_user_ids: [mate.userId],
    });
    await makeDue(ctx, created.id);
    await ctx.deps.jobs.drain();
    const [note] = await postedIn(ctx, conversationId);
    expect(note).toMatchObject({
      kind: 'note',
      direction: 'internal',
      body: 'Tariq, call them back',
    });
    const bell = (await as(ctx, mate).get('/dashboardapi/notifications')).json() as {
      notifications: { kind: string; conversation_id: number }[];
    };
    expect(bell.notifications).toContainEqual(
      expect.objectContaining({ kind: 'mention', conversation_id: conversationId }),
    );
  });

  it('after a restart, the job kept in the database is run by the new instance', async () => {
    const { conversationId } = await conversationOf(ctx, owner);
    const created = await schedule(ctx, owner, conversationId, { body: 'Sent after a restart' });
    // This instance's worker never runs it (as if it had stopped); a new instance starts on the
    // same database, with nothing in memory but what it reads from there.
    const restarted: Deps = {
      ...ctx.deps,
      events: new EventBus(),
      jobs: new JobWorker(ctx.deps.db),
    };
    const app = await buildApp(restarted, { logger: false });
    await app.ready();
    try {
      await makeDue(ctx, created.id);
      await restarted.jobs.drain();
      expect((await postedIn(ctx, conversationId)).map((m) => m.body)).toEqual([
        'Sent after a restart',
      ]);
      expect(await rowOf(ctx, created.id)).toMatchObject({ status: 'sent' });
    } finally {
      await app.close();
      await restarted.jobs.stop();
    }
  });
});

describe('interrupted sends', () => {
  /** The worker that claimed it stopped mid-send: the row says `sending`, the job's lease ran out. */
  async function interrupted(minutesAgo: number) {
    const { conversationId } = await conversationOf(ctx, owner);
    const created = await schedule(ctx, owner, conversationId, { body: 'Interrupted' });
    await makeDue(ctx, created.id);
    const [row] = await ctx.deps.db
      .update(scheduledMessages)
      .set({ status: 'sending', updatedAt: new Date(Date.now() - minutesAgo * 60_000) })
      .where(eq(scheduledMessages.id, created.id))
      .returning();
    await ctx.deps.db
      .update(jobs)
      .set({ status: 'running', attempts: 1, lockedUntil: new Date(Date.now() - 1_000) })
      .where(eq(jobs.id, row!.jobId!));
    return { conversationId, id: created.id };
  }

  it('a message left sending for more than 10 minutes is reported failed, and never posted', async () => {
    const { conversationId, id } = await interrupted(11);
    await secondWorker().drain();
    expect(await rowOf(ctx, id)).toMatchObject({
      status: 'failed',
      failureReason: INTERRUPTED_REASON,
    });
    expect(await postedIn(ctx, conversationId)).toEqual([]);
    expect((await listed(ctx, owner, conversationId))[0]).toMatchObject({
      status: 'failed',
      failure_reason: INTERRUPTED_REASON,
      editable: false,
    });
  });

  it('one interrupted a moment ago stays sending, is looked at again later, and the lists report it failed once 10 minutes have passed', async () => {
    const { conversationId, id } = await interrupted(2);
    await secondWorker().drain();
    expect(await rowOf(ctx, id)).toMatchObject({ status: 'sending' });
    const checks = await ctx.deps.db
      .select()
      .from(jobs)
      .where(
        and(
          eq(jobs.kind, SCHEDULED_SEND_JOB),
          eq(jobs.status, 'queued'),
          sql`${jobs.payload}->>'scheduledMessageId' = ${String(id)}`,
        ),
      );
    expect(checks).toHaveLength(1);
    expect(checks[0]!.runAt.getTime()).toBeGreaterThan(Date.now() + 7 * 60_000);
    expect((await listed(ctx, owner, conversationId))[0]).toMatchObject({ status: 'sending' });

    await ctx.deps.db
      .update(scheduledMessages)
      .set({ updatedAt: new Date(Date.now() - 11 * 60_000) })
      .where(eq(scheduledMessages.id, id));
    const mine = (
      await as(ctx, owner).get(MY_SCHEDULED_MESSAGES_PATH)
    ).json() as ScheduledMessageList;
    expect(mine.scheduled_messages.find((m) => m.id === id)).toMatchObject({
      status: 'failed',
      failure_reason: INTERRUPTED_REASON,
    });
    expect(await postedIn(ctx, conversationId)).toEqual([]);
  });
});

describe('after it is sent, or while it is sending', () => {
  it('cancelling or editing answers 409 already_sent', async () => {
    const { conversationId } = await conversationOf(ctx, owner);
    const created = await schedule(ctx, owner, conversationId, { body: 'Gone already' });
    await makeDue(ctx, created.id);
    await ctx.deps.jobs.drain();
    const cancel = await as(ctx, owner).delete(scheduledMessagePath(created.id));
    expect(cancel.statusCode).toBe(409);
    expect(cancel.json()).toMatchObject({ code: 'already_sent' });
    const edit = await as(ctx, owner).patch(scheduledMessagePath(created.id), { body: 'x' });
    expect(edit.statusCode).toBe(409);
    expect(edit.json()).toMatchObject({ code: 'already_sent' });

    const sending = await schedule(ctx, owner, conversationId, { body: 'On its way' });
    await ctx.deps.db
      .update(scheduledMessages)
      .set({ status: 'sending' })
      .where(eq(scheduledMessages.id, sending.id));
    const late = await as(ctx, owner).delete(scheduledMessagePath(sending.id));
    expect(late.statusCode).toBe(409);
    expect(late.json()).toMatchObject({ code: 'already_sent' });
    expect((await postedIn(ctx, conversationId)).map((m) => m.body)).toEqual(['Gone already']);
  });
});

describe('undo send', () => {
  it('a reply sent with an undo window and undone within it is never posted', async () => {
    const { conversationId } = await conversationOf(ctx, owner);
    await as(ctx, owner).put(UNDO_SEND_PATH, { undo_send_seconds: 10 });
    const { undo_send_seconds } = (await as(ctx, owner).get(UNDO_SEND_PATH)).json() as {
      undo_send_seconds: number;
    };
    // What the composer does: schedule it `undo_send_seconds` ahead, then Undo.
    const res = await as(ctx, owner).post(conversationScheduledMessagesPath(conversationId), {
      body: 'Sorry, wrong customer',
      send_at: new Date(Date.now() + undo_send_seconds * 1_000).toISOString(),
      undo: true,
    });
    expect(res.statusCode).toBe(201);
    const { id } = res.json() as { id: number };
    const ofIt = sql`${jobs.payload}->>'scheduledMessageId' = ${String(id)}`;
    expect(await ctx.deps.db.select().from(jobs).where(ofIt)).toHaveLength(1);
    expect((await as(ctx, owner).delete(scheduledMessagePath(id))).statusCode).toBe(200);
    // Its time passes, and nothing is posted: its job went with it.
    await ctx.deps.db
      .update(jobs)
      .set({ runAt: new Date(Date.now() - 1_000) })
      .where(ofIt);
    expect(await ctx.deps.db.select().from(jobs).where(ofIt)).toEqual([]);
    await Promise.all([ctx.deps.jobs.drain(), secondWorker().drain()]);
    expect(await postedIn(ctx, conversationId)).toEqual([]);
  });

  it('one not undone goes out when its window ends (closing the tab loses nothing)', async () => {
    const { conversationId } = await conversationOf(ctx, owner);
    const created = await schedule(ctx, owner, conversationId, {
      body: 'Thanks, all done',
      send_at: new Date(Date.now() + 5_000).toISOString(),
      undo: true,
    });
    await makeDue(ctx, created.id);
    await ctx.deps.jobs.drain();
    expect((await postedIn(ctx, conversationId)).map((m) => m.body)).toEqual(['Thanks, all done']);
  });
});

describe('a send that fails for a reason a person must fix', () => {
  it('a reply on a disconnected channel is failed with the channel named, kept for its author', async () => {
    const { conversationId, channelId } = await conversationOf(ctx, owner);
    const created = await schedule(ctx, owner, conversationId, { body: 'Hello again' });
    await ctx.deps.db
      .update(supportChannels)
      .set({ needsReauthorization: true })
      .where(eq(supportChannels.id, channelId));
    await makeDue(ctx, created.id);
    await ctx.deps.jobs.drain();
    expect(await postedIn(ctx, conversationId)).toEqual([]);
    const mine = (
      await as(ctx, owner).get(MY_SCHEDULED_MESSAGES_PATH)
    ).json() as ScheduledMessageList;
    const failed = mine.scheduled_messages.find((m) => m.id === created.id)!;
    expect(failed).toMatchObject({ status: 'failed', editable: false });
    expect(failed.failure_reason).toMatch(/Shop backend.*reconnected/);
    // It cannot be edited back to life, but it can be dismissed.
    const edit = await as(ctx, owner).patch(scheduledMessagePath(created.id), { body: 'x' });
    expect(edit.statusCode).toBe(409);
    expect((await as(ctx, owner).delete(scheduledMessagePath(created.id))).statusCode).toBe(200);
    expect(await listed(ctx, owner, conversationId)).toEqual([]);
  });

  it('a refusal of the reply itself (a mentioned teammate left the account) is failed with its words', async () => {
    const team = await ownerAndTeammate(ctx);
    const { conversationId } = await conversationOf(ctx, team.owner);
    const created = await schedule(ctx, team.owner, conversationId, {
      kind: 'note',
      body: 'For Tariq',
      mentions: [team.mate.userId],
    });
    const removed = await as(ctx, team.owner).delete(
      `/dashboardapi/teammembers/${team.mate.userId}`,
    );
    expect(removed.statusCode).toBe(200);
    await makeDue(ctx, created.id);
    await ctx.deps.jobs.drain();
    expect(await postedIn(ctx, conversationId)).toEqual([]);
    expect((await listed(ctx, team.owner, conversationId))[0]).toMatchObject({
      status: 'failed',
      failure_reason: 'That person is not a member of this account.',
    });
  });

  it('an author who left the account posts nothing: failed, saying so', async () => {
    const team = await ownerAndTeammate(ctx);
    const { conversationId } = await conversationOf(ctx, team.owner);
    const created = await schedule(ctx, team.mate, conversationId, { body: 'From Tariq' });
    await as(ctx, team.owner).delete(`/dashboardapi/teammembers/${team.mate.userId}`);
    await makeDue(ctx, created.id);
    await ctx.deps.jobs.drain();
    expect(await postedIn(ctx, conversationId)).toEqual([]);
    expect((await listed(ctx, team.owner, conversationId))[0]).toMatchObject({
      status: 'failed',
      failure_reason: expect.stringMatching(/no longer a member/),
    });
  });
});
