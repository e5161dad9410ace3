/** Saved views of the inbox (docs/product/saved-views.md). */

/** The most views one person may own. */
export const MAX_SAVED_VIEWS = 50;
export const SAVED_VIEW_NAME_MAX = 60;
/**
 * A saved view's count stops at this many conversations (`capped`, shown as "999+"): counting
 * further would read every matching conversation of a large account on each refresh.
 */
export const SAVED_VIEW_COUNT_CAP = 1000;
export const SAVED_VIEWS_API = {
  list: '/dashboardapi/saved-views',
  one: (id: number) => `/dashboardapi/saved-views/${id}`,
  reorder: '/dashboardapi/saved-views/reorder',
} as const;
