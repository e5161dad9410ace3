import { isCalendarDay } from './reports-constants';

/**
 * What the audit log records (Settings → Audit log): who signed in (or failed to), joined, was
 * invited, changed a role or was removed; API keys, settings and channels changed; exports;
 * deletions; merges; automation. The web app names each in words.
 */
export const AUDIT_ACTIONS = [
  'signup',
  'login',
  'login_failed',
  'password_change',
  'invitation_sent',
  'invitation_resent',
  'invitation_link_issued',
  'invitation_revoked',
  'invitation_accepted',
  'member_role_changed',
  'member_removed',
  'team_created',
  'team_deleted',
  'email_setup_created',
  'email_setup_updated',
  'sending_domain_verified',
  'sending_domain_unverified',
  'contact_merged',
  'contacts_imported',
  'automation_rule_created',
  'automation_rule_updated',
  'automation_rule_deleted',
  'automation_rules_reordered',
  'macro_created',
  'macro_updated',
  'macro_deleted',
  'sla_policy_created',
  'sla_policy_updated',
  'sla_policy_deleted',
  'sla_policies_reordered',
  'business_hours_updated',
  'conversation_merged',
  'conversation_split',
  'conversation_move_undone',
  'api_key_created',
  'api_key_revoked',
  'global_settings_updated',
  'widget_settings_updated',
  'channel_created',
  'channel_updated',
  'channel_deleted',
  'contacts_exported',
  'report_exported',
  'audit_log_exported',
  'tag_deleted',
  'fast_reply_deleted',
  'help_center_article_deleted',
  'help_center_category_deleted',
  'help_center_translation_deleted',
  'saved_view_deleted',
  'audit_log_retention_changed',
] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];

/** Entries per page of the audit log. */
export const AUDIT_LOG_PAGE_SIZE = 50;

/** How long entries may be kept, in days (Settings → Audit log); none chosen keeps them all. */
export const AUDIT_LOG_RETENTION_DAYS = [30, 90, 180, 365, 730] as const;
export type AuditLogRetentionDays = (typeof AUDIT_LOG_RETENTION_DAYS)[number];

/** The most rows one CSV export of the audit log holds (the newest that match). */
export const AUDIT_LOG_EXPORT_MAX_ROWS = 50_000;

export const AUDIT_LOG_PATHS = {
  list: '/dashboardapi/audit-log',
  exportCsv: '/dashboardapi/audit-log/export',
  settings: '/dashboardapi/audit-log/settings',
} as const;

const DATE_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,9})?)?(Z|[+-]\d{2}:\d{2})$/i;

/**
 * A bound of the audit log's date filter as a moment: a date and time with its offset as given,
 * or a day (`YYYY-MM-DD`, UTC) — its start for `from`, the start of the next day for `to`
 * (so `to` keeps the whole day). Null when the text is neither, or names a moment outside the
 * years 1970–9998 (a database cannot compare with years 0 or 10000: a 400, never a 500).
 */
export function auditLogBound(value: string, end: 'from' | 'to'): Date | null {
  let at: number;
  if (isCalendarDay(value)) {
    const start = Date.parse(`${value}T00:00:00Z`);
    at = end === 'from' ? start : start + 24 * 60 * 60 * 1000;
  } else {
    if (!DATE_TIME.test(value)) return null;
    at = Date.parse(value);
  }
  return Number.isNaN(at) || at < 0 || at >= AUDIT_LOG_LAST_MOMENT ? null : new Date(at);
}

/** 9999-01-01T00:00Z: the audit log's date filter stops before it. */
const AUDIT_LOG_LAST_MOMENT = Date.UTC(9999, 0, 1);
