// Notifications (docs/product/notifications.md): the bell and the keeper the shell mounts on every
// page (the list loads on the bell's first click), and the desktop notifications section of
// Settings → Profile.
export { NotificationBell } from './components/notification-bell';
export { NotificationsKeeper } from './components/notifications-keeper';
export { DesktopNotificationsSection } from './settings/desktop-notifications-section';
