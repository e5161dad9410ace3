import { memo, useCallback, useEffect, useRef, useState, type SyntheticEvent } from 'react';
import { t } from '@lingui/core/macro';
import { Trans } from '@lingui/react/macro';
import { Button, Dropdown } from 'antd';
import {
  EllipsisOutlined,
  LockOutlined,
  PaperClipOutlined,
  WarningFilled,
} from '@ant-design/icons';
import type { ConversationMove, EmailSenderChecks, Message } from '@parley/contracts';
import { formatDateTime } from '../../../lib/format';
import { formatTimestamp } from '../../../lib/format-timestamp';
import { productName } from '../../../lib/product';
import { assignmentActivityLabel } from '../../availability';
import { activityLineLabel, moveActivityOf } from '../activity-line-text';
import { ConversationCallEntry } from './call-entry';
import { DeliveryFailure, DeliveryStatusTick } from './delivery-status';
import { MessageReaction } from './message-reaction';
import { MoveActivityLine, type ConversationHref } from './move-lines';
import styles from './conversation-pane.module.css';
import moveStyles from './merge-split.module.css';

/**
 * Customer HTML (already sanitised by the server) is shown only inside a sandboxed frame
 * without `allow-scripts` — nothing in it can run, whatever slipped through — plus a CSP that
 * forbids scripts and loads nothing but inline styles and our own images. `allow-same-origin`
 * only lets this page measure the frame for its height (harmless without scripts); links open in
 * a new, separate tab (`allow-popups-to-escape-sandbox`), never inside the frame or over the app.
 */
export const HTML_FRAME_SANDBOX = 'allow-same-origin allow-popups allow-popups-to-escape-sandbox';

/**
 * An image on the internet (the server keeps its address in data-remote-src; older mail still
 * has it in src). Loading one tells its sender when and where the mail was read.
 */
const REMOTE_IMAGE = /<img\b[^>]*\s(?:data-remote-src|src)="https?:/i;
export const hasRemoteImages = (html: string) => REMOTE_IMAGE.test(html);

/**
 * The frame's document. Remote images stay unloaded — held back by the server and refused by
 * the CSP, which blocks them in mail stored before too — until the agent chooses to load them.
 * (Attribute values come double-quoted from the server's serializer with quotes escaped inside,
 * so `data-remote-src="` after `<img` is always the attribute itself.)
 */
