import { useEffect, useState, type Ref } from 'react';
import { Button, Dropdown, Input, Tooltip, type InputRef, type MenuProps } from 'antd';
import {
  DownOutlined,
  MenuFoldOutlined,
  MenuUnfoldOutlined,
  PlusOutlined,
  SearchOutlined,
} from '@ant-design/icons';
import type { ConversationSort } from '@parley/contracts';
import { STATUS_FILTERS, type StatusFilter } from '../inbox-route';
import styles from './inbox.module.css';

export const STATUS_LABELS: Record<StatusFilter, string> = {
  open: 'Open',
  pending: 'Pending',
  snoozed: 'Snoozed',
  closed: 'Closed',
  all: 'All statuses',
};

export const SORT_LABELS: Record<ConversationSort, string> = {
  newest: 'Newest first',
  oldest: 'Oldest first',
  waiting_longest: 'Waiting longest',
};

/** Typing settles for this long before the list is searched. */
const SEARCH_DEBOUNCE_MS = 400;

interface ListToolbarProps {
  title: string;
  count: number | undefined;
  status: StatusFilter;
  sort: ConversationSort;
  search: string;
  searchRef: Ref<InputRef>;
  viewsHidden: boolean;
  onHideList: () => void;
  /** On a phone the views are a drawer: this opens it, in place of hiding the list. */
  onShowViews?: () => void;
  onNewConversation: () => void;
  onStatusChange: (status: StatusFilter) => void;
  onSortChange: (sort: ConversationSort) => void;
  onSearch: (search: string) => void;
}

/** The list's header: the view's name, search (`id:123` finds one ticket), status and sort. */
export function ListToolbar({
  title,
  count,
  status,
  sort,
  search,
  searchRef,
  viewsHidden,
  onHideList,
  onShowViews,
  onNewConversation,
  onStatusChange,
  onSortChange,
  onSearch,
}: ListToolbarProps) {
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
    items: STATUS_FILTERS.map((value) => ({ key: value, label: STATUS_LABELS[value] })),
    selectable: true,
    selectedKeys: [status],
    onClick: ({ key }) => onStatusChange(key as StatusFilter),
  };
  const sortMenu: MenuProps = {
    items: (Object.keys(SORT_LABELS) as ConversationSort[]).map((value) => ({
      key: value,
      label: SORT_LABELS[value],
    })),
    selectable: true,
    selectedKeys: [sort],
    onClick: ({ key }) => onSortChange(key as ConversationSort),
  };

  return (
    <>
      <div className={styles.panelHeader}>
        {onShowViews && (
          <button
            type="button"
            className={styles.iconButton}
            aria-label="Show views"
            title="Views"
            onClick={onShowViews}
          >
            <MenuUnfoldOutlined />
          </button>
        )}
        <h2 className={styles.panelTitle} title={title}>
          {title}
          {count !== undefined && (
            <span className={styles.viewCount} style={{ marginLeft: 8, fontWeight: 400 }}>
              {count}
            </span>
          )}
        </h2>
        {viewsHidden && (
          // A touch opens a tooltip and leaves it there (past the screen's edge): none on a phone.
          <Tooltip title={onShowViews ? undefined : 'New conversation'}>
            <Button
              type="primary"
              size="small"
              icon={<PlusOutlined />}
              aria-label="New conversation"
              onClick={onNewConversation}
            />
          </Tooltip>
        )}
        {!onShowViews && (
          <Tooltip title="Hide list">
            <button
              type="button"
              className={styles.iconButton}
              aria-label="Hide conversation list"
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
          aria-label="Search conversations"
          placeholder="Search, or id:123"
          prefix={<SearchOutlined style={{ color: '#8a90a0' }} />}
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
          <Dropdown menu={statusMenu} trigger={['click']}>
            <Button size="small" aria-label={`Status: ${STATUS_LABELS[status]}`}>
              {STATUS_LABELS[status]} <DownOutlined style={{ fontSize: 10 }} />
            </Button>
          </Dropdown>
          <Dropdown menu={sortMenu} trigger={['click']}>
            <Button size="small" aria-label={`Sort: ${SORT_LABELS[sort]}`}>
              {SORT_LABELS[sort]} <DownOutlined style={{ fontSize: 10 }} />
            </Button>
          </Dropdown>
        </div>
      </div>
    </>
  );
}
