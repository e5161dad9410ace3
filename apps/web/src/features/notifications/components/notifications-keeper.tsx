import { useEffect, useRef } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { useAppDispatch, useAppSelector } from '../../../app/hooks';
import { playNotificationSoundOnce } from '../../../lib/notification-sound';
import { hasSession } from '../../../lib/session';
import { useGetMeQuery } from '../../auth';
import { useUserChannelEvent } from '../../realtime';
import { conversationPathOf, markNotificationsRead, setUnreadCount } from '../api';
import { showDesktopNotification } from '../desktop';
import { notificationText } from './notification-text';

/** The conversation open in the inbox at `pathname` (/inboxes/{view}/{status}/{sort}/{id}). */
const OPEN_CONVERSATION = /^\/inboxes\/[^/]+\/[^/]+\/[^/]+\/([1-9]\d{0,9})(?:\/|$)/;

/**
 * Mounted by the shell: each new notification updates the unread count (bell, tab title), rings
 * when the person has sounds on, and — while the tab is hidden — shows a desktop notification
 * if their preferences ask for one of its kind. Opening a conversation reads its notifications,
 * and one arriving for the conversation on screen is read at once.
 */
export function NotificationsKeeper() {
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const { data: me } = useGetMeQuery(undefined, { skip: !hasSession() });
  const accountSound = useAppSelector((state) => state.globalSettings.live_chat_notification_sound);
  const { pathname } = useLocation();
  const openId = Number(OPEN_CONVERSATION.exec(pathname)?.[1] ?? 0);
  const unreadCount = me?.unread_notification_count ?? 0;
  const open = useRef(openId);
  const unread = useRef(unreadCount);
  useEffect(() => {
    open.current = openId;
    unread.current = unreadCount;
  }, [openId, unreadCount]);
  const meLoaded = me !== undefined;

  useEffect(() => {
    if (!openId || !meLoaded || unread.current === 0) return;
    void markNotificationsRead({ conversation_id: openId }).then((res) => {
      if ('marked' in res && res.marked > 0) setUnreadCount(dispatch, res.unread_count);
    });
  }, [dispatch, openId, meLoaded]);

  useUserChannelEvent('notification_created', ({ notification, unread_count, desktop }) => {
    setUnreadCount(dispatch, unread_count);
    if (notification.conversation_id !== null && notification.conversation_id === open.current)
      void markNotificationsRead({ ids: [notification.id] }).then((res) => {
        if ('unread_count' in res) setUnreadCount(dispatch, res.unread_count);
      });
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
