import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  conversationScheduledMessagesPath,
  MY_SCHEDULED_MESSAGES_PATH,
  scheduledMessagePath,
  UNDO_SEND_PATH,
  type ScheduledMessage,
  type ScheduledMessageList,
} from '@parley/contracts';
import { jobs } from '../../db/schema';
import { as, createTestContext, signUp, type Session, type TestContext } from '../../test/harness';
import { ownerAndTeammate } from '../../test/inbox-fixtures';
import {
  conversationOf,
  inMinutes,
  listed,
  postedIn,
  rowOf,
  schedule,
} from './scheduled-messages.fixtures';

// Scheduling, editing and cancelling replies (docs/product/scheduled-send.md).

let ctx: TestContext;
let owner: Session;
let mate: Session;
let stranger: Session;

beforeAll(async () => {
  ctx = await createTestContext({ AUTH_RATE_LIMIT_PER_MINUTE: '1000' });
  ({ owner, mate } = await ownerAndTeammate(ctx));
  stranger = await signUp(ctx, { name: 'Other Account' });
});
afterAll(() => ctx.close());

describe('scheduling a reply', () => {
  it('an agent schedules a reply; it waits, listed for everyone in the conversation, with its job due at send_at', async () => {
    const { conversationId } = await conversationOf(ctx, owner);
    const sendAt = inMinutes(90);
    const created = await schedule(ctx, owner, conversationId, {
      body: 'We will ship tomorrow.',
      send_at: sendAt,
    });
    expect(created).toMatchObject({
      conversation_id: conversationId,
      author: { id: owner.userId, name: 'Olga Owner' },
      kind: 'reply',
      body: 'We will ship tomorrow.',
      attachment_ids: [],
      send_at: new Date(sendAt).toISOString(),
      status: 'scheduled',
      failure_reason: null,
      undo: false,
      message_id: null,
      editable: true,
    });
    // Nothing is posted yet.
    expect(await postedIn(ctx, conversationId)).toEqual([]);
    const row = await rowOf(ctx, created.id);
    const [job] = await ctx.deps.db.select().from(jobs).where(eq(jobs.id, row!.jobId!));
    expect(job).toMatchObject({ kind: 'scheduled_message.send', status: 'queued' });
    expect(job!.runAt.toISOString()).toBe(new Date(sendAt).toISOString());

    // A teammate sees it, read-only, so nobody answers twice.
    const seen = await listed(ctx, mate, conversationId);
    expect(seen).toEqual([{ ...created, editable: false }]);
    expect(await listed(ctx, owner, conversationId)).toEqual([created]);
  });

  it('a note can be scheduled too, and the list goes by send time, the latest last', async () => {
    const { conversationId } = await conversationOf(ctx, owner);
    const later = await schedule(ctx, owner, conversationId, {
      body: 'Later',
      send_at: inMinutes(120),
    });
    const sooner = await schedule(ctx, mate, conversationId, {
      kind: 'note',
      body: 'Check the parcel first',
      send_at: inMinutes(30),
    });
    expect(sooner.kind).toBe('note');
    expect((await listed(ctx, owner, conversationId)).map((m) => m.id)).toEqual([
      sooner.id,
      later.id,
    ]);
  });

  it('“My scheduled messages” lists the caller’s own, across conversations', async () => {
    const a = await conversationOf(ctx, owner);
    const b = await conversationOf(ctx, owner);
    const first = await schedule(ctx, mate, a.conversationId, { body: 'A', send_at: inMinutes(5) });
    const second = await schedule(ctx, mate, b.conversationId, {
      body: 'B',
      send_at: inMinutes(6),
    });
    await schedule(ctx, owner, b.conversationId, { body: 'the owner’s' });
    const mine = (
      await as(ctx, mate).get(MY_SCHEDULED_MESSAGES_PATH)
    ).json() as ScheduledMessageList;
    const ids = mine.scheduled_messages.map((m) => m.id);
    expect(ids).toContain(first.id);
    expect(ids).toContain(second.id);
    expect(mine.scheduled_messages.every((m) => m.author.id === mate.userId)).toBe(true);
  });

  it('refuses a time in the past, one more than 365 days ahead, and an empty reply, naming the field', async () => {
    const { conversationId } = await conversationOf(ctx, owner);
    const url = conversationScheduledMessagesPath(conversationId);
    const cases = [
      [{ body: 'Hi', send_at: new Date(Date.now() - 60_000).toISOString() }, 'send_at'],
      [{ body: 'Hi', send_at: new Date(Date.now() + 366 * 86_400_000).toISOString() }, 'send_at'],
      [{ body: 'Hi', send_at: 'tomorrow at nine' }, 'send_at'],
      [{ body: 'Hi' }, 'send_at'],
      [{ body: '   ', send_at: inMinutes(10) }, 'body'],
    ] as const;
    for (const [body, field] of cases) {
      const res = await as(ctx, owner).post(url, body);
      expect({ body, status: res.statusCode }).toEqual({ body, status: 400 });
      const error = res.json() as { code: string; details: { path: string }[] };
      expect(error.code).toBe('validation_error');
      expect(error.details.map((d) => d.path)).toContain(field);
    }
    expect(await listed(ctx, owner, conversationId)).toEqual([]);
  });

  it('a time a few seconds ago is accepted (the device’s clock), and is due at once', async () => {
    const { conversationId } = await conversationOf(ctx, owner);
    const created = await schedule(ctx, owner, conversationId, {
      body: 'Now-ish',
      send_at: new Date(Date.now() - 2_000).toISOString(),
    });
    expect(created.status).toBe('scheduled');
  });

  it('refuses what the reply itself would refuse: Cc on a non-email conversation, a note with Cc, an unknown upload, a stranger mentioned', async () => {
    const { conversationId } = await conversationOf(ctx, owner);
    const url = conversationScheduledMessagesPath(conversationId);
    const sendAt = inMinutes(10);
    const cases = [
      [{ body: 'Hi', cc: ['a@example.com'] }, 'cc'],
      [{ kind: 'note', body: 'Hi', bcc: ['a@example.com'] }, 'bcc'],
      [{ body: 'Hi', attachment_ids: [999_999] }, 'attachment_ids'],
      [{ kind: 'note', body: 'Hi', mentioned_user_ids: [stranger.userId] }, 'mentioned_user_ids'],
    ] as const;
    for (const [body, field] of cases) {
      const res = await as(ctx, owner).post(url, { ...body, send_at: sendAt });
      expect({ body, status: res.statusCode }).toEqual({ body, status: 400 });
      expect(res.body).toContain(field);
    }
  });

  it('another account’s conversation is not found', async () => {
    const { conversationId } = await conversationOf(ctx, owner);
    const url = conversationScheduledMessagesPath(conversationId);
    const res = await as(ctx, stranger).post(url, { body: 'Hi', send_at: inMinutes(5) });
    expect(res.statusCode).toBe(404);
    expect((await as(ctx, stranger).get(url)).statusCode).toBe(404);
  });
});

