import { Readable } from 'node:stream';
import {
  AUDIT_LOG_EXPORT_MAX_ROWS,
  auditLogBound,
  type AuditLogExportQuery,
  type AuditLogQuery,
  type AuditLogResponse,
  type AuditLogSettings,
  type AuditLogSettingsBody,
} from '@parley/contracts';
import type { Db } from '../../db/client';
import type { Deps } from '../../lib/deps';
import { csvLine } from '../../lib/csv';
import type { AgentContext } from '../../lib/http-types';
import { notFound } from '../../lib/errors';
import {
  deleteExpiredBatch,
  insertAuditEntry,
  insertAuditEntryPerAccount,
  listAuditEntries,
  lockRetentionDays,
  selectRetentionDays,
  updateRetentionDays,
  type AuditEntryFilters,
  type AuditEntryInput,
} from './audit-log.queries';

export type { AuditEntryInput };

/**
 * Records who did what (Settings → Audit log). Written in the same transaction as the change it
 * records, when there is one, so neither exists without the other.
 */
export function recordAudit(db: Db, entry: AuditEntryInput): Promise<void> {
  return insertAuditEntry(db, entry);
}

/** Records what happened to a person in every account they belong to (a failed sign-in). */
export function recordAuditInTheirAccounts(
  db: Db,
  entry: { userId: number; action: string; details?: Record<string, unknown> },
): Promise<void> {
  return insertAuditEntryPerAccount(db, entry);
}

const person = (id: number | null, name: string | null, email: string | null) =>
  id === null ? null : { id, name: name ?? '', email: email ?? '' };

function filtersOf(query: AuditLogExportQuery): AuditEntryFilters {
  return {
    action: query.action,
    userId: query.user_id,
    from: query.from === undefined ? null : auditLogBound(query.from, 'from'),
    to: query.to === undefined ? null : auditLogBound(query.to, 'to'),
  };
}

type EntryRow = Awaited<ReturnType<typeof listAuditEntries>>[number];

const toEntry = (row: EntryRow) => ({
  id: row.id,
  action: row.action,
  created_at: row.createdAt.toISOString(),
  actor: person(row.actorId, row.actorName, row.actorEmail),
  subject: person(row.subjectId, row.subjectName, row.subjectEmail),
  details: row.details,
});

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
    ...filtersOf(query),
  });
  const page = rows.slice(0, query.limit);
  return {
    entries: page.map(toEntry),
    next_before: rows.length > query.limit ? page.at(-1)!.id : null,
  };
}

const CSV_HEADER = [
  'time',
  'action',
  'actor_name',
  'actor_email',
  'subject_name',
  'subject_email',
  'details',
];
const EXPORT_BATCH = 1_000;

/**
 * The filtered audit log as CSV, newest first, read a batch at a time: at most
 * AUDIT_LOG_EXPORT_MAX_ROWS entries (the newest that match). The export is itself recorded
 * before the rows are read, so it lists itself when the filters let it.
 */
export async function exportAuditLogCsv(
  deps: Pick<Deps, 'db'>,
  agent: AgentContext,
  query: AuditLogExportQuery,
): Promise<Readable> {
  const filters = filtersOf(query);
  await recordAudit(deps.db, {
    accountId: agent.accountId,
    userId: agent.userId,
    action: 'audit_log_exported',
    details: { filters: { ...query } },
  });
  async function* lines() {
    yield csvLine(CSV_HEADER);
    let before: number | undefined;
    let left = AUDIT_LOG_EXPORT_MAX_ROWS;
    while (left > 0) {
      const limit = Math.min(EXPORT_BATCH, left);
      const rows = await listAuditEntries(deps.db, {
        accountId: agent.accountId,
        before,
        limit,
        ...filters,
      });
      if (rows.length > 0)
        yield rows
          .map((row) =>
            csvLine([
              row.createdAt.toISOString(),
              row.action,
              row.actorName,
              row.actorEmail,
              row.subjectName,
              row.subjectEmail,
              JSON.stringify(row.details),
            ]),
          )
          .join('');
      if (rows.length < limit) return;
      left -= rows.length;
      before = rows.at(-1)!.id;
    }
  }
  return Readable.from(lines());
}

// ---- Retention (docs/product/audit-log.md) ----

export async function getAuditLogSettings(
  deps: Pick<Deps, 'db'>,
  agent: AgentContext,
): Promise<AuditLogSettings> {
  const days = await selectRetentionDays(deps.db, { accountId: agent.accountId });
  if (days === undefined) throw notFound('That account was not found.');
  return { retention_days: days };
}

/** Owners and admins choose how long entries are kept; a change is itself recorded. */
export async function setAuditLogSettings(
  deps: Pick<Deps, 'db'>,
  agent: AgentContext,
  body: AuditLogSettingsBody,
): Promise<AuditLogSettings> {
  const { accountId } = agent;
  return deps.db.transaction(async (tx) => {
    const current = await lockRetentionDays(tx, { accountId });
    if (current === undefined) throw notFound('That account was not found.');
    if (current !== body.retention_days) {
      await updateRetentionDays(tx, { accountId, days: body.retention_days });
      await recordAudit(tx, {
        accountId,
        userId: agent.userId,
        action: 'audit_log_retention_changed',
        details: { from: current, to: body.retention_days },
      });
    }
    return { retention_days: body.retention_days };
  });
}

export const AUDIT_PRUNE_BATCH_SIZE = 1_000;
/** How often each instance deletes the entries past their account's retention. */
export const AUDIT_PRUNE_EVERY_MS = 60 * 60 * 1000;

/**
 * Deletes the entries older than their account's retention, in every account that chose one,
 * batch by batch; answers how many went. Safe on several instances at once (each batch skips
 * the rows another pass holds).
 */
export async function pruneAuditLog(
  deps: Pick<Deps, 'db'>,
  { batchSize = AUDIT_PRUNE_BATCH_SIZE }: { batchSize?: number } = {},
): Promise<number> {
  let total = 0;
  for (;;) {
    const deleted = await deleteExpiredBatch(deps.db, { limit: batchSize });
    total += deleted;
    if (deleted < batchSize) return total;
    // Other work gets the database between batches.
    await new Promise<void>((next) => setImmediate(next));
  }
}
