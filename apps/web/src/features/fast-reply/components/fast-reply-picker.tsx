import { Spin, theme, Typography } from 'antd';
import { t } from '@lingui/core/macro';
import { Trans } from '@lingui/react/macro';
import { FolderOutlined, ThunderboltOutlined } from '@ant-design/icons';
import type { FastReply } from '../fast-reply-slice';

interface FastReplyPickerProps {
  id: string;
  query: string;
  items: FastReply[];
  activeIndex: number;
  loading: boolean;
  resolving: boolean;
  onPick: (item: FastReply) => void;
  onHover: (index: number) => void;
}

export const pickerOptionId = (listId: string, id: number) => `${listId}-option-${id}`;

/**
 * The list the composer opens on `/`: templates by name and folder. The text field keeps the
 * focus; the composer moves through the list with the arrow keys, picks with Enter and closes it
 * with Escape (aria-activedescendant points at the active option).
 */
export function FastReplyPicker({
  id,
  query,
  items,
  activeIndex,
  loading,
  resolving,
  onPick,
  onHover,
}: FastReplyPickerProps) {
  const { token } = theme.useToken();
  return (
    <div
      style={{
        position: 'absolute',
        insetInlineStart: 0,
        insetInlineEnd: 0,
        bottom: '100%',
        marginBottom: 4,
        zIndex: 20,
        background: token.colorBgElevated,
        border: `1px solid ${token.colorBorderSecondary}`,
        borderRadius: token.borderRadiusLG,
        boxShadow: token.boxShadowSecondary,
        maxHeight: 260,
        overflowY: 'auto',
      }}
    >
      <div
        style={{
          display: 'flex',
          alignItems: 'center',
          gap: 6,
          padding: '6px 10px',
          fontSize: token.fontSizeSM,
          color: token.colorTextSecondary,
          borderBottom: `1px solid ${token.colorSplit}`,
        }}
      >
        <ThunderboltOutlined />
        <span>
          {query ? (
            <Trans>
              Fast replies matching "<bdi>{query}</bdi>"
            </Trans>
          ) : (
            <Trans>Fast replies</Trans>
          )}
        </span>
        <span style={{ marginInlineStart: 'auto' }}>
          <Trans>↑↓ to choose · Enter to insert · Esc to close</Trans>
        </span>
        {(loading || resolving) && <Spin size="small" />}
      </div>
      {items.length === 0 ? (
        <Typography.Text type="secondary" style={{ display: 'block', padding: '8px 10px' }}>
          {loading ? t`Loading templates…` : t`No fast reply matches.`}
        </Typography.Text>
      ) : (
        <ul
          id={id}
          role="listbox"
          aria-label={t`Fast replies`}
          aria-busy={resolving}
          style={{ listStyle: 'none', margin: 0, padding: 4 }}
        >
          {items.map((item, index) => (
            <li
              key={item.id}
              id={pickerOptionId(id, item.id)}
              role="option"
              aria-selected={index === activeIndex}
              // Keep the focus in the text field.
              onMouseDown={(event) => event.preventDefault()}
              onMouseEnter={() => onHover(index)}
              onClick={() => onPick(item)}
              style={{
                display: 'flex',
                alignItems: 'center',
                gap: 8,
                padding: '6px 8px',
                borderRadius: 6,
                cursor: 'pointer',
                background: index === activeIndex ? token.controlItemBgActive : undefined,
              }}
            >
              <span dir="auto" style={{ fontWeight: 500 }}>
                {item.name}
              </span>
              <span
                dir="auto"
                style={{
                  color: token.colorTextSecondary,
                  fontSize: token.fontSizeSM,
                  overflow: 'hidden',
                  textOverflow: 'ellipsis',
                  whiteSpace: 'nowrap',
                  flex: 1,
                }}
              >
                {item.template_content}
              </span>
              {item.folder && (
                <span style={{ color: token.colorTextSecondary, fontSize: token.fontSizeSM }}>
                  <FolderOutlined /> <bdi>{item.folder}</bdi>
                </span>
              )}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
