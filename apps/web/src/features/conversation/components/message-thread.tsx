import { useCallback, useLayoutEffect, useRef } from 'react';
import { Button, Empty, Result, Skeleton } from 'antd';
import { t } from '@lingui/core/macro';
import { Trans } from '@lingui/react/macro';
import type { ConversationMove, Message } from '@parley/contracts';
import { asErrorPayload, genericErrorMessage } from '../../../lib/api-error';
import { toast } from '../../../lib/toast';
import { useLoadOlderMessagesMutation } from '../api/conversation-api';
import { useSplitConversationMutation } from '../api/conversation-moves-api';
import { MessageItem } from './message-item';
import type { ConversationHref } from './move-lines';
import styles from './conversation-pane.module.css';

interface MessageThreadProps {
  conversationId: number;
  messages: Message[] | null;
  hasMore: boolean;
  contactName: string;
  /** Why the first page failed, shown with a retry instead of an endless skeleton. */
  loadError?: string | null;
  onRetry?: () => void;
  /** The merges and splits told by the thread's activity lines, by line id (their Undo). */
  movesByLine?: ReadonlyMap<number, ConversationMove>;
  /** Where "#N" of a merge or split line goes. */
  conversationHref?: ConversationHref;
}

/**
 * How close to the bottom (px, measured after the new message rendered, so it includes its
 * height) still counts as "reading the latest": then new messages scroll into view.
 */
const STICK_TO_BOTTOM_PX = 480;

/** The thread, oldest first, with "Load older messages" at the top (keyset: `before`). */
export function MessageThread({
  conversationId,
  messages,
  hasMore,
  contactName,
  loadError,
  onRetry,
  movesByLine,
  conversationHref,
}: MessageThreadProps) {
  const [loadOlder, { isLoading: loadingOlder }] = useLoadOlderMessagesMutation();
  const [split] = useSplitConversationMutation();
  // "Split from here": at once (the activity line it writes carries the Undo).
  const onSplit = useCallback(
    async (message: Message) => {
      try {
        const { conversation } = await split({ conversationId, messageId: message.id }).unwrap();
        const made = conversation.id;
        toast.success(t`Split into #${made}`);
      } catch (error) {
        const payload = asErrorPayload(error);
        toast.error(
          t`The conversation could not be split`,
          payload?.message ?? genericErrorMessage(),
        );
      }
    },
    [split, conversationId],
  );
  const scroller = useRef<HTMLDivElement>(null);
  const seen = useRef<{ conversationId: number; first: number | null; last: number | null }>({
    conversationId: -1,
    first: null,
    last: null,
  });
  const heightBeforeOlder = useRef<number | null>(null);

  const first = messages?.[0]?.id ?? null;
  const last = messages?.at(-1)?.id ?? null;

  // Opening: show the latest. Older page added: keep the reader where they were. New message
  // at the end: follow it if the reader was at the bottom.
  useLayoutEffect(() => {
    const box = scroller.current;
    const previous = seen.current;
    seen.current = { conversationId, first, last };
    if (!box || last === null) return;
    if (previous.conversationId !== conversationId || previous.last === null) {
      box.scrollTop = box.scrollHeight;
      return;
    }
    if (heightBeforeOlder.current !== null && first !== previous.first) {
      box.scrollTop += box.scrollHeight - heightBeforeOlder.current;
      heightBeforeOlder.current = null;
      return;
    }
    if (last !== previous.last) {
      const fromBottom = box.scrollHeight - box.scrollTop - box.clientHeight;
      if (fromBottom < STICK_TO_BOTTOM_PX) box.scrollTop = box.scrollHeight;
    }
  }, [conversationId, first, last]);

  const onLoadOlder = async () => {
    if (first === null) return;
    heightBeforeOlder.current = scroller.current?.scrollHeight ?? null;
    try {
      await loadOlder({ conversationId, before: first }).unwrap();
    } catch (error) {
      heightBeforeOlder.current = null;
      const payload = asErrorPayload(error);
      if (payload?.code === 'canceled') return;
      toast.error(t`Older messages could not be loaded`, payload?.message ?? genericErrorMessage());
    }
  };

  return (
    <div className={styles.thread} ref={scroller}>
      {messages === null && loadError ? (
        <Result
          status="warning"
          title={t`The messages could not be loaded`}
          subTitle={loadError}
          extra={
            onRetry && (
              <Button onClick={onRetry}>
                <Trans>Try again</Trans>
              </Button>
            )
          }
        />
      ) : messages === null ? (
        <Skeleton active paragraph={{ rows: 6 }} />
      ) : messages.length === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t`No messages yet.`} />
      ) : (
        <>
          {hasMore && (
            <div className={styles.olderRow}>
              <Button size="small" onClick={() => void onLoadOlder()} loading={loadingOlder}>
                <Trans>Load older messages</Trans>
              </Button>
            </div>
          )}
          <ol className={styles.messages} aria-label={t`Messages`}>
            {messages.map((message) => (
              <MessageItem
                key={message.id}
                message={message}
                contactName={contactName}
                move={movesByLine?.get(message.id)}
                conversationHref={conversationHref}
                onSplit={onSplit}
              />
            ))}
          </ol>
        </>
      )}
    </div>
  );
}
