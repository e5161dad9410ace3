import { useNavigate } from 'react-router';
import { useAppDispatch, useAppSelector } from '../../../app/hooks';
import { playNotificationSoundOnce } from '../../../lib/notification-sound';
import { hasSession } from '../../../lib/session';
import { useGetMeQuery } from '../../auth/api/me-api';
import { useUserChannelEvent } from '../../realtime/hooks/use-realtime';
import { conversationPathOf, markNotificationsRead, setUnreadCount } from '../api';
import { showDesktopNotification } from '../desktop';
import { notificationText } from './notification-text';

/**
 * Mounted by the shell: each new notification updates the unread count (bell, tab title), rings
 * when the person has sounds on, and — while the tab is hidden — shows a desktop notification
 * if their preferences ask for one of its kind.
 */
export function NotificationsKeeper() {
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const { data: me } = useGetMeQuery(undefined, { skip: !hasSession() });
  const accountSound = useAppSelector((state) => state.globalSettings.live_chat_notification_sound);

  useUserChannelEvent('notification_created', ({ notification, unread_count, desktop }) => {
    setUnreadCount(dispatch, unread_count);
    if (me?.is_notification_sound_enabled)
      playNotificationSoundOnce(me.notification_sound ?? accountSound);
    if (!desktop || document.visibilityState !== 'hidden') return;
    const conversationId = notification.conversation_id;
    showDesktopNotification(notificationText(notification), {
      body: notification.excerpt ?? undefined,
      tag: `notification-${notification.id}`,
      onClick: () => {
        void markNotificationsRead({ ids: [notification.id] }).then((res) => {
          if ('unread_count' in res) setUnreadCount(dispatch, res.unread_count);
        });
        if (conversationId !== null) void navigate(conversationPathOf(conversationId));
      },
    });
  });

  return null;
}
