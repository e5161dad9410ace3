// i18n-ignore-file: English names as data (Node reads this file); settings-menu.tsx translates them.
import type { PermissionLevel } from '@parley/contracts';

/**
 * Every path of the web app, as data. The router (themed-app.tsx, app-routes.tsx) and
 * the settings menu are built from it, and the e2e crawl (e2e/tests/crawl.spec.ts) visits every
 * entry, so a new page is routed, guarded and crawled from one place. Plain data on purpose: no
 * React here, Node imports this file.
 */

/**
 * Where a page lives:
 * - `entry`: public, in the entry chunk (app-routes.tsx; docs/adr/0006);
 * - `public`: public, no session needed or sent;
 * - `signed-in`: needs a session, outside the shell;
 * - `shell`: in the signed-in shell; `settings`: in the shell's settings layout.
 */
export type RouteArea = 'entry' | 'public' | 'signed-in' | 'shell' | 'settings';

export const ALL_ROLES = ['owner', 'admin', 'agent'] as const satisfies readonly PermissionLevel[];
/** The server refuses these pages' data to agents (`requireAdmin`: 403, and a 403 signs out). */
export const ADMIN_ROLES = ['owner', 'admin'] as const satisfies readonly PermissionLevel[];

/** Objects the crawl creates before it visits the routes that name them. */
export type CrawlFixture =
  | 'ticket'
  | 'invitation'
  | 'transcript'
  | 'feedback'
  | 'reset-password'
  | 'help-center'
  | 'help-article'
  | 'article-editor'
  | 'contact';

/** How the crawl opens a route: a fixed URL, or one it builds from an object it creates. */
export type CrawlVisit = { url: string } | { fixture: CrawlFixture; note: string };

export type SettingsIcon =
  | 'sliders'
  | 'user'
  | 'lock'
  | 'team'
  | 'apartment'
  | 'api'
  | 'key'
  | 'thunderbolt'
  | 'message'
  | 'tags'
  | 'bulb'
  | 'book'
  | 'mail'
  | 'cloud-server'
  | 'credit-card'
  | 'audit'
  | 'clock'
  | 'field-time';

/**
 * The settings pages' names in English: the e2e crawl reads them here, and the menu shows each in
 * the active language (app/settings-menu.tsx).
 */
export type SettingsPageLabel =
  | 'Global settings'
  | 'Profile'
  | 'Change password'
  | 'Team members'
  | 'Teams'
  | 'Support channels'
  | 'API keys'
  | 'Fast replies'
  | 'Chat widget'
  | 'Tags'
  | 'Feature requests'
  | 'Help center'
  | 'Email setup'
  | 'DNS records'
  | 'Pricing'
  | 'Audit log'
  | 'Auto-assignment'
  | 'Automation'
  | 'SLA policies'
  | 'Business hours'
  | 'Macros';

/** A settings page's entry in the side menu; `group` null = above the groups. */
export interface SettingsMenuEntry {
  label: SettingsPageLabel;
  icon: SettingsIcon;
  group: 'profile' | 'workspace' | null;
}

interface RouteBase {
  /** The full path pattern, as React Router matches it. */
  path: string;
  area: RouteArea;
  /** Who may open it; a role not listed gets the "not allowed" screen (app/require-role.tsx). */
  roles: readonly PermissionLevel[];
  crawl: readonly CrawlVisit[];
}

export interface PageRoute extends RouteBase {
  /** The page component's key in themed-app.tsx (or app-routes.tsx for `entry`). */
  page: string;
  /** Settings pages listed in the side menu (app/settings-menu.tsx), in this order. */
  menu?: SettingsMenuEntry;
}

export interface RedirectRoute extends RouteBase {
  redirect: string;
}

export type AppRoute = PageRoute | RedirectRoute;

const everyone = ALL_ROLES;

