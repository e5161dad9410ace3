import { useEffect, useMemo, useState } from 'react';
import {
  Alert,
  Button,
  Card,
  Flex,
  Input,
  Segmented,
  Space,
  Table,
  Tag,
  theme,
  Typography,
} from 'antd';
import { t } from '@lingui/core/macro';
import { Trans } from '@lingui/react/macro';
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
    <Tag color="success">
      <Trans>Published</Trans>
    </Tag>
  ) : (
    <Tag color="default">
      <Trans>Draft</Trans>
    </Tag>
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
  const { token } = theme.useToken();
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
  const query = q;

  const columns: TableColumnsType<HelpArticleSummary> = [
    {
      title: t`Article`,
      key: 'title',
      render: (_, article) => (
        <div>
          <Link
            to={`${HELP_CENTER_SETTINGS_PATH}/${article.id}`}
            style={{ fontWeight: 500 }}
            dir="auto"
          >
            {article.title}
          </Link>
          {article.excerpt && (
            <Typography.Paragraph
              type="secondary"
              ellipsis={{ rows: 1 }}
              style={{ margin: 0, fontSize: token.fontSizeSM }}
              dir="auto"
            >
              {article.excerpt}
            </Typography.Paragraph>
          )}
        </div>
      ),
    },
    {
      title: t`Category`,
      key: 'category',
      width: 180,
      render: (_, article) =>
        article.category_id === null ? (
          <Typography.Text type="secondary">
            <Trans>None</Trans>
          </Typography.Text>
        ) : (
          <span dir="auto">{categoryName.get(article.category_id) ?? ''}</span>
        ),
    },
    {
      title: t`Status`,
      key: 'status',
      width: 110,
      render: (_, article) => <StatusTag status={article.status} />,
    },
    {
      title: t`Updated`,
      key: 'updated',
      width: 150,
      render: (_, article) => formatTimestamp(article.updated_at),
    },
  ];

  const filtered = q || category !== 'all' || status !== 'all';

  return (
    <div style={{ maxWidth: 1100 }}>
      <PageHeader
        title={t`Help center`}
        description={t`Articles your customers read on the public help center. Agents can link them in replies.`}
        extra={
          <Space>
            {accountId !== null && (
              <Button
                href={helpCenterPagePath(accountId)}
                target="_blank"
                rel="noopener noreferrer"
                icon={<ExportOutlined />}
              >
                <Trans>View help center</Trans>
              </Button>
            )}
            {canManage && (
              <Button
                type="primary"
                icon={<PlusOutlined />}
                onClick={() => navigate(`${HELP_CENTER_SETTINGS_PATH}/new`)}
              >
                <Trans>New article</Trans>
              </Button>
            )}
          </Space>
        }
      />
      {!canManage && (
        <Alert
          type="info"
          showIcon
          style={{ marginBottom: token.marginMD }}
          title={t`Only owners and admins can write, publish or delete articles.`}
        />
      )}
      {(error || categoriesQuery.error) && (
        <Alert
          type="error"
          showIcon
          style={{ marginBottom: token.marginMD }}
          title={
            asErrorPayload(error ?? categoriesQuery.error)?.message ??
            t`The help center could not be loaded.`
          }
          action={
            <Button
              size="small"
              onClick={() => {
                void refetch();
                void categoriesQuery.refetch();
              }}
            >
              <Trans>Try again</Trans>
            </Button>
          }
        />
      )}
      {/* A phone has no room beside the articles: the categories come first, full width. */}
      <Flex gap={token.marginLG} align={phone ? 'stretch' : 'flex-start'} vertical={phone}>
        <HelpCategoriesPanel
          fullWidth={phone}
          categories={categories}
          selected={category}
          onSelect={setCategory}
          canManage={canManage}
        />
        <div style={{ flex: 1, minWidth: 0 }}>
          <Flex gap={token.marginSM} wrap style={{ marginBottom: token.marginMD }}>
            <Input.Search
              aria-label={t`Search articles`}
              placeholder={t`Search titles and text`}
              allowClear
              value={search}
              onChange={(e) => setSearch(e.target.value)}
              style={{ maxWidth: 320 }}
            />
            <Segmented<'all' | ArticleStatus>
              aria-label={t`Status`}
              value={status}
              onChange={setStatus}
              options={[
                { label: t`All`, value: 'all' },
                { label: t`Published`, value: 'published' },
                { label: t`Drafts`, value: 'draft' },
              ]}
            />
          </Flex>
          <Card variant="borderless" styles={{ body: { padding: 0 } }}>
            <ScrollRegion label={t`Articles`} minWidth={720}>
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
                      ? t`No article matches “${query}”.`
                      : t`No article here.`
                    : canManage
                      ? t`No articles yet. Write the first one with “New article”.`
                      : t`No articles yet.`,
                }}
              />
            </ScrollRegion>
          </Card>
        </div>
      </Flex>
    </div>
  );
}
