import { and, desc, eq, lt, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client';
import { auditLog, users } from '../../db/schema';

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
  }: { accountId: number; before?: number; limit: number; action?: string; userId?: number },
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
      ),
    )
    .orderBy(desc(auditLog.id))
    .limit(limit);
}
