import { useCallback, useRef } from 'react';
import { useStore } from 'react-redux';
import type { ConversationDetail } from '@parley/contracts';
import { useAppSelector } from '../../../app/hooks';
import type { RootState } from '../../../app/store';
import { playNotificationSoundOnce } from '../../../lib/notification-sound';
import { http, isCanceledRequest } from '../../../lib/request';
import { hasSession } from '../../../lib/session';
import { useGetMeQuery } from '../../auth';
import { useUserChannelEvent } from '../../realtime';
import { cachedChannelType } from '../list-cache';

/** The channel types whose incoming messages ring (names: docs/product/README.md). */
export const LIVE_CHAT_CHANNEL_TYPES: ReadonlySet<string> = new Set([
  'live_chat',
  'widget_livechat',
]);

/** How long to wait for the conversation's own event before asking the server for its channel. */
const CHANNEL_LOOKUP_DELAY_MS = 300;

/**
 * Plays the user's notification sound (their profile's, else the account's live-chat one) when a
 * customer writes on a live chat, if the user has notification sounds on (Me
 * `is_notification_sound_enabled`). Mounted by the
 * shell, so it rings on every page.
 */
export function LiveChatNotifier() {
  const { data: me } = useGetMeQuery(undefined, { skip: !hasSession() });
  const accountSound = useAppSelector((state) => state.globalSettings.live_chat_notification_sound);
  const store = useStore<RootState>();
  const channelTypes = useRef(new Map<number, string>());
  const enabled = me?.is_notification_sound_enabled === true;
  // The person's own choice (profile page) wins over the account's.
  const sound = me?.notification_sound ?? accountSound;

  const channelTypeOf = useCallback(
    async (conversationId: number): Promise<string | null> => {
      const known = () =>
        channelTypes.current.get(conversationId) ??
        cachedChannelType(store.getState(), conversationId);
      const now = known();
      if (now) return now;
      // message_created often arrives just before the conversation's conversation_updated.
      await new Promise((resolve) => setTimeout(resolve, CHANNEL_LOOKUP_DELAY_MS));
      const later = known();
      if (later) return later;
      try {
        const detail = await http.get<ConversationDetail>(
          `/dashboardapi/conversations/${conversationId}`,
        );
        if (isCanceledRequest(detail)) return null;
        channelTypes.current.set(conversationId, detail.channel_type);
        return detail.channel_type;
      } catch {
        return null;
      }
    },
    [store],
  );

  useUserChannelEvent('conversation_updated', ({ conversation }) => {
    channelTypes.current.set(conversation.id, conversation.channel_type);
  });

  useUserChannelEvent('message_created', ({ conversation_id, message }) => {
    if (!enabled || message.direction !== 'incoming') return;
    void channelTypeOf(conversation_id).then((type) => {
      if (type && LIVE_CHAT_CHANNEL_TYPES.has(type)) playNotificationSoundOnce(sound);
    });
  });

  return null;
}
