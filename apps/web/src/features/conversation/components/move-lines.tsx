import { useCallback, useMemo } from 'react';
import { Alert } from 'antd';
import { t } from '@lingui/core/macro';
import { Trans } from '@lingui/react/macro';
import { Link } from 'react-router';
import type {
  ConversationMove,
  Message,
  MoveActivity,
  RealtimeEventPayloads,
} from '@parley/contracts';
import { useAppDispatch } from '../../../app/hooks';
import { asErrorPayload, genericErrorMessage } from '../../../lib/api-error';
import { toast } from '../../../lib/toast';
import { useUserChannelEvent } from '../../realtime';
import { moveActivityOf } from '../activity-line-text';
import {
  conversationMovesApi,
  useGetConversationMovesQuery,
  useUndoConversationMoveMutation,
} from '../api/conversation-moves-api';
import styles from './conversation-pane.module.css';

/** Where "#N" in a merge or split line goes. */
export type ConversationHref = (id: number) => string;

const hasMoveLine = (messages: Message[] | null) =>
  (messages ?? []).some((m) => m.kind === 'activity' && moveActivityOf(m) !== null);

/**
 * The conversation's merges and splits, read only once its thread shows one of their lines:
 * by activity line (its Undo), and what the conversation is merged into.
 */
export function useConversationMoves(conversationId: number, messages: Message[] | null) {
  const { data } = useGetConversationMovesQuery(conversationId, {
    skip: !hasMoveLine(messages),
  });
  return useMemo(() => {
    const byLine = new Map<number, ConversationMove>();
    for (const move of data?.moves ?? [])
      for (const id of move.activity_message_ids.slice(0, 2)) byLine.set(id, move);
    return { byLine, mergedInto: data?.merged_into ?? null };
  }, [data]);
}

/**
 * A merge or split line arriving live (another agent's, or another tab's): both threads and their
 * moves are read again, since many messages changed place.
 */
export function useLiveMoves(): void {
  const dispatch = useAppDispatch();
  const onMessage = useCallback(
    (event: RealtimeEventPayloads['message_created']) => {
      if (event.message.kind !== 'activity') return;
      const activity = moveActivityOf(event.message);
      if (!activity) return;
      dispatch(
        conversationMovesApi.util.invalidateTags(
          [event.conversation_id, activity.other].flatMap((id) => [
            { type: 'Messages' as const, id },
            { type: 'Conversation' as const, id },
            { type: 'ConversationMoves' as const, id },
          ]),
        ),
      );
    },
    [dispatch],
  );
  useUserChannelEvent('message_created', onMessage);
}

function ConversationLink({ id, href }: { id: number; href: ConversationHref | undefined }) {
  const label = `#${id}`;
  return href ? <Link to={href(id)}>{label}</Link> : <>{label}</>;
}

/** A merge or split line in the reader's language. */
function MoveText({ activity, href }: { activity: MoveActivity; href?: ConversationHref }) {
  const other = <ConversationLink id={activity.other} href={href} />;
  const name = activity.name;
  switch (activity.kind) {
    case 'merged_in':
      return (
        <Trans>
          Merged {other} into this conversation by {name}
        </Trans>
      );
    case 'merged_into':
      return (
        <Trans>
          Merged into {other} by {name}
        </Trans>
      );
    case 'split_into':
      return (
        <Trans>
          Split into {other} by {name}
        </Trans>
      );
    case 'split_from':
      return (
        <Trans>
          Split from {other} by {name}
        </Trans>
      );
    case 'undone':
      return activity.move === 'merge' ? (
        <Trans>
          Merge with {other} undone by {name}
        </Trans>
      ) : (
        <Trans>
          Split with {other} undone by {name}
        </Trans>
      );
  }
}

/** Undo of a merge or split, on its activity lines while it can still be undone. */
export function UndoMoveButton({ move }: { move: ConversationMove }) {
  const [undo, { isLoading }] = useUndoConversationMoveMutation();
  const onUndo = async () => {
    try {
      await undo(move).unwrap();
      toast.success(move.kind === 'merge' ? t`Merge undone` : t`Split undone`);
    } catch (error) {
      toast.error(
        t`This could not be undone`,
        asErrorPayload(error)?.message ?? genericErrorMessage(),
      );
    }
  };
  return (
    <button
      type="button"
      className={styles.linkButton}
      disabled={isLoading}
      onClick={() => void onUndo()}
    >
      <Trans>Undo</Trans>
    </button>
  );
}

/** The text of an activity line that tells a merge or split, with its Undo when given. */
export function MoveActivityLine({
  activity,
  move,
  conversationHref,
}: {
  activity: MoveActivity;
  move?: ConversationMove | undefined;
  conversationHref?: ConversationHref | undefined;
}) {
  return (
    <>
      <span dir="auto">
        <MoveText activity={activity} href={conversationHref} />
      </span>
      {move?.undoable && activity.kind !== 'undone' && (
        <>
          {' · '}
          <UndoMoveButton move={move} />
        </>
      )}
    </>
  );
}

/** On a conversation merged into another: where its messages are now. */
export function MergedBanner({
  mergedInto,
  conversationHref,
}: {
  mergedInto: number | null;
  conversationHref?: ConversationHref | undefined;
}) {
  if (mergedInto === null) return null;
  const other = <ConversationLink id={mergedInto} href={conversationHref} />;
  return (
    <Alert
      type="info"
      showIcon
      banner
      data-testid="merged-banner"
      title={
        <Trans>Merged into {other}. Its messages are there now; replies go out from there.</Trans>
      }
    />
  );
}