describe('editing and cancelling', () => {
  it('the author changes the text and the time; the old job is dropped and a new one waits for the new time', async () => {
    const { conversationId } = await conversationOf(ctx, owner);
    const created = await schedule(ctx, owner, conversationId, { body: 'Draft' });
    const oldJob = (await rowOf(ctx, created.id))!.jobId!;
    const sendAt = inMinutes(200);
    const res = await as(ctx, owner).patch(scheduledMessagePath(created.id), {
      body: 'Final words',
      send_at: sendAt,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      body: 'Final words',
      send_at: new Date(sendAt).toISOString(),
      status: 'scheduled',
      editable: true,
    });
    const row = await rowOf(ctx, created.id);
    expect(row!.jobId).not.toBe(oldJob);
    expect(await ctx.deps.db.select().from(jobs).where(eq(jobs.id, oldJob))).toEqual([]);
    const [job] = await ctx.deps.db.select().from(jobs).where(eq(jobs.id, row!.jobId!));
    expect(job!.runAt.toISOString()).toBe(new Date(sendAt).toISOString());

    // Only the text: the same job.
    const again = await as(ctx, owner).patch(scheduledMessagePath(created.id), { body: 'Really' });
    expect(again.statusCode).toBe(200);
    expect((await rowOf(ctx, created.id))!.jobId).toBe(row!.jobId);
  });

  it('an edit is checked like a new one: an empty text or a past time is refused with its field', async () => {
    const { conversationId } = await conversationOf(ctx, owner);
    const created = await schedule(ctx, owner, conversationId, { body: 'Draft' });
    const empty = await as(ctx, owner).patch(scheduledMessagePath(created.id), { body: ' ' });
    expect(empty.statusCode).toBe(400);
    expect(empty.json()).toMatchObject({ details: [{ path: 'body' }] });
    const past = await as(ctx, owner).patch(scheduledMessagePath(created.id), {
      send_at: new Date(Date.now() - 3_600_000).toISOString(),
    });
    expect(past.statusCode).toBe(400);
    expect(past.json()).toMatchObject({ details: [{ path: 'send_at' }] });
    expect((await as(ctx, owner).patch(scheduledMessagePath(created.id), {})).statusCode).toBe(400);
  });

  it('the author cancels it: it is gone, with its job, and is never posted', async () => {
    const { conversationId } = await conversationOf(ctx, owner);
    const created = await schedule(ctx, owner, conversationId, { body: 'Never mind' });
    const jobId = (await rowOf(ctx, created.id))!.jobId!;
    const res = await as(ctx, owner).delete(scheduledMessagePath(created.id));
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ ok: true });
    expect(await listed(ctx, owner, conversationId)).toEqual([]);
    expect(await ctx.deps.db.select().from(jobs).where(eq(jobs.id, jobId))).toEqual([]);
    await ctx.deps.jobs.drain();
    expect(await postedIn(ctx, conversationId)).toEqual([]);
    expect((await as(ctx, owner).delete(scheduledMessagePath(created.id))).statusCode).toBe(404);
  });

  // A teammate sees the message in the conversation, so 404 would deny what they can read:
  // 403 says it exists and is someone else's.
  it('a teammate cannot edit or cancel someone else’s scheduled message: 403, nothing changes', async () => {
    const { conversationId } = await conversationOf(ctx, owner);
    const created = await schedule(ctx, owner, conversationId, { body: 'Mine' });
    const edit = await as(ctx, mate).patch(scheduledMessagePath(created.id), { body: 'Theirs' });
    expect(edit.statusCode).toBe(403);
    expect(edit.json()).toMatchObject({ code: 'forbidden' });
    const cancel = await as(ctx, mate).delete(scheduledMessagePath(created.id));
    expect(cancel.statusCode).toBe(403);
    expect(await listed(ctx, owner, conversationId)).toEqual([created]);
  });

  it('another account’s scheduled message is not found (404), whatever the call', async () => {
    const { conversationId } = await conversationOf(ctx, owner);
    const created = await schedule(ctx, owner, conversationId, { body: 'Private' });
    const edit = await as(ctx, stranger).patch(scheduledMessagePath(created.id), { body: 'x' });
    expect(edit.statusCode).toBe(404);
    expect((await as(ctx, stranger).delete(scheduledMessagePath(created.id))).statusCode).toBe(404);
    const theirs = (await as(ctx, stranger).get(MY_SCHEDULED_MESSAGES_PATH)).json();
    expect(theirs).toEqual({ scheduled_messages: [] });
    expect((await listed(ctx, owner, conversationId))[0]!.body).toBe('Private');
  });

  it('an undo message is scheduled, listed and cancelled like any other', async () => {
    const { conversationId } = await conversationOf(ctx, owner);
    const created: ScheduledMessage = await schedule(ctx, owner, conversationId, {
      body: 'Oops',
      send_at: new Date(Date.now() + 10_000).toISOString(),
      undo: true,
    });
    expect(created).toMatchObject({ undo: true, status: 'scheduled', editable: true });
    expect((await listed(ctx, owner, conversationId)).map((m) => m.undo)).toEqual([true]);
    expect((await as(ctx, owner).delete(scheduledMessagePath(created.id))).statusCode).toBe(200);
  });
});

describe('the undo window setting', () => {
  it('is off (0) by default, a person chooses 0–30 seconds, and it is theirs alone', async () => {
    const me = await signUp(ctx, { name: 'Una Undo' });
    expect((await as(ctx, me).get(UNDO_SEND_PATH)).json()).toEqual({ undo_send_seconds: 0 });
    const saved = await as(ctx, me).put(UNDO_SEND_PATH, { undo_send_seconds: 10 });
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toEqual({ undo_send_seconds: 10 });
    expect((await as(ctx, me).get(UNDO_SEND_PATH)).json()).toEqual({ undo_send_seconds: 10 });
    expect((await as(ctx, owner).get(UNDO_SEND_PATH)).json()).toEqual({ undo_send_seconds: 0 });
    for (const bad of [31, -1, 2.5, '5']) {
      const res = await as(ctx, me).put(UNDO_SEND_PATH, { undo_send_seconds: bad });
      expect({ bad, status: res.statusCode }).toEqual({ bad, status: 400 });
      expect(res.json()).toMatchObject({ details: [{ path: 'undo_send_seconds' }] });
    }
    expect((await as(ctx, me).get(UNDO_SEND_PATH)).json()).toEqual({ undo_send_seconds: 10 });
  });
});
