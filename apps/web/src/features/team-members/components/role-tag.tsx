import { Tag } from 'antd';
import type { PermissionLevel } from '@parley/contracts';
import { t } from '@lingui/core/macro';

// theme-ignore-next-line: antd's preset tag colours, which follow dark mode
const ROLE_COLORS: Record<PermissionLevel, string> = {
  owner: 'geekblue',
  admin: 'purple',
  agent: 'default',
};

export function roleLabel(level: PermissionLevel): string {
  switch (level) {
    case 'owner':
      return t`Owner`;
    case 'admin':
      return t`Admin`;
    case 'agent':
      return t`Agent`;
  }
}

export function RoleTag({ level }: { level: PermissionLevel }) {
  return (
    <Tag color={ROLE_COLORS[level]} variant="filled">
      {roleLabel(level)}
    </Tag>
  );
}