export const APP_ROUTES = [
  { path: '/login', page: 'login', area: 'entry', roles: everyone, crawl: [{ url: '/login' }] },
  { path: '/signup', page: 'signup', area: 'public', roles: everyone, crawl: [{ url: '/signup' }] },
  {
    path: '/login/forgotpassword',
    page: 'forgot-password',
    area: 'public',
    roles: everyone,
    crawl: [{ url: '/login/forgotpassword?alert=expiry_surpassed' }],
  },
  {
    path: '/login/resetpassword',
    page: 'reset-password',
    area: 'public',
    roles: everyone,
    crawl: [{ fixture: 'reset-password', note: 'the link of a password-reset email' }],
  },
  {
    path: '/settings/teammembers/invite/confirm/:token',
    page: 'invitation-confirm',
    area: 'public',
    roles: everyone,
    crawl: [{ fixture: 'invitation', note: 'the link of a pending invitation email' }],
  },
  {
    path: '/transcript',
    page: 'transcript',
    area: 'public',
    roles: everyone,
    crawl: [{ fixture: 'transcript', note: 'the signed link mailed when a conversation closes' }],
  },
  {
    path: '/feedback',
    page: 'feedback',
    area: 'public',
    roles: everyone,
    crawl: [{ fixture: 'feedback', note: 'the signed link mailed when a conversation closes' }],
  },
  {
    path: '/widget-demo',
    page: 'widget-demo',
    area: 'public',
    roles: everyone,
    crawl: [{ url: '/widget-demo' }],
  },
  {
    path: '/help-center/:center',
    page: 'public-help-center',
    area: 'public',
    roles: everyone,
    // `helpcenter` is the operator's centre, which exists only with OPERATOR_ACCOUNT_ID or DEMO.
    crawl: [
      { fixture: 'help-center', note: "the crawl's workspace, once it published an article" },
    ],
  },
  {
    path: '/help-center/:center/articles/:slug',
    page: 'public-help-article',
    area: 'public',
    roles: everyone,
    crawl: [{ fixture: 'help-article', note: 'an article the crawl publishes' }],
  },
  {
    path: '/nps-form',
    page: 'nps-form',
    area: 'signed-in',
    roles: everyone,
    crawl: [{ url: '/nps-form' }],
  },
  { path: '/', redirect: '/inboxes', area: 'shell', roles: everyone, crawl: [{ url: '/' }] },
  {
    path: '/inboxes/*',
    page: 'inbox',
    area: 'shell',
    roles: everyone,
    crawl: [
      { url: '/inboxes' },
      { fixture: 'ticket', note: 'a ticket link to a conversation the crawl creates' },
    ],
  },
  {
    path: '/reporting',
    page: 'reporting',
    area: 'shell',
    roles: everyone,
    crawl: [{ url: '/reporting' }],
  },
  {
    path: '/contacts',
    page: 'contacts',
    area: 'shell',
    roles: everyone,
    crawl: [{ url: '/contacts' }],
  },
  {
    path: '/contacts/:contactId',
    page: 'contact',
    area: 'shell',
    roles: everyone,
    crawl: [{ fixture: 'contact', note: 'the page of a contact the crawl creates' }],
  },
  { path: '/setup', page: 'setup', area: 'shell', roles: everyone, crawl: [{ url: '/setup' }] },
  {
    path: '/settings',
    redirect: '/settings/global',
    area: 'shell',
    roles: everyone,
    crawl: [{ url: '/settings' }],
  },
  {
    path: '/settings/global',
    page: 'global-settings',
    area: 'settings',
    roles: everyone,
    crawl: [{ url: '/settings/global' }],
    menu: { label: 'Global settings', icon: 'sliders', group: null },
  },
  {
    path: '/settings/profile',
    page: 'profile',
    area: 'settings',
    roles: everyone,
    crawl: [{ url: '/settings/profile' }],
    menu: { label: 'Profile', icon: 'user', group: 'profile' },
  },
  {
    path: '/settings/profile/changepassword',
    page: 'change-password',
    area: 'settings',
    roles: everyone,
    crawl: [{ url: '/settings/profile/changepassword?alert=expiry_shortly' }],
    menu: { label: 'Change password', icon: 'lock', group: 'profile' },
  },
  {
    path: '/settings/teammembers',
    page: 'team-members',
    area: 'settings',
    roles: everyone,
    crawl: [{ url: '/settings/teammembers' }],
    menu: { label: 'Team members', icon: 'team', group: 'workspace' },
  },
  {
    path: '/settings/teams',
    page: 'teams',
    area: 'settings',
    roles: everyone,
    crawl: [{ url: '/settings/teams' }],
    menu: { label: 'Teams', icon: 'apartment', group: 'workspace' },
  },
  {
    path: '/settings/assignment',
    page: 'auto-assignment',
    area: 'settings',
    roles: ADMIN_ROLES,
    crawl: [{ url: '/settings/assignment' }],
    menu: { label: 'Auto-assignment', icon: 'team', group: 'workspace' },
  },
  {
    path: '/settings/automation',
    page: 'automation',
    area: 'settings',
    roles: ADMIN_ROLES,
    crawl: [{ url: '/settings/automation' }],
    menu: { label: 'Automation', icon: 'thunderbolt', group: 'workspace' },
  },
  {
    // Owners and admins change them; agents read them (docs/product/sla.md).
    path: '/settings/sla',
    page: 'sla-policies',
    area: 'settings',
    roles: everyone,
    crawl: [{ url: '/settings/sla' }],
    menu: { label: 'SLA policies', icon: 'field-time', group: 'workspace' },
  },
  {
    path: '/settings/business-hours',
    page: 'business-hours',
    area: 'settings',
    roles: everyone,
    crawl: [{ url: '/settings/business-hours' }],
    menu: { label: 'Business hours', icon: 'clock', group: 'workspace' },
  },
  {
    path: '/settings/supportchannels',
    page: 'support-channels',
    area: 'settings',
    roles: everyone,
    crawl: [{ url: '/settings/supportchannels' }],
    menu: { label: 'Support channels', icon: 'api', group: 'workspace' },
  },
  {
    path: '/settings/supportchannels/addchannel/fb',
    page: 'meta-connect',
    area: 'settings',
    roles: everyone,
    crawl: [{ url: '/settings/supportchannels/addchannel/fb' }],
  },
  {
    path: '/settings/apikeys',
    page: 'api-keys',
    area: 'settings',
    roles: ADMIN_ROLES,
    crawl: [{ url: '/settings/apikeys' }],
    menu: { label: 'API keys', icon: 'key', group: 'workspace' },
  },
  {
    path: '/settings/fastreplies',
    page: 'fast-replies',
    area: 'settings',
    roles: everyone,
    crawl: [{ url: '/settings/fastreplies' }],
    menu: { label: 'Fast replies', icon: 'thunderbolt', group: 'workspace' },
  },
  {
    path: '/settings/macros',
    page: 'macros',
    area: 'settings',
    roles: everyone,
    crawl: [{ url: '/settings/macros' }],
    menu: { label: 'Macros', icon: 'thunderbolt', group: 'workspace' },
  },
  {
    path: '/settings/widgets',
    page: 'widget-settings',
    area: 'settings',
    roles: everyone,
    crawl: [{ url: '/settings/widgets' }],
    menu: { label: 'Chat widget', icon: 'message', group: 'workspace' },
  },
  {
    path: '/settings/widgets/shopify/edit',
    page: 'widget-settings',
    area: 'settings',
    roles: everyone,
    // The product writes it with the trailing slash.
    crawl: [{ url: '/settings/widgets/shopify/edit/' }],
  },
  {
    path: '/settings/tags',
    page: 'tags',
    area: 'settings',
    roles: everyone,
    crawl: [{ url: '/settings/tags' }],
    menu: { label: 'Tags', icon: 'tags', group: 'workspace' },
  },
  {
    path: '/settings/feature-requests',
    page: 'feature-requests',
    area: 'settings',
    roles: everyone,
    crawl: [{ url: '/settings/feature-requests' }],
    menu: { label: 'Feature requests', icon: 'bulb', group: 'workspace' },
  },
  {
    path: '/settings/help-center-articles',
    page: 'help-center-settings',
    area: 'settings',
    roles: everyone,
    crawl: [{ url: '/settings/help-center-articles' }],
    menu: { label: 'Help center', icon: 'book', group: 'workspace' },
  },
  {
    path: '/settings/help-center-articles/new',
    page: 'article-editor',
    area: 'settings',
    roles: everyone,
    crawl: [{ url: '/settings/help-center-articles/new' }],
  },
  {
    path: '/settings/help-center-articles/:articleId',
    page: 'article-editor',
    area: 'settings',
    roles: everyone,
    crawl: [{ fixture: 'article-editor', note: 'the article the crawl publishes' }],
  },
  {
    path: '/settings/emailsetup',
    page: 'email-setup',
    area: 'settings',
    roles: everyone,
    crawl: [{ url: '/settings/emailsetup' }],
    menu: { label: 'Email setup', icon: 'mail', group: 'workspace' },
  },
  {
    path: '/settings/dnsrecords',
    page: 'dns-records',
    area: 'settings',
    roles: everyone,
    crawl: [{ url: '/settings/dnsrecords' }],
    menu: { label: 'DNS records', icon: 'cloud-server', group: 'workspace' },
  },
  {
    path: '/settings/pricing',
    page: 'pricing',
    area: 'settings',
    roles: everyone,
    crawl: [{ url: '/settings/pricing' }],
    menu: { label: 'Pricing', icon: 'credit-card', group: 'workspace' },
  },
  {
    path: '/settings/audit-log',
    page: 'audit-log',
    area: 'settings',
    roles: ADMIN_ROLES,
    crawl: [{ url: '/settings/audit-log' }],
    menu: { label: 'Audit log', icon: 'audit', group: 'workspace' },
  },
] as const satisfies readonly AppRoute[];

type Entry = (typeof APP_ROUTES)[number];

/** Every page component the table names; themed-app.tsx must give each (but `entry`) a component. */
export type PageKey = Extract<Entry, { page: string }>['page'];
export type ThemedPageKey = Extract<
  Entry,
  { page: string; area: Exclude<RouteArea, 'entry'> }
>['page'];
/** The pages of the entry chunk (app-routes.tsx). */
export type EntryPageKey = Extract<Entry, { page: string; area: 'entry' }>['page'];

export const isRedirect = (route: AppRoute): route is RedirectRoute => 'redirect' in route;

export const mayOpen = (route: AppRoute, role: PermissionLevel) => route.roles.includes(role);

/** The settings side menu: its pages in order, those `role` may open (all of them for no role). */
export function settingsMenuRoutes(role?: PermissionLevel) {
  return APP_ROUTES.filter(
    (route): route is Extract<Entry, { menu: SettingsMenuEntry }> =>
      'menu' in route && (role === undefined || mayOpen(route, role)),
  );
}

/** Paths the crawl visits as unknown: the styled 404 in and out of the shell. */
export const UNKNOWN_PATHS = { outside: '/no-such-page', settings: '/settings/no-such-page' };
