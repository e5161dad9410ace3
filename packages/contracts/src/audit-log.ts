import { z } from 'zod';
import {
  AUDIT_ACTIONS,
  AUDIT_LOG_PAGE_SIZE,
  AUDIT_LOG_RETENTION_DAYS,
  auditLogBound,
} from './audit-log-constants';
import { schemaText } from './errors';

const id = z.coerce.number().int().positive().max(2_147_483_647);

const bound = (end: 'from' | 'to', message: string) =>
  z
    .string()
    .trim()
    .refine((value) => auditLogBound(value, end) !== null, message)
    .optional();

/**
 * The filters of the list and of its CSV export: an action, a person (who did it), and a date
 * range — `from` (included) and `to` (a day is included whole; a date and time is excluded).
 */
const auditLogFilterFields = z.object({
  action: z.enum(AUDIT_ACTIONS).optional(),
  user_id: id.optional(),
  from: bound(
    'from',
    schemaText(
      'Give the start as a date (2026-03-01) or a date and time with its offset (2026-03-01T00:00:00Z).',
    ),
  ),
  to: bound(
    'to',
    schemaText(
      'Give the end as a date (2026-03-31) or a date and time with its offset (2026-04-01T00:00:00Z).',
    ),
  ),
});

function checkRange(
  q: { from?: string | undefined; to?: string | undefined },
  ctx: z.RefinementCtx,
) {
  if (q.from === undefined || q.to === undefined) return;
  const from = auditLogBound(q.from, 'from');
  const to = auditLogBound(q.to, 'to');
  if (from && to && from >= to)
    ctx.addIssue({
      code: 'custom',
      message: schemaText('The start of the date range must be before its end.'),
      path: ['from'],
    });
}

/** GET /dashboardapi/audit-log: newest first, a page at a time (`before` = the last id seen). */
export const auditLogQuery = auditLogFilterFields
  .extend({
    before: id.optional(),
    limit: z.coerce.number().int().min(1).max(100).default(AUDIT_LOG_PAGE_SIZE),
  })
  .superRefine(checkRange);
export type AuditLogQuery = z.infer<typeof auditLogQuery>;

/** GET /dashboardapi/audit-log/export: the same filters, every matching entry (up to a cap). */
export const auditLogExportQuery = auditLogFilterFields.superRefine(checkRange);
export type AuditLogExportQuery = z.infer<typeof auditLogExportQuery>;

/** How long the account keeps its audit log: a number of days, or null for as long as it exists. */
export const auditLogSettingsSchema = z.object({
  retention_days: z.number().int().nullable(),
});
export type AuditLogSettings = z.infer<typeof auditLogSettingsSchema>;

export const auditLogSettingsBody = z.strictObject({
  retention_days: z
    .number()
    .int()
    .refine(
      (days) => (AUDIT_LOG_RETENTION_DAYS as readonly number[]).includes(days),
      schemaText('Keep entries for 30, 90, 180, 365 or 730 days, or forever (null).'),
    )
    .nullable(),
});
export type AuditLogSettingsBody = z.infer<typeof auditLogSettingsBody>;

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
