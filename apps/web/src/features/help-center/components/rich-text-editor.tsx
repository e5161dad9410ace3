import { useEffect, useRef, useState, type ReactNode } from 'react';
import { Button, Flex, Input, Popover, Tabs, Tooltip } from 'antd';
import {
  BoldOutlined,
  ClearOutlined,
  DisconnectOutlined,
  ItalicOutlined,
  LinkOutlined,
  OrderedListOutlined,
  UnderlineOutlined,
  UnorderedListOutlined,
} from '@ant-design/icons';

interface RichTextEditorProps {
  /** The HTML to start from; a new value from outside (another article loaded) replaces the text. */
  value: string;
  onChange: (html: string) => void;
  label: string;
  disabled?: boolean;
}

const PREVIEW_STYLE =
  'body{font:15px/1.6 system-ui,sans-serif;color:#1f2430;margin:16px;}img{max-width:100%;}' +
  'blockquote{border-left:3px solid #d9dce3;margin:0;padding-left:12px;color:#5b6170;}' +
  'a{color:#1677ff;}table{border-collapse:collapse;}td,th{border:1px solid #d9dce3;padding:4px 8px;}';

/**
 * A small rich-text editor: an editable area (the browser's own editing commands) with a toolbar
 * for bold, italic, underline, headings, lists, quotes and links, and a preview. The HTML it
 * produces is cleaned again by the server (allow-list) when the article is saved.
 */
