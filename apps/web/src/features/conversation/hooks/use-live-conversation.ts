import { useCallback } from 'react';
import type { RealtimeEventPayloads } from '@parley/contracts';
import { useAppDispatch } from '../../../app/hooks';
import { useRealtimeCaughtUp, useUserChannelEvent } from '../../realtime';
import { conversationApi, mergeListItem, upsertThreadMessage } from '../api/conversation-api';
import { ticketPreloadInvalidated } from '../ticket-preload-slice';

interface LiveConversationOptions {
  /** A customer message arrived in the open conversation. */
  onIncomingMessage?: () => void;
}

/**
 * Keeps the cached conversations current from the user's panel0 channel, without refetching:
 * message_created / message_updated put the message into its cached thread (append or replace by
 * id), conversation_updated copies the list fields into the cached detail. Any conversation that
 * is cached is patched (a revisit then shows the truth); preloaded tickets it names are dropped.
 * Opened by a full page load, the conversation is fetched again once live updates flow.
 */
export function useLiveConversation(
  conversationId: number,
  { onIncomingMessage }: LiveConversationOptions = {},
): void {
  const dispatch = useAppDispatch();

  const onMessage = useCallback(
    (event: RealtimeEventPayloads['message_created']) => {
      dispatch(upsertThreadMessage(event.conversation_id, event.message));
      dispatch(ticketPreloadInvalidated(event.conversation_id));
      if (event.conversation_id === conversationId && event.message.direction === 'incoming') {
        onIncomingMessage?.();
      }
    },
    [dispatch, conversationId, onIncomingMessage],
  );

  const onMessageUpdated = useCallback(
    (event: RealtimeEventPayloads['message_updated']) => {
      dispatch(upsertThreadMessage(event.conversation_id, event.message));
      dispatch(ticketPreloadInvalidated(event.conversation_id));
    },
    [dispatch],
  );

  const onConversation = useCallback(
    (event: RealtimeEventPayloads['conversation_updated']) => {
      dispatch(mergeListItem(event.conversation.id, event.conversation));
      dispatch(ticketPreloadInvalidated(event.conversation.id));
      // A customer's rating (CSAT) arrives on a closed conversation and is not a list field:
      // the open, closed conversation is fetched again to show it.
      if (event.conversation.id === conversationId && event.conversation.status === 'closed')
        dispatch(
          conversationApi.util.invalidateTags([{ type: 'Conversation', id: conversationId }]),
        );
    },
    [dispatch, conversationId],
  );

  useUserChannelEvent('message_created', onMessage);
  useUserChannelEvent('message_updated', onMessageUpdated);
  useUserChannelEvent('conversation_updated', onConversation);
  useRealtimeCaughtUp(() => {
    dispatch(
      conversationApi.util.invalidateTags([
        { type: 'Conversation', id: conversationId },
        { type: 'Messages', id: conversationId },
      ]),
    );
  });
}
