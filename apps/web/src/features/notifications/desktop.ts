/** The browser's permission for desktop notifications, or that it has none to give. */
export type DesktopPermission = NotificationPermission | 'unsupported';

export function desktopPermission(): DesktopPermission {
  if (typeof Notification === 'undefined') return 'unsupported';
  return Notification.permission;
}

/** Asks the browser (only from a click: browsers ignore asks made without one). */
export async function askDesktopPermission(): Promise<DesktopPermission> {
  if (typeof Notification === 'undefined') return 'unsupported';
  try {
    return await Notification.requestPermission();
  } catch {
    return Notification.permission;
  }
}

/** Shows a desktop notification when allowed; clicking it brings the tab back and runs `onClick`. */
export function showDesktopNotification(
  title: string,
  { body, tag, onClick }: { body?: string; tag: string; onClick: () => void },
): boolean {
  if (desktopPermission() !== 'granted') return false;
  try {
    const shown = new Notification(title, { body, tag });
    shown.addEventListener('click', () => {
      window.focus();
      onClick();
      shown.close();
    });
    return true;
  } catch {
    // Some mobile browsers only show notifications through a service worker.
    return false;
  }
}
