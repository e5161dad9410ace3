import { useEffect, useState } from 'react';
import { Alert, Button, Card, Flex, Switch, Typography } from 'antd';
import { t } from '@lingui/core/macro';
import type { NotificationKind, NotificationPreferences } from '@parley/contracts';
import { isCanceledRequest } from '../../../lib/request';
import { toast } from '../../../lib/toast';
import { fetchNotificationPreferences, updateNotificationPreferences } from '../api';
import { askDesktopPermission, desktopPermission, type DesktopPermission } from '../desktop';

/** The kinds a person can hear of, in the order the section lists them. */
const KINDS: readonly NotificationKind[] = [
  'mention',
  'assigned',
  'customer_reply',
  'sla_warning',
  'sla_breached',
];

function kindLabel(kind: (typeof KINDS)[number]): string {
  switch (kind) {
    case 'mention':
      return t`A teammate mentions me in a note`;
    case 'assigned':
      return t`A conversation is assigned to me`;
    case 'customer_reply':
      return t`A customer replies on my conversation`;
    case 'sla_warning':
      return t`My conversation is about to miss its SLA`;
    case 'sla_breached':
      return t`My conversation missed its SLA`;
  }
}

function PermissionState({ permission }: { permission: DesktopPermission }) {
  switch (permission) {
    case 'granted':
      return (
        <Alert
          type="success"
          showIcon
          title={t`Allowed: this browser shows your desktop notifications.`}
        />
      );
    case 'denied':
      return (
        <Alert
          type="warning"
          showIcon
          title={t`Blocked: this browser does not let the app show notifications.`}
          description={t`To unblock them, open the site settings from the icon beside the address bar, set Notifications to Allow, then reload this page.`}
        />
      );
    case 'default':
      return (
        <Alert
          type="info"
          showIcon
          title={t`Not asked yet: allow them to hear of new notifications while this tab is in the background.`}
        />
      );
    case 'unsupported':
      return (
        <Alert type="info" showIcon title={t`This browser cannot show desktop notifications.`} />
      );
  }
}

/**
 * Settings → Profile: the browser's permission for desktop notifications (asked only from the
 * button), and which kinds of notification reach the person in the app and on the desktop.
 */
export function DesktopNotificationsSection() {
  const [permission, setPermission] = useState<DesktopPermission>(desktopPermission);
  const [prefs, setPrefs] = useState<NotificationPreferences | null>(null);
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    let live = true;
    fetchNotificationPreferences()
      .then((res) => {
        if (live && !isCanceledRequest(res)) setPrefs(res);
      })
      .catch(() => {
        if (live) setFailed(true);
      });
    return () => {
      live = false;
    };
  }, []);

  const change = async (where: 'in_app' | 'desktop', kind: NotificationKind, on: boolean) => {
    try {
      const res = await updateNotificationPreferences({ [where]: { [kind]: on } });
      if (!isCanceledRequest(res)) setPrefs(res);
    } catch {
      toast.error(t`Your notification settings could not be saved. Please try again.`);
    }
  };

  return (
    <Card variant="borderless" title={t`Desktop notifications`} style={{ marginTop: 16 }}>
      <Flex vertical gap={12}>
        <PermissionState permission={permission} />
        {permission === 'default' && (
          <div>
            <Button
              type="primary"
              onClick={() => void askDesktopPermission().then(setPermission)}
            >{t`Allow desktop notifications`}</Button>
          </div>
        )}
        {failed && (
          <Typography.Text type="danger">{t`Your notification settings could not be loaded.`}</Typography.Text>
        )}
        {prefs && (
          <table style={{ width: '100%', borderCollapse: 'collapse' }}>
            <thead>
              <tr>
                <th style={{ textAlign: 'start', fontWeight: 500 }}>{t`Notify me when`}</th>
                <th style={{ fontWeight: 500, width: 72 }}>{t`In the app`}</th>
                <th style={{ fontWeight: 500, width: 72 }}>{t`Desktop`}</th>
              </tr>
            </thead>
            <tbody>
              {KINDS.map((kind) => {
                const label = kindLabel(kind);
                return (
                  <tr key={kind}>
                    <td style={{ padding: '8px 8px 8px 0' }}>{label}</td>
                    <td style={{ textAlign: 'center' }}>
                      <Switch
                        aria-label={t`${label}: in the app`}
                        checked={prefs.in_app[kind]}
                        onChange={(on) => void change('in_app', kind, on)}
                      />
                    </td>
                    <td style={{ textAlign: 'center' }}>
                      <Switch
                        aria-label={t`${label}: desktop`}
                        checked={prefs.desktop[kind]}
                        onChange={(on) => void change('desktop', kind, on)}
                      />
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        )}
      </Flex>
    </Card>
  );
}
