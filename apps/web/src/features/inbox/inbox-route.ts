import {
  CONVERSATION_STATUSES,
  isCalendarDay,
  LOCAL_KEYS,
  PRIORITIES,
  SLA_FILTERS,
  SORTS,
  type ConversationSort,
  type ConversationStatus,
  type Priority,
  type SlaFilter,
} from '@parley/contracts';

/**
 * The inbox's URLs. Four segments before the conversation id, so ticket links (docs/product/screens.md)
 * (`{a}/{b}/{c}/{d}/{id}?search=id:{id}`) open the ticket:
 *
 *   /inboxes/{view}/{status}/{sort}            e.g. /inboxes/mine/open/newest
 *   /inboxes/{view}/{status}/{sort}/{id}       e.g. /inboxes/team-3/all/waiting-longest/123
 *
 * view: mine | unassigned | all | team-{id} | channel-{id} | tag-{id}
 * status: open | pending | snoozed | closed | all;  sort: newest | oldest | waiting-longest
 * The search box lives in `?search=` (e.g. `?search=id:123`), the list's other filters beside it:
 * `?priority=high,urgent&sla=breached,due_soon&created_from=2026-03-01&created_to=2026-03-31`.
 */
export const INBOX_BASE = '/inboxes';

/** A page of the conversation list. */
export const PAGE_SIZE = 25;
export const CONVERSATIONS_PATH = '/dashboardapi/conversations';
export const VIEW_COUNTS_PATH = '/dashboardapi/conversations/counts';
export const INBOX_MAPPING_PATH = '/dashboardapi/conversation/mapping';

/**
 * The list's optional filters (docs/product/saved-views.md): priorities, SLA states of the clock
 * due first, and the days of creation (YYYY-MM-DD, UTC, both included). Absent: not filtered.
 */
export interface ListFilters {
  priority?: Priority[];
  sla?: SlaFilter[];
  created_from?: string;
  created_to?: string;
}

/** Some of `values` named in a `a,b` parameter, each once, in the values' order. */
function choicesOf<T extends string>(values: readonly T[], raw: string | null): T[] | undefined {
  const named = new Set(raw?.split(',').map((v) => v.trim()));
  const list = values.filter((v) => named.has(v));
  return list.length > 0 ? list : undefined;
}

/** The filters in a URL's search; unknown values and days that are not days are left out. */
export function readListFilters(params: URLSearchParams): ListFilters {
  const day = (key: string) => {
    const value = params.get(key)?.trim();
    return value && isCalendarDay(value) ? value : undefined;
  };
  const filters: ListFilters = {
    priority: choicesOf(PRIORITIES, params.get('priority')),
    sla: choicesOf(SLA_FILTERS, params.get('sla')),
    created_from: day('created_from'),
    created_to: day('created_to'),
  };
  // A range backwards is not one the server takes: its end is dropped.
  if (filters.created_from && filters.created_to && filters.created_from > filters.created_to)
    filters.created_to = undefined;
  return withoutEmpty(filters);
}

/** The filters without their absent or empty fields (equal filters compare equal). */
export function withoutEmpty(filters: ListFilters): ListFilters {
  const out: ListFilters = {};
  if (filters.priority?.length) out.priority = filters.priority;
  if (filters.sla?.length) out.sla = filters.sla;
  if (filters.created_from) out.created_from = filters.created_from;
  if (filters.created_to) out.created_to = filters.created_to;
  return out;
}

/** How many filters are set, the days of creation one (the Filters button shows it). */
export function filterCount(filters: ListFilters): number {
  const set = withoutEmpty(filters);
  return [set.priority, set.sla, set.created_from ?? set.created_to].filter(Boolean).length;
}

/** The filters as query parameters (lists joined with commas), in a fixed order. */
export function listFilterParams(filters: ListFilters): Record<string, string | undefined> {
  return {
    priority: filters.priority?.length ? filters.priority.join(',') : undefined,
    sla: filters.sla?.length ? filters.sla.join(',') : undefined,
    created_from: filters.created_from || undefined,
    created_to: filters.created_to || undefined,
  };
}

/** The URL search of a list: `?search=…&priority=…`, or '' without any. */
export function inboxSearch(search: string, filters: ListFilters): string {
  const params = new URLSearchParams();
  if (search) params.set('search', search);
  for (const [key, value] of Object.entries(listFilterParams(filters)))
    if (value) params.set(key, value);
  const text = params.toString().replace(/%2C/g, ',');
  return text ? `?${text}` : '';
}

