import { lazy, Suspense, useState, type ReactNode } from 'react';
import { Avatar, Button, Dropdown, theme, type MenuProps } from 'antd';
import {
  CalendarOutlined,
  CheckOutlined,
  DownOutlined,
  LockOutlined,
  LogoutOutlined,
  MailOutlined,
  MobileOutlined,
  NotificationOutlined,
  PlusOutlined,
} from '@ant-design/icons';
import { useNavigate } from 'react-router';
import { msg, t } from '@lingui/core/macro';
import type { MessageDescriptor } from '@lingui/core';
import type { Me } from '@parley/contracts';
import { useListAccountsQuery, useSwitchAccount } from '../features/accounts';
import { useSignOut } from '../features/auth';
import { useShellModals, type MenuModal } from '../features/shell';
import { i18n } from '../lib/i18n';
import { currentAccountId } from '../lib/session';
import { toast } from '../lib/toast';
import { initialsBackground } from '../components/person-avatar';
import { AvailabilitySwitcher } from '../features/availability';

export function UserAvatar({ me, size = 32 }: { me: Me | undefined; size?: number }) {
  const { token } = theme.useToken();
  if (me?.avatar) return <Avatar src={me.avatar} size={size} alt="" />;
  return (
    <Avatar
      size={size}
      gap={size > 36 ? 8 : 6}
      style={{
        background: me ? initialsBackground(me.profile_color) : token.colorFillSecondary,
        color: token.colorTextLightSolid,
        fontWeight: 600,
      }}
    >
      {me?.initials ?? ''}
    </Avatar>
  );
}

const ACCOUNT_KEY = 'account:';
const MODAL_KEY = 'modal:';

/** Entries that open one of the shell's modals (docs/product/screens.md). */
const MODAL_ITEMS: Array<{ modal: MenuModal; label: MessageDescriptor; icon: ReactNode }> = [
  { modal: 'release-notes', label: msg`Release notes`, icon: <NotificationOutlined /> },
  { modal: 'mobile-apps', label: msg`Mobile apps`, icon: <MobileOutlined /> },
  { modal: 'schedule-demo', label: msg`Schedule a demo`, icon: <CalendarOutlined /> },
  { modal: 'support-email', label: msg`Contact support`, icon: <MailOutlined /> },
];

// Loaded on first use: its form and modal are not needed to show the shell.
const CreateWorkspaceModal = lazy(() =>
  import('../features/accounts/components/create-workspace-modal').then((m) => ({
    default: m.CreateWorkspaceModal,
  })),
);

/** Read by screen readers, not shown. */
const visuallyHidden = {
  position: 'absolute',
  width: 1,
  height: 1,
  overflow: 'hidden',
  clipPath: 'inset(50%)',
  whiteSpace: 'nowrap',
} as const;

const ellipsis = {
  display: 'block',
  maxWidth: 200,
  overflow: 'hidden',
  textOverflow: 'ellipsis',
  whiteSpace: 'nowrap',
} as const;

/**
 * The avatar menu: who is signed in, workspaces, the shell's modals, password, sign out.
 * `compact` (a phone's top bar) shows the avatar alone.
 */
export function UserMenu({ me, compact = false }: { me: Me | undefined; compact?: boolean }) {
  const navigate = useNavigate();
  const { data: accounts = [] } = useListAccountsQuery();
  const switchAccount = useSwitchAccount();
  const signOut = useSignOut();
  const shellModals = useShellModals();
  const [creating, setCreating] = useState(false);
  const activeId = me?.account.id ?? currentAccountId();
  const { token } = theme.useToken();

  const items: MenuProps['items'] = [
    {
      key: 'who',
      type: 'group',
      label: (
        <div style={{ display: 'flex', alignItems: 'center', gap: 12, padding: '4px 0' }}>
          <UserAvatar me={me} size={40} />
          <div style={{ minWidth: 0, lineHeight: 1.4 }}>
            <span style={{ ...ellipsis, fontWeight: 600, color: token.colorText }}>{me?.name}</span>
            <span style={{ ...ellipsis, color: token.colorTextSecondary }}>{me?.email}</span>
          </div>
        </div>
      ),
    },
    { type: 'divider' },
    {
      key: 'availability',
      type: 'group',
      label: (
        <div style={{ padding: '4px 0', minHeight: 72 }}>
          <Suspense fallback={null}>
            <AvailabilitySwitcher />
          </Suspense>
        </div>
      ),
    },
    { type: 'divider' },
    {
      key: 'workspaces',
      type: 'group',
      label: t`Workspaces`,
      children: accounts.map((account) => ({
        key: `${ACCOUNT_KEY}${account.id}`,
        label: account.name,
        icon:
          account.id === activeId ? (
            <CheckOutlined aria-label={t`Current workspace`} />
          ) : (
            <span style={{ display: 'inline-block', width: 14 }} />
          ),
      })),
    },
    { key: 'create-workspace', icon: <PlusOutlined />, label: t`Create workspace` },
    { type: 'divider' },
    ...MODAL_ITEMS.map(({ modal, label, icon }) => ({
      key: `${MODAL_KEY}${modal}`,
      label: i18n._(label),
      icon,
    })),
    { type: 'divider' },
    { key: 'change-password', icon: <LockOutlined />, label: t`Change password` },
    { key: 'sign-out', icon: <LogoutOutlined />, label: t`Sign out` },
  ];

  const onClick: MenuProps['onClick'] = ({ key }) => {
    if (key.startsWith(ACCOUNT_KEY)) {
      const id = Number(key.slice(ACCOUNT_KEY.length));
      if (id !== activeId) switchAccount(id);
      return;
    }
    if (key.startsWith(MODAL_KEY)) {
      shellModals.open(key.slice(MODAL_KEY.length) as MenuModal);
      return;
    }
    if (key === 'create-workspace') setCreating(true);
    else if (key === 'change-password') navigate('/settings/profile/changepassword');
    else if (key === 'sign-out') void signOut();
  };

  return (
    <>
      <Dropdown menu={{ items, onClick }} trigger={['click']} placement="bottomRight">
        {/* Named by what it shows (the person's name) and then what it is: a name that
            differs from the visible text fails speech input (WCAG 2.5.3). */}
        <Button
          type="text"
          data-testid="user-menu"
          style={{ height: 44, paddingInline: 8, flexShrink: 0 }}
        >
          <span style={{ display: 'inline-flex', alignItems: 'center', gap: compact ? 6 : 10 }}>
            <span aria-hidden="true" style={{ display: 'inline-flex' }}>
              <UserAvatar me={me} />
            </span>
            <span style={compact ? visuallyHidden : { fontWeight: 500 }}>{me?.name}</span>
            <span style={visuallyHidden}>{me?.name ? t`, user menu` : t`User menu`}</span>
            <DownOutlined aria-hidden style={{ fontSize: 10, color: token.colorTextTertiary }} />
          </span>
        </Button>
      </Dropdown>
      {creating && (
        <Suspense fallback={null}>
          <CreateWorkspaceModal
            open={creating}
            onClose={() => setCreating(false)}
            onCreated={(account) => {
              setCreating(false);
              switchAccount(account.id);
              const workspace = account.name;
              toast.success(t`Workspace created`, t`You are now in ${workspace}.`);
            }}
          />
        </Suspense>
      )}
    </>
  );
}
