import { dcuserPanelChannel, NOTIFICATION_CREATED_EVENT } from '@parley/contracts';
import type { Realtime } from '../../realtime/realtime';

/** A new notification reaches its recipient's own panel channel only, with their unread count. */
export function registerNotificationsRealtime(realtime: Realtime): void {
  realtime.eventMappings.map('notification_created', (e) => [
    {
      channel: dcuserPanelChannel(e.userId),
      event: NOTIFICATION_CREATED_EVENT,
      data: {
        account_id: e.accountId,
        notification: e.notification,
        unread_count: e.unreadCount,
        desktop: e.desktop,
      },
    },
  ]);
}
