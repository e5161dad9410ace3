import { Spin, Typography } from 'antd';
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
  return (
    <div
      style={{
        position: 'absolute',
        left: 0,
        right: 0,
        bottom: '100%',
        marginBottom: 4,
        zIndex: 20,
        background: '#fff',
        border: '1px solid #e4e6eb',
        borderRadius: 8,
        boxShadow: '0 6px 16px rgba(0,0,0,0.08)',
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
          fontSize: 12,
          color: '#5b6170',
          borderBottom: '1px solid #f0f1f4',
        }}
      >
        <ThunderboltOutlined />
        <span>Fast replies{query ? ` matching "${query}"` : ''}</span>
        <span style={{ marginLeft: 'auto' }}>↑↓ to choose · Enter to insert · Esc to close</span>
        {(loading || resolving) && <Spin size="small" />}
      </div>
      {items.length === 0 ? (
        <Typography.Text type="secondary" style={{ display: 'block', padding: '8px 10px' }}>
          {loading ? 'Loading templates…' : 'No fast reply matches.'}
        </Typography.Text>
      ) : (
        <ul
          id={id}
          role="listbox"
          aria-label="Fast replies"
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
                background: index === activeIndex ? '#eef4ff' : undefined,
              }}
            >
              <span style={{ fontWeight: 500 }}>{item.name}</span>
              <span
                style={{
                  color: '#5b6170',
                  fontSize: 12,
                  overflow: 'hidden',
                  textOverflow: 'ellipsis',
                  whiteSpace: 'nowrap',
                  flex: 1,
                }}
              >
                {item.template_content}
              </span>
              {item.folder && (
                <span style={{ color: '#5b6170', fontSize: 12 }}>
                  <FolderOutlined /> {item.folder}
                </span>
              )}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
