import { useSyncExternalStore } from 'react';
import { SAVED_VIEW_COUNT_CAP, type SavedView, type SavedViewFilters } from '@parley/contracts';
import {
  inboxPath,
  inboxSearch,
  withoutEmpty,
  type InboxLocation,
  type ListFilters,
  type StatusFilter,
} from './inbox-route';

/**
 * The list's filters in sight: the route's view, status and sort, the `?search=` text and the
 * other filters of the URL's search (priority, SLA state, days of creation).
 */
export interface CurrentFilters extends ListFilters {
  view: string;
  status: StatusFilter;
  sort: InboxLocation['sort'];
  search: string;
}

/** The list's filters as a saved view (or a bulk action on a view) keeps them. */
export function savedViewFiltersOf(current: CurrentFilters): SavedViewFilters {
  return {
    view: current.view,
    status: current.status,
    sort: current.sort,
    ...(current.search ? { search: current.search } : {}),
    ...withoutEmpty(current),
  };
}

const sameList = (a: readonly string[] | undefined, b: readonly string[] | undefined) =>
  (a ?? []).join(',') === (b ?? []).join(',');

/**
 * Where a saved view opens: the inbox's own URL for its filters, so a reload, back and forward
 * and a shared link all keep it (and every existing inbox URL stays as it is).
 */
export function savedViewHref(filters: SavedViewFilters): string {
  const path = inboxPath({
    view: filters.view,
    status: filters.status,
    sort: filters.sort,
    conversationId: null,
  });
  return `${path}${inboxSearch(filters.search ?? '', filters)}`;
}

export function sameFilters(filters: SavedViewFilters, current: CurrentFilters): boolean {
  return (
    filters.view === current.view &&
    filters.status === current.status &&
    filters.sort === current.sort &&
    (filters.search ?? '') === current.search &&
    sameList(filters.priority, current.priority) &&
    sameList(filters.sla, current.sla) &&
    (filters.created_from ?? '') === (current.created_from ?? '') &&
    (filters.created_to ?? '') === (current.created_to ?? '')
  );
}

/** The saved view showing now: the first whose filters are the list's. */
export function activeSavedView(
  views: readonly SavedView[] | undefined,
  current: CurrentFilters,
): SavedView | undefined {
  return views?.find((view) => sameFilters(view.filters, current));
}

/** A count as the sidebar shows it: "999+" once the server stopped counting. */
export function savedViewCount(
  view: Pick<SavedView, 'count' | 'capped'>,
  format: (n: number) => string,
) {
  return view.capped ? `${format(SAVED_VIEW_COUNT_CAP - 1)}+` : format(view.count);
}

/** Which saved-view dialog is open: save the list's filters, edit one view, or manage them all. */
export type SavedViewSheet = { kind: 'save' } | { kind: 'edit'; id: number } | { kind: 'manage' };

// The toolbar and the sidebar open the dialogs; one host in the inbox shows them.
let sheet: SavedViewSheet | null = null;
const listeners = new Set<() => void>();

export function openSavedViewSheet(next: SavedViewSheet | null): void {
  sheet = next;
  for (const listener of listeners) listener();
}

export function useSavedViewSheet(): SavedViewSheet | null {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => sheet,
  );
}
