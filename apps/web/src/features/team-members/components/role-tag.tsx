import { Tag } from 'antd';
import type { PermissionLevel } from '@parley/contracts';

const ROLE_LABELS: Record<PermissionLevel, string> = {
  owner: 'Owner',
  admin: 'Admin',
  agent: 'Agent',
};
const ROLE_COLORS: Record<PermissionLevel, string> = {
  owner: 'geekblue',
  admin: 'purple',
  agent: 'default',
};

export function roleLabel(level: PermissionLevel): string {
  return ROLE_LABELS[level];
}

export function RoleTag({ level }: { level: PermissionLevel }) {
  return (
    <Tag color={ROLE_COLORS[level]} variant="filled">
      {ROLE_LABELS[level]}
    </Tag>
  );
}