export function htmlDocument(html: string, { remoteImages = false } = {}): string {
  const body = remoteImages ? html.replace(/(<img\b[^>]*?\s)data-remote-src="/gi, '$1src="') : html;
  const images = remoteImages ? "'self' data: https:" : "'self' data:";
  return [
    // The mail runs in its own direction (dir="auto"), whatever the app's language.
    '<!doctype html><html dir="auto"><head><meta charset="utf-8">',
    `<meta http-equiv="Content-Security-Policy" content="default-src 'none'; script-src 'none'; object-src 'none'; form-action 'none'; img-src ${images}; style-src 'unsafe-inline'; font-src data:">`,
    '<meta name="referrer" content="no-referrer"><base target="_blank">',
    // The mail's own page, on the white paper senders design HTML mail for (in dark mode too).
    // theme-ignore-next-line: the ink and quote rule of that white paper, not the app's colours.
    '<style>html,body{overflow-y:hidden}body{margin:8px;font:14px/1.5 -apple-system,BlinkMacSystemFont,"Segoe UI",Roboto,Arial,sans-serif;color:#1f2430;overflow-wrap:anywhere}img{max-width:100%;height:auto}blockquote{margin:0;margin-inline-start:8px;padding-inline-start:8px;border-inline-start:2px solid #d9d9d9;color:#5b6170}</style>',
    `</head><body>${body}</body></html>`,
  ].join('');
}

/** A first height for the frame, until it has loaded and can be measured. */
function frameHeight(text: string): number {
  const lines = text
    .split('\n')
    .reduce((n, line) => n + Math.max(1, Math.ceil(line.length / 90)), 0);
  return Math.min(480, Math.max(96, lines * 21 + 24));
}

/** Very long mails (newsletters) scroll inside the frame beyond this height. */
const MAX_FRAME_HEIGHT = 1600;

/** The frame grows to its content's height once loaded, and follows it when it reflows. */
function useAutoHeight(initial: number) {
  const [height, setHeight] = useState(initial);
  const observer = useRef<ResizeObserver | null>(null);
  useEffect(() => () => observer.current?.disconnect(), []);
  const onLoad = useCallback((event: SyntheticEvent<HTMLIFrameElement>) => {
    const doc = event.currentTarget.contentDocument;
    if (!doc?.documentElement) return;
    // The <html> box is as tall as the content (scrollHeight would be at least the frame's own).
    const measure = () =>
      setHeight(Math.min(MAX_FRAME_HEIGHT, Math.max(48, doc.documentElement.offsetHeight)));
    measure();
    observer.current?.disconnect();
    if (typeof ResizeObserver !== 'undefined') {
      observer.current = new ResizeObserver(measure);
      observer.current.observe(doc.body);
    }
  }, []);
  return { height, onLoad };
}

/** Senders (contact ids) whose mail loads its images at once, kept in this browser. */
const TRUSTED_SENDERS_KEY = 'parley.loadImagesFrom';

function trustedSenders(): number[] {
  try {
    const saved: unknown = JSON.parse(localStorage.getItem(TRUSTED_SENDERS_KEY) ?? '[]');
    return Array.isArray(saved) ? saved.filter((id): id is number => typeof id === 'number') : [];
  } catch {
    return [];
  }
}

function trustSender(contactId: number) {
  const ids = new Set(trustedSenders()).add(contactId);
  localStorage.setItem(TRUSTED_SENDERS_KEY, JSON.stringify([...ids]));
}

function HtmlBody({ message, sender }: { message: Message; sender: string }) {
  const { height, onLoad } = useAutoHeight(frameHeight(message.body));
  const html = message.body_html ?? '';
  const contactId = message.sender.type === 'contact' ? message.sender.id : null;
  const remote = hasRemoteImages(html);
  const [loadImages, setLoadImages] = useState(
    () => contactId !== null && trustedSenders().includes(contactId),
  );
  return (
    <>
      {remote && !loadImages && (
        <div className={styles.remoteImages} role="note" data-testid="remote-images">
          <span>
            <Trans>
              Images from the internet are not shown, so the sender cannot tell you read this.
            </Trans>
          </span>
          <button type="button" className={styles.linkButton} onClick={() => setLoadImages(true)}>
            <Trans>Load images</Trans>
          </button>
          {contactId !== null && (
            <button
              type="button"
              className={styles.linkButton}
              onClick={() => {
                trustSender(contactId);
                setLoadImages(true);
              }}
            >
              <Trans>Always load from this sender</Trans>
            </button>
          )}
        </div>
      )}
      <div className={styles.htmlFrame} style={{ height }}>
        <iframe
          title={t`Message from ${sender}`}
          sandbox={HTML_FRAME_SANDBOX}
          srcDoc={htmlDocument(html, { remoteImages: loadImages })}
          referrerPolicy="no-referrer"
          onLoad={onLoad}
        />
      </div>
    </>
  );
}

/** Images the browser shows as a preview; any other file is a download link. */
const PREVIEW_TYPES = new Set(['image/png', 'image/jpeg', 'image/gif', 'image/webp']);

/**
 * The message's files, each once: an image the mail's HTML already shows (embedded) is not
 * listed again; images show as previews, in every channel; other files as download links.
 */
function MessageFiles({ message }: { message: Message }) {
  const files = (message.attachments ?? []).filter((f) => !(message.body_html && f.is_embedded));
  if (files.length === 0) return null;
  return (
    <ul className={styles.attachments} aria-label={t`Attachments`}>
      {files.map((file) => (
        <li key={file.id}>
          {PREVIEW_TYPES.has(file.content_type) ? (
            <a
              className={styles.imagePreview}
              href={file.url}
              download={file.file_name}
              rel="noreferrer"
              title={file.file_name}
            >
              <img src={file.url} alt={file.file_name} loading="lazy" />
            </a>
          ) : (
            <a href={file.url} download={file.file_name} rel="noreferrer">
              <PaperClipOutlined aria-hidden /> <span dir="auto">{file.file_name}</span>
            </a>
          )}
        </li>
      ))}
    </ul>
  );
}

function MessageBody({ message, sender }: { message: Message; sender: string }) {
  if (message.body_html) return <HtmlBody message={message} sender={sender} />;
  // A photo sent on its own is the photo: no empty line of text above it.
  if (!message.body.trim() && message.attachments?.length > 0) return null;
  // Plain text: React escapes it; pre-wrap keeps the line breaks.
  // A message in any script reads in its own direction, whatever the app's language.
  return (
    <p className={styles.text} dir="auto">
      {message.body}
    </p>
  );
}

function Timestamp({ at }: { at: string }) {
  return (
    <time dateTime={at} title={formatDateTime(at, { dateStyle: 'full', timeStyle: 'short' })}>
      {formatTimestamp(at)}
    </time>
  );
}

function senderName(message: Message, contactName: string): string {
  if (message.sender.name) return message.sender.name;
  if (message.sender.type === 'contact') return contactName;
  if (message.sender.type === 'system') return productName;
  return t`A teammate`;
}

/**
 * An email whose From domain's DMARC check failed may be forged: the agent is told before acting
 * on it (it was filed under a contact of its own, apart from the address's customer).
 */
export function SenderWarning({ checks }: { checks: EmailSenderChecks }) {
  const address = checks.from;
  return (
    <p className={styles.failed} role="note" data-testid="sender-warning">
      <WarningFilled aria-hidden />{' '}
      {address
        ? t`This message failed the sender’s domain checks (DMARC) — it may not be from ${address}. Do not act on its requests (address changes, refunds) without confirming with the customer.`
        : t`This message failed the sender’s domain checks (DMARC) — it may not be from the address it shows. Do not act on its requests (address changes, refunds) without confirming with the customer.`}
    </p>
  );
}

interface MessageItemProps {
  message: Message;
  contactName: string;
  /** The merge or split this activity line tells, for its Undo. */
  move?: ConversationMove | undefined;
  /** Where "#N" of a merge or split line goes. */
  conversationHref?: ConversationHref | undefined;
  /** "Split from here" on a customer message (docs/product/merge-and-split.md). */
  onSplit?: ((message: Message) => void) | undefined;
}

/** A customer message's menu: "Split from here". */
function MessageMenu({ message, onSplit }: { message: Message; onSplit: (m: Message) => void }) {
  return (
    <Dropdown
      trigger={['click']}
      menu={{
        items: [{ key: 'split', label: t`Split from here` }],
        onClick: ({ key }) => {
          if (key === 'split') onSplit(message);
        },
      }}
    >
      <Button
        size="small"
        type="text"
        className={moveStyles.messageMenu}
        aria-label={t`Message actions`}
        icon={<EllipsisOutlined />}
      />
    </Dropdown>
  );
}

/**
 * One entry of the thread: customer messages on the left, ours on the right, internal notes in
 * yellow and labelled, activity as a small centred line, calls with a phone icon.
 */
export const MessageItem = memo(function MessageItem({
  message,
  contactName,
  move,
  conversationHref,
  onSplit,
}: MessageItemProps) {
  if (message.kind === 'activity') {
    const moved = moveActivityOf(message);
    return (
      <li className={styles.activity} data-kind="activity" data-message-id={message.id}>
        {moved ? (
          <MoveActivityLine activity={moved} move={move} conversationHref={conversationHref} />
        ) : (
          <span dir="auto">
            {/* Lines stored before their facts were kept show as stored (assignment's read back). */}
            {message.activity
              ? activityLineLabel(message.activity)
              : (assignmentActivityLabel(message.body) ?? message.body)}
          </span>
        )}{' '}
        · <Timestamp at={message.created_at} />
      </li>
    );
  }

  if (message.kind === 'reaction') {
    return <MessageReaction message={message} sender={senderName(message, contactName)} />;
  }

  const isNote = message.kind === 'note';
  const side = message.direction === 'incoming' ? 'incoming' : 'outgoing';
  const sender = senderName(message, contactName);
  const showDelivery = message.kind === 'message' && side === 'outgoing' && message.delivery_status;
  const rowClass = [styles.row, styles[side], isNote ? styles.note : ''].filter(Boolean).join(' ');
  const wide = Boolean(message.body_html);
  const checks = message.email_auth;

  return (
    <li
      className={rowClass}
      data-kind={message.kind}
      data-direction={message.direction}
      data-message-id={message.id}
    >
      <article
        className={wide ? `${styles.bubble} ${styles.bubbleWide}` : styles.bubble}
        aria-label={isNote ? t`Internal note from ${sender}` : sender}
      >
        <header className={styles.bubbleHeader}>
          {isNote && (
            <span className={styles.noteLabel}>
              <LockOutlined aria-hidden /> <Trans>Internal note</Trans>
            </span>
          )}
          <span className={styles.sender} dir="auto">
            {sender}
          </span>
          <Timestamp at={message.created_at} />
          {onSplit && side === 'incoming' && message.kind === 'message' && (
            <MessageMenu message={message} onSplit={onSplit} />
          )}
        </header>
        {checks?.dmarc_failed && <SenderWarning checks={checks} />}
        {message.kind === 'call' ? (
          <ConversationCallEntry message={message} />
        ) : (
          <MessageBody message={message} sender={sender} />
        )}
        <MessageFiles message={message} />
        {showDelivery && message.delivery_status && (
          <footer className={styles.footer}>
            <DeliveryStatusTick status={message.delivery_status} />
          </footer>
        )}
        {showDelivery && message.delivery_status === 'failed' && (
          <DeliveryFailure reason={message.failure_reason} />
        )}
      </article>
    </li>
  );
});
