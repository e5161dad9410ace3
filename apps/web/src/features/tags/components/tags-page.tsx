import { useMemo, useState } from 'react';
import { Alert, Button, Card, Input, Popconfirm, Space, Table, Typography } from 'antd';
import type { TableColumnsType } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import type { TagWithUsage } from '@parley/contracts';
import { useAppSelector } from '../../../app/hooks';
import { PageHeader } from '../../../components/page-header';
import { asErrorPayload, GENERIC_ERROR_MESSAGE } from '../../../lib/api-error';
import { toast } from '../../../lib/toast';
import { useDeleteTagMutation, useGetTagsQuery } from '../api/tags-api';
import { conversationsCount } from './conversations-count';
import { MergeTagModal } from './merge-tag-modal';
import { TagFormModal } from './tag-form-modal';
import { TagSwatch } from './tag-swatch';
import { ScrollRegion } from '../../../components/scroll-region';

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
    return needle ? tags.filter((t) => t.name.toLowerCase().includes(needle)) : tags;
  }, [tags, search]);

  const onDelete = async (tag: TagWithUsage) => {
    try {
      const result = await remove(tag.id).unwrap();
      toast.success(
        'Tag deleted',
        result.removed_from_conversations === 0
          ? `“${tag.name}” is gone.`
          : `“${tag.name}” was removed from ${conversationsCount(result.removed_from_conversations)}.`,
      );
    } catch (failure) {
      toast.error(
        'The tag could not be deleted',
        asErrorPayload(failure)?.message ?? GENERIC_ERROR_MESSAGE,
      );
    }
  };

  const columns: TableColumnsType<TagWithUsage> = [
    {
      title: 'Tag',
      key: 'name',
      sorter: (a, b) => a.name.localeCompare(b.name),
      render: (_, tag) => <TagSwatch tag={tag} />,
    },
    {
      title: 'Conversations',
      dataIndex: 'usage_count',
      width: 160,
      align: 'right',
      sorter: (a, b) => a.usage_count - b.usage_count,
    },
    ...(canManage
      ? [
          {
            title: '',
            key: 'actions',
            width: 220,
            render: (_: unknown, tag: TagWithUsage) => (
              <Space size={4}>
                <Button size="small" type="link" onClick={() => setForm({ editing: tag })}>
                  Edit
                </Button>
                <Button size="small" type="link" onClick={() => setMerging(tag)}>
                  Merge
                </Button>
                <Popconfirm
                  title={`Delete “${tag.name}”?`}
                  description={
                    tag.usage_count === 0
                      ? 'No conversation carries it.'
                      : `${conversationsCount(tag.usage_count)} will lose this tag. This cannot be undone.`
                  }
                  okText="Delete"
                  okButtonProps={{ danger: true }}
                  onConfirm={() => onDelete(tag)}
                >
                  <Button size="small" type="link" danger>
                    Delete
                  </Button>
                </Popconfirm>
              </Space>
            ),
          },
        ]
      : []),
  ];

  return (
    <div style={{ maxWidth: 880 }}>
      <PageHeader
        title="Tags"
        description="Tags sort conversations into views of the inbox. Rename, recolour, merge or delete them here."
        extra={
          canManage && (
            <Button
              type="primary"
              icon={<PlusOutlined />}
              onClick={() => setForm({ editing: null })}
            >
              New tag
            </Button>
          )
        }
      />
      {!canManage && (
        <Alert
          type="info"
          showIcon
          style={{ marginBottom: 16 }}
          title="Only owners and admins can create, rename, merge or delete tags."
        />
      )}
      {error && (
        <Alert
          type="error"
          showIcon
          title={asErrorPayload(error)?.message ?? 'The tags could not be loaded.'}
          action={
            <Button size="small" onClick={() => void refetch()}>
              Try again
            </Button>
          }
          style={{ marginBottom: 16 }}
        />
      )}
      <Input.Search
        aria-label="Search tags"
        placeholder="Search tags"
        allowClear
        value={search}
        onChange={(e) => setSearch(e.target.value)}
        style={{ maxWidth: 320, marginBottom: 16 }}
      />
      <Card variant="borderless" styles={{ body: { padding: 0 } }}>
        <ScrollRegion label="Tags" minWidth={580}>
          <Table<TagWithUsage>
            rowKey="id"
            columns={columns}
            dataSource={shown}
            loading={isLoading || (isFetching && !data)}
            pagination={{ pageSize: 50, hideOnSinglePage: true, showSizeChanger: false }}
            locale={{
              emptyText: search.trim()
                ? `No tag matches “${search.trim()}”.`
                : 'No tags yet. Tags created here or from a conversation show up in this list.',
            }}
          />
        </ScrollRegion>
      </Card>
      {tags.length > 0 && (
        <Typography.Paragraph type="secondary" style={{ marginTop: 12 }}>
          {tags.length === 1 ? '1 tag' : `${tags.length} tags`}
        </Typography.Paragraph>
      )}
      {form && (
        <TagFormModal editing={form.editing} tagCount={tags.length} onClose={() => setForm(null)} />
      )}
      {merging && <MergeTagModal source={merging} tags={tags} onClose={() => setMerging(null)} />}
    </div>
  );
}
