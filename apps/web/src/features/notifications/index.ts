// Notifications (docs/product/notifications.md): the bell and the keeper the shell mounts on every
// page. The list loads on the bell's first click; the profile page's section is in settings.ts,
// so the shell does not carry it.
export { NotificationBell } from './components/notification-bell';
export { NotificationsKeeper } from './components/notifications-keeper';
