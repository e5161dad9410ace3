import { Button, Flex, Popconfirm, Space, theme } from 'antd';
import { t } from '@lingui/core/macro';
import { Trans } from '@lingui/react/macro';
import type { ArticleStatus } from '@parley/contracts';

/** The article editor's buttons: publish or save, unpublish, delete (owners and admins). */
export function ArticleEditorActions({
  status,
  saved,
  busy,
  onSave,
  onDelete,
}: {
  status: ArticleStatus;
  /** Whether the article exists yet (a new one cannot be deleted). */
  saved: boolean;
  busy: boolean;
  onSave: (status: ArticleStatus) => void;
  onDelete: () => void;
}) {
  const { token } = theme.useToken();
  return (
    <Flex justify="space-between" style={{ marginTop: token.marginXS }}>
      <Space>
        {status === 'draft' ? (
          <>
            <Button type="primary" loading={busy} onClick={() => onSave('published')}>
              <Trans>Publish</Trans>
            </Button>
            <Button loading={busy} onClick={() => onSave('draft')}>
              <Trans>Save draft</Trans>
            </Button>
          </>
        ) : (
          <>
            <Button type="primary" loading={busy} onClick={() => onSave('published')}>
              <Trans>Save</Trans>
            </Button>
            <Button loading={busy} onClick={() => onSave('draft')}>
              <Trans>Unpublish</Trans>
            </Button>
          </>
        )}
      </Space>
      {saved && (
        <Popconfirm
          title={t`Delete this article?`}
          description={t`Links to it stop working. This cannot be undone.`}
          okText={t`Delete`}
          cancelText={t`Cancel`}
          okButtonProps={{ danger: true }}
          onConfirm={onDelete}
        >
          <Button danger disabled={busy}>
            <Trans>Delete</Trans>
          </Button>
        </Popconfirm>
      )}
    </Flex>
  );
}
