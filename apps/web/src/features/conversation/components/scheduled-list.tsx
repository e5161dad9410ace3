import { lazy, Suspense, useCallback, useEffect, useState } from 'react';
import { Button, Popconfirm } from 'antd';
import { plural, t } from '@lingui/core/macro';
import {
  ClockCircleOutlined,
  ExclamationCircleOutlined,
  LoadingOutlined,
  LockOutlined,
} from '@ant-design/icons';
import type { ScheduledMessage } from '@parley/contracts';
import { useAppDispatch } from '../../../app/hooks';
import type { RootState } from '../../../app/store';
import { formatNumber } from '../../../lib/format';
import { toast } from '../../../lib/toast';
import {
  scheduledMessagesApi,
  useCancelScheduledMessageMutation,
} from '../api/scheduled-messages-api';
import { draftChanged, selectDraft, type ComposerMode } from '../composer-drafts-slice';
import { refusalText } from '../hooks/use-conversation-actions';
import { restoredDraft } from '../restore-draft';
import { firstLine, sendAtText } from '../scheduled-send';
import styles from './scheduled-messages.module.css';

// The list's rows and actions, loaded once the conversation has something to list (see
// scheduled-strip.tsx); the edit dialog (antd DatePicker) only when asked for.
const ScheduledEditModal = lazy(() =>
  import('./schedule-modal').then((m) => ({ default: m.ScheduledEditModal })),
);

export interface ScheduledListProps {
  conversationId: number;
  meId: number | null;
  /** Scheduled, sending and failed messages (undo-window sends only when they failed). */
  listed: ScheduledMessage[];
  /** The caller's own undo-window sends. */
  undoing: ScheduledMessage[];
  /** Text went back into the composer (Undo, or a failed message taken back). */
  onRestored: (mode: ComposerMode) => void;
}

/**
 * Above the composer: "Sending… Undo" for the agent's own replies in their undo window, then
 * the conversation's scheduled and failed messages — time, author, first line. The author may
 * edit or cancel a scheduled one and dismiss a failed one; teammates only see them
 * (docs/product/scheduled-send.md).
 */
export function ScheduledList({
  conversationId,
  meId,
  listed,
  undoing,
  onRestored,
}: ScheduledListProps) {
  const dispatch = useAppDispatch();
  const [cancel] = useCancelScheduledMessageMutation();
  const [busy, setBusy] = useState<number | null>(null);
  const [editing, setEditing] = useState<ScheduledMessage | null>(null);
  const reload = useCallback(() => {
    dispatch(
      scheduledMessagesApi.util.invalidateTags([{ type: 'ScheduledMessages', id: conversationId }]),
    );
  }, [dispatch, conversationId]);

  /** Cancels (or dismisses) it; with `restore`, its text goes back into the composer. */
  const drop = async (message: ScheduledMessage, restore: boolean) => {
    setBusy(message.id);
    try {
      await cancel({ id: message.id, conversationId }).unwrap();
      if (restore) {
        // Read at the answer: the agent may have written more meanwhile.
        const mode = dispatch((next, getState: () => RootState) => {
          const draft = restoredDraft(message, selectDraft(getState(), conversationId));
          next(draftChanged({ conversationId, draft }));
          return draft.mode;
        });
        onRestored(mode);
      }
    } catch (failure) {
      toast.error(refusalText(failure));
    } finally {
      setBusy(null);
    }
  };

  return (
    <section className={styles.strip} aria-label={t`Scheduled messages`}>
      {undoing.map((message) => (
        <UndoNotice
          key={message.id}
          message={message}
          busy={busy === message.id}
          onUndo={() => void drop(message, true)}
          onWindowOver={reload}
        />
      ))}
      {listed.length > 0 && (
        <ul className={styles.list}>
          {listed.map((message) => (
            <ScheduledRow
              key={message.id}
              message={message}
              mine={message.author.id === meId}
              busy={busy === message.id}
              onEdit={() => setEditing(message)}
              onCancel={() => void drop(message, false)}
              onTakeBack={() => void drop(message, true)}
            />
          ))}
        </ul>
      )}
      {editing && (
        <Suspense fallback={null}>
          <ScheduledEditModal message={editing} onClose={() => setEditing(null)} />
        </Suspense>
      )}
    </section>
  );
}

