import { eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { scheduledMessagePath } from '@parley/contracts';
import { scheduledMessages } from '../../db/schema';
import { as, createTestContext, signUp, type Session, type TestContext } from '../../test/harness';
import { conversationOf, makeDue, postedIn, rowOf, schedule } from './scheduled-messages.fixtures';
import { deleteSentBatch } from './scheduled-messages.queries';
import {
  pruneSentScheduledMessages,
  SENT_SCHEDULED_RETENTION_DAYS,
} from './scheduled-messages.service';

// Sent scheduled messages are deleted after their retention (docs/product/scheduled-send.md).

let ctx: TestContext;
let owner: Session;
let other: Session;

beforeAll(async () => {
  ctx = await createTestContext({ AUTH_RATE_LIMIT_PER_MINUTE: '1000' });
  owner = await signUp(ctx, { name: 'Prune Account' });
  other = await signUp(ctx, { name: 'Other Account' });
});
afterAll(() => ctx.close());

type Status = (typeof scheduledMessages.$inferSelect)['status'];

/** The row as if it had reached `status` that many days ago. */
async function aged(id: number, status: Status, daysAgo: number) {
  await ctx.deps.db
    .update(scheduledMessages)
    .set({ status, updatedAt: sql`now() - make_interval(days => ${daysAgo})` })
    .where(eq(scheduledMessages.id, id));
  return id;
}

/** `n` scheduled messages of the session's account, in one new conversation. */
async function scheduledOf(s: Session, n: number) {
  const { conversationId } = await conversationOf(ctx, s);
  const ids: number[] = [];
  for (let i = 0; i < n; i++) {
    ids.push((await schedule(ctx, s, conversationId, { body: `Message ${i}` })).id);
  }
  return { conversationId, ids };
}

async function remaining(ids: number[]) {
  const rows = await ctx.deps.db
    .select({ id: scheduledMessages.id })
    .from(scheduledMessages)
    .where(inArray(scheduledMessages.id, ids));
  return rows.map((r) => r.id).sort((a, b) => a - b);
}

const OLD = SENT_SCHEDULED_RETENTION_DAYS + 1;
const RECENT = SENT_SCHEDULED_RETENTION_DAYS - 1;

describe('pruning sent scheduled messages', () => {
  it(`deletes rows sent more than ${SENT_SCHEDULED_RETENTION_DAYS} days ago in every account; recent, waiting, sending and failed ones stay, and the reply stays in the thread`, async () => {
    // One really posted at its time: its row goes, the reply it made stays.
    const { conversationId, ids: posted } = await scheduledOf(owner, 1);
    await makeDue(ctx, posted[0]!);
    await ctx.deps.jobs.drain();
    expect(await rowOf(ctx, posted[0]!)).toMatchObject({ status: 'sent' });
    const thread = await postedIn(ctx, conversationId);
    expect(thread).toHaveLength(1);
    await aged(posted[0]!, 'sent', OLD);

    const { ids: mine } = await scheduledOf(owner, 6);
    const { ids: theirs } = await scheduledOf(other, 2);
    const oldSent = [
      posted[0]!,
      await aged(mine[0]!, 'sent', OLD),
      await aged(theirs[0]!, 'sent', OLD),
    ];
    const kept = [
      await aged(mine[1]!, 'sent', RECENT),
      await aged(mine[2]!, 'scheduled', OLD),
      await aged(mine[3]!, 'sending', OLD),
      await aged(mine[4]!, 'failed', OLD),
      mine[5]!, // waiting, just scheduled
      await aged(theirs[1]!, 'failed', OLD),
    ];

    expect(await pruneSentScheduledMessages(ctx.deps)).toBe(oldSent.length);
    expect(await remaining([...oldSent, ...kept])).toEqual([...kept].sort((a, b) => a - b));
    expect(await postedIn(ctx, conversationId)).toEqual(thread);
    // The rows left behave as before: the failed one is still the author's to dismiss.
    const res = await as(ctx, owner).delete(scheduledMessagePath(mine[4]!));
    expect(res.statusCode).toBe(200);

    // Nothing more to do: a second pass deletes nothing.
    expect(await pruneSentScheduledMessages(ctx.deps)).toBe(0);
    // A cancelled message is deleted when it is cancelled: nothing of it is left to prune.
    const res2 = await as(ctx, owner).delete(scheduledMessagePath(mine[5]!));
    expect(res2.statusCode).toBe(200);
    expect(await rowOf(ctx, mine[5]!)).toBeNull();
  });

  it('goes batch by batch: each statement deletes at most the batch size, and the pass goes on until none is left', async () => {
    const { ids } = await scheduledOf(owner, 5);
    for (const id of ids) await aged(id, 'sent', OLD);

    expect(
      await deleteSentBatch(ctx.deps.db, { days: SENT_SCHEDULED_RETENTION_DAYS, limit: 2 }),
    ).toBe(2);
    expect(await remaining(ids)).toHaveLength(3);

    expect(await pruneSentScheduledMessages(ctx.deps, { batchSize: 2 })).toBe(3);
    expect(await remaining(ids)).toEqual([]);
  });

  it('passes running at once (several instances) share the rows: each goes once, none fails', async () => {
    const { ids } = await scheduledOf(owner, 7);
    for (const id of ids) await aged(id, 'sent', OLD);
    const { ids: waiting } = await scheduledOf(owner, 1);

    const counts = await Promise.all([
      pruneSentScheduledMessages(ctx.deps, { batchSize: 2 }),
      pruneSentScheduledMessages(ctx.deps, { batchSize: 3 }),
      pruneSentScheduledMessages(ctx.deps, { batchSize: 2 }),
    ]);
    expect(counts.reduce((a, b) => a + b, 0)).toBe(ids.length);
    expect(await remaining(ids)).toEqual([]);
    expect(await remaining(waiting)).toEqual(waiting);
  });
});
