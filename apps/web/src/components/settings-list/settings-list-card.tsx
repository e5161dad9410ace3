import type { ReactNode } from 'react';
import { Card, Flex, Tag, Typography } from 'antd';
import { WarningOutlined } from '@ant-design/icons';
import { Trans } from '@lingui/react/macro';

/**
 * One item of a settings list: its name and tags, what it does in words, and its controls beside
 * them (under them on a phone).
 */
export function SettingsListCard({
  name,
  tags,
  off,
  description,
  summary,
  problem,
  actions,
}: {
  name: string;
  /** Tags after the name (before "Broken" and "Off"). */
  tags?: ReactNode;
  /** Turned off: an "Off" tag, and the summary greyed. */
  off?: boolean;
  description?: ReactNode;
  summary: ReactNode;
  /** Why the item cannot run: a "Broken" tag, and this under the summary. */
  problem?: ReactNode;
  actions?: ReactNode;
}) {
  return (
    <Card size="small">
      <Flex gap={12} wrap justify="space-between" align="flex-start">
        <Flex vertical gap={4} style={{ flex: '1 1 260px', minWidth: 0 }}>
          <Flex gap={8} wrap align="center">
            <Typography.Text strong dir="auto">
              {name}
            </Typography.Text>
            {tags}
            {problem && (
              <Tag color="error" icon={<WarningOutlined />}>
                <Trans>Broken</Trans>
              </Tag>
            )}
            {off && (
              <Tag>
                <Trans>Off</Trans>
              </Tag>
            )}
          </Flex>
          {description && (
            <Typography.Text type="secondary" dir="auto">
              {description}
            </Typography.Text>
          )}
          <Typography.Text
            type={off ? 'secondary' : undefined}
            style={{ overflowWrap: 'anywhere' }}
          >
            {summary}
          </Typography.Text>
          {problem && <Typography.Text type="danger">{problem}</Typography.Text>}
        </Flex>
        {actions && (
          <Flex gap={4} wrap align="center">
            {actions}
          </Flex>
        )}
      </Flex>
    </Card>
  );
}
