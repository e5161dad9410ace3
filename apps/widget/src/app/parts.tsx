import { useRef, useState, type ReactNode } from 'react';
import { msg, t } from '@lingui/core/macro';
import type { MessageDescriptor } from '@lingui/core';
import type { WidgetAgent, WidgetMessage } from '@parley/contracts';
import { ChatError, type ChatEndpoints, type WidgetAttachment } from './api';
import { agentLabel, formatTime, linkify } from './chat-state';
import type { HostBridge } from './host';
import { i18n } from './i18n';

/** Small pieces of the chat's screens: avatars, message bubbles, attachments, the composer. */

const isWebUrl = (url: string | null) => !!url && /^(https?:\/\/|\/)/.test(url);

/** A paper clip (an icon, not an emoji: not every visitor's system has an emoji font). */
export function ClipIcon() {
  return (
    <svg width="18" height="18" viewBox="0 0 24 24" aria-hidden="true" fill="none">
      <path
        d="M21 11.5l-8.6 8.6a5.5 5.5 0 01-7.8-7.8l8.6-8.6a3.7 3.7 0 015.2 5.2l-8.6 8.6a1.8 1.8 0 01-2.6-2.6l8-8"
        stroke="currentColor"
        strokeWidth="2"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
    </svg>
  );
}

export function Avatar({ agent, size = 32 }: { agent: WidgetAgent | null; size?: number }) {
  const dims = { width: size, height: size };
  if (agent && isWebUrl(agent.avatar_url))
    return <img className="avatar" src={agent.avatar_url!} alt="" style={dims} />;
  return (
    <span
      className="avatar"
      aria-hidden="true"
      style={{ ...dims, background: agent?.profile_color ?? 'var(--primary)' }}
    >
      {agent?.initials ?? '•'}
    </span>
  );
}

/** Text with its web links made clickable; never HTML (ASVS 3.2.2). */
export function RichText({ text, host }: { text: string; host: HostBridge }) {
  return (
    <>
      {linkify(text).map((part, i) =>
        part.href ? (
          <a
            key={i}
            href={part.href}
            target="_blank"
            rel="noopener noreferrer"
            onClick={(e) => {
              if (host.openUrl(part.href!)) e.preventDefault();
            }}
          >
            {part.text}
          </a>
        ) : (
          <span key={i}>{part.text}</span>
        ),
      )}
    </>
  );
}

const STATUS_WORDS: Record<WidgetMessage['status'], MessageDescriptor> = {
  sent: msg`Sent`,
  delivered: msg`Delivered`,
  read: msg`Seen`,
  failed: msg`Not delivered`,
};

export function MessageBubble({
  message,
  host,
  showStatus,
}: {
  message: WidgetMessage;
  host: HostBridge;
  showStatus: boolean;
}) {
  if (message.author === 'system')
    return (
      <li className="msg system" data-testid="widget-message" dir="auto">
        <RichText text={message.body} host={host} />
      </li>
    );
  const mine = message.author === 'visitor';
  return (
    <li className={`msg ${mine ? 'mine' : 'theirs'}`} data-testid="widget-message">
      {!mine && <Avatar agent={message.agent} size={28} />}
      <div className="msg-body">
        {!mine && <div className="msg-author">{agentLabel(message.agent)}</div>}
        {message.body && (
          <div className="bubble" dir="auto">
            <RichText text={message.body} host={host} />
          </div>
        )}
        {message.attachments.map((a) => (
          <AttachmentLink key={a.id} attachment={a} host={host} />
        ))}
        <div className="msg-meta">
          <time dateTime={message.created_at}>{formatTime(message.created_at)}</time>
          {mine && (showStatus || message.status === 'failed') && (
            <span className={`status ${message.status}`}>
              {' '}
              · {i18n._(STATUS_WORDS[message.status])}
            </span>
          )}
        </div>
      </div>
    </li>
  );
}

function AttachmentLink({ attachment, host }: { attachment: WidgetAttachment; host: HostBridge }) {
  const isImage = /^image\/(png|jpe?g|gif|webp)$/.test(attachment.content_type);
  return (
    <a
      className="attachment"
      href={attachment.url}
      target="_blank"
      rel="noopener noreferrer"
      download={attachment.file_name}
      onClick={(e) => {
        if (host.openUrl(new URL(attachment.url, location.href).href)) e.preventDefault();
      }}
    >
      {isImage ? (
        <img src={attachment.url} alt={attachment.file_name} />
      ) : (
        <span className="file" dir="auto">
          <ClipIcon /> {attachment.file_name}
        </span>
      )}
    </a>
  );
}

export function Notice({
  kind = 'info',
  children,
}: {
  kind?: 'info' | 'error';
  children: ReactNode;
}) {
  return (
    <div className={`notice ${kind}`} role={kind === 'error' ? 'alert' : 'status'}>
      {children}
    </div>
  );
}

const MAX_FILES = 10;

/** Uploads files as they are picked; the message then names their ids. */
export function useAttachments(api: ChatEndpoints) {
  const [files, setFiles] = useState<Array<{ key: number; name: string; id: number | null }>>([]);
  const [error, setError] = useState<string | null>(null);
  const next = useRef(0);
  const add = (picked: FileList | null) => {
    setError(null);
    for (const file of Array.from(picked ?? []).slice(0, MAX_FILES - files.length)) {
      const key = next.current++;
      setFiles((f) => [...f, { key, name: file.name, id: null }]);
      api.upload(file).then(
        (a) => setFiles((f) => f.map((x) => (x.key === key ? { ...x, id: a.id } : x))),
        (err) => {
          setFiles((f) => f.filter((x) => x.key !== key));
          setError(
            `${file.name}: ${err instanceof ChatError ? err.message : t`the file could not be attached.`}`,
          );
        },
      );
    }
  };
  return {
    files,
    error,
    add,
    remove: (key: number) => setFiles((f) => f.filter((x) => x.key !== key)),
    clear: () => setFiles([]),
    uploading: files.some((f) => f.id === null),
    ids: files.flatMap((f) => (f.id === null ? [] : [f.id])),
  };
}
export type Attachments = ReturnType<typeof useAttachments>;

export function AttachmentPicker({ attachments }: { attachments: Attachments }) {
  const input = useRef<HTMLInputElement>(null);
  return (
    <>
      <button
        type="button"
        className="icon-button"
        aria-label={t`Attach a file`}
        title={t`Attach a file`}
        onClick={() => input.current?.click()}
      >
        <ClipIcon />
      </button>
      <input
        ref={input}
        type="file"
        multiple
        hidden
        data-testid="widget-file-input"
        onChange={(e) => {
          attachments.add(e.currentTarget.files);
          e.currentTarget.value = '';
        }}
      />
    </>
  );
}

export function AttachmentChips({ attachments }: { attachments: Attachments }) {
  if (!attachments.files.length && !attachments.error) return null;
  return (
    <div className="chips">
      {attachments.files.map((f) => (
        <Chip key={f.key} file={f} onRemove={() => attachments.remove(f.key)} />
      ))}
      {attachments.error && <Notice kind="error">{attachments.error}</Notice>}
    </div>
  );
}

function Chip({ file, onRemove }: { file: Attachments['files'][number]; onRemove: () => void }) {
  const name = file.name;
  return (
    <span className="chip">
      <span dir="auto">{file.id === null ? t`Uploading ${name}` : name}</span>
      <button type="button" aria-label={t`Remove ${name}`} onClick={onRemove}>
        ×
      </button>
    </span>
  );
}
