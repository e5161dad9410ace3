import { lazy, Suspense, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { t } from '@lingui/core/macro';
import { Trans } from '@lingui/react/macro';
import { theme, type InputRef } from 'antd';
import { useNavigate, useSearchParams } from 'react-router';
import type { ConversationDetail, ConversationListItem, ConversationSort } from '@parley/contracts';
import { useAppDispatch } from '../../../app/hooks';
import { hasSession } from '../../../lib/session';
import { useGetMeQuery } from '../../auth';
import { ConversationPane } from '../../conversation';
import {
  useGetInboxMappingQuery,
  useGetViewCountsQuery,
  useListConversationsInfiniteQuery,
  type ConversationListArgs,
} from '../api/inbox-api';
import { useInboxShortcuts, useShortcutsEnabled } from '../hooks/use-inbox-shortcuts';
import { useInboxTitle } from '../hooks/use-inbox-title';
import { useLiveInbox } from '../hooks/use-live-inbox';
import { useSelection } from '../hooks/use-selection';
import { usePanelLayout } from '../hooks/use-panel-layout';
import { usePhoneLayout } from '../../../lib/use-phone-layout';
import {
  filterCount,
  inboxPath,
  inboxSearch,
  readListFilters,
  rememberInboxLocation,
  type InboxLocation,
  type ListFilters,
  type StatusFilter,
} from '../inbox-route';
import { patchConversationLists } from '../list-cache';
import { useListSavedViewsQuery } from '../api/saved-views-api';
import { activeSavedView } from '../saved-views';
import { ConversationList } from './conversation-list';
import { InboxPanels } from './inbox-panels';
import { ListToolbar } from './list-toolbar';
import { SavedViewSheetHost } from './saved-views-list';
import { ViewsPanel } from './views-panel';
import styles from './inbox.module.css';

// Sheets load on first use: the inbox route has a JS budget (docs/benchmarks.md).
const NewConversationModal = lazy(() =>
  import('./new-conversation-modal').then((m) => ({ default: m.NewConversationModal })),
);
const ShortcutsHelp = lazy(() =>
  import('./shortcuts-help').then((m) => ({ default: m.ShortcutsHelp })),
);
const BulkBar = lazy(() => import('./bulk-bar').then((m) => ({ default: m.BulkBar })));

type Sheet = 'help' | 'new-conversation' | null;

/** The name of a view that is not a team, channel or tag; undefined for those. */
function fixedViewTitle(view: string): string | undefined {
  if (view === 'mine') return t`Mine`;
  if (view === 'unassigned') return t`Unassigned`;
  if (view === 'all') return t`All`;
  return undefined;
}

function dedupe(items: ConversationListItem[]): ConversationListItem[] {
  const seen = new Set<number>();
  return items.filter((item) => !seen.has(item.id) && Boolean(seen.add(item.id)));
}

/**
 * The inbox at one place: views | list | conversation, live over realtime. On a phone the list
 * and the open conversation are screens of their own, and the views a drawer.
 */
export function InboxWorkspace({ location }: { location: InboxLocation }) {
  const { view, status, sort, conversationId } = location;
  const navigate = useNavigate();
  const dispatch = useAppDispatch();
  const [params] = useSearchParams();
  const search = params.get('search')?.trim() ?? '';
  // The priority, SLA and creation-day filters, as one value while their text stays the same.
  const filtersKey = inboxSearch('', readListFilters(params));
  const filters = useMemo<ListFilters>(
    () => readListFilters(new URLSearchParams(filtersKey)),
    [filtersKey],
  );
  const filtered = filterCount(filters) > 0;
  const layout = usePanelLayout();
  const phone = usePhoneLayout();
  const [viewsOpen, setViewsOpen] = useState(false);
  // On a phone, back on the list, the conversation just left stays in sight.
  const [lastOpened, setLastOpened] = useState<number | null>(conversationId);
  if (conversationId !== null && conversationId !== lastOpened) setLastOpened(conversationId);
  const shortcutsEnabled = useShortcutsEnabled();
  const [sheet, setSheet] = useState<Sheet>(null);
  const [sheetsUsed, setSheetsUsed] = useState<Set<Sheet>>(() => new Set());
  const searchRef = useRef<InputRef>(null);
  const { token } = theme.useToken();

  const { data: me } = useGetMeQuery(undefined, { skip: !hasSession() });
  const userId = me?.id ?? null;
  const args = useMemo<ConversationListArgs>(
    () => ({ view, status, sort, ...(search ? { search } : {}), ...filters }),
    [view, status, sort, search, filters],
  );
  const list = useListConversationsInfiniteQuery(args);
  const { data: counts } = useGetViewCountsQuery(status);
  const { data: mapping } = useGetInboxMappingQuery();
  useLiveInbox(userId);
  useInboxTitle(counts?.unread_mine);

  useEffect(() => rememberInboxLocation(location), [location]);

  const rows = useMemo(
    () => dedupe(list.currentData?.pages.flatMap((page) => page.items) ?? []),
    [list.currentData],
  );
  const rowIds = useMemo(() => rows.map((row) => row.id), [rows]);
  const selection = useSelection(`${view}|${status}|${sort}|${search}|${filtersKey}`, rowIds);
  // The bar stays while its action runs, whatever happens to the selection.
  const [bulkRunning, setBulkRunning] = useState(false);
  const selecting = selection.ids.size > 0 || bulkRunning;

  const query = inboxSearch(search, filters);
  const go = useCallback(
    (next: Partial<InboxLocation>, nextSearch: string = query) =>
      navigate(`${inboxPath({ ...location, ...next })}${nextSearch}`),
    [navigate, location, query],
  );
  const hrefFor = useCallback(
    (id: number) => `${inboxPath({ ...location, conversationId: id })}${query}`,
    [location, query],
  );

  const openSheet = (next: Sheet) => {
    setViewsOpen(false);
    setSheet(next);
    setSheetsUsed((used) => (used.has(next) ? used : new Set(used).add(next)));
  };

  const step = (delta: 1 | -1) => {
    if (rows.length === 0) return;
    const index = rows.findIndex((row) => row.id === conversationId);
    const nextIndex = index === -1 ? (delta === 1 ? 0 : rows.length - 1) : index + delta;
    const next = rows[nextIndex];
    if (next) go({ conversationId: next.id });
    else if (delta === 1 && list.hasNextPage && !list.isFetchingNextPage) void list.fetchNextPage();
  };

  /** `x`: the row with keyboard focus, else the open conversation. */
  const toggleFocused = () => {
    const focused = document.activeElement?.closest('[data-conversation-id]');
    const id = focused ? Number(focused.getAttribute('data-conversation-id')) : conversationId;
    if (id !== null && rowIds.includes(id)) selection.toggle(id, false);
  };

  useInboxShortcuts(
    sheet
      ? { 'close-sheet': () => setSheet(null) }
      : {
          ...(selecting && !bulkRunning ? { 'close-sheet': selection.clear } : {}),
          select: toggleFocused,
          next: () => step(1),
          previous: () => step(-1),
          search: () => searchRef.current?.focus({ cursor: 'all' }),
          'new-conversation': () => openSheet('new-conversation'),
          help: () => openSheet('help'),
        },
  );

  const onSearch = useCallback(
    (text: string) =>
      navigate(`${inboxPath(location)}${inboxSearch(text, filters)}`, { replace: true }),
    [navigate, location, filters],
  );
  const onFiltersChange = useCallback(
    (next: ListFilters) => navigate(`${inboxPath(location)}${inboxSearch(search, next)}`),
    [navigate, location, search],
  );

  const onCreated = (conversation: ConversationDetail) => {
    setSheet(null);
    if (userId !== null) dispatch(patchConversationLists(conversation, userId));
    go({ conversationId: conversation.id });
  };

  // A saved view in sight names the list.
  const { data: saved } = useListSavedViewsQuery();
  const title =
    activeSavedView(saved?.views, { view, status, sort, search, ...filters })?.name ??
    fixedViewTitle(view) ??
    (() => {
      const [kind, raw] = view.split(':');
      const id = Number(raw);
      if (kind === 'team') return mapping?.teams.find((team) => team.id === id)?.name ?? t`Team`;
      if (kind === 'channel') {
        return mapping?.support_channels.find((c) => c.id === id)?.name ?? t`Channel`;
      }
      return mapping?.tags.find((tag) => tag.id === id)?.name ?? t`Tag`;
    })();
  const countFor = (): number | undefined => {
    if (!counts) return undefined;
    if (view === 'mine' || view === 'unassigned' || view === 'all') return counts[view];
    const [kind, raw = ''] = view.split(':');
    const map = kind === 'team' ? counts.teams : kind === 'channel' ? counts.channels : counts.tags;
    return map[raw] ?? 0;
  };

  return (
    <>
      <h1 className={styles.srOnly}>
        <Trans>Inboxes</Trans>
      </h1>
      <InboxPanels
        layout={layout}
        phone={
          phone
            ? {
                conversationOpen: conversationId !== null,
                viewsOpen,
                onCloseViews: () => setViewsOpen(false),
              }
            : undefined
        }
        views={
          <ViewsPanel
            location={location}
            counts={counts}
            mapping={mapping}
            onNewConversation={() => openSheet('new-conversation')}
            onShowShortcuts={() => openSheet('help')}
            onHide={phone ? undefined : () => layout.toggle('views')}
          />
        }
        list={
          <>
            {selecting ? (
              <Suspense fallback={<div className={styles.bulkBar} aria-busy="true" />}>
                <BulkBar
                  selection={selection}
                  pageIds={rowIds}
                  matching={search || filtered ? undefined : countFor()}
                  filter={{ view, status, sort, ...(search ? { search } : {}), ...filters }}
                  mapping={mapping}
                  onRunningChange={setBulkRunning}
                />
              </Suspense>
            ) : (
              <ListToolbar
                title={title}
                count={search || filtered ? undefined : countFor()}
                status={status}
                sort={sort}
                search={search}
                filters={filters}
                onFiltersChange={onFiltersChange}
                searchRef={searchRef}
                viewsHidden={phone || !layout.visible.views}
                onHideList={() => layout.toggle('list')}
                onShowViews={phone ? () => setViewsOpen(true) : undefined}
                onNewConversation={() => openSheet('new-conversation')}
                onStatusChange={(next: StatusFilter) => go({ status: next })}
                onSortChange={(next: ConversationSort) => go({ sort: next })}
                onSearch={onSearch}
                onSelectPage={rowIds.length > 0 ? () => selection.selectPage(true) : undefined}
              />
            )}
            <ConversationList
              query={list}
              loading={!list.currentData && !list.isError}
              rows={rows}
              hrefFor={hrefFor}
              selectedId={conversationId}
              revealId={phone ? lastOpened : null}
              mapping={mapping}
              search={search}
              status={status}
              onSearchAllStatuses={search && status !== 'all' ? () => go({ status: 'all' }) : null}
              checkedIds={selection.ids}
              onCheck={selection.toggle}
            />
          </>
        }
        conversation={
          conversationId === null ? (
            <div className={styles.noConversation}>
              <h2
                style={{
                  fontSize: token.fontSizeLG,
                  margin: '0 0 6px',
                  color: token.colorText,
                }}
              >
                <Trans>No conversation open</Trans>
              </h2>
              <p style={{ margin: 0 }}>
                {shortcutsEnabled ? (
                  <Trans>
                    Pick one from the list, or press <kbd className={styles.kbd}>j</kbd> to open the
                    first.
                  </Trans>
                ) : (
                  <Trans>Pick one from the list.</Trans>
                )}
              </p>
            </div>
          ) : (
            <Suspense fallback={<div className={styles.paneLoading} aria-busy="true" />}>
              <ConversationPane
                conversationId={conversationId}
                onBack={phone ? () => go({ conversationId: null }) : undefined}
              />
            </Suspense>
          )
        }
      />
      <Suspense fallback={null}>
        {sheetsUsed.has('new-conversation') && (
          <NewConversationModal
            open={sheet === 'new-conversation'}
            channels={mapping?.support_channels ?? []}
            onClose={() => setSheet(null)}
            onCreated={onCreated}
          />
        )}
        {sheetsUsed.has('help') && (
          <ShortcutsHelp
            open={sheet === 'help'}
            disabled={!shortcutsEnabled}
            onClose={() => setSheet(null)}
          />
        )}
      </Suspense>
      <SavedViewSheetHost current={{ view, status, sort, search, ...filters }} mapping={mapping} />
    </>
  );
}
