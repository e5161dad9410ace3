import { useState } from 'react';
import { Button, Card, Empty, Flex, Input, Segmented, Select, Skeleton, Typography } from 'antd';
import { CommentOutlined, PlusOutlined } from '@ant-design/icons';
import {
  FEATURE_REQUEST_STATUSES,
  type FeatureRequest,
  type FeatureRequestSort,
  type FeatureRequestStatus,
} from '@parley/contracts';
import { PageHeader } from '../../../components/page-header';
import { formatNumber } from '../../../lib/format';
import { formatTimestamp } from '../../../lib/format-timestamp';
import { productName } from '../../../lib/product';
import { useGetFeatureRequestsQuery } from '../api/feature-requests-api';
import { NewRequestModal } from './new-request-modal';
import { authorLabel, RequestDrawer } from './request-drawer';
import { StatusTag, statusLabel } from './status-tag';
import { VoteButton } from './vote-button';
import { plural, t } from '@lingui/core/macro';
import { Trans } from '@lingui/react/macro';
import { LoadErrorAlert } from '../../../components/load-error-alert';

const statusOptions = () => [
  { value: 'all', label: t`All statuses` },
  ...FEATURE_REQUEST_STATUSES.map((s) => ({ value: s, label: statusLabel(s) })),
];
const sortOptions = (): { value: FeatureRequestSort; label: string }[] => [
  { value: 'top', label: t`Top` },
  { value: 'new', label: t`New` },
];

function RequestRow({ request, onOpen }: { request: FeatureRequest; onOpen: () => void }) {
  const commentCount = request.comment_count;
  return (
    <Card size="small" variant="outlined" aria-label={request.title} role="article">
      <Flex gap={16} align="flex-start">
        <VoteButton request={request} />
        <Flex vertical gap={4} style={{ minWidth: 0, flex: 1 }}>
          <Flex gap={8} align="center" wrap>
            <Typography.Link
              strong
              dir="auto"
              onClick={onOpen}
              style={{ fontSize: 15, lineHeight: '24px' }}
            >
              {request.title}
            </Typography.Link>
            <StatusTag status={request.status} />
          </Flex>
          {request.description && (
            <Typography.Paragraph
              type="secondary"
              dir="auto"
              ellipsis={{ rows: 2 }}
              style={{ margin: 0 }}
            >
              {request.description}
            </Typography.Paragraph>
          )}
          <Flex gap={12} align="center">
            <Typography.Text type="secondary" style={{ fontSize: 12 }}>
              {authorLabel(request.author)} · {formatTimestamp(request.created_at)}
            </Typography.Text>
            <Typography.Text
              type="secondary"
              style={{ fontSize: 12 }}
              aria-label={plural(commentCount, { one: '# comment', other: '# comments' })}
            >
              <CommentOutlined /> {formatNumber(commentCount)}
            </Typography.Text>
          </Flex>
        </Flex>
      </Flex>
    </Card>
  );
}

/**
 * /settings/feature-requests: the board shared with every Parley customer. People post requests,
 * vote and comment; the Parley team sets where each one stands.
 */
export function FeatureRequestsPage() {
  const [status, setStatus] = useState<FeatureRequestStatus | 'all'>('all');
  const [sort, setSort] = useState<FeatureRequestSort>('top');
  const [draft, setDraft] = useState('');
  const [search, setSearch] = useState('');
  const [creating, setCreating] = useState(false);
  const [openId, setOpenId] = useState<number | null>(null);
  const { data, error, isLoading, isFetching, refetch } = useGetFeatureRequestsQuery(
    { status: status === 'all' ? undefined : status, sort, search },
    { refetchOnMountOrArgChange: true },
  );
  const requests = data ?? [];
  const filtered = status !== 'all' || search.trim() !== '';

  return (
    <div style={{ maxWidth: 880 }}>
      <PageHeader
        title={t`Feature requests`}
        description={t`Tell the ${productName} team what you need, vote for the ideas you want most, and follow where they stand.`}
        extra={
          <Button type="primary" icon={<PlusOutlined />} onClick={() => setCreating(true)}>
            <Trans>New request</Trans>
          </Button>
        }
      />
      <Flex gap={12} wrap align="center" style={{ marginBottom: 16 }}>
        <Input.Search
          aria-label={t`Search feature requests`}
          placeholder={t`Search feature requests`}
          allowClear
          value={draft}
          onChange={(e) => {
            setDraft(e.target.value);
            if (e.target.value === '') setSearch('');
          }}
          onSearch={(value) => setSearch(value.trim())}
          style={{ maxWidth: 320 }}
        />
        <Select<FeatureRequestStatus | 'all'>
          aria-label={t`Status`}
          value={status}
          options={statusOptions()}
          onChange={setStatus}
          style={{ width: 170 }}
        />
        <Segmented<FeatureRequestSort>
          aria-label={t`Sort`}
          value={sort}
          options={sortOptions()}
          onChange={setSort}
        />
      </Flex>
      {error && (
        <LoadErrorAlert
          error={error}
          fallback={t`The feature requests could not be loaded.`}
          onRetry={refetch}
        />
      )}
      {isLoading || (isFetching && !data) ? (
        <Skeleton active />
      ) : requests.length === 0 && !error ? (
        <Empty
          description={
            filtered
              ? t`No feature request matches these filters.`
              : t`No feature requests yet. Be the first to post one.`
          }
        />
      ) : (
        <Flex vertical gap={12} aria-busy={isFetching}>
          {requests.map((r) => (
            <RequestRow key={r.id} request={r} onOpen={() => setOpenId(r.id)} />
          ))}
        </Flex>
      )}
      {creating && (
        <NewRequestModal
          onClose={() => setCreating(false)}
          onCreated={(created) => {
            setCreating(false);
            setOpenId(created.id);
          }}
        />
      )}
      {openId !== null && <RequestDrawer id={openId} onClose={() => setOpenId(null)} />}
    </div>
  );
}
