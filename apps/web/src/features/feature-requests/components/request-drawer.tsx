import { useId, useState } from 'react';
import { Alert, Button, Drawer, Empty, Flex, Form, Input, Skeleton, Typography } from 'antd';
import { FEATURE_REQUEST_COMMENT_MAX, type FeatureRequestAuthor } from '@parley/contracts';
import { PersonAvatar } from '../../../components/person-avatar';
import { formatTimestamp } from '../../../lib/format-timestamp';
import { applyApiErrorToForm } from '../../../lib/form-errors';
import {
  useAddFeatureRequestCommentMutation,
  useGetFeatureRequestQuery,
} from '../api/feature-requests-api';
import { StatusTag } from './status-tag';
import { VoteButton } from './vote-button';
import { plural, t } from '@lingui/core/macro';
import { Trans } from '@lingui/react/macro';
import { LoadErrorAlert } from '../../../components/load-error-alert';

/** "Ada Agent" or "You"; a deleted person reads "A former user". */
export function authorLabel(author: FeatureRequestAuthor | null) {
  if (!author) return t`A former user`;
  return author.is_me ? t`You` : author.name;
}

function Byline({ author, at }: { author: FeatureRequestAuthor | null; at: string }) {
  return (
    <Flex align="center" gap={8}>
      {author && (
        <PersonAvatar
          person={{ name: author.name, avatar: null, profile_color: author.profile_color }}
          size={24}
        />
      )}
      <Typography.Text strong dir="auto">
        {authorLabel(author)}
      </Typography.Text>
      <Typography.Text type="secondary">{formatTimestamp(at)}</Typography.Text>
    </Flex>
  );
}

function CommentBox({ requestId }: { requestId: number }) {
  const [form] = Form.useForm<{ body: string }>();
  const [add, { isLoading }] = useAddFeatureRequestCommentMutation();
  const [error, setError] = useState<string | null>(null);
  const onFinish = async ({ body }: { body: string }) => {
    setError(null);
    try {
      await add({ id: requestId, body: body.trim() }).unwrap();
      form.resetFields();
    } catch (failure) {
      setError(applyApiErrorToForm(form, failure, ['body']));
    }
  };
  return (
    <Form form={form} name="feature-request-comment" onFinish={onFinish} requiredMark={false}>
      {error && <Alert type="error" showIcon title={error} style={{ marginBottom: 12 }} />}
      <Form.Item
        name="body"
        rules={[{ required: true, whitespace: true, message: t`Write a comment first.` }]}
      >
        <Input.TextArea
          dir="auto"
          aria-label={t`Your comment`}
          placeholder={t`Add a comment`}
          rows={3}
          showCount
          maxLength={FEATURE_REQUEST_COMMENT_MAX}
        />
      </Form.Item>
      <Button type="primary" htmlType="submit" loading={isLoading}>
        <Trans>Comment</Trans>
      </Button>
    </Form>
  );
}

/** A request in full: description, status, votes, comments and a box to add one. */
export function RequestDrawer({ id, onClose }: { id: number; onClose: () => void }) {
  const { data, error, isLoading, refetch } = useGetFeatureRequestQuery(id, {
    refetchOnMountOrArgChange: true,
  });
  // Our own id: antd's generated one is not unique under test.
  const titleId = useId();
  const commentCount = data?.comments.length ?? 0;
  return (
    <Drawer
      open
      size={560}
      aria-labelledby={titleId}
      title={
        <span id={titleId} dir="auto">
          {data?.title ?? t`Feature request`}
        </span>
      }
      onClose={onClose}
      destroyOnHidden
    >
      {isLoading && <Skeleton active />}
      {error && (
        <LoadErrorAlert
          error={error}
          fallback={t`The request could not be loaded.`}
          onRetry={refetch}
        />
      )}
      {data && (
        <Flex vertical gap={20}>
          <Flex gap={16} align="flex-start">
            <VoteButton request={data} />
            <Flex vertical gap={8} style={{ minWidth: 0 }}>
              <div>
                <StatusTag status={data.status} />
              </div>
              <Byline author={data.author} at={data.created_at} />
            </Flex>
          </Flex>
          {data.description ? (
            <Typography.Paragraph dir="auto" style={{ whiteSpace: 'pre-wrap', margin: 0 }}>
              {data.description}
            </Typography.Paragraph>
          ) : (
            <Typography.Text type="secondary">
              <Trans>No description.</Trans>
            </Typography.Text>
          )}
          <section aria-label={t`Comments`}>
            <Typography.Title level={5}>
              {plural(commentCount, { one: '# comment', other: '# comments' })}
            </Typography.Title>
            {data.comments.length === 0 ? (
              <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t`No comments yet.`} />
            ) : (
              <Flex vertical gap={16} component="ol" style={{ listStyle: 'none', padding: 0 }}>
                {data.comments.map((c) => (
                  <li key={c.id}>
                    <Byline author={c.author} at={c.created_at} />
                    <Typography.Paragraph
                      dir="auto"
                      style={{
                        whiteSpace: 'pre-wrap',
                        margin: 0,
                        marginBlockStart: 4,
                        marginInlineStart: 32,
                      }}
                    >
                      {c.body}
                    </Typography.Paragraph>
                  </li>
                ))}
              </Flex>
            )}
          </section>
          <CommentBox requestId={data.id} />
        </Flex>
      )}
    </Drawer>
  );
}
