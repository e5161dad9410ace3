import type {
  ConversationListItem,
  ConversationListResponse,
  ConversationSort,
  SlaFilter,
} from '@parley/contracts';
import type { ConversationListArgs } from './api/inbox-api';
import type { ListFilters } from './inbox-route';

/**
 * Realtime patches of the cached inbox lists (no refetch): a `conversation_updated` event
 * updates the row, moves it to where the list's sort puts it (the top, for newest first),
 * inserts it when it now belongs to the view and status, and removes it when it no longer does.
 */

export interface ListPages {
  pages: ConversationListResponse[];
  pageParams: Array<string | null>;
}

/** Does the conversation belong to the view (mine, unassigned, all, team:N, channel:N, tag:N)? */
export function matchesView(item: ConversationListItem, view: string, userId: number): boolean {
  if (view === 'all') return true;
  if (view === 'mine') return item.assignee_id === userId;
  if (view === 'unassigned') return item.assignee_id === null;
  const [kind, raw] = view.split(':');
  const id = Number(raw);
  if (kind === 'team') return item.team_id === id;
  if (kind === 'channel') return item.support_channel_id === id;
  if (kind === 'tag') return item.tag_ids.includes(id);
  return false;
}

const ID_SEARCH = /^id:\s*(\d{1,10})$/i;

/** true / false for an `id:N` search; null when only the server can tell (words). */
export function matchesSearch(item: ConversationListItem, search: string | undefined) {
  const text = search?.trim();
  if (!text) return true;
  const byId = ID_SEARCH.exec(text);
  return byId ? item.id === Number(byId[1]) : null;
}

/** The SLA filter a row's clock falls under (the server's reading of the same clock). */
function slaFilterOf(item: ConversationListItem): SlaFilter {
  switch (item.sla?.state) {
    case 'breached':
      return 'breached';
    case 'warning':
      return 'due_soon';
    case 'running':
      return 'on_track';
    case 'paused':
      return 'paused';
    default:
      return 'none';
  }
}

/** Does the conversation pass the list's priority, SLA and creation-day filters? */
export function matchesFilters(item: ConversationListItem, filters: ListFilters): boolean {
  if (filters.priority?.length && !filters.priority.includes(item.priority)) return false;
  if (filters.sla?.length && !filters.sla.includes(slaFilterOf(item))) return false;
  if (filters.created_from || filters.created_to) {
    const day = new Date(item.created_at).toISOString().slice(0, 10);
    if (filters.created_from && day < filters.created_from) return false;
    if (filters.created_to && day > filters.created_to) return false;
  }
  return true;
}

const time = (iso: string | null) => (iso === null ? Number.POSITIVE_INFINITY : Date.parse(iso));

/** The server's order (conversations.queries SORT), ties broken by id the same way. */
export function compareForSort(sort: ConversationSort) {
  return (a: ConversationListItem, b: ConversationListItem): number => {
    if (sort === 'newest') {
      return time(b.last_activity_at) - time(a.last_activity_at) || b.id - a.id;
    }
    if (sort === 'oldest') {
      return time(a.last_activity_at) - time(b.last_activity_at) || a.id - b.id;
    }
    const wa = time(a.waiting_since);
    const wb = time(b.waiting_since);
    if (wa !== wb) return wa < wb ? -1 : 1;
    return a.id - b.id;
  };
}

function removeItem(data: ListPages, id: number): boolean {
  let removed = false;
  for (const page of data.pages) {
    const index = page.items.findIndex((row) => row.id === id);
    if (index >= 0) {
      page.items.splice(index, 1);
      removed = true;
    }
  }
  return removed;
}

function insertSorted(data: ListPages, item: ConversationListItem, sort: ConversationSort) {
  const compare = compareForSort(sort);
  for (const page of data.pages) {
    const index = page.items.findIndex((row) => compare(item, row) < 0);
    if (index >= 0) {
      page.items.splice(index, 0, item);
      return;
    }
  }
  // After everything loaded: only if nothing more is left to load; else a later page brings it.
  const last = data.pages.at(-1);
  if (last && last.next_cursor === null) last.items.push(item);
}

/** Applies one updated conversation to one cached list (mutates; use inside updateQueryData). */
export function applyConversationUpdate(
  data: ListPages,
  item: ConversationListItem,
  args: ConversationListArgs,
  userId: number,
): void {
  if (data.pages.length === 0) return;
  const belongs =
    matchesView(item, args.view, userId) &&
    (args.status === 'all' || item.status === args.status) &&
    matchesFilters(item, args);
  const searched = matchesSearch(item, args.search);
  const present = data.pages.some((page) => page.items.some((row) => row.id === item.id));

  if (!belongs || searched === false) {
    removeItem(data, item.id);
    return;
  }
  // A word search only the server can evaluate: refresh a row it already showed, add none.
  if (searched === null && !present) return;
  removeItem(data, item.id);
  insertSorted(data, item, args.sort);
}

/** The list-item fields of a conversation (a detail answer carries more). */
export function toListItem(item: ConversationListItem): ConversationListItem {
  return {
    id: item.id,
    subject: item.subject,
    status: item.status,
    priority: item.priority,
    snoozed_until: item.snoozed_until,
    assignee_id: item.assignee_id,
    team_id: item.team_id,
    support_channel_id: item.support_channel_id,
    channel_type: item.channel_type,
    brand_id: item.brand_id,
    contact: item.contact,
    last_message_preview: item.last_message_preview,
    last_activity_at: item.last_activity_at,
    waiting_since: item.waiting_since,
    unread: item.unread,
    tag_ids: item.tag_ids,
    created_at: item.created_at,
    sla: item.sla,
  };
}
