import { Suspense, useState, type CSSProperties } from 'react';
import { Button, Drawer, Layout, Menu, theme, type MenuProps } from 'antd';
import { t } from '@lingui/core/macro';
import {
  BarChartOutlined,
  ContactsOutlined,
  InboxOutlined,
  MenuOutlined,
  RocketOutlined,
  SettingOutlined,
} from '@ant-design/icons';
import { Link, Outlet, useLocation } from 'react-router';
import { Brand } from '../components/brand';
import { ErrorBoundary } from '../components/error-boundary';
import { MessagePage } from '../components/message-page';
import { PageSpin } from '../components/page-spin';
import { useGetMeQuery } from '../features/auth';
import { GlobalDateRangeProvider } from '../features/date-range';
import { useGlobalSettingsRefresh } from '../features/global-settings';
import { LiveChatNotifier } from '../features/inbox';
import { usePhoneLayout } from '../lib/use-phone-layout';
import { RealtimeProvider } from '../features/realtime';
import { ShellBanner, ShellProvider } from '../features/shell';
import { AvailabilityKeeper } from '../features/availability';
import { NotificationBell, NotificationsKeeper } from '../features/notifications';
import { startSide } from '../lib/i18n';
import { currentAccountId, hasSession } from '../lib/session';
import { UserMenu } from './user-menu';

// Read as the shell renders, so they are in the active language.
const navItems = (): MenuProps['items'] => [
  { key: 'inboxes', icon: <InboxOutlined />, label: <Link to="/inboxes">{t`Inboxes`}</Link> },
  {
    key: 'contacts',
    icon: <ContactsOutlined />,
    label: <Link to="/contacts">{t`Contacts`}</Link>,
  },
  {
    key: 'reporting',
    icon: <BarChartOutlined />,
    label: <Link to="/reporting">{t`Reporting`}</Link>,
  },
  { key: 'settings', icon: <SettingOutlined />, label: <Link to="/settings">{t`Settings`}</Link> },
  { key: 'setup', icon: <RocketOutlined />, label: <Link to="/setup">{t`Setup`}</Link> },
];

const HEADER_STYLE: CSSProperties = {
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'space-between',
};

/** On a phone: the menu button, then the workspace name taking what room is left. */
const PHONE_HEADER_STYLE: CSSProperties = { ...HEADER_STYLE, gap: 4, paddingInline: '4px 8px' };

const ellipsis: CSSProperties = {
  overflow: 'hidden',
  textOverflow: 'ellipsis',
  whiteSpace: 'nowrap',
};

/**
 * The logged-in frame: navigation on the left, the workspace and user menu on top. On a phone
 * the navigation is a drawer opened from the top bar.
 */
export function AppLayout() {
  const { pathname } = useLocation();
  const phone = usePhoneLayout();
  const [navOpen, setNavOpen] = useState(false);
  // The side navigation folds to its icons below antd's `lg`; the brand keeps only its mark.
  const [siderCollapsed, setSiderCollapsed] = useState(false);
  // No session (just signed out, or ended by a 401): do not ask for Me again on the way out.
  const { data: me, isLoading, error, refetch } = useGetMeQuery(undefined, { skip: !hasSession() });
  const accountId = currentAccountId();
  useGlobalSettingsRefresh(accountId);
  const area = pathname.split('/')[1] ?? '';
  const { token } = theme.useToken();
  const divider = `1px solid ${token.colorBorderSecondary}`;
  const NAV_ITEMS = navItems();

  // Keyed by account: switching workspace remounts the screens so they load the new data. Keyed
  // by path: a screen that failed recovers when the user goes elsewhere — except inside the
  // inbox, whose path changes with every conversation opened and must not remount the inbox.
  const screen = area === 'inboxes' ? '/inboxes' : pathname;
  let content = (
    <ErrorBoundary key={`${accountId ?? 'none'}:${screen}`}>
      <Suspense fallback={<PageSpin />}>
        <Outlet key={accountId ?? 'none'} />
      </Suspense>
    </ErrorBoundary>
  );
  if (isLoading) content = <PageSpin />;
  else if (error && !me) {
    content = (
      <MessagePage
        title={t`Your workspace could not be loaded`}
        description={error.message ?? t`Please try again in a moment.`}
        action={
          <Button type="primary" onClick={() => void refetch()}>
            {t`Try again`}
          </Button>
        }
      />
    );
  }

  // One realtime connection and one date range for the whole logged-in shell (never on the
  // public pages: docs/product/screens.md); the shell's banner, modals, survey and floating buttons.
  return (
    <RealtimeProvider>
      <GlobalDateRangeProvider>
        <LiveChatNotifier />
        <NotificationsKeeper />
        <ShellProvider>
          <AvailabilityKeeper />
          <Layout style={{ minHeight: '100vh' }}>
            {!phone && (
              <Layout.Sider
                width={224}
                breakpoint="lg"
                collapsedWidth={72}
                onBreakpoint={setSiderCollapsed}
                style={{ borderInlineEnd: divider }}
              >
                <div
                  style={{ height: 56, display: 'flex', alignItems: 'center', padding: '0 22px' }}
                >
                  <Brand compact={siderCollapsed} />
                </div>
                <nav aria-label={t`Main`}>
                  <Menu
                    mode="inline"
                    items={NAV_ITEMS}
                    selectedKeys={[area]}
                    style={{ borderInlineEnd: 'none', paddingTop: 8 }}
                  />
                </nav>
              </Layout.Sider>
            )}
            <Layout>
              <ShellBanner />
              <Layout.Header
                style={{ ...(phone ? PHONE_HEADER_STYLE : HEADER_STYLE), borderBottom: divider }}
              >
                {phone && (
                  <Button
                    type="text"
                    icon={<MenuOutlined />}
                    aria-label={t`Open navigation`}
                    aria-expanded={navOpen}
                    onClick={() => setNavOpen(true)}
                    style={{ width: 44, height: 44, flexShrink: 0 }}
                  />
                )}
                <div
                  style={{
                    display: 'flex',
                    flexDirection: 'column',
                    lineHeight: 1.35,
                    ...(phone ? { flex: 1, minWidth: 0 } : {}),
                  }}
                >
                  <span
                    style={{ fontSize: 12, color: token.colorTextSecondary }}
                  >{t`Workspace`}</span>
                  <strong style={{ fontWeight: 600, ...(phone ? ellipsis : {}) }}>
                    {me?.account.name ?? ' '}
                  </strong>
                </div>
                <div style={{ display: 'flex', alignItems: 'center', gap: 4, flexShrink: 0 }}>
                  <NotificationBell />
                  <UserMenu me={me} compact={phone} />
                </div>
              </Layout.Header>
              <Layout.Content style={{ minWidth: 0 }}>{content}</Layout.Content>
            </Layout>
          </Layout>
          {phone && (
            <Drawer
              open={navOpen}
              onClose={() => setNavOpen(false)}
              placement={startSide()}
              size="min(280px, 85vw)"
              title={<Brand />}
              styles={{ body: { padding: '8px 0' } }}
            >
              <nav aria-label={t`Main`}>
                <Menu
                  mode="inline"
                  items={NAV_ITEMS}
                  selectedKeys={[area]}
                  onClick={() => setNavOpen(false)}
                  style={{ borderInlineEnd: 'none' }}
                />
              </nav>
            </Drawer>
          )}
        </ShellProvider>
      </GlobalDateRangeProvider>
    </RealtimeProvider>
  );
}
