// The notification settings of Settings → Profile (not loaded by the shell).
export { DesktopNotificationsSection } from './settings/desktop-notifications-section';
