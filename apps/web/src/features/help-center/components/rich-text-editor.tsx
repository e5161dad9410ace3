import {
  useEffect,
  useMemo,
  useRef,
  useState,
  type KeyboardEvent,
  type MouseEvent,
  type ReactNode,
} from 'react';
import {
  Button,
  Flex,
  Input,
  Popover,
  Tabs,
  theme,
  Tooltip,
  type GlobalToken,
  type InputRef,
} from 'antd';
import { t } from '@lingui/core/macro';
import {
  BoldOutlined,
  ClearOutlined,
  DisconnectOutlined,
  ItalicOutlined,
  LinkOutlined,
  OrderedListOutlined,
  RedoOutlined,
  UnderlineOutlined,
  UndoOutlined,
  UnorderedListOutlined,
} from '@ant-design/icons';
import { EditorContent, useEditor, useEditorState, type Editor } from '@tiptap/react';
import { StarterKit } from '@tiptap/starter-kit';
import { Image as ImageNode } from '@tiptap/extension-image';
import { keptMarkup } from './kept-markup';
import styles from './rich-text-editor.module.css';

interface RichTextEditorProps {
  /** The HTML to start from; a new value from outside (another article loaded) replaces the text. */
  value: string;
  onChange: (html: string) => void;
  label: string;
  disabled?: boolean;
}

/** The preview frame's look, from the theme (a frame sees none of the page's styles). */
const previewStyle = (token: GlobalToken) =>
  `body{font:15px/1.6 system-ui,sans-serif;color:${token.colorText};background:${token.colorBgContainer};margin:16px;}` +
  `img{max-width:100%;}` +
  `blockquote{border-inline-start:3px solid ${token.colorBorder};margin:0;padding-inline-start:12px;color:${token.colorTextSecondary};}` +
  `a{color:${token.colorLink};}table{border-collapse:collapse;}` +
  `td,th{border:1px solid ${token.colorBorder};padding:4px 8px;}`;

/**
 * The editor's HTML, with an empty document as '' (what an article without text has). The
 * empty paragraph the editor keeps after a last heading, list or table (so the cursor can go
 * below it) is not part of the article.
 */
const htmlOf = (editor: Editor) =>
  editor.isEmpty ? '' : editor.getHTML().replace(/(<p><\/p>)+$/, '');

/** What the editor knows; anything else in an article's HTML is dropped when it loads. */
const EXTENSIONS = [
  StarterKit.configure({
    link: {
      openOnClick: false,
      // Links open where the reader chooses, as before; a link that had a target keeps it.
      HTMLAttributes: { target: null, rel: null, class: null },
    },
    // Code blocks, inline code, rules and strike-through have no button but survive editing.
  }),
  // Images already in an article stay where they are (inline, as the old editor kept them).
  ImageNode.configure({ inline: true }),
  ...keptMarkup,
];

