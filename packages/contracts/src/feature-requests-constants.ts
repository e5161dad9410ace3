/**
 * Feature requests (/settings/feature-requests): the operator's product board, shared by every
 * account. People post requests, vote (once each) and comment; the operator sets the status.
 * Authors show by name only — never their email or their account.
 */
export const FEATURE_REQUEST_PATHS = {
  list: '/dashboardapi/feature-requests',
  one: (id: number | string) => `/dashboardapi/feature-requests/${id}`,
  vote: (id: number | string) => `/dashboardapi/feature-requests/${id}/vote`,
  comments: (id: number | string) => `/dashboardapi/feature-requests/${id}/comments`,
  operatorOne: (id: number | string) => `/operatorapi/feature-requests/${id}`,
  operatorComment: (id: number | string, commentId: number | string) =>
    `/operatorapi/feature-requests/${id}/comments/${commentId}`,
} as const;

export const FEATURE_REQUEST_STATUSES = [
  'under_review',
  'planned',
  'in_progress',
  'done',
  'declined',
] as const;
export type FeatureRequestStatus = (typeof FEATURE_REQUEST_STATUSES)[number];

/** How each status reads in the app. */
export const FEATURE_REQUEST_STATUS_LABELS: Record<FeatureRequestStatus, string> = {
  under_review: 'Under review',
  planned: 'Planned',
  in_progress: 'In progress',
  done: 'Done',
  declined: 'Declined',
};

export const FEATURE_REQUEST_TITLE_MAX = 120;
export const FEATURE_REQUEST_DESCRIPTION_MAX = 5000;
export const FEATURE_REQUEST_COMMENT_MAX = 2000;
/** New requests one person may post in 24 hours; more answer 429 rate_limited. */
export const FEATURE_REQUESTS_PER_DAY = 10;
/** Comments one person may post in 24 hours. */
export const FEATURE_REQUEST_COMMENTS_PER_DAY = 100;

export const featureRequestSorts = ['top', 'new'] as const;
export type FeatureRequestSort = (typeof featureRequestSorts)[number];
