import { Suspense } from 'react';
import { Flex, Menu, type MenuProps } from 'antd';
import {
  ApartmentOutlined,
  ApiOutlined,
  BookOutlined,
  BulbOutlined,
  CloudServerOutlined,
  CreditCardOutlined,
  KeyOutlined,
  LockOutlined,
  MailOutlined,
  MessageOutlined,
  SlidersOutlined,
  TagsOutlined,
  TeamOutlined,
  ThunderboltOutlined,
  UserOutlined,
} from '@ant-design/icons';
import { Link, Outlet, useLocation } from 'react-router';
import { PageSpin } from '../components/page-spin';

const ITEMS: MenuProps['items'] = [
  {
    key: '/settings/global',
    icon: <SlidersOutlined />,
    label: <Link to="/settings/global">Global settings</Link>,
  },
  {
    key: 'profile',
    type: 'group',
    label: 'Profile',
    children: [
      {
        key: '/settings/profile',
        icon: <UserOutlined />,
        label: <Link to="/settings/profile">Profile</Link>,
      },
      {
        key: '/settings/profile/changepassword',
        icon: <LockOutlined />,
        label: <Link to="/settings/profile/changepassword">Change password</Link>,
      },
    ],
  },
  {
    key: 'workspace',
    type: 'group',
    label: 'Workspace',
    children: [
      {
        key: '/settings/teammembers',
        icon: <TeamOutlined />,
        label: <Link to="/settings/teammembers">Team members</Link>,
      },
      {
        key: '/settings/teams',
        icon: <ApartmentOutlined />,
        label: <Link to="/settings/teams">Teams</Link>,
      },
      {
        key: '/settings/supportchannels',
        icon: <ApiOutlined />,
        label: <Link to="/settings/supportchannels">Support channels</Link>,
      },
      {
        key: '/settings/apikeys',
        icon: <KeyOutlined />,
        label: <Link to="/settings/apikeys">API keys</Link>,
      },
      {
        key: '/settings/fastreplies',
        icon: <ThunderboltOutlined />,
        label: <Link to="/settings/fastreplies">Fast replies</Link>,
      },
      {
        key: '/settings/widgets',
        icon: <MessageOutlined />,
        label: <Link to="/settings/widgets">Chat widget</Link>,
      },
      {
        key: '/settings/tags',
        icon: <TagsOutlined />,
        label: <Link to="/settings/tags">Tags</Link>,
      },
      {
        key: '/settings/feature-requests',
        icon: <BulbOutlined />,
        label: <Link to="/settings/feature-requests">Feature requests</Link>,
      },
      {
        key: '/settings/help-center-articles',
        icon: <BookOutlined />,
        label: <Link to="/settings/help-center-articles">Help center</Link>,
      },
      {
        key: '/settings/emailsetup',
        icon: <MailOutlined />,
        label: <Link to="/settings/emailsetup">Email setup</Link>,
      },
      {
        key: '/settings/dnsrecords',
        icon: <CloudServerOutlined />,
        label: <Link to="/settings/dnsrecords">DNS records</Link>,
      },
      {
        key: '/settings/pricing',
        icon: <CreditCardOutlined />,
        label: <Link to="/settings/pricing">Pricing</Link>,
      },
    ],
  },
];

const KEYS = [
  '/settings/global',
  '/settings/profile/changepassword',
  '/settings/profile',
  '/settings/teammembers',
  '/settings/teams',
  '/settings/supportchannels',
  '/settings/apikeys',
  '/settings/fastreplies',
  '/settings/widgets',
  '/settings/tags',
  '/settings/feature-requests',
  '/settings/help-center-articles',
  '/settings/emailsetup',
  '/settings/dnsrecords',
  '/settings/pricing',
];

/** /settings/*: a side menu of the settings pages and the page itself. */
export function SettingsLayout() {
  const { pathname } = useLocation();
  const selected = KEYS.find((key) => pathname.startsWith(key));
  return (
    <Flex style={{ minHeight: '100%' }}>
      <aside
        aria-label="Settings"
        style={{
          width: 232,
          flexShrink: 0,
          padding: '20px 0',
          background: '#fbfbfc',
          borderRight: '1px solid #eceef2',
        }}
      >
        <div
          style={{
            padding: '0 24px 12px',
            fontWeight: 600,
            fontSize: 16,
          }}
        >
          Settings
        </div>
        <Menu
          mode="inline"
          items={ITEMS}
          selectedKeys={selected ? [selected] : []}
          style={{ background: 'transparent', borderInlineEnd: 'none' }}
        />
      </aside>
      <section style={{ flex: 1, minWidth: 0, padding: '32px 40px' }}>
        <Suspense fallback={<PageSpin />}>
          <Outlet />
        </Suspense>
      </section>
    </Flex>
  );
}
