import { Suspense, useId, useState, type ReactNode } from 'react';
import { Button, Drawer, Flex, Menu, theme } from 'antd';
import { t } from '@lingui/core/macro';
import { MenuOutlined } from '@ant-design/icons';
import { Outlet, useLocation } from 'react-router';
import { PageSpin } from '../components/page-spin';
import { startSide } from '../lib/i18n';
import { usePhoneLayout } from '../lib/use-phone-layout';
import { useSettingsMenu } from './settings-menu';

/** /settings/*: a side menu of the settings pages and the page itself. */
export function SettingsLayout() {
  const { pathname } = useLocation();
  const { items, keys } = useSettingsMenu();
  const selected = keys.find((key) => pathname.startsWith(key));
  const phone = usePhoneLayout();
  const { token } = theme.useToken();
  const menu = (onNavigate?: () => void) => (
    <Menu
      mode="inline"
      items={items}
      selectedKeys={selected ? [selected] : []}
      onClick={onNavigate}
      style={{ background: 'transparent', borderInlineEnd: 'none' }}
    />
  );
  const page = (
    <Suspense fallback={<PageSpin />}>
      <Outlet />
    </Suspense>
  );

  // A phone has no room beside the page: the menu opens from a button above it instead.
  if (phone) {
    return (
      <section style={{ padding: '12px 16px 24px', minWidth: 0 }}>
        <SettingsMenuButton pathname={pathname}>{menu}</SettingsMenuButton>
        {page}
      </section>
    );
  }
  return (
    <Flex style={{ minHeight: '100%' }}>
      <aside
        aria-label={t`Settings`}
        style={{
          width: 232,
          flexShrink: 0,
          padding: '20px 0',
          background: token.colorBgContainer,
          borderInlineEnd: `1px solid ${token.colorBorderSecondary}`,
        }}
      >
        <div
          style={{
            padding: '0 24px 12px',
            fontWeight: 600,
            fontSize: 16,
          }}
        >
          {t`Settings`}
        </div>
        {menu()}
      </aside>
      <section style={{ flex: 1, minWidth: 0, padding: '32px 40px' }}>{page}</section>
    </Flex>
  );
}

/** The phone's way to the other settings pages: a button that opens the menu in a drawer. */
function SettingsMenuButton({
  pathname,
  children: menu,
}: {
  pathname: string;
  children: (onNavigate: () => void) => ReactNode;
}) {
  // Open on the page where it was opened: going to another page (a menu link, the browser's
  // back) closes it.
  const [openOn, setOpenOn] = useState<string | null>(null);
  const open = openOn === pathname;
  const close = () => setOpenOn(null);
  const drawerId = useId();
  return (
    <>
      <Button
        icon={<MenuOutlined aria-hidden />}
        aria-expanded={open}
        aria-controls={open ? drawerId : undefined}
        onClick={() => setOpenOn(pathname)}
        style={{ marginBottom: 16 }}
      >
        {t`Settings menu`}
      </Button>
      <Drawer
        id={drawerId}
        open={open}
        placement={startSide()}
        size={300}
        title={t`Settings`}
        onClose={close}
        styles={{ body: { padding: '8px 0' } }}
      >
        <nav aria-label={t`Settings`}>{menu(close)}</nav>
      </Drawer>
    </>
  );
}
