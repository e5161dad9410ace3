import { useState, type ReactNode } from 'react';
import { Alert, Button, Empty, Flex, Skeleton } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { t } from '@lingui/core/macro';
import { PageHeader } from '../page-header';
import { toastFailure, type ItemPlace } from './item-controls';
import { movedIds, type ListItem } from './list-order';
import { LoadErrorAlert } from '../load-error-alert';

/** The list query's state, as RTK Query's hook gives it. */
interface ListQuery {
  isLoading: boolean;
  error?: { message?: string };
  refetch: () => unknown;
}

/**
 * A settings page that lists items (rules, policies, macros): the header with its "New" button,
 * loading, load failure with a retry, the empty state, the list, and the editor drawer for the
 * item being edited or created.
 */
export function SettingsListPage<Item extends ListItem>({
  title,
  description,
  newLabel,
  canCreate = true,
  limit,
  notice,
  query,
  items = [],
  loadFailed,
  empty,
  ordered,
  listLabel,
  reorder,
  renderItem,
  renderEditor,
}: {
  title: string;
  description: ReactNode;
  /** The "New …" button's text. */
  newLabel: ReactNode;
  /** False: no "New …" button (someone who may only read). */
  canCreate?: boolean;
  /** How many items an account may have: the "New …" button is off at this many. */
  limit: number;
  /** A note above the list, such as why it is read-only. */
  notice?: string;
  query: ListQuery;
  items: Item[] | undefined;
  /** Said when the list could not be loaded and the server gave no reason. */
  loadFailed: string;
  /** Said when there is nothing to list yet. */
  empty: string;
  /** The order matters (the first item that applies wins): a numbered list. */
  ordered?: boolean;
  listLabel?: string;
  /** Saves a new order, given as the items' ids; a refusal says so in a toast. */
  reorder?: (ids: number[]) => Promise<unknown>;
  renderItem: (item: Item, place: ItemPlace) => ReactNode;
  /** The drawer for `item`, or for a new one when it is null; `close` closes it. */
  renderEditor: (item: Item | null, close: () => void) => ReactNode;
}) {
  const [editing, setEditing] = useState<Item | 'new' | null>(null);
  const { isLoading, error, refetch } = query;

  const move = (index: number, by: -1 | 1) =>
    reorder?.(movedIds(items, index, by)).catch(toastFailure(t`The order could not be saved`));

  return (
    <div style={{ maxWidth: 880 }}>
      <PageHeader
        title={title}
        description={description}
        extra={
          canCreate && (
            <Button
              type="primary"
              icon={<PlusOutlined />}
              disabled={items.length >= limit}
              onClick={() => setEditing('new')}
            >
              {newLabel}
            </Button>
          )
        }
      />
      {notice && <Alert type="info" showIcon title={notice} style={{ marginBottom: 16 }} />}
      {error && <LoadErrorAlert error={error} fallback={loadFailed} onRetry={refetch} />}
      {isLoading && <Skeleton active />}
      {!isLoading && !error && items.length === 0 && <Empty description={empty} />}
      <Flex
        vertical
        gap={12}
        component={ordered ? 'ol' : 'ul'}
        aria-label={listLabel}
        style={{ listStyle: 'none', padding: 0, margin: 0 }}
      >
        {items.map((item, index) => (
          <li key={item.id}>
            {renderItem(item, {
              index,
              isFirst: index === 0,
              isLast: index === items.length - 1,
              move: (by) => void move(index, by),
              edit: () => setEditing(item),
            })}
          </li>
        ))}
      </Flex>
      {editing && renderEditor(editing === 'new' ? null : editing, () => setEditing(null))}
    </div>
  );
}
