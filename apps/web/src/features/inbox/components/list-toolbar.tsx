import { lazy, Suspense, useEffect, useState, type Ref } from 'react';
import { t } from '@lingui/core/macro';
import { Button, Dropdown, Input, Tooltip, theme, type InputRef, type MenuProps } from 'antd';
import {
  DownOutlined,
  FilterOutlined,
  MenuFoldOutlined,
  MenuUnfoldOutlined,
  PlusOutlined,
  SearchOutlined,
  SlidersOutlined,
} from '@ant-design/icons';
import { SORTS, type ConversationSort } from '@parley/contracts';
import { formatNumber } from '../../../lib/format';
import { filterCount, STATUS_FILTERS, type ListFilters, type StatusFilter } from '../inbox-route';
import { openSavedViewSheet } from '../saved-views';
import styles from './inbox.module.css';

// The filter panel and its chips are their own chunk (antd's pickers): the inbox route's JS
// stays within its budget (docs/benchmarks.md).
const ListFilterPopover = lazy(() =>
  import('./list-filter-panel').then((m) => ({ default: m.ListFilterPopover })),
);
const ActiveFilterChips = lazy(() =>
  import('./list-filter-panel').then((m) => ({ default: m.ActiveFilterChips })),
);

/** A status filter's name, in the active language. */
export function statusLabel(status: StatusFilter): string {
  switch (status) {
    case 'open':
      return t`Open`;
    case 'pending':
      return t`Pending`;
    case 'snoozed':
      return t`Snoozed`;
    case 'closed':
      return t`Closed`;
    case 'all':
      return t`All statuses`;
  }
}

/** A sort order's name, in the active language. */
export function sortLabel(sort: ConversationSort): string {
  switch (sort) {
    case 'newest':
      return t`Newest first`;
    case 'oldest':
      return t`Oldest first`;
    case 'waiting_longest':
      return t`Waiting longest`;
  }
}

/** Typing settles for this long before the list is searched. */
const SEARCH_DEBOUNCE_MS = 400;

interface ListToolbarProps {
  title: string;
  count: number | undefined;
  status: StatusFilter;
  sort: ConversationSort;
  search: string;
  /** Priority, SLA state and days of creation (the URL's search keeps them). */
  filters: ListFilters;
  onFiltersChange: (filters: ListFilters) => void;
  searchRef: Ref<InputRef>;
  viewsHidden: boolean;
  onHideList: () => void;
  /** On a phone the views are a drawer: this opens it, in place of hiding the list. */
  onShowViews?: () => void;
  onNewConversation: () => void;
  onStatusChange: (status: StatusFilter) => void;
  onSortChange: (sort: ConversationSort) => void;
  onSearch: (search: string) => void;
  /** Picks every loaded row for a bulk action; absent when the list has none. */
  onSelectPage?: () => void;
}

