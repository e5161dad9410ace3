import { z } from 'zod';
import { AUDIT_ACTIONS, AUDIT_LOG_PAGE_SIZE } from './audit-log-constants';

const id = z.coerce.number().int().positive().max(2_147_483_647);

/** GET /dashboardapi/audit-log: newest first, a page at a time (`before` = the last id seen). */
export const auditLogQuery = z.object({
  before: id.optional(),
  limit: z.coerce.number().int().min(1).max(100).default(AUDIT_LOG_PAGE_SIZE),
  action: z.enum(AUDIT_ACTIONS).optional(),
  user_id: id.optional(),
});
export type AuditLogQuery = z.infer<typeof auditLogQuery>;

const person = z.object({ id: z.number().int(), name: z.string(), email: z.string() });

export const auditEntrySchema = z.object({
  id: z.number().int(),
  action: z.string(),
  created_at: z.string(),
  /** Who did it; null when that person's account has since been deleted. */
  actor: person.nullable(),
  /** The teammate it was done to (a role change, a removal), when there is one. */
  subject: person.nullable(),
  details: z.record(z.string(), z.unknown()),
});
export type AuditEntry = z.infer<typeof auditEntrySchema>;

export const auditLogResponse = z.object({
  entries: z.array(auditEntrySchema),
  /** Pass as `before` for the next page; null on the last page. */
  next_before: z.number().int().nullable(),
});
export type AuditLogResponse = z.infer<typeof auditLogResponse>;
