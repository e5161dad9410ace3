import { and, asc, count, eq, inArray, sql, type SQL } from 'drizzle-orm';
import { SCHEDULED_SEND_LIMITS } from '@parley/contracts';
import type { Db } from '../../db/client';
import {
  conversations,
  jobs,
  memberships,
  scheduledMessages,
  supportChannels,
  users,
} from '../../db/schema';

export type ScheduledRow = typeof scheduledMessages.$inferSelect;
export type ScheduledView = ScheduledRow & { authorName: string };

/** What the lists show: waiting, being sent, or failed (sent ones are the thread's). */
const PENDING = ['scheduled', 'sending', 'failed'] as const;
const STALE_SECONDS = SCHEDULED_SEND_LIMITS.sendingStaleMs / 1000;

const withAuthor = { row: scheduledMessages, authorName: users.name };
const flat = (r: { row: ScheduledRow; authorName: string }): ScheduledView => ({
  ...r.row,
  authorName: r.authorName,
});

/**
 * The conversation and its channel, or the reply channel `channelId` a scheduled reply chose, in
 * the account; null otherwise.
 */
export async function conversationWithChannel(
  db: Db,
  { accountId, id, channelId }: { accountId: number; id: number; channelId?: number | undefined },
) {
  const [row] = await db
    .select({
      id: conversations.id,
      supportChannelId: conversations.supportChannelId,
      channelType: supportChannels.type,
      channelName: supportChannels.name,
      needsReauthorization: supportChannels.needsReauthorization,
    })
    .from(conversations)
    .innerJoin(
      supportChannels,
      and(
        eq(supportChannels.accountId, accountId),
        eq(supportChannels.id, channelId ?? conversations.supportChannelId),
      ),
    )
    .where(and(eq(conversations.accountId, accountId), eq(conversations.id, id)))
    .limit(1);
  return row ?? null;
}

export async function insertScheduled(db: Db, v: typeof scheduledMessages.$inferInsert) {
  const [row] = await db.insert(scheduledMessages).values(v).returning();
  return row!;
}

/** The account's scheduled message by id, with its author's name; null otherwise. */
export async function findScheduled(db: Db, { accountId, id }: { accountId: number; id: number }) {
  const [row] = await db
    .select(withAuthor)
    .from(scheduledMessages)
    .innerJoin(users, eq(users.id, scheduledMessages.authorUserId))
    .where(and(eq(scheduledMessages.accountId, accountId), eq(scheduledMessages.id, id)))
    .limit(1);
  return row ? flat(row) : null;
}

/** The row, locked until the transaction ends (an edit or cancel against a send). */
export async function lockScheduled(db: Db, { accountId, id }: { accountId: number; id: number }) {
  const [row] = await db
    .select()
    .from(scheduledMessages)
    .where(and(eq(scheduledMessages.accountId, accountId), eq(scheduledMessages.id, id)))
    .for('update')
    .limit(1);
  return row ?? null;
}

export async function updateScheduled(
  db: Db,
  { accountId, id }: { accountId: number; id: number },
  set: Partial<Pick<ScheduledRow, 'body' | 'sendAt' | 'jobId'>>,
) {
  await db
    .update(scheduledMessages)
    .set({ ...set, updatedAt: sql`now()` })
    .where(and(eq(scheduledMessages.accountId, accountId), eq(scheduledMessages.id, id)));
}

export async function deleteScheduled(
  db: Db,
  { accountId, id }: { accountId: number; id: number },
) {
  await db
    .delete(scheduledMessages)
    .where(and(eq(scheduledMessages.accountId, accountId), eq(scheduledMessages.id, id)));
}

/** A send job that has not started yet is dropped (one that has does nothing: its id is stale). */
export async function dropQueuedJob(db: Db, jobId: number | null) {
  if (jobId === null) return;
  await db.delete(jobs).where(and(eq(jobs.id, jobId), eq(jobs.status, 'queued')));
}

/** The account's scheduled messages still to send that match `which`, soonest first. */
async function listPending(db: Db, accountId: number, which: SQL) {
  const rows = await db
    .select(withAuthor)
    .from(scheduledMessages)
    .innerJoin(users, eq(users.id, scheduledMessages.authorUserId))
    .where(
      and(
        eq(scheduledMessages.accountId, accountId),
        which,
        inArray(scheduledMessages.status, PENDING),
      ),
    )
    .orderBy(asc(scheduledMessages.sendAt), asc(scheduledMessages.id));
  return rows.map(flat);
}

export function listOfConversation(
  db: Db,
  { accountId, conversationId }: { accountId: number; conversationId: number },
) {
  return listPending(db, accountId, eq(scheduledMessages.conversationId, conversationId));
}

export function listOfAuthor(db: Db, { accountId, userId }: { accountId: number; userId: number }) {
  return listPending(db, accountId, eq(scheduledMessages.authorUserId, userId));
}

export async function countPendingOfAuthor(
  db: Db,
  { accountId, userId }: { accountId: number; userId: number },
) {
  const [row] = await db
    .select({ n: count() })
    .from(scheduledMessages)
    .where(
      and(
        eq(scheduledMessages.authorUserId, userId),
        eq(scheduledMessages.accountId, accountId),
        inArray(scheduledMessages.status, ['scheduled', 'failed']),
      ),
    );
  return Number(row?.n ?? 0);
}

