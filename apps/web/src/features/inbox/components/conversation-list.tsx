import { useEffect, useMemo, useRef } from 'react';
import { t } from '@lingui/core/macro';
import { Trans } from '@lingui/react/macro';
import { Button } from 'antd';
import { Link } from 'react-router';
import type { ConversationListItem, ConversationMapping } from '@parley/contracts';
import { asErrorPayload } from '../../../lib/api-error';
import type { useListConversationsInfiniteQuery } from '../api/inbox-api';
import { usePreloadTicket, preloadConversationPane } from '../../conversation';
import type { StatusFilter } from '../inbox-route';
import { ConversationRow } from './conversation-row';
import styles from './inbox.module.css';

type ListQuery = ReturnType<typeof useListConversationsInfiniteQuery>;

interface ConversationListProps {
  query: ListQuery;
  /** Nothing to show for this view yet (first load, or a new view / status / search). */
  loading: boolean;
  rows: ConversationListItem[];
  hrefFor: (conversationId: number) => string;
  selectedId: number | null;
  /** A row to keep in sight when none is open (on a phone: the conversation just left). */
  revealId?: number | null;
  mapping: ConversationMapping | undefined;
  /** What the list is filtered by, for the empty state. */
  search: string;
  status: StatusFilter;
  onSearchAllStatuses: (() => void) | null;
  /** Rows picked for a bulk action. */
  checkedIds: ReadonlySet<number>;
  onCheck: (id: number, range: boolean) => void;
}

/** Why a search found nothing: one whole sentence per status, for translators. */
function noMatchText(status: StatusFilter, search: string): string {
  switch (status) {
    case 'open':
      return t`Nothing open matches “${search}”.`;
    case 'pending':
      return t`Nothing pending matches “${search}”.`;
    case 'snoozed':
      return t`Nothing snoozed matches “${search}”.`;
    case 'closed':
      return t`Nothing closed matches “${search}”.`;
    case 'all':
      return t`Nothing matches “${search}”.`;
  }
}

/** An empty view, by status. */
function emptyViewText(status: StatusFilter): string {
  switch (status) {
    case 'open':
      return t`There are no open conversations in this view.`;
    case 'pending':
      return t`There are no pending conversations in this view.`;
    case 'snoozed':
      return t`There are no snoozed conversations in this view.`;
    case 'closed':
      return t`There are no closed conversations in this view.`;
    case 'all':
      return t`There are no conversations in this view.`;
  }
}

function LoadingRows() {
  return (
    <div role="status" aria-live="polite" aria-label={t`Loading conversations`}>
      {Array.from({ length: 6 }, (_, i) => (
        <div key={i} className={styles.skeleton} aria-hidden="true">
          <div className={styles.skeletonLine} style={{ width: '55%' }} />
          <div className={styles.skeletonLine} style={{ width: '85%' }} />
          <div className={styles.skeletonLine} style={{ width: '40%' }} />
        </div>
      ))}
    </div>
  );
}

/** The conversations of the view: infinite scroll over next_cursor, with every state handled. */
export function ConversationList({
  query,
  loading,
  rows,
  hrefFor,
  selectedId,
  revealId = null,
  mapping,
  search,
  status,
  onSearchAllStatuses,
  checkedIds,
  onCheck,
}: ConversationListProps) {
  const { isError, error, hasNextPage, isFetchingNextPage, isFetchNextPageError } = query;
  const { fetchNextPage, refetch } = query;
  const preload = usePreloadTicket();
  const scrollRef = useRef<HTMLDivElement>(null);
  const sentinelRef = useRef<HTMLDivElement>(null);

  const usersById = useMemo(
    () => new Map((mapping?.dc_users ?? []).map((user) => [user.id, user])),
    [mapping],
  );
  const tagsById = useMemo(
    () => new Map((mapping?.tags ?? []).map((tag) => [tag.id, tag])),
    [mapping],
  );

  // Infinite scroll: the next page loads as the end of the list comes into view.
  const canLoadMore = hasNextPage && !isFetchingNextPage && !isFetchNextPageError;
  useEffect(() => {
    const sentinel = sentinelRef.current;
    if (!canLoadMore || !sentinel || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) void fetchNextPage();
      },
      { root: scrollRef.current, rootMargin: '240px 0px' },
    );
    observer.observe(sentinel);
    return () => observer.disconnect();
  }, [canLoadMore, fetchNextPage]);

  // Keep the open conversation in sight (j/k move it).
  const inSight = selectedId ?? revealId;
  useEffect(() => {
    if (inSight === null) return;
    const row = scrollRef.current?.querySelector(`[data-conversation-id="${inSight}"]`);
    row?.scrollIntoView?.({ block: 'nearest' });
  }, [inSight]);

  let body;
  if (loading) {
    body = <LoadingRows />;
  } else if (isError && rows.length === 0) {
    body = (
      <div className={styles.listState} role="alert">
        <h3>
          <Trans>Conversations could not be loaded</Trans>
        </h3>
        <p>{asErrorPayload(error)?.message ?? t`Please try again in a moment.`}</p>
        <Button onClick={() => void refetch()}>
          <Trans>Try again</Trans>
        </Button>
      </div>
    );
  } else if (rows.length === 0) {
    // A workspace without channels can receive nothing yet: point to the setup checklist.
    const noChannels = !search && mapping !== undefined && mapping.support_channels.length === 0;
    body = (
      <div className={styles.listState}>
        <h3>
          {search
            ? t`No conversations match your search`
            : noChannels
              ? t`Your inbox is empty`
              : t`No conversations here`}
        </h3>
        <p>
          {search
            ? noMatchText(status, search)
            : noChannels
              ? t`Conversations arrive through your channels (email, live chat, social, SMS), and this workspace has none yet.`
              : emptyViewText(status)}
        </p>
        {noChannels && (
          <Link to="/setup">
            <Trans>Connect a channel in Setup</Trans>
          </Link>
        )}
        {onSearchAllStatuses && (
          <Button onClick={onSearchAllStatuses}>
            <Trans>Search all statuses</Trans>
          </Button>
        )}
      </div>
    );
  } else {
    body = (
      <>
        {/* Pointing at or tabbing to a row loads the conversation pane's code before the click. */}
        <ul
          className={styles.rows}
          aria-label={t`Conversations`}
          onMouseOver={preloadConversationPane}
          onFocus={preloadConversationPane}
        >
          {rows.map((item) => (
            <ConversationRow
              key={item.id}
              item={item}
              to={hrefFor(item.id)}
              selected={item.id === selectedId}
              assignee={item.assignee_id === null ? undefined : usersById.get(item.assignee_id)}
              tagsById={tagsById}
              preload={preload}
              checked={checkedIds.has(item.id)}
              onCheck={onCheck}
            />
          ))}
        </ul>
        <div ref={sentinelRef} />
        {hasNextPage && (
          <div className={styles.more}>
            {isFetchNextPageError && (
              <p role="alert">
                <Trans>More conversations could not be loaded.</Trans>
              </p>
            )}
            <Button type="text" loading={isFetchingNextPage} onClick={() => void fetchNextPage()}>
              {isFetchNextPageError ? t`Try again` : t`Load more`}
            </Button>
          </div>
        )}
      </>
    );
  }

  return (
    <div ref={scrollRef} className={styles.listScroll} aria-busy={loading || isFetchingNextPage}>
      {body}
    </div>
  );
}
