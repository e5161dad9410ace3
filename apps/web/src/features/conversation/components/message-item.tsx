import { memo } from 'react';
import dayjs from 'dayjs';
import { LockOutlined, PaperClipOutlined, PhoneOutlined } from '@ant-design/icons';
import type { Message } from '@parley/contracts';
import { formatTimestamp } from '../../../lib/format-timestamp';
import { DeliveryFailure, DeliveryStatusTick } from './delivery-status';
import styles from './conversation-pane.module.css';

/**
 * Customer HTML (already sanitised by the server) only ever runs inside a frame with every
 * sandbox restriction on (`sandbox=""`: no scripts, no same-origin, no forms, no navigation),
 * and a CSP that loads nothing but inline styles and images.
 */
export function htmlDocument(html: string): string {
  return [
    '<!doctype html><html><head><meta charset="utf-8">',
    `<meta http-equiv="Content-Security-Policy" content="default-src 'none'; img-src data: https:; style-src 'unsafe-inline'; font-src data: https:">`,
    '<style>body{margin:8px;font:14px/1.5 -apple-system,BlinkMacSystemFont,"Segoe UI",Roboto,Arial,sans-serif;color:#1f2430;overflow-wrap:anywhere}img{max-width:100%;height:auto}blockquote{margin:0 0 0 8px;padding-left:8px;border-left:2px solid #d9d9d9;color:#5b6170}</style>',
    `</head><body>${html}</body></html>`,
  ].join('');
}

/** A first height for the frame (it cannot measure its sandboxed content); the user can resize. */
function frameHeight(text: string): number {
  const lines = text
    .split('\n')
    .reduce((n, line) => n + Math.max(1, Math.ceil(line.length / 90)), 0);
  return Math.min(480, Math.max(96, lines * 21 + 24));
}

function MessageBody({ message, sender }: { message: Message; sender: string }) {
  if (message.body_html) {
    return (
      <div className={styles.htmlFrame} style={{ height: frameHeight(message.body) }}>
        <iframe
          title={`Message from ${sender}`}
          sandbox=""
          srcDoc={htmlDocument(message.body_html)}
          referrerPolicy="no-referrer"
          loading="lazy"
        />
      </div>
    );
  }
  // Plain text: React escapes it; pre-wrap keeps the line breaks.
  return <p className={styles.text}>{message.body}</p>;
}

function Timestamp({ at }: { at: string }) {
  return (
    <time dateTime={at} title={dayjs(at).format('dddd, MMM DD YYYY, hh:mm a')}>
      {formatTimestamp(at)}
    </time>
  );
}

function senderName(message: Message, contactName: string): string {
  if (message.sender.name) return message.sender.name;
  if (message.sender.type === 'contact') return contactName;
  if (message.sender.type === 'system') return 'Parley';
  return 'A teammate';
}

interface MessageItemProps {
  message: Message;
  contactName: string;
}

/**
 * One entry of the thread: customer messages on the left, ours on the right, internal notes in
 * yellow and labelled, activity as a small centred line, calls with a phone icon.
 */
export const MessageItem = memo(function MessageItem({ message, contactName }: MessageItemProps) {
  if (message.kind === 'activity') {
    return (
      <li className={styles.activity} data-kind="activity" data-message-id={message.id}>
        {message.body} · <Timestamp at={message.created_at} />
      </li>
    );
  }

  const isNote = message.kind === 'note';
  const side = message.direction === 'incoming' ? 'incoming' : 'outgoing';
  const sender = senderName(message, contactName);
  const showDelivery = message.kind === 'message' && side === 'outgoing' && message.delivery_status;
  const rowClass = [styles.row, styles[side], isNote ? styles.note : ''].filter(Boolean).join(' ');
  const wide = Boolean(message.body_html);

  return (
    <li
      className={rowClass}
      data-kind={message.kind}
      data-direction={message.direction}
      data-message-id={message.id}
    >
      <article
        className={wide ? `${styles.bubble} ${styles.bubbleWide}` : styles.bubble}
        aria-label={isNote ? `Internal note from ${sender}` : `${sender}`}
      >
        <header className={styles.bubbleHeader}>
          {isNote && (
            <span className={styles.noteLabel}>
              <LockOutlined aria-hidden /> Internal note
            </span>
          )}
          <span className={styles.sender}>{sender}</span>
          <Timestamp at={message.created_at} />
        </header>
        {message.kind === 'call' ? (
          <div className={styles.call}>
            <span className={styles.callIcon}>
              <PhoneOutlined aria-label={side === 'incoming' ? 'Incoming call' : 'Outgoing call'} />
            </span>
            <span className={styles.text}>{message.body || 'Call'}</span>
          </div>
        ) : (
          <MessageBody message={message} sender={sender} />
        )}
        {message.attachments?.length > 0 && (
          <ul className={styles.attachments} aria-label="Attachments">
            {message.attachments.map((file) => (
              <li key={file.id}>
                <a href={file.url} download={file.file_name} rel="noreferrer">
                  <PaperClipOutlined aria-hidden /> {file.file_name}
                </a>
              </li>
            ))}
          </ul>
        )}
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
