/** Business constants and limits of docs/product/limits.md, in one place. */
export const PRODUCT_NAME_DEFAULT = 'Parley';
export const SUPPORT_EMAIL_DEFAULT = 'support@parley.localhost';

/**
 * The operator's settings the web app needs at run time (PRODUCT_NAME, SUPPORT_EMAIL): the
 * server writes them into index.html as a JSON data block with this id, which no browser runs.
 */
export const WEB_CONFIG_ELEMENT_ID = 'parley-config';
export interface WebConfig {
  product_name: string;
  support_email: string;
}

/**
 * Every build of the web app has an id: index.html names it in `<meta name="parley-build">`
 * and the server answers the one it serves, uncached, at BUILD_INFO_PATH (`{ build }`).
 */
export const BUILD_META_NAME = 'parley-build';
export const BUILD_INFO_PATH = '/build.json';
export interface BuildInfo {
  build: string;
}

/**
 * The chunks of a first visit (apps/web/first-visit-chunks.ts): the build names, per step, the
 * files a page of that step loads, at FIRST_VISIT_PATH in its output. The server names them in
 * index.html as modulepreload links for the page asked for, so the browser fetches them beside
 * the entry instead of after it.
 */
export const FIRST_VISIT_PATH = '/first-visit.json';
export type FirstVisitStepName = 'themed-app' | 'shell' | 'conversation';
export type FirstVisitFiles = Partial<Record<FirstVisitStepName, string[]>>;

/** Paths the web app serves outside the signed-in shell (public pages, the survey). */
export const OUTSIDE_SHELL_PATHS =
  /^\/(signup|help-center\/|widget-demo|login\/|settings\/teammembers\/invite\/confirm\/|transcript|feedback|nps-form)/;

/**
 * The first-visit steps a page at `pathname` needs before its first paint: none for /login (the
 * entry holds it), the themed app for the public pages, also the shell for a signed-in page.
 */
export function firstVisitSteps(pathname: string, signedIn: boolean): FirstVisitStepName[] {
  if (pathname === '/login') return [];
  if (!signedIn || OUTSIDE_SHELL_PATHS.test(pathname)) return ['themed-app'];
  return ['themed-app', 'shell'];
}

export const DAY_MS = 24 * 60 * 60 * 1000;

/** Password reminder window: 83 to 90 days since the last password update. */
export const PASSWORD_REMINDER_FROM_DAYS = 83;
export const PASSWORD_MAX_AGE_DAYS = 90;

/** Payment failure grace period. */
export const PAYMENT_GRACE_DAYS = 14;

/** 1 MB = 1,000,000 bytes. */
export const ATTACHMENT_TOTAL_LIMIT_BYTES = 18_000_000;

export const TICKET_CACHE_LIFETIME_MS = 5 * 60 * 1000;
export const GLOBAL_SETTINGS_CHECK_INTERVAL_MS = 60 * 1000;
export const GLOBAL_SETTINGS_REFRESH_AFTER_MS = 60 * 60 * 1000;
export const STALE_TAB_AFTER_MS = 1_800_000;
export const TOAST_DURATION_S = 3;
export const PERSIST_TIMEOUT_MS = 5000;
export const DEMO_CALLOUT_DELAY_MS = 5000;
export const SURVEY_MODAL_WIDTH = 627;
export const HELP_WIDGET_WIDTH = 376;
export const HELP_WIDGET_MAX_HEIGHT = 704;

export const TRIAL_DAYS = 14;
export const MIN_PASSWORD_LENGTH = 8;

/** Locally saved values (docs/product/data.md). Keys are contracts, spelling included. */
export const LOCAL_KEYS = {
  lastShownAt: 'last-shown-at',
  resizablePanels: 'resizable-panels',
  globalDateRange: 'global-date-range',
  togglePanels: 'toogle-panels',
  bannerClosedOn: 'banner-closed-on',
  lastInboxRoute: 'last-inbox-route',
  lastInboxRouteSlug: 'last-inbox-route-slug',
  loggedInUserData: 'logged_in_user_data',
  showDemoAndChatCallout: 'showDemoAndChatCallout',
} as const;

export const PERSIST_KEY = 'shared-inbox';

/** Cookies and headers of docs/product/api.md. */
export const COOKIES = {
  accountId: 'account_id',
  authToken: 'auth_token',
  csrfToken: 'csrftoken',
} as const;

export const HEADERS = {
  accountId: 'x-dc-account-id',
  authorization: 'authorization',
  csrf: 'x-csrftoken',
} as const;

export const CHANNEL_TYPES = [
  'email',
  'facebook',
  'instagram',
  'instagram_dm',
  'live_chat',
  'widget_livechat',
  'sms',
  'call',
  'whatsapp_gupshup_isv',
  'api',
] as const;
export type ChannelType = (typeof CHANNEL_TYPES)[number];
