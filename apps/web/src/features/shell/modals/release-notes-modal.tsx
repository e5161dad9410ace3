import { Alert, Button, Modal, Spin, Tag, Typography } from 'antd';
import dayjs from 'dayjs';
import type { ReleaseNote } from '@parley/contracts';
import { useGetReleaseNotesQuery } from '../api/shell-api';
import { t } from '@lingui/core/macro';
import { formatDate } from '../../../lib/format';

const TAG_COLORS: Record<ReleaseNote['tag'], string> = {
  new: 'blue',
  improved: 'green',
  fixed: 'orange',
};

function ReleaseNotesList() {
  const { data, isLoading, isError, refetch } = useGetReleaseNotesQuery();
  if (isLoading) return <Spin style={{ display: 'block', margin: '32px auto' }} />;
  if (isError || !data) {
    return (
      <Alert
        type="error"
        showIcon
        title={t`The release notes could not be loaded.`}
        action={
          <Button size="small" onClick={() => void refetch()}>
            {t`Try again`}
          </Button>
        }
      />
    );
  }
  if (data.length === 0)
    return <Typography.Text type="secondary">{t`No release notes yet.`}</Typography.Text>;
  return (
    <ol aria-label={t`Release notes`} style={{ listStyle: 'none', margin: 0, padding: 0 }}>
      {data.map((note) => (
        <li
          key={note.id}
          style={{
            padding: '12px 0',
            borderBottom: '1px solid var(--parley-color-border-secondary)',
          }}
        >
          <div style={{ display: 'flex', alignItems: 'center', gap: 8, marginBottom: 4 }}>
            <Typography.Text type="secondary">
              {formatDate(dayjs(note.released_on).toDate())}
            </Typography.Text>
            <Tag color={TAG_COLORS[note.tag]}>{note.tag}</Tag>
          </div>
          <Typography.Text strong>{note.title}</Typography.Text>
          <Typography.Paragraph style={{ margin: '4px 0 0' }}>{note.body}</Typography.Paragraph>
        </li>
      ))}
    </ol>
  );
}

/** docs/product/screens.md: the release notes modal, from GET /dashboardapi/release-notes. */
export function ReleaseNotesModal({ open, onClose }: { open: boolean; onClose: () => void }) {
  return (
    <Modal
      title={t`Release notes`}
      open={open}
      onCancel={onClose}
      footer={null}
      width={640}
      destroyOnHidden
      styles={{ body: { maxHeight: '65vh', overflowY: 'auto' } }}
    >
      {open && <ReleaseNotesList />}
    </Modal>
  );
}