const isStale = sql`${scheduledMessages.updatedAt} < now() - make_interval(secs => ${STALE_SECONDS})`;

/**
 * Rows left `sending` too long (their worker stopped) become `failed`; the message and the
 * `sent` mark commit together, so such a row was not posted. Answers the conversations touched.
 */
export async function failStaleSending(
  db: Db,
  where: { accountId: number } & ({ conversationId: number } | { userId: number } | { id: number }),
  reason: string,
) {
  const scope =
    'conversationId' in where
      ? eq(scheduledMessages.conversationId, where.conversationId)
      : 'userId' in where
        ? eq(scheduledMessages.authorUserId, where.userId)
        : eq(scheduledMessages.id, where.id);
  return db
    .update(scheduledMessages)
    .set({ status: 'failed', failureReason: reason, updatedAt: sql`now()` })
    .where(
      and(
        eq(scheduledMessages.accountId, where.accountId),
        scope,
        eq(scheduledMessages.status, 'sending'),
        isStale,
      ),
    )
    .returning({ conversationId: scheduledMessages.conversationId });
}

// ---- Sending (the job) ----

/** `scheduled` → `sending`, for the row's current job only: one claim wins. */
export async function claimForSending(
  db: Db,
  { accountId, id, jobId }: { accountId: number; id: number; jobId: number },
) {
  const [row] = await db
    .update(scheduledMessages)
    .set({ status: 'sending', updatedAt: sql`now()` })
    .where(
      and(
        eq(scheduledMessages.accountId, accountId),
        eq(scheduledMessages.id, id),
        eq(scheduledMessages.status, 'scheduled'),
        eq(scheduledMessages.jobId, jobId),
      ),
    )
    .returning();
  return row ?? null;
}

/** `sending` → `sent`, in the message's own transaction; false when the claim was lost. */
export async function markSent(db: Db, { id, messageId }: { id: number; messageId: number }) {
  const rows = await db
    .update(scheduledMessages)
    .set({ status: 'sent', messageId, failureReason: null, updatedAt: sql`now()` })
    .where(and(eq(scheduledMessages.id, id), eq(scheduledMessages.status, 'sending')))
    .returning({ id: scheduledMessages.id });
  return rows.length > 0;
}

/** `from` → `failed` with the reason; false when the row had moved on. */
export async function markFailed(
  db: Db,
  { id, from, jobId }: { id: number; from: 'sending' | 'scheduled'; jobId?: number },
  reason: string,
) {
  const rows = await db
    .update(scheduledMessages)
    .set({ status: 'failed', failureReason: reason, updatedAt: sql`now()` })
    .where(
      and(
        eq(scheduledMessages.id, id),
        eq(scheduledMessages.status, from),
        ...(jobId === undefined ? [] : [eq(scheduledMessages.jobId, jobId)]),
      ),
    )
    .returning({ id: scheduledMessages.id });
  return rows.length > 0;
}

/** A send that failed on our side goes back to waiting, for the job's retry. */
export async function backToScheduled(db: Db, id: number) {
  await db
    .update(scheduledMessages)
    .set({ status: 'scheduled', updatedAt: sql`now()` })
    .where(and(eq(scheduledMessages.id, id), eq(scheduledMessages.status, 'sending')));
}

/** The author's role in the account, or null when they are no longer a member. */
export async function memberRole(
  db: Db,
  { accountId, userId }: { accountId: number; userId: number },
) {
  const [row] = await db
    .select({ permissionLevel: memberships.permissionLevel })
    .from(memberships)
    .where(and(eq(memberships.accountId, accountId), eq(memberships.userId, userId)))
    .limit(1);
  return row?.permissionLevel ?? null;
}

// ---- Retention ----

/**
 * Deletes up to `limit` rows that were sent more than `days` days ago (`updated_at` is the moment
 * the row became `sent`; a sent row never changes again), in every account; answers how many went.
 * Rows another instance's pass holds are skipped (SKIP LOCKED), so passes running at once share
 * the work instead of waiting on each other. Waiting, sending and failed rows are never touched.
 */
export async function deleteSentBatch(db: Db, { days, limit }: { days: number; limit: number }) {
  const batch = db
    .select({ id: scheduledMessages.id })
    .from(scheduledMessages)
    .where(
      and(
        eq(scheduledMessages.status, 'sent'),
        sql`${scheduledMessages.updatedAt} < now() - make_interval(days => ${days})`,
      ),
    )
    .orderBy(asc(scheduledMessages.id))
    .limit(limit)
    .for('update', { skipLocked: true });
  const rows = await db
    .delete(scheduledMessages)
    // Checked again on the row deleted: only `sent` rows ever go.
    .where(and(inArray(scheduledMessages.id, batch), eq(scheduledMessages.status, 'sent')))
    .returning({ id: scheduledMessages.id });
  return rows.length;
}

// ---- The undo window (a person's own setting) ----

export async function undoSendSecondsOf(db: Db, userId: number) {
  const [row] = await db
    .select({ seconds: users.undoSendSeconds })
    .from(users)
    .where(eq(users.id, userId))
    .limit(1);
  return row?.seconds ?? 0;
}

export async function saveUndoSendSeconds(db: Db, userId: number, seconds: number) {
  await db.update(users).set({ undoSendSeconds: seconds }).where(eq(users.id, userId));
}
