import { useCallback } from 'react';
import { SCHEDULED_MESSAGES_CHANGED_EVENT, type RealtimeEventPayloads } from '@parley/contracts';
import { useAppDispatch } from '../../../app/hooks';
import { useRealtimeCaughtUp, useRealtimeReconnected, useUserChannelEvent } from '../../realtime';
import { scheduledMessagesApi, useGetScheduledMessagesQuery } from '../api/scheduled-messages-api';

/**
 * The conversation's scheduled messages, read again whenever the server says they changed
 * (`scheduled_messages_changed` on the agent's panel channel) and after a gap in the connection.
 */
export function useScheduledMessages(conversationId: number) {
  const dispatch = useAppDispatch();
  const { currentData } = useGetScheduledMessagesQuery(conversationId);

  const reload = useCallback(
    (id: number) =>
      dispatch(scheduledMessagesApi.util.invalidateTags([{ type: 'ScheduledMessages', id }])),
    [dispatch],
  );
  useUserChannelEvent(
    SCHEDULED_MESSAGES_CHANGED_EVENT,
    useCallback(
      (event: RealtimeEventPayloads['scheduled_messages_changed']) => reload(event.conversation_id),
      [reload],
    ),
  );
  useRealtimeCaughtUp(() => reload(conversationId));
  useRealtimeReconnected(() => reload(conversationId));

  return currentData ?? null;
}
