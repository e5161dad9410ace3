import type { ReactNode } from 'react';
import type { PermissionLevel } from '@parley/contracts';
import { NotAllowed } from '../components/not-found';
import { PageSpin } from '../components/page-spin';
import { useGetMeQuery } from '../features/auth/api/me-api';
import { hasSession } from '../lib/session';

const PLURAL: Record<PermissionLevel, string> = {
  owner: 'owners',
  admin: 'admins',
  agent: 'agents',
};

interface RequireRoleProps {
  roles: readonly PermissionLevel[];
  /** The page's name in the sentence ("API keys"). */
  page: string;
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
  const allowed = roles.map((role) => PLURAL[role]).join(' and ');
  return <NotAllowed page={page} allowed={allowed} home={home} />;
}