/** What people type as a link: "example.com" means the web site, not a page next to this one. */
export function linkAddress(typed: string): string | null {
  const url = typed.trim();
  if (!url || url === 'https://' || url === 'http://') return null;
  if (/^[a-z][a-z0-9+.-]*:/i.test(url) || /^[/#?]/.test(url)) return url;
  return `https://${url}`;
}

/**
 * The help-center article editor (Tiptap, on ProseMirror): a toolbar for bold, italic, underline,
 * headings, quotes, lists and links, and a preview. The HTML it produces is cleaned again by the
 * server (allow-list) when the article is saved; what the editor's schema does not know is
 * dropped here first.
 */
export function RichTextEditor({ value, onChange, label, disabled = false }: RichTextEditorProps) {
  // The value the editor holds already: it starts with the first one.
  const { token } = theme.useToken();
  const lastEmitted = useRef<string | null>(value);
  const toolbar = useRef<HTMLDivElement>(null);
  const [tab, setTab] = useState<'write' | 'preview'>('write');
  const [linkOpen, setLinkOpen] = useState(false);
  const [linkUrl, setLinkUrl] = useState('https://');
  // The one toolbar button reached with Tab; the arrow keys move between the others.
  const [focusIndex, setFocusIndex] = useState(0);
  const openLinkRef = useRef<() => void>(() => undefined);
  const linkInput = useRef<InputRef>(null);

  const editorProps = useMemo(
    () => ({
      attributes: editorAttributes(label, disabled),
      handleKeyDown: (_view: unknown, event: globalThis.KeyboardEvent) => {
        // Alt+F10 goes to the toolbar (the usual shortcut in editors); Ctrl/⌘+K adds a link.
        if (event.altKey && event.key === 'F10') {
          focusToolbar(toolbar.current);
          return true;
        }
        if ((event.ctrlKey || event.metaKey) && event.key.toLowerCase() === 'k') {
          openLinkRef.current();
          return true;
        }
        return false;
      },
    }),
    [label, disabled],
  );

  const editor = useEditor({
    extensions: EXTENSIONS,
    content: value,
    editable: !disabled,
    editorProps,
    // Read again on every render: this is always the latest onChange.
    onUpdate: ({ editor: current }) => {
      const next = htmlOf(current);
      lastEmitted.current = next;
      onChange(next);
    },
  });

  const state = useEditorState({
    editor,
    selector: ({ editor: current }) => ({
      bold: current.isActive('bold'),
      italic: current.isActive('italic'),
      underline: current.isActive('underline'),
      h2: current.isActive('heading', { level: 2 }),
      h3: current.isActive('heading', { level: 3 }),
      paragraph: current.isActive('paragraph'),
      quote: current.isActive('blockquote'),
      bullets: current.isActive('bulletList'),
      numbers: current.isActive('orderedList'),
      link: current.isActive('link'),
      canUndo: current.can().undo(),
      canRedo: current.can().redo(),
    }),
  });

  // Only a value that did not come from typing here replaces the text.
  useEffect(() => {
    if (value === lastEmitted.current) return;
    lastEmitted.current = value;
    if (htmlOf(editor) === value) return;
    // Not a step Undo goes back over: the text before it belongs to another article or save.
    editor.chain().setMeta('addToHistory', false).setContent(value, { emitUpdate: false }).run();
  }, [editor, value]);

  // The editor reads its other options again when they change, but not whether it is editable.
  useEffect(() => {
    editor.setEditable(!disabled, false);
  }, [editor, disabled]);

  // The address field takes the keyboard each time the popover opens (from the button or Ctrl+K).
  useEffect(() => {
    if (linkOpen) linkInput.current?.focus({ cursor: 'all' });
  }, [linkOpen]);

  const locked = disabled || tab !== 'write';

  const openLink = () => {
    if (locked) return;
    setLinkUrl(editor.getAttributes('link').href ?? 'https://');
    setLinkOpen(true);
  };
  useEffect(() => {
    openLinkRef.current = openLink;
  });

  const addLink = () => {
    const url = linkAddress(linkUrl);
    setLinkOpen(false);
    if (!url) {
      editor.commands.focus();
      return;
    }
    const chain = editor.chain().focus().extendMarkRange('link');
    if (editor.state.selection.empty && !editor.isActive('link')) {
      // No text chosen: the address itself becomes the link's text.
      chain
        .insertContent({ type: 'text', text: url, marks: [{ type: 'link', attrs: { href: url } }] })
        .run();
    } else {
      chain.setLink({ href: url }).run();
    }
  };

  const tools: Tool[] = [
    {
      key: 'bold',
      title: t`Bold`,
      icon: <BoldOutlined />,
      pressed: state.bold,
      run: () => editor.chain().focus().toggleBold().run(),
    },
    {
      key: 'italic',
      title: t`Italic`,
      icon: <ItalicOutlined />,
      pressed: state.italic,
      run: () => editor.chain().focus().toggleItalic().run(),
    },
    {
      key: 'underline',
      title: t`Underline`,
      icon: <UnderlineOutlined />,
      pressed: state.underline,
      run: () => editor.chain().focus().toggleUnderline().run(),
    },
    {
      key: 'heading',
      title: t`Heading`,
      label: t`H2 heading`,
      // i18n-ignore-next-line: the heading level's mark, the same in every language.
      text: 'H2',
      pressed: state.h2,
      run: () => editor.chain().focus().toggleHeading({ level: 2 }).run(),
    },
    {
      key: 'subheading',
      title: t`Subheading`,
      label: t`H3 subheading`,
      // i18n-ignore-next-line: the heading level's mark, the same in every language.
      text: 'H3',
      pressed: state.h3,
      run: () => editor.chain().focus().toggleHeading({ level: 3 }).run(),
    },
    {
      key: 'paragraph',
      title: t`Paragraph`,
      label: t`¶ paragraph`,
      text: '¶',
      pressed: state.paragraph && !state.quote && !state.bullets && !state.numbers,
      run: () => editor.chain().focus().clearNodes().setParagraph().run(),
    },
    {
      key: 'quote',
      title: t`Quote`,
      label: t`“ ” quote`,
      text: '“ ”',
      pressed: state.quote,
      run: () => editor.chain().focus().toggleBlockquote().run(),
    },
    {
      key: 'bullets',
      title: t`Bulleted list`,
      icon: <UnorderedListOutlined />,
      pressed: state.bullets,
      run: () => editor.chain().focus().toggleBulletList().run(),
    },
    {
      key: 'numbers',
      title: t`Numbered list`,
      icon: <OrderedListOutlined />,
      pressed: state.numbers,
      run: () => editor.chain().focus().toggleOrderedList().run(),
    },
    {
      key: 'link',
      title: t`Link`,
      icon: <LinkOutlined />,
      pressed: state.link,
      // The popover below opens it.
      run: openLink,
    },
    {
      key: 'unlink',
      title: t`Remove link`,
      icon: <DisconnectOutlined />,
      unavailable: !state.link,
      run: () => editor.chain().focus().extendMarkRange('link').unsetLink().run(),
    },
    {
      key: 'clear',
      title: t`Clear formatting`,
      icon: <ClearOutlined />,
      run: () => editor.chain().focus().unsetAllMarks().run(),
    },
    {
      key: 'undo',
      title: t`Undo`,
      icon: <UndoOutlined />,
      unavailable: !state.canUndo,
      run: () => editor.chain().focus().undo().run(),
    },
    {
      key: 'redo',
      title: t`Redo`,
      icon: <RedoOutlined />,
      unavailable: !state.canRedo,
      run: () => editor.chain().focus().redo().run(),
    },
  ];

  const onToolbarKey = (event: KeyboardEvent<HTMLDivElement>) => {
    const buttons = toolButtons(toolbar.current);
    const at = buttons.indexOf(document.activeElement as HTMLButtonElement);
    if (at < 0 || buttons.length === 0) return;
    let next: number | null = null;
    // In a right-to-left page the toolbar runs from the right: the arrows follow what is seen.
    const rtl = toolbar.current ? getComputedStyle(toolbar.current).direction === 'rtl' : false;
    const forward = rtl ? 'ArrowLeft' : 'ArrowRight';
    const backward = rtl ? 'ArrowRight' : 'ArrowLeft';
    if (event.key === forward) next = (at + 1) % buttons.length;
    else if (event.key === backward) next = (at - 1 + buttons.length) % buttons.length;
    else if (event.key === 'Home') next = 0;
    else if (event.key === 'End') next = buttons.length - 1;
    else if (event.key === 'Escape' && !linkOpen) {
      event.preventDefault();
      editor.commands.focus();
      return;
    }
    if (next === null) return;
    event.preventDefault();
    buttons[next]?.focus();
  };

  // A button that cannot be used now (nothing to undo) hands its Tab stop back to the first.
  const tabStop = tools[focusIndex]?.unavailable ? 0 : focusIndex;
  const rendered = tools.map((tool, index) => {
    const button = (
      <ToolButton
        key={tool.key}
        tool={tool}
        disabled={locked || Boolean(tool.unavailable)}
        tabStop={index === tabStop}
        onFocus={() => setFocusIndex(index)}
      />
    );
    if (tool.key !== 'link') return button;
    return (
      <Popover
        key={tool.key}
        open={linkOpen}
        onOpenChange={(open) => (open ? openLink() : setLinkOpen(false))}
        trigger="click"
        content={
          <Flex gap={token.marginXS} wrap>
            <Input
              ref={linkInput}
              aria-label={t`Link address`}
              dir="ltr"
              value={linkUrl}
              onChange={(e) => setLinkUrl(e.target.value)}
              onPressEnter={addLink}
              onKeyDown={(e) => {
                if (e.key === 'Escape') {
                  setLinkOpen(false);
                  editor.commands.focus();
                }
              }}
              className={styles.linkInput}
            />
            <Button type="primary" onClick={addLink}>
              {state.link ? t`Change link` : t`Add link`}
            </Button>
          </Flex>
        }
      >
        {button}
      </Popover>
    );
  });

  return (
    <div className={styles.frame}>
      <Flex align="center" justify="space-between" wrap className={styles.bar}>
        <div
          ref={toolbar}
          role="toolbar"
          aria-label={t`Formatting`}
          className={styles.toolbar}
          onKeyDown={onToolbarKey}
        >
          {rendered}
        </div>
        <Tabs
          size="small"
          activeKey={tab}
          onChange={(key) => setTab(key as 'write' | 'preview')}
          items={[
            { key: 'write', label: t`Write` },
            { key: 'preview', label: t`Preview` },
          ]}
          tabBarStyle={{ margin: 0 }}
        />
      </Flex>
      <EditorContent
        editor={editor}
        className={styles.content}
        style={{ display: tab === 'write' ? 'block' : 'none' }}
      />
      {tab === 'preview' && (
        // A sandboxed frame: nothing in the text can run, even before the server cleans it.
        <iframe
          title={t`Article preview`}
          sandbox=""
          srcDoc={`<!doctype html><meta charset="utf-8"><style>${previewStyle(token)}</style><body dir="auto">${htmlOf(editor)}</body>`}
          style={{ width: '100%', minHeight: 320, border: 0, display: 'block' }}
        />
      )}
    </div>
  );
}

/** The editable area's name and role: ProseMirror's element is the text box people type in. */
function editorAttributes(label: string, disabled: boolean): Record<string, string> {
  return {
    role: 'textbox',
    'aria-multiline': 'true',
    // The article is the merchant's own text: it runs in its own direction.
    dir: 'auto',
    'aria-label': label,
    ...(disabled ? { 'aria-readonly': 'true' } : {}),
  };
}

function toolButtons(toolbar: HTMLElement | null): HTMLButtonElement[] {
  return [...(toolbar?.querySelectorAll<HTMLButtonElement>('button') ?? [])].filter(
    (button) => !button.disabled,
  );
}

function focusToolbar(toolbar: HTMLElement | null) {
  const buttons = toolButtons(toolbar);
  (buttons.find((button) => button.tabIndex === 0) ?? buttons[0])?.focus();
}

interface Tool {
  /** Which tool it is, the same in every language. */
  key: string;
  title: string;
  /** The button's name when it shows text: starting with that text (WCAG 2.5.3). */
  label?: string;
  icon?: ReactNode;
  text?: string;
  /** For a toggle: whether it is on where the cursor is. */
  pressed?: boolean;
  /** Nothing to do here (no link to remove, nothing to undo). */
  unavailable?: boolean;
  run: () => void;
}

interface ToolButtonProps {
  tool: Tool;
  disabled: boolean;
  tabStop: boolean;
  onFocus: () => void;
}

/** `trigger` holds what a wrapping Popover or Tooltip passes down (its click and hover handlers). */
function ToolButton({
  tool,
  disabled,
  tabStop,
  onFocus,
  ...trigger
}: ToolButtonProps & { onClick?: (event: MouseEvent<HTMLElement>) => void }) {
  const { key, title, label, icon, text, pressed, run } = tool;
  const onClick = (event: MouseEvent<HTMLElement>) => {
    trigger.onClick?.(event);
    // The link button's popover runs it, on its click above.
    if (key !== 'link') run();
  };
  const button = (
    <Button
      {...trigger}
      type="text"
      size="small"
      // A button that shows text is named starting with it (WCAG 2.5.3): "H2 heading".
      aria-label={label ?? title}
      aria-pressed={pressed === undefined ? undefined : pressed}
      icon={icon}
      disabled={disabled}
      tabIndex={tabStop ? 0 : -1}
      onFocus={onFocus}
      // Keeps the cursor in the text while the button is pressed.
      onMouseDown={(e) => e.preventDefault()}
      onClick={onClick}
      className={`${styles.tool}${pressed ? ` ${styles.pressed}` : ''}`}
    >
      {text}
    </Button>
  );
  return text ? button : <Tooltip title={title}>{button}</Tooltip>;
}
