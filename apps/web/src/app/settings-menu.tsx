import type { ReactNode } from 'react';
import type { MenuProps } from 'antd';
import {
  ApartmentOutlined,
  ApiOutlined,
  AuditOutlined,
  BookOutlined,
  BulbOutlined,
  ClockCircleOutlined,
  CloudServerOutlined,
  CreditCardOutlined,
  FieldTimeOutlined,
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
import { Link } from 'react-router';
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import type { PermissionLevel } from '@parley/contracts';
import { useGetMeQuery } from '../features/auth';
import { i18n } from '../lib/i18n';
import { hasSession } from '../lib/session';
import { settingsMenuRoutes, type SettingsIcon, type SettingsPageLabel } from './route-table';

const ICONS: Record<SettingsIcon, ReactNode> = {
  sliders: <SlidersOutlined />,
  user: <UserOutlined />,
  lock: <LockOutlined />,
  team: <TeamOutlined />,
  apartment: <ApartmentOutlined />,
  api: <ApiOutlined />,
  key: <KeyOutlined />,
  thunderbolt: <ThunderboltOutlined />,
  message: <MessageOutlined />,
  tags: <TagsOutlined />,
  bulb: <BulbOutlined />,
  book: <BookOutlined />,
  mail: <MailOutlined />,
  'cloud-server': <CloudServerOutlined />,
  'credit-card': <CreditCardOutlined />,
  audit: <AuditOutlined />,
  clock: <ClockCircleOutlined />,
  'field-time': <FieldTimeOutlined />,
};

const GROUP_LABELS = { profile: msg`Profile`, workspace: msg`Workspace` } as const;

const PAGE_NAMES: Record<SettingsPageLabel, MessageDescriptor> = {
  'Global settings': msg`Global settings`,
  Profile: msg`Profile`,
  'Change password': msg`Change password`,
  'Team members': msg`Team members`,
  Teams: msg`Teams`,
  'Support channels': msg`Support channels`,
  'API keys': msg`API keys`,
  'Fast replies': msg`Fast replies`,
  'Chat widget': msg`Chat widget`,
  Tags: msg`Tags`,
  'Feature requests': msg`Feature requests`,
  'Help center': msg`Help center`,
  'Email setup': msg`Email setup`,
  'DNS records': msg`DNS records`,
  Pricing: msg`Pricing`,
  'Audit log': msg`Audit log`,
  'Auto-assignment': msg`Auto-assignment`,
  Automation: msg`Automation`,
  'SLA policies': msg`SLA policies`,
  'Business hours': msg`Business hours`,
  Macros: msg`Macros`,
};

/** A settings page's name (route-table.ts) in the active language. */
export const settingsPageName = (label: SettingsPageLabel): string => i18n._(PAGE_NAMES[label]);

type MenuItems = NonNullable<MenuProps['items']>;

/** The settings side menu for a role, from the route table: a page the role may not open is not listed. */
export function settingsMenu(role: PermissionLevel | undefined): {
  items: MenuItems;
  /** The menu keys (paths), longest first: the selected one is the first the path starts with. */
  keys: string[];
} {
  // Until Me is in, only what every role may open.
  const routes = settingsMenuRoutes(role ?? 'agent');
  const items: MenuItems = [];
  const groups = new Map<string, MenuItems>();
  for (const { path, menu } of routes) {
    const item = {
      key: path,
      icon: ICONS[menu.icon],
      label: <Link to={path}>{settingsPageName(menu.label)}</Link>,
    };
    if (menu.group === null) {
      items.push(item);
      continue;
    }
    let children = groups.get(menu.group);
    if (!children) {
      children = [];
      groups.set(menu.group, children);
      items.push({
        key: menu.group,
        type: 'group',
        label: i18n._(GROUP_LABELS[menu.group]),
        children,
      });
    }
    children.push(item);
  }
  const keys = routes.map((route) => route.path).sort((a, b) => b.length - a.length);
  return { items, keys };
}

/** The signed-in person's settings menu. */
export function useSettingsMenu() {
  const { data: me } = useGetMeQuery(undefined, { skip: !hasSession() });
  return settingsMenu(me?.permission_level);
}
