// SLA policies' and the account's business hours' constants, free of zod (the web app imports
// values from here). docs/product/sla.md says how the clocks count.

export const SLA_POLICIES_PATH = '/dashboardapi/sla-policies';
export const SLA_POLICIES_ORDER_PATH = '/dashboardapi/sla-policies/order';
/** The account's business hours and holidays: SLA clocks count in them. */
export const BUSINESS_HOURS_PATH = '/dashboardapi/business-hours';
export const conversationSlaPath = (conversationId: number) =>
  `/dashboardapi/conversations/${conversationId}/sla`;
export const SLA_REPORT_PATHS = {
  report: '/dashboardapi/reports/sla',
  exportCsv: '/dashboardapi/reports/sla.csv',
} as const;

/**
 * What an SLA promises: the first agent reply, each later reply to a customer who wrote again,
 * and the conversation closed, each within its target.
 */
export const SLA_METRICS = ['first_response', 'next_response', 'resolution'] as const;
export type SlaMetric = (typeof SLA_METRICS)[number];

/**
 * A clock's state as the inbox shows it: counting, within its warning time of the due time,
 * past due, or stopped while the conversation waits on the customer (pending or snoozed).
 */
export const SLA_CLOCK_STATES = ['running', 'warning', 'breached', 'paused'] as const;
export type SlaClockState = (typeof SLA_CLOCK_STATES)[number];

/** What one row of the attainment report is. */
export const SLA_REPORT_GROUPS = ['team', 'agent', 'priority', 'day', 'week', 'month'] as const;
export type SlaReportGroup = (typeof SLA_REPORT_GROUPS)[number];

/** Policies an account may keep. */
export const MAX_SLA_POLICIES = 50;
/** The longest target: 90 days. */
export const MAX_SLA_TARGET_MINUTES = 60 * 24 * 90;
/** How long before a due time "about to breach" fires, unless the policy says otherwise. */
export const DEFAULT_SLA_WARNING_MINUTES = 30;
/** Holidays an account may list. */
export const MAX_HOLIDAYS = 200;
