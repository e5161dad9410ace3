import type { ReactNode } from 'react';
import type { MessageDescriptor } from '@lingui/core';
import { msg, t } from '@lingui/core/macro';
import type { PermissionLevel } from '@parley/contracts';
import { NotAllowed } from '../components/not-found';
import { PageSpin } from '../components/page-spin';
import { useGetMeQuery } from '../features/auth';
import { formatList } from '../lib/format';
import { i18n } from '../lib/i18n';
import { hasSession } from '../lib/session';
import type { SettingsPageLabel } from './route-table';
import { settingsPageName } from './settings-menu';

const PLURAL: Record<PermissionLevel, MessageDescriptor> = {
  owner: msg`owners`,
  admin: msg`admins`,
  agent: msg`agents`,
};

interface RequireRoleProps {
  roles: readonly PermissionLevel[];
  /** The page's name in the sentence ("API keys"); null: "this page". */
  page: SettingsPageLabel | null;
  /** Where the way back leads. */
  home: string;
  children: ReactNode;
}

/**
 * A shell page only some roles may open (app/route-table.ts). Others get the "not allowed" screen
 * before the page mounts, so it asks the server for nothing: the server's 403 would end the
 * session. The shell renders its pages once Me is in, so the role is known here.
 */
export function RequireRole({ roles, page, home, children }: RequireRoleProps) {
  const { data: me } = useGetMeQuery(undefined, { skip: !hasSession() });
  if (!me) return <PageSpin />;
  if (roles.includes(me.permission_level)) return children;
  const allowed = formatList(roles.map((role) => i18n._(PLURAL[role])));
  const name = page ? settingsPageName(page) : t`this page`;
  return <NotAllowed page={name} allowed={allowed} home={home} />;
}