export function RichTextEditor({ value, onChange, label, disabled = false }: RichTextEditorProps) {
  const area = useRef<HTMLDivElement>(null);
  const lastEmitted = useRef<string | null>(null);
  const savedRange = useRef<Range | null>(null);
  const [tab, setTab] = useState<'write' | 'preview'>('write');
  const [linkOpen, setLinkOpen] = useState(false);
  const [linkUrl, setLinkUrl] = useState('https://');
  const [html, setHtml] = useState(value);

  // Only a value that did not come from typing here resets the editable area.
  useEffect(() => {
    if (value === lastEmitted.current) return;
    if (area.current && area.current.innerHTML !== value) area.current.innerHTML = value;
    setHtml(value);
  }, [value]);

  const emit = () => {
    const next = area.current?.innerHTML ?? '';
    lastEmitted.current = next;
    setHtml(next);
    onChange(next);
  };

  const run = (command: string, argument?: string) => {
    if (disabled) return;
    area.current?.focus();
    document.execCommand(command, false, argument);
    emit();
  };

  const rememberSelection = () => {
    const selection = window.getSelection();
    const range = selection && selection.rangeCount > 0 ? selection.getRangeAt(0) : null;
    savedRange.current =
      range && area.current?.contains(range.commonAncestorContainer) ? range.cloneRange() : null;
  };

  const addLink = () => {
    const url = linkUrl.trim();
    setLinkOpen(false);
    if (!url || url === 'https://') return;
    area.current?.focus();
    const selection = window.getSelection();
    if (savedRange.current && selection) {
      selection.removeAllRanges();
      selection.addRange(savedRange.current);
    }
    if (selection && !selection.isCollapsed) document.execCommand('createLink', false, url);
    else
      document.execCommand(
        'insertHTML',
        false,
        `<a href="${encodeURI(url)}">${escapeText(url)}</a>`,
      );
    emit();
  };

  const locked = disabled || tab !== 'write';

  return (
    <div style={{ border: '1px solid #d9dce3', borderRadius: 8, background: '#fff' }}>
      <Flex
        align="center"
        justify="space-between"
        wrap
        style={{ borderBottom: '1px solid #eceef2', padding: '0 8px' }}
      >
        <Flex role="toolbar" aria-label="Formatting" gap={2} wrap>
          <ToolButton
            title="Bold"
            icon={<BoldOutlined />}
            disabled={locked}
            onClick={() => run('bold')}
          />
          <ToolButton
            title="Italic"
            icon={<ItalicOutlined />}
            disabled={locked}
            onClick={() => run('italic')}
          />
          <ToolButton
            title="Underline"
            icon={<UnderlineOutlined />}
            disabled={locked}
            onClick={() => run('underline')}
          />
          <ToolButton
            title="Heading"
            text="H2"
            disabled={locked}
            onClick={() => run('formatBlock', '<h2>')}
          />
          <ToolButton
            title="Subheading"
            text="H3"
            disabled={locked}
            onClick={() => run('formatBlock', '<h3>')}
          />
          <ToolButton
            title="Paragraph"
            text="¶"
            disabled={locked}
            onClick={() => run('formatBlock', '<p>')}
          />
          <ToolButton
            title="Quote"
            text="“ ”"
            disabled={locked}
            onClick={() => run('formatBlock', '<blockquote>')}
          />
          <ToolButton
            title="Bulleted list"
            icon={<UnorderedListOutlined />}
            disabled={locked}
            onClick={() => run('insertUnorderedList')}
          />
          <ToolButton
            title="Numbered list"
            icon={<OrderedListOutlined />}
            disabled={locked}
            onClick={() => run('insertOrderedList')}
          />
          <Popover
            open={linkOpen}
            onOpenChange={(open) => {
              if (open) rememberSelection();
              setLinkOpen(open);
            }}
            trigger="click"
            content={
              <Flex gap={8}>
                <Input
                  aria-label="Link address"
                  value={linkUrl}
                  onChange={(e) => setLinkUrl(e.target.value)}
                  onPressEnter={addLink}
                  style={{ width: 260 }}
                />
                <Button type="primary" onClick={addLink}>
                  Add link
                </Button>
              </Flex>
            }
          >
            <Tooltip title="Link">
              <Button
                type="text"
                size="small"
                aria-label="Link"
                icon={<LinkOutlined />}
                disabled={locked}
                onMouseDown={(e) => {
                  e.preventDefault();
                  rememberSelection();
                }}
              />
            </Tooltip>
          </Popover>
          <ToolButton
            title="Remove link"
            icon={<DisconnectOutlined />}
            disabled={locked}
            onClick={() => run('unlink')}
          />
          <ToolButton
            title="Clear formatting"
            icon={<ClearOutlined />}
            disabled={locked}
            onClick={() => run('removeFormat')}
          />
        </Flex>
        <Tabs
          size="small"
          activeKey={tab}
          onChange={(key) => setTab(key as 'write' | 'preview')}
          items={[
            { key: 'write', label: 'Write' },
            { key: 'preview', label: 'Preview' },
          ]}
          tabBarStyle={{ margin: 0 }}
        />
      </Flex>
      <div
        ref={area}
        role="textbox"
        aria-multiline="true"
        aria-label={label}
        aria-disabled={disabled || undefined}
        contentEditable={!disabled}
        suppressContentEditableWarning
        onInput={emit}
        onBlur={emit}
        style={{
          display: tab === 'write' ? 'block' : 'none',
          minHeight: 280,
          padding: '12px 16px',
          outline: 'none',
          lineHeight: 1.6,
        }}
      />
      {tab === 'preview' && (
        // A sandboxed frame: nothing in the text can run, even before the server cleans it.
        <iframe
          title="Article preview"
          sandbox=""
          srcDoc={`<!doctype html><meta charset="utf-8"><style>${PREVIEW_STYLE}</style>${html}`}
          style={{ width: '100%', minHeight: 320, border: 0, display: 'block' }}
        />
      )}
    </div>
  );
}

function escapeText(text: string) {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

interface ToolButtonProps {
  title: string;
  icon?: ReactNode;
  text?: string;
  disabled: boolean;
  onClick: () => void;
}

function ToolButton({ title, icon, text, disabled, onClick }: ToolButtonProps) {
  const button = (
    <Button
      type="text"
      size="small"
      // A button that shows text is named starting with it (WCAG 2.5.3): "H2 heading".
      aria-label={text ? `${text} ${title.toLowerCase()}` : title}
      icon={icon}
      disabled={disabled}
      // Keeps the selection in the text while the button is pressed.
      onMouseDown={(e) => e.preventDefault()}
      onClick={onClick}
      // A one-character label (¶) would make the button narrower than a 24 px target.
      style={{ minWidth: 28, ...(text ? { fontWeight: 600 } : {}) }}
    >
      {text}
    </Button>
  );
  return text ? button : <Tooltip title={title}>{button}</Tooltip>;
}