/** The list's header: the view's name, search (`id:123` finds one ticket), status and sort. */
export function ListToolbar({
  title,
  count,
  status,
  sort,
  search,
  filters,
  onFiltersChange,
  searchRef,
  viewsHidden,
  onHideList,
  onShowViews,
  onNewConversation,
  onStatusChange,
  onSortChange,
  onSearch,
  onSelectPage,
}: ListToolbarProps) {
  const { token } = theme.useToken();
  const [draft, setDraft] = useState(search);
  // The URL changed (a ticket link, another view): the box follows.
  const [shownSearch, setShownSearch] = useState(search);
  if (search !== shownSearch) {
    setShownSearch(search);
    if (draft.trim() !== search) setDraft(search);
  }

  useEffect(() => {
    if (draft.trim() === search) return;
    const timer = setTimeout(() => onSearch(draft.trim()), SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [draft, search, onSearch]);

  const commitNow = (value: string) => {
    setDraft(value);
    if (value.trim() !== search) onSearch(value.trim());
  };

  const statusMenu: MenuProps = {
    items: STATUS_FILTERS.map((value) => ({ key: value, label: statusLabel(value) })),
    selectable: true,
    selectedKeys: [status],
    onClick: ({ key }) => onStatusChange(key as StatusFilter),
  };
  const sortMenu: MenuProps = {
    items: SORTS.map((value) => ({ key: value, label: sortLabel(value) })),
    selectable: true,
    selectedKeys: [sort],
    onClick: ({ key }) => onSortChange(key as ConversationSort),
  };
  const statusName = statusLabel(status);
  const sortName = sortLabel(sort);
  const filtersSet = filterCount(filters);
  const [filtersOpen, setFiltersOpen] = useState(false);
  // The panel loads on the first click; until then the button alone.
  const [filtersUsed, setFiltersUsed] = useState(false);
  const filtersButton = (
    <Button
      size="small"
      icon={<FilterOutlined />}
      title={t`Filters`}
      aria-label={filtersSet > 0 ? t`Filters (${formatNumber(filtersSet)} in use)` : t`Filters`}
      aria-expanded={filtersOpen}
      onClick={
        filtersUsed
          ? undefined
          : () => {
              setFiltersUsed(true);
              setFiltersOpen(true);
            }
      }
    >
      {filtersSet > 0 ? formatNumber(filtersSet) : null}
    </Button>
  );

  return (
    <>
      <div className={styles.panelHeader}>
        {onShowViews && (
          <button
            type="button"
            className={styles.iconButton}
            aria-label={t`Show views`}
            title={t`Views`}
            onClick={onShowViews}
          >
            <MenuUnfoldOutlined />
          </button>
        )}
        <h2 className={styles.panelTitle} title={title}>
          <span dir="auto">{title}</span>
          {count !== undefined && (
            <span
              className={styles.viewCount}
              style={{ marginInlineStart: token.marginXS, fontWeight: 400 }}
            >
              {formatNumber(count)}
            </span>
          )}
        </h2>
        {viewsHidden && (
          // A touch opens a tooltip and leaves it there (past the screen's edge): none on a phone.
          <Tooltip title={onShowViews ? undefined : t`New conversation`}>
            <Button
              type="primary"
              size="small"
              icon={<PlusOutlined />}
              aria-label={t`New conversation`}
              onClick={onNewConversation}
            />
          </Tooltip>
        )}
        {!onShowViews && (
          <Tooltip title={t`Hide list`}>
            <button
              type="button"
              className={styles.iconButton}
              aria-label={t`Hide conversation list`}
              onClick={onHideList}
            >
              <MenuFoldOutlined />
            </button>
          </Tooltip>
        )}
      </div>
      <div className={styles.toolbar}>
        <Input
          ref={searchRef}
          type="search"
          aria-label={t`Search conversations`}
          placeholder={t`Search, or id:123`}
          prefix={<SearchOutlined style={{ color: token.colorTextTertiary }} />}
          allowClear
          value={draft}
          onChange={(event) => {
            // The clear button sends an empty change: search everything again at once.
            if (event.target.value === '' && event.type !== 'change') commitNow('');
            else setDraft(event.target.value);
          }}
          onPressEnter={() => commitNow(draft)}
          onKeyDown={(event) => {
            if (event.key === 'Escape') (event.target as HTMLInputElement).blur();
          }}
        />
        <div className={styles.filters}>
          {onSelectPage && (
            <label className={styles.selectPage}>
              <input type="checkbox" checked={false} onChange={onSelectPage} />
              {t`Select all`}
            </label>
          )}
          <Dropdown menu={statusMenu} trigger={['click']}>
            <Button size="small" aria-label={t`Status: ${statusName}`}>
              {statusName} <DownOutlined style={{ fontSize: 10 }} />
            </Button>
          </Dropdown>
          <Dropdown menu={sortMenu} trigger={['click']}>
            <Button size="small" aria-label={t`Sort: ${sortName}`}>
              {sortName} <DownOutlined style={{ fontSize: 10 }} />
            </Button>
          </Dropdown>
          {filtersUsed ? (
            <Suspense fallback={filtersButton}>
              <ListFilterPopover
                open={filtersOpen}
                onOpenChange={setFiltersOpen}
                filters={filters}
                onChange={onFiltersChange}
              >
                {filtersButton}
              </ListFilterPopover>
            </Suspense>
          ) : (
            filtersButton
          )}
          <Button
            size="small"
            icon={<SlidersOutlined />}
            title={t`Save view`}
            aria-label={t`Save these filters as a view`}
            onClick={() => openSavedViewSheet({ kind: 'save' })}
          />
        </div>
      </div>
      {filtersSet > 0 && (
        <Suspense fallback={null}>
          <ActiveFilterChips filters={filters} onChange={onFiltersChange} />
        </Suspense>
      )}
    </>
  );
}
