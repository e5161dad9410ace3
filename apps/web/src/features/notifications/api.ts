import {
  NOTIFICATION_PREFERENCES_PATH,
  NOTIFICATIONS_PATH,
  NOTIFICATIONS_READ_PATH,
  type NotificationItem,
  type NotificationPreferences,
} from '@parley/contracts';
import type { AppDispatch } from '../../app/store';
import { http } from '../../lib/request';
import { meApi } from '../auth';

export interface NotificationsPageBody {
  notifications: NotificationItem[];
  next_cursor: number | null;
  unread_count: number;
}

export const fetchNotifications = (cursor: number | null) =>
  http.get<NotificationsPageBody>(NOTIFICATIONS_PATH, cursor ? { query: { cursor } } : undefined);

export const markNotificationsRead = (
  body: { ids: number[] } | { all: true } | { conversation_id: number },
) => http.post<{ marked: number; unread_count: number }>(NOTIFICATIONS_READ_PATH, body);

export const fetchNotificationPreferences = () =>
  http.get<NotificationPreferences>(NOTIFICATION_PREFERENCES_PATH);

export const updateNotificationPreferences = (body: {
  in_app?: Partial<NotificationPreferences['in_app']>;
  desktop?: Partial<NotificationPreferences['desktop']>;
}) => http.patch<NotificationPreferences>(NOTIFICATION_PREFERENCES_PATH, body);

/** Me's unread count (the bell and the tab title read it) follows what the server says. */
export const setUnreadCount = (dispatch: AppDispatch, count: number) =>
  dispatch(
    meApi.util.updateQueryData('getMe', undefined, (me) => {
      me.unread_notification_count = count;
    }),
  );

/** Where a notification leads: its conversation, found by id in every view. */
export const conversationPathOf = (id: number) => `/inboxes/all/all/newest/${id}?search=id:${id}`;
