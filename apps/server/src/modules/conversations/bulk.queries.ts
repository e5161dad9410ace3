import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { jobs, tags, teams } from '../../db/schema';

/** The account's tag, or undefined. */
export async function findAccountTag(db: Db, q: { accountId: number; id: number }) {
  const [row] = await db
    .select({ id: tags.id, name: tags.name })
    .from(tags)
    .where(and(eq(tags.accountId, q.accountId), eq(tags.id, q.id)))
    .limit(1);
  return row;
}

export async function findAccountTeam(db: Db, q: { accountId: number; id: number }) {
  const [row] = await db
    .select({ id: teams.id })
    .from(teams)
    .where(and(eq(teams.accountId, q.accountId), eq(teams.id, q.id)))
    .limit(1);
  return row;
}

/** A job of this kind in the account, or undefined (another account's job is not found). */
export async function findAccountJob(db: Db, q: { accountId: number; id: number; kind: string }) {
  const [row] = await db
    .select({
      id: jobs.id,
      status: jobs.status,
      // Without the selection itself (up to 10,000 ids): progress is asked every second.
      payload: sql<Record<string, unknown>>`${jobs.payload} - 'ids'`,
      lastError: jobs.lastError,
    })
    .from(jobs)
    .where(and(eq(jobs.id, q.id), eq(jobs.accountId, q.accountId), eq(jobs.kind, q.kind)))
    .limit(1);
  return row;
}
