import { useMemo, useState } from 'react';
import { Alert, Button, Card, Input, Popconfirm, Space, Table, Typography } from 'antd';
import type { TableColumnsType } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import type { TagWithUsage } from '@parley/contracts';
import { useAppSelector } from '../../../app/hooks';
import { PageHeader } from '../../../components/page-header';
import { asErrorPayload, genericErrorMessage } from '../../../lib/api-error';
import { formatNumber } from '../../../lib/format';
import { toast } from '../../../lib/toast';
import { useDeleteTagMutation, useGetTagsQuery } from '../api/tags-api';
import { MergeTagModal } from './merge-tag-modal';
import { TagFormModal } from './tag-form-modal';
import { TagSwatch } from './tag-swatch';
import { ScrollRegion } from '../../../components/scroll-region';
import { plural, t } from '@lingui/core/macro';
import { Trans } from '@lingui/react/macro';
import { LoadErrorAlert } from '../../../components/load-error-alert';

const NO_TAGS: TagWithUsage[] = [];

/** /settings/tags: every tag of the account with how many conversations carry it. */
export function TagsPage() {
  // Tagging in the inbox changes the counts: reload on each visit.
  const { data, isLoading, isFetching, error, refetch } = useGetTagsQuery(undefined, {
    refetchOnMountOrArgChange: true,
  });
  const tags = data ?? NO_TAGS;
  const me = useAppSelector((state) => state.auth.me);
  const canManage = me ? me.permission_level !== 'agent' : true;
  const [search, setSearch] = useState('');
  const [form, setForm] = useState<{ editing: TagWithUsage | null } | null>(null);
  const [merging, setMerging] = useState<TagWithUsage | null>(null);
  const [remove] = useDeleteTagMutation();

  const shown = useMemo(() => {
    const needle = search.trim().toLowerCase();
    return needle ? tags.filter((tag) => tag.name.toLowerCase().includes(needle)) : tags;
  }, [tags, search]);

  const onDelete = async (tag: TagWithUsage) => {
    try {
      const result = await remove(tag.id).unwrap();
      const tagName = tag.name;
      const removedFrom = result.removed_from_conversations;
      toast.success(
        t`Tag deleted`,
        removedFrom === 0
          ? t`“${tagName}” is gone.`
          : plural(removedFrom, {
              one: `“${tagName}” was removed from # conversation.`,
              other: `“${tagName}” was removed from # conversations.`,
            }),
      );
    } catch (failure) {
      toast.error(
        t`The tag could not be deleted`,
        asErrorPayload(failure)?.message ?? genericErrorMessage(),
      );
    }
  };

  const columns: TableColumnsType<TagWithUsage> = [
    {
      title: t`Tag`,
      key: 'name',
      sorter: (a, b) => a.name.localeCompare(b.name),
      render: (_, tag) => <TagSwatch tag={tag} />,
    },
    {
      title: t`Conversations`,
      dataIndex: 'usage_count',
      width: 160,
      align: 'end',
      sorter: (a, b) => a.usage_count - b.usage_count,
      render: (count: number) => formatNumber(count),
    },
    ...(canManage
      ? [
          {
            title: '',
            key: 'actions',
            width: 220,
            render: (_: unknown, tag: TagWithUsage) => {
              const tagName = tag.name;
              const usageCount = tag.usage_count;
              return (
                <Space size={4}>
                  <Button size="small" type="link" onClick={() => setForm({ editing: tag })}>
                    <Trans>Edit</Trans>
                  </Button>
                  <Button size="small" type="link" onClick={() => setMerging(tag)}>
                    <Trans>Merge</Trans>
                  </Button>
                  <Popconfirm
                    title={t`Delete “${tagName}”?`}
                    description={
                      tag.usage_count === 0
                        ? t`No conversation carries it.`
                        : plural(usageCount, {
                            one: '# conversation will lose this tag. This cannot be undone.',
                            other: '# conversations will lose this tag. This cannot be undone.',
                          })
                    }
                    okText={t`Delete`}
                    okButtonProps={{ danger: true }}
                    onConfirm={() => onDelete(tag)}
                  >
                    <Button size="small" type="link" danger>
                      <Trans>Delete</Trans>
                    </Button>
                  </Popconfirm>
                </Space>
              );
            },
          },
        ]
      : []),
  ];

  const searched = search.trim();
  const tagCount = tags.length;
  return (
    <div style={{ maxWidth: 880 }}>
      <PageHeader
        title={t`Tags`}
        description={t`Tags sort conversations into views of the inbox. Rename, recolour, merge or delete them here.`}
        extra={
          canManage && (
            <Button
              type="primary"
              icon={<PlusOutlined />}
              onClick={() => setForm({ editing: null })}
            >
              <Trans>New tag</Trans>
            </Button>
          )
        }
      />
      {!canManage && (
        <Alert
          type="info"
          showIcon
          style={{ marginBottom: 16 }}
          title={t`Only owners and admins can create, rename, merge or delete tags.`}
        />
      )}
      {error && (
        <LoadErrorAlert
          error={error}
          fallback={t`The tags could not be loaded.`}
          onRetry={refetch}
        />
      )}
      <Input.Search
        aria-label={t`Search tags`}
        placeholder={t`Search tags`}
        allowClear
        value={search}
        onChange={(e) => setSearch(e.target.value)}
        style={{ maxWidth: 320, marginBottom: 16 }}
      />
      <Card variant="borderless" styles={{ body: { padding: 0 } }}>
        <ScrollRegion label={t`Tags`} minWidth={580}>
          <Table<TagWithUsage>
            rowKey="id"
            columns={columns}
            dataSource={shown}
            loading={isLoading || (isFetching && !data)}
            pagination={{ pageSize: 50, hideOnSinglePage: true, showSizeChanger: false }}
            locale={{
              emptyText: searched
                ? t`No tag matches “${searched}”.`
                : t`No tags yet. Tags created here or from a conversation show up in this list.`,
            }}
          />
        </ScrollRegion>
      </Card>
      {tags.length > 0 && (
        <Typography.Paragraph type="secondary" style={{ marginTop: 12 }}>
          {plural(tagCount, { one: '# tag', other: '# tags' })}
        </Typography.Paragraph>
      )}
      {form && (
        <TagFormModal editing={form.editing} tagCount={tags.length} onClose={() => setForm(null)} />
      )}
      {merging && <MergeTagModal source={merging} tags={tags} onClose={() => setMerging(null)} />}
    </div>
  );
}
