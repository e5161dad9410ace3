import { and, asc, desc, eq, gte, inArray, lt, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client';
import { accounts, auditLog, memberships, users } from '../../db/schema';

export interface AuditEntryInput {
  /** None for what happens outside an account (a password reset by link). */
  accountId?: number | null;
  userId?: number | null;
  action: string;
  details?: Record<string, unknown>;
}

export async function insertAuditEntry(db: Db, entry: AuditEntryInput) {
  await db.insert(auditLog).values({ ...entry, details: entry.details ?? {} });
}

/** One entry in each account the person belongs to (what happened to them, not in one account). */
export async function insertAuditEntryPerAccount(
  db: Db,
  entry: { userId: number; action: string; details?: Record<string, unknown> },
) {
  await db.execute(
    sql`insert into audit_log (account_id, user_id, action, details)
        select ${memberships.accountId}, ${entry.userId}::int, ${entry.action}, ${JSON.stringify(entry.details ?? {})}::jsonb
        from ${memberships} where ${memberships.userId} = ${entry.userId}`,
  );
}

export interface AuditEntryFilters {
  action?: string | undefined;
  userId?: number | undefined;
  /** Entries at or after this moment. */
  from?: Date | null | undefined;
  /** Entries before this moment. */
  to?: Date | null | undefined;
}

/**
 * One account's entries, newest first: each with the person who did it and, when the details
 * name a teammate (`user_id`), that teammate. `before` pages by id (ids grow with time).
 */
export function listAuditEntries(
  db: Db,
  {
    accountId,
    before,
    limit,
    action,
    userId,
    from,
    to,
  }: AuditEntryFilters & { accountId: number; before?: number | undefined; limit: number },
) {
  const actor = alias(users, 'actor');
  const subject = alias(users, 'subject');
  return db
    .select({
      id: auditLog.id,
      action: auditLog.action,
      details: auditLog.details,
      createdAt: auditLog.createdAt,
      actorId: actor.id,
      actorName: actor.name,
      actorEmail: actor.email,
      subjectId: subject.id,
      subjectName: subject.name,
      subjectEmail: subject.email,
    })
    .from(auditLog)
    .leftJoin(actor, eq(actor.id, auditLog.userId))
    .leftJoin(
      subject,
      // jsonb's number as an integer only when it is one: a malformed entry shows no teammate.
      sql`${subject.id} = case when jsonb_typeof(${auditLog.details}->'user_id') = 'number' then (${auditLog.details}->>'user_id')::int end`,
    )
    .where(
      and(
        eq(auditLog.accountId, accountId),
        before === undefined ? undefined : lt(auditLog.id, before),
        action === undefined ? undefined : eq(auditLog.action, action),
        userId === undefined ? undefined : eq(auditLog.userId, userId),
        from ? gte(auditLog.createdAt, from) : undefined,
        to ? lt(auditLog.createdAt, to) : undefined,
      ),
    )
    .orderBy(desc(auditLog.id))
    .limit(limit);
}

// ---- Retention ----

export async function selectRetentionDays(db: Db, { accountId }: { accountId: number }) {
  const [row] = await db
    .select({ days: accounts.auditLogRetentionDays })
    .from(accounts)
    .where(eq(accounts.id, accountId))
    .limit(1);
  return row ? row.days : undefined;
}

/** The account's retention, locked until the transaction ends (two admins change it in turn). */
export async function lockRetentionDays(db: Db, { accountId }: { accountId: number }) {
  const [row] = await db
    .select({ days: accounts.auditLogRetentionDays })
    .from(accounts)
    .where(eq(accounts.id, accountId))
    .for('update');
  return row ? row.days : undefined;
}

export async function updateRetentionDays(
  db: Db,
  { accountId, days }: { accountId: number; days: number | null },
) {
  await db.update(accounts).set({ auditLogRetentionDays: days }).where(eq(accounts.id, accountId));
}

/**
 * Deletes up to `limit` entries older than their account's retention, in every account that set
 * one; answers how many went. Entries another instance's pass holds are skipped (SKIP LOCKED),
 * so passes running at once share the work. Accounts without a retention are never touched.
 */
export async function deleteExpiredBatch(db: Db, { limit }: { limit: number }) {
  const batch = db
    .select({ id: auditLog.id })
    .from(auditLog)
    .innerJoin(accounts, eq(accounts.id, auditLog.accountId))
    .where(
      sql`${accounts.auditLogRetentionDays} is not null and ${auditLog.createdAt} < now() - make_interval(days => ${accounts.auditLogRetentionDays})`,
    )
    .orderBy(asc(auditLog.id))
    .limit(limit)
    .for('update', { of: auditLog, skipLocked: true });
  const rows = await db
    .delete(auditLog)
    .where(inArray(auditLog.id, batch))
    .returning({ id: auditLog.id });
  return rows.length;
}
