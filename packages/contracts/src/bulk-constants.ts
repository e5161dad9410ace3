/** Bulk actions on the inbox list (docs/product/bulk.md). */

/** The most conversations one bulk action may change. */
export const MAX_BULK_CONVERSATIONS = 10_000;
/** A bulk action's progress lists at most this many failures (the count covers all of them). */
export const MAX_BULK_FAILURES_LISTED = 200;
export const BULK_ACTION_TYPES = [
  'assign',
  'assign_team',
  'add_tag',
  'remove_tag',
  'status',
  'priority',
  'macro',
] as const;
export type BulkActionType = (typeof BULK_ACTION_TYPES)[number];
export const BULK_API = {
  start: '/dashboardapi/conversations/bulk',
  progress: (jobId: number) => `/dashboardapi/conversations/bulk/${jobId}`,
} as const;
