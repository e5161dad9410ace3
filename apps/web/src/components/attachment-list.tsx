import { useRef } from 'react';
import { Button, Spin, theme } from 'antd';
import { CloseOutlined, PaperClipOutlined } from '@ant-design/icons';
import { formatFileSize } from '../lib/attachment-upload';
import type { UploadItem } from '../lib/use-attachment-uploads';
import { t } from '@lingui/core/macro';

/** The files of a form: each with its size, 'Uploading…' while it goes up, its error in words. */
export function AttachmentList({
  items,
  onRemove,
  disabled,
}: {
  items: UploadItem[];
  onRemove: (key: string) => void;
  disabled?: boolean;
}) {
  const { token } = theme.useToken();
  if (items.length === 0) return null;
  return (
    <ul
      aria-label={t`Attachments`}
      style={{ listStyle: 'none', margin: '8px 0 0', padding: 0, display: 'grid', gap: 4 }}
    >
      {items.map((item) => {
        const fileName = item.file_name;
        return (
          <li
            key={item.key}
            data-status={item.status}
            style={{
              display: 'flex',
              alignItems: 'center',
              gap: 8,
              fontSize: 13,
              padding: '2px 8px',
              borderRadius: 6,
              background: item.status === 'error' ? token.colorErrorBg : token.colorFillTertiary,
            }}
          >
            {item.status === 'uploading' ? <Spin size="small" /> : <PaperClipOutlined />}
            <span style={{ overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}>
              {item.file_name}
            </span>
            <span style={{ color: token.colorTextSecondary }}>{formatFileSize(item.size)}</span>
            {item.status === 'uploading' && (
              <span style={{ color: token.colorTextSecondary }}>{t`Uploading…`}</span>
            )}
            {item.status === 'error' && (
              <span role="alert" style={{ color: token.colorError }}>
                {item.error}
              </span>
            )}
            <Button
              type="text"
              size="small"
              icon={<CloseOutlined />}
              aria-label={t`Remove ${fileName}`}
              onClick={() => onRemove(item.key)}
              disabled={disabled}
              style={{ marginInlineStart: 'auto' }}
            />
          </li>
        );
      })}
    </ul>
  );
}

/**
 * Out of sight but still in the page: `hidden` (display: none) is not enough, since antd's Form
 * shows every file input of a form as a block ("Choose Files / No file chosen").
 */
const visuallyHidden = {
  position: 'absolute',
  width: 1,
  height: 1,
  margin: -1,
  padding: 0,
  border: 0,
  overflow: 'hidden',
  clipPath: 'inset(50%)',
  whiteSpace: 'nowrap',
} as const;

/**
 * A button that opens the file chooser; the chosen files go to `onFiles`. The button is the one
 * control people see, reach with the keyboard and hear from a screen reader; the native input
 * it opens stays out of sight, out of the tab order and out of the accessibility tree (no
 * second "Attach files" control).
 */
export function AttachFilesButton({
  onFiles,
  disabled,
  label,
}: {
  onFiles: (files: File[]) => void;
  disabled?: boolean;
  label?: string;
}) {
  const input = useRef<HTMLInputElement>(null);
  const name = label ?? t`Attach files`;
  return (
    <>
      <input
        ref={input}
        type="file"
        multiple
        tabIndex={-1}
        aria-hidden="true"
        style={visuallyHidden}
        aria-label={name}
        disabled={disabled}
        onChange={(event) => {
          const files = [...(event.target.files ?? [])];
          // The same file can be chosen again after a removal.
          event.target.value = '';
          if (files.length > 0) onFiles(files);
        }}
      />
      <Button
        icon={<PaperClipOutlined />}
        disabled={disabled}
        onClick={() => input.current?.click()}
        title={name}
      >
        {name}
      </Button>
    </>
  );
}
