import { useCallback, useEffect, useRef } from 'react';
import { useAppDispatch } from '../../../app/hooks';
import { useRealtimeCaughtUp, useRealtimeReconnected, useUserChannelEvent } from '../../realtime';
import { inboxApi } from '../api/inbox-api';
import { patchConversationLists } from '../list-cache';

/** Counts are refetched at most this often while realtime events arrive (never per event). */
export const COUNTS_REFRESH_DELAY_MS = 2000;

/**
 * The inbox over realtime: `conversation_updated` patches the cached lists in place, the view
 * counts are refetched once ~2 s after a burst of events, and a dropped connection that comes
 * back refetches both (events may have been missed meanwhile), as does a first subscription that
 * completes after the lists were asked for (a full page load).
 */
export function useLiveInbox(userId: number | null): void {
  const dispatch = useAppDispatch();
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);

  const scheduleCounts = useCallback(() => {
    if (timer.current !== null) return;
    timer.current = setTimeout(() => {
      timer.current = null;
      dispatch(inboxApi.util.invalidateTags(['ViewCounts']));
    }, COUNTS_REFRESH_DELAY_MS);
  }, [dispatch]);

  useEffect(
    () => () => {
      if (timer.current !== null) clearTimeout(timer.current);
      timer.current = null;
    },
    [],
  );

  useUserChannelEvent('conversation_updated', ({ conversation }) => {
    if (userId !== null) dispatch(patchConversationLists(conversation, userId));
    scheduleCounts();
  });
  useUserChannelEvent('message_created', scheduleCounts);
  const refetchAll = useCallback(() => {
    dispatch(inboxApi.util.invalidateTags(['Conversations', 'ViewCounts']));
  }, [dispatch]);
  useRealtimeReconnected(refetchAll);
  useRealtimeCaughtUp(refetchAll);
}