/** The list's query for a page (`cursor` null: the first), as the list endpoint reads it. */
export function listQuery(
  {
    view,
    status,
    sort,
    search,
    ...filters
  }: { view: string; status: string; sort: string; search?: string } & ListFilters,
  cursor: string | null,
) {
  return {
    view,
    status,
    sort,
    search: search || undefined,
    ...listFilterParams(filters),
    cursor: cursor ?? undefined,
    limit: PAGE_SIZE,
  };
}

export type StatusFilter = ConversationStatus | 'all';
export const STATUS_FILTERS: readonly StatusFilter[] = [...CONVERSATION_STATUSES, 'all'];

/** A server view: `mine`, `unassigned`, `all`, `team:3`, `channel:7`, `tag:12`. */
export type InboxView = string;

export interface InboxLocation {
  view: InboxView;
  status: StatusFilter;
  sort: ConversationSort;
  conversationId: number | null;
}

export const DEFAULT_INBOX: InboxLocation = {
  view: 'all',
  status: 'open',
  sort: 'newest',
  conversationId: null,
};

const FIXED_VIEWS = ['mine', 'unassigned', 'all'];
const SCOPED_SLUG = /^(team|channel|tag)-([1-9]\d{0,9})$/;
const SCOPED_VIEW = /^(team|channel|tag):([1-9]\d{0,9})$/;
const ID = /^[1-9]\d{0,9}$/;

export function viewToSlug(view: InboxView): string {
  return view.replace(':', '-');
}

export function slugToView(slug: string | undefined): InboxView | null {
  if (!slug) return null;
  if (FIXED_VIEWS.includes(slug)) return slug;
  const match = SCOPED_SLUG.exec(slug);
  return match ? `${match[1]}:${Number(match[2])}` : null;
}

export function isInboxView(value: string): boolean {
  return FIXED_VIEWS.includes(value) || SCOPED_VIEW.test(value);
}

export const sortToSlug = (sort: ConversationSort) => sort.replace('_', '-');

function slugToSort(slug: string | undefined): ConversationSort | null {
  const sort = slug?.replace('-', '_');
  return SORTS.find((s) => s === sort) ?? null;
}

function slugToStatus(slug: string | undefined): StatusFilter | null {
  return STATUS_FILTERS.find((s) => s === slug) ?? null;
}

/** The path of a place in the inbox. */
export function inboxPath({ view, status, sort, conversationId }: InboxLocation): string {
  const base = `${INBOX_BASE}/${viewToSlug(view)}/${status}/${sortToSlug(sort)}`;
  return conversationId === null ? base : `${base}/${conversationId}`;
}

/**
 * Reads the part of the path after /inboxes/. Missing or unknown parts take the defaults;
 * `canonical` says whether the path was already written the way inboxPath writes it.
 */
export function parseInboxSplat(splat: string): { location: InboxLocation; canonical: boolean } {
  const segments = splat.split('/').filter(Boolean);
  const [viewSlug, statusSlug, sortSlug, idSlug] = segments;
  const location: InboxLocation = {
    view: slugToView(viewSlug) ?? DEFAULT_INBOX.view,
    status: slugToStatus(statusSlug) ?? DEFAULT_INBOX.status,
    sort: slugToSort(sortSlug) ?? DEFAULT_INBOX.sort,
    conversationId: idSlug && ID.test(idSlug) ? Number(idSlug) : null,
  };
  const canonical = inboxPath(location) === `${INBOX_BASE}/${segments.join('/')}`;
  return { location, canonical };
}

// ---- docs/product/screens.md, docs/product/data.md: the last visited inbox route and its slug are remembered ----

/** Remembers where the user was (`last-inbox-route`) and in which view (`last-inbox-route-slug`). */
export function rememberInboxLocation(location: InboxLocation): void {
  try {
    localStorage.setItem(LOCAL_KEYS.lastInboxRoute, inboxPath(location));
    localStorage.setItem(LOCAL_KEYS.lastInboxRouteSlug, viewToSlug(location.view));
  } catch {
    // Storage unavailable: /inboxes then opens the default view.
  }
}

function readKey(key: string): string | null {
  try {
    return localStorage.getItem(key);
  } catch {
    return null;
  }
}

/** Where /inboxes takes the user: the last visited inbox route, else its view, else the default. */
export function restoredInboxPath(): string {
  const route = readKey(LOCAL_KEYS.lastInboxRoute);
  const prefix = `${INBOX_BASE}/`;
  if (route?.startsWith(prefix)) {
    const { location, canonical } = parseInboxSplat(route.slice(prefix.length));
    if (canonical) return inboxPath(location);
  }
  const view = slugToView(readKey(LOCAL_KEYS.lastInboxRouteSlug) ?? undefined);
  return inboxPath(view ? { ...DEFAULT_INBOX, view } : DEFAULT_INBOX);
}
