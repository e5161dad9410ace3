import type { AuditLogQuery, AuditLogResponse } from '@parley/contracts';
import type { Db } from '../../db/client';
import type { Deps } from '../../lib/deps';
import type { AgentContext } from '../../lib/http-types';
import { insertAuditEntry, listAuditEntries, type AuditEntryInput } from './audit-log.queries';

export type { AuditEntryInput };

/**
 * Records who did what (Settings → Audit log). Written in the same transaction as the change it
 * records, when there is one, so neither exists without the other.
 */
export function recordAudit(db: Db, entry: AuditEntryInput): Promise<void> {
  return insertAuditEntry(db, entry);
}

const person = (id: number | null, name: string | null, email: string | null) =>
  id === null ? null : { id, name: name ?? '', email: email ?? '' };

/** A page of the caller's account's audit log (owners and admins: the route checks). */
export async function listAuditLog(
  deps: Pick<Deps, 'db'>,
  agent: AgentContext,
  query: AuditLogQuery,
): Promise<AuditLogResponse> {
  // One more than asked tells whether a next page exists.
  const rows = await listAuditEntries(deps.db, {
    accountId: agent.accountId,
    before: query.before,
    limit: query.limit + 1,
    action: query.action,
    userId: query.user_id,
  });
  const page = rows.slice(0, query.limit);
  return {
    entries: page.map((row) => ({
      id: row.id,
      action: row.action,
      created_at: row.createdAt.toISOString(),
      actor: person(row.actorId, row.actorName, row.actorEmail),
      subject: person(row.subjectId, row.subjectName, row.subjectEmail),
      details: row.details,
    })),
    next_before: rows.length > query.limit ? page.at(-1)!.id : null,
  };
}
