import { lazy, Suspense, useState, type CSSProperties } from 'react';
import { Button, theme } from 'antd';
import { t } from '@lingui/core/macro';
import { formatNumber } from '../../../lib/format';
import { hasSession } from '../../../lib/session';
import { useGetMeQuery } from '../../auth';

// The list and its parts load on the first click, not with the shell.
const NotificationsDrawer = lazy(() => import('./notifications-drawer'));

const BELL_PATH =
  'M12 22a2.5 2.5 0 0 0 2.45-2h-4.9A2.5 2.5 0 0 0 12 22Zm7-6V11a7 7 0 0 0-5.5-6.84V3.5a1.5 1.5 0 0 0-3 0v.66A7 7 0 0 0 5 11v5l-2 2v1h18v-1l-2-2Z';

/** The header's bell: the unread count from Me (kept live by NotificationsKeeper), and the list. */
export function NotificationBell() {
  const { data: me } = useGetMeQuery(undefined, { skip: !hasSession() });
  const [open, setOpen] = useState(false);
  const [wanted, setWanted] = useState(false);
  const { token } = theme.useToken();
  const count = me?.unread_notification_count ?? 0;
  const shown = count > 99 ? '99+' : formatNumber(count);
  const badge: CSSProperties = {
    position: 'absolute',
    top: 4,
    insetInlineEnd: 2,
    minWidth: 18,
    height: 18,
    padding: '0 5px',
    borderRadius: 9,
    background: token.colorError,
    color: token.colorTextLightSolid,
    fontSize: 11,
    lineHeight: '18px',
    textAlign: 'center',
    pointerEvents: 'none',
  };
  return (
    <span style={{ position: 'relative', display: 'inline-flex', flexShrink: 0 }}>
      <Button
        type="text"
        aria-label={count > 0 ? t`Notifications, ${shown} unread` : t`Notifications`}
        aria-haspopup="dialog"
        aria-expanded={open}
        onClick={() => {
          setWanted(true);
          setOpen(true);
        }}
        style={{ width: 44, height: 44 }}
        icon={
          <svg width="20" height="20" viewBox="0 0 24 24" fill="currentColor" aria-hidden="true">
            <path d={BELL_PATH} />
          </svg>
        }
      />
      {count > 0 && (
        <span style={badge} aria-hidden="true" data-testid="notification-count">
          {shown}
        </span>
      )}
      {wanted && (
        <Suspense fallback={null}>
          <NotificationsDrawer open={open} onClose={() => setOpen(false)} />
        </Suspense>
      )}
    </span>
  );
}
