import { useEffect, useMemo, useState } from 'react';
import { Alert, Button, Card, Flex, Input, Segmented, Space, Table, Tag, Typography } from 'antd';
import type { TableColumnsType } from 'antd';
import { ExportOutlined, PlusOutlined } from '@ant-design/icons';
import { Link, useNavigate } from 'react-router';
import {
  helpCenterPagePath,
  type ArticleStatus,
  type HelpArticleSummary,
  type HelpCategory,
} from '@parley/contracts';
import { useAppSelector } from '../../../app/hooks';
import { usePhoneLayout } from '../../../lib/use-phone-layout';
import { PageHeader } from '../../../components/page-header';
import { asErrorPayload } from '../../../lib/api-error';
import { formatTimestamp } from '../../../lib/format-timestamp';
import { currentAccountId } from '../../../lib/session';
import { useGetHelpArticlesQuery, useGetHelpCategoriesQuery } from '../api/help-center-api';
import { HelpCategoriesPanel, type CategoryFilter } from './help-categories-panel';
import { ScrollRegion } from '../../../components/scroll-region';

export const HELP_CENTER_SETTINGS_PATH = '/settings/help-center-articles';

const NO_ARTICLES: HelpArticleSummary[] = [];
const NO_CATEGORIES: HelpCategory[] = [];

export function StatusTag({ status }: { status: ArticleStatus }) {
  return status === 'published' ? (
    <Tag color="success">Published</Tag>
  ) : (
    <Tag color="default">Draft</Tag>
  );
}

/** Waits until typing pauses before the search goes to the server. */
function useDebounced(value: string, ms = 250) {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return settled;
}

/** /settings/help-center-articles: the account's help-center categories and articles. */
export function HelpCenterSettingsPage() {
  const navigate = useNavigate();
  const phone = usePhoneLayout();
  const me = useAppSelector((state) => state.auth.me);
  const canManage = me ? me.permission_level !== 'agent' : true;
  const [category, setCategory] = useState<CategoryFilter>('all');
  const [status, setStatus] = useState<'all' | ArticleStatus>('all');
  const [search, setSearch] = useState('');
  const q = useDebounced(search.trim());
  const categoriesQuery = useGetHelpCategoriesQuery();
  const categories = categoriesQuery.data ?? NO_CATEGORIES;
  const { data, isFetching, error, refetch } = useGetHelpArticlesQuery(
    {
      ...(q ? { q } : {}),
      ...(category !== 'all' ? { category_id: category } : {}),
      ...(status !== 'all' ? { status } : {}),
    },
    { refetchOnMountOrArgChange: true },
  );
  const articles = data ?? NO_ARTICLES;
  const categoryName = useMemo(() => new Map(categories.map((c) => [c.id, c.name])), [categories]);
  const accountId = currentAccountId();

  const columns: TableColumnsType<HelpArticleSummary> = [
    {
      title: 'Article',
      key: 'title',
      render: (_, article) => (
        <div>
          <Link to={`${HELP_CENTER_SETTINGS_PATH}/${article.id}`} style={{ fontWeight: 500 }}>
            {article.title}
          </Link>
          {article.excerpt && (
            <Typography.Paragraph
              type="secondary"
              ellipsis={{ rows: 1 }}
              style={{ margin: 0, fontSize: 12 }}
            >
              {article.excerpt}
            </Typography.Paragraph>
          )}
        </div>
      ),
    },
    {
      title: 'Category',
      key: 'category',
      width: 180,
      render: (_, article) =>
        article.category_id === null ? (
          <Typography.Text type="secondary">None</Typography.Text>
        ) : (
          (categoryName.get(article.category_id) ?? '')
        ),
    },
    {
      title: 'Status',
      key: 'status',
      width: 110,
      render: (_, article) => <StatusTag status={article.status} />,
    },
    {
      title: 'Updated',
      key: 'updated',
      width: 150,
      render: (_, article) => formatTimestamp(article.updated_at),
    },
  ];

  const filtered = q || category !== 'all' || status !== 'all';

  return (
    <div style={{ maxWidth: 1100 }}>
      <PageHeader
        title="Help center"
        description="Articles your customers read on the public help center. Agents can link them in replies."
        extra={
          <Space>
            {accountId !== null && (
              <Button
                href={helpCenterPagePath(accountId)}
                target="_blank"
                rel="noopener noreferrer"
                icon={<ExportOutlined />}
              >
                View help center
              </Button>
            )}
            {canManage && (
              <Button
                type="primary"
                icon={<PlusOutlined />}
                onClick={() => navigate(`${HELP_CENTER_SETTINGS_PATH}/new`)}
              >
                New article
              </Button>
            )}
          </Space>
        }
      />
      {!canManage && (
        <Alert
          type="info"
          showIcon
          style={{ marginBottom: 16 }}
          title="Only owners and admins can write, publish or delete articles."
        />
      )}
      {(error || categoriesQuery.error) && (
        <Alert
          type="error"
          showIcon
          style={{ marginBottom: 16 }}
          title={
            asErrorPayload(error ?? categoriesQuery.error)?.message ??
            'The help center could not be loaded.'
          }
          action={
            <Button
              size="small"
              onClick={() => {
                void refetch();
                void categoriesQuery.refetch();
              }}
            >
              Try again
            </Button>
          }
        />
      )}
      {/* A phone has no room beside the articles: the categories come first, full width. */}
      <Flex gap={24} align={phone ? 'stretch' : 'flex-start'} vertical={phone}>
        <HelpCategoriesPanel
          fullWidth={phone}
          categories={categories}
          selected={category}
          onSelect={setCategory}
          canManage={canManage}
        />
        <div style={{ flex: 1, minWidth: 0 }}>
          <Flex gap={12} wrap style={{ marginBottom: 16 }}>
            <Input.Search
              aria-label="Search articles"
              placeholder="Search titles and text"
              allowClear
              value={search}
              onChange={(e) => setSearch(e.target.value)}
              style={{ maxWidth: 320 }}
            />
            <Segmented<'all' | ArticleStatus>
              aria-label="Status"
              value={status}
              onChange={setStatus}
              options={[
                { label: 'All', value: 'all' },
                { label: 'Published', value: 'published' },
                { label: 'Drafts', value: 'draft' },
              ]}
            />
          </Flex>
          <Card variant="borderless" styles={{ body: { padding: 0 } }}>
            <ScrollRegion label="Articles" minWidth={720}>
              <Table<HelpArticleSummary>
                rowKey="id"
                // one-line excerpts end in an ellipsis instead of widening the table.
                tableLayout="fixed"
                columns={columns}
                dataSource={articles}
                loading={isFetching && !data}
                pagination={{ pageSize: 50, hideOnSinglePage: true, showSizeChanger: false }}
                locale={{
                  emptyText: filtered
                    ? q
                      ? `No article matches “${q}”.`
                      : 'No article here.'
                    : canManage
                      ? 'No articles yet. Write the first one with “New article”.'
                      : 'No articles yet.',
                }}
              />
            </ScrollRegion>
          </Card>
        </div>
      </Flex>
    </div>
  );
}