/** Whole seconds left until `at`, ticking. */
function useSecondsLeft(at: string): number {
  const [now, setNow] = useState(() => Date.now());
  const end = Date.parse(at);
  const left = Math.max(0, Math.ceil((end - now) / 1000));
  useEffect(() => {
    if (left <= 0) return;
    const timer = setInterval(() => setNow(Date.now()), 250);
    return () => clearInterval(timer);
  }, [left]);
  return left;
}

/** How long after its window an undo-window send is looked for again, should no event come. */
const AFTER_WINDOW_MS = 5_000;

function UndoNotice({
  message,
  busy,
  onUndo,
  onWindowOver,
}: {
  message: ScheduledMessage;
  busy: boolean;
  onUndo: () => void;
  onWindowOver: () => void;
}) {
  const left = useSecondsLeft(message.send_at);
  // The server says when it went (scheduled_messages_changed); without a connection, ask.
  useEffect(() => {
    if (left > 0) return;
    const timer = setTimeout(onWindowOver, AFTER_WINDOW_MS);
    return () => clearTimeout(timer);
  }, [left, onWindowOver]);
  const seconds = formatNumber(left, { style: 'unit', unit: 'second', unitDisplay: 'narrow' });
  const preview = firstLine(message.body);
  return (
    <div className={styles.undo} data-scheduled-id={message.id}>
      <LoadingOutlined className={styles.icon} aria-hidden />
      <span role="status" className={styles.when}>
        {t`Sending…`}
      </span>
      {left > 0 && (
        <span className={styles.countdown} aria-hidden>
          {seconds}
        </span>
      )}
      <span className={styles.text} dir="auto">
        {preview}
      </span>
      {left > 0 && (
        <span className={styles.actions}>
          <Button size="small" onClick={onUndo} loading={busy}>
            {t`Undo`}
          </Button>
        </span>
      )}
    </div>
  );
}

interface ScheduledRowProps {
  message: ScheduledMessage;
  mine: boolean;
  busy: boolean;
  onEdit: () => void;
  onCancel: () => void;
  onTakeBack: () => void;
}

function ScheduledRow({ message, mine, busy, onEdit, onCancel, onTakeBack }: ScheduledRowProps) {
  const when = sendAtText(message.send_at);
  const author = message.author.name;
  const failed = message.status === 'failed';
  const headline =
    message.status === 'sending'
      ? t`Sending…`
      : failed
        ? mine
          ? t`Not sent at ${when}`
          : t`Scheduled by ${author} for ${when}, not sent`
        : mine
          ? t`Scheduled for ${when}`
          : t`Scheduled by ${author} for ${when}`;
  const files = message.attachment_ids.length;
  const preview =
    firstLine(message.body) ||
    (files > 0 ? plural(files, { one: '# file', other: '# files' }) : '');

  return (
    <li
      className={[styles.row, failed && styles.failed].filter(Boolean).join(' ')}
      data-scheduled-id={message.id}
      data-status={message.status}
    >
      {failed ? (
        <ExclamationCircleOutlined className={styles.icon} aria-hidden />
      ) : (
        <ClockCircleOutlined className={styles.icon} aria-hidden />
      )}
      <span className={styles.what}>
        <span className={styles.when}>
          {message.kind === 'note' && (
            <LockOutlined aria-label={t`Internal note`} style={{ marginInlineEnd: 4 }} />
          )}
          {headline}
        </span>
        <span className={styles.text} dir="auto" title={message.body}>
          {preview}
        </span>
        {failed && message.failure_reason && (
          <span className={styles.reason}>{message.failure_reason}</span>
        )}
      </span>
      {mine && message.editable && (
        <span className={styles.actions}>
          <Button size="small" onClick={onEdit} disabled={busy}>
            {t`Edit`}
          </Button>
          <Popconfirm
            title={t`Cancel this scheduled message?`}
            okText={t`Cancel message`}
            cancelText={t`Keep`}
            onConfirm={onCancel}
          >
            <Button size="small" loading={busy}>
              {t`Cancel`}
            </Button>
          </Popconfirm>
        </span>
      )}
      {mine && failed && (
        <span className={styles.actions}>
          <Button size="small" onClick={onTakeBack} disabled={busy}>
            {t`Edit in composer`}
          </Button>
          <Button size="small" onClick={onCancel} loading={busy}>
            {t`Dismiss`}
          </Button>
        </span>
      )}
    </li>
  );
}
