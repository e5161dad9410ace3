import { Alert, Card, Flex, Select, Switch, Table, Typography, type TableColumnsType } from 'antd';
import { plural, t } from '@lingui/core/macro';
import { Trans } from '@lingui/react/macro';
import {
  ASSIGNMENT_MODES,
  type AssignmentMode,
  type ChannelAssignment,
  type TeamAssignment,
  type UpdateChannelAssignmentRuleBody,
} from '@parley/contracts';
import { PageHeader } from '../../../components/page-header';
import { ScrollRegion } from '../../../components/scroll-region';
import { asErrorPayload } from '../../../lib/api-error';
import { toast } from '../../../lib/toast';
import { channelLabel } from '../../conversation';
import {
  useGetAssignmentSettingsQuery,
  useUpdateAssignmentRuleMutation,
} from '../api/availability-api';
import { modeHint, modeLabel } from '../availability-labels';
import { ChannelAgentsSelect } from './channel-agents-select';
import { LoadErrorAlert } from '../../../components/load-error-alert';

type Row = (TeamAssignment & { kind: 'team' }) | (ChannelAssignment & { kind: 'channel' });
const membersLabel = (count: number) => plural(count, { one: '# member', other: '# members' });
const idOf = (row: Row) => (row.kind === 'team' ? row.team_id : row.support_channel_id);

/** /settings/assignment: how each team and support channel hands out new conversations. */
export function AutoAssignmentPage() {
  const { data, isLoading, error, refetch } = useGetAssignmentSettingsQuery();
  const [update] = useUpdateAssignmentRuleMutation();

  /** A team's rule takes `mode` and `release_offline`; a channel's also its agents. */
  const save = async (row: Row, body: UpdateChannelAssignmentRuleBody) => {
    try {
      await (
        row.kind === 'team'
          ? update({ target: { kind: 'team', id: row.team_id }, body })
          : update({ target: { kind: 'channel', id: row.support_channel_id }, body })
      ).unwrap();
      toast.success(t`Auto-assignment saved`);
    } catch (failure) {
      toast.error(t`Auto-assignment could not be saved`, asErrorPayload(failure)?.message);
    }
  };

  const agentsColumn: TableColumnsType<Row>[number] = {
    title: t`Agents`,
    key: 'agents',
    width: 260,
    render: (_, row) =>
      row.kind === 'channel' ? (
        <ChannelAgentsSelect
          channelName={row.name}
          agentIds={row.agent_ids}
          onSave={(agent_ids) => save(row, { mode: row.mode, agent_ids })}
        />
      ) : null,
  };

  const columns = (what: string, withAgents = false): TableColumnsType<Row> => [
    {
      title: what,
      key: 'name',
      render: (_, row) => (
        <div>
          <div dir="auto" style={{ fontWeight: 500 }}>
            {row.name}
          </div>
          <Typography.Text type="secondary">
            {row.kind === 'team' ? membersLabel(row.member_count) : channelLabel(row.type)}
          </Typography.Text>
        </div>
      ),
    },
    {
      title: t`New conversations`,
      key: 'mode',
      width: 320,
      render: (_, row) => {
        const rowName = row.name;
        return (
          <Flex vertical gap={4}>
            <Select<AssignmentMode>
              aria-label={t`How ${rowName} hands out new conversations`}
              value={row.mode}
              style={{ width: 200 }}
              onChange={(mode) =>
                void save(row, { mode, ...(mode === 'off' ? { release_offline: false } : {}) })
              }
              options={ASSIGNMENT_MODES.map((mode) => ({ value: mode, label: modeLabel(mode) }))}
            />
            <Typography.Text type="secondary" style={{ fontSize: 12 }}>
              {modeHint(row.mode)}
            </Typography.Text>
          </Flex>
        );
      },
    },
    {
      title: t`When an agent goes offline`,
      key: 'release',
      width: 280,
      render: (_, row) => {
        const rowName = row.name;
        return (
          <Flex align="center" gap={8}>
            <Switch
              aria-label={t`Give ${rowName}’s open conversations back to the queue when their agent goes offline`}
              checked={row.release_offline}
              disabled={row.mode === 'off'}
              onChange={(release_offline) => void save(row, { mode: row.mode, release_offline })}
            />
            <Typography.Text type={row.mode === 'off' ? 'secondary' : undefined}>
              {row.release_offline
                ? t`Their open conversations go back to the queue`
                : t`They keep their conversations`}
            </Typography.Text>
          </Flex>
        );
      },
    },
    ...(withAgents ? [agentsColumn] : []),
  ];

  const teams: Row[] = (data?.teams ?? []).map((team) => ({ ...team, kind: 'team' }));
  const channels: Row[] = (data?.channels ?? []).map((c) => ({ ...c, kind: 'channel' }));
  const queued = data?.queued_count ?? 0;

  return (
    <div style={{ maxWidth: 1040 }}>
      <PageHeader
        title={t`Auto-assignment`}
        description={t`New conversations go to an agent by themselves. Only agents who are online and under their capacity get them; when no one is, conversations wait in the queue and go out oldest first as soon as someone is free.`}
      />
      {error && (
        <LoadErrorAlert
          error={error}
          fallback={t`Auto-assignment could not be loaded.`}
          onRetry={refetch}
        />
      )}
      {queued > 0 && (
        <Alert
          type="info"
          showIcon
          title={plural(queued, {
            one: '# conversation is waiting for an available agent.',
            other: '# conversations are waiting for an available agent.',
          })}
          style={{ marginBottom: 16 }}
        />
      )}
      <Typography.Title level={5}>
        <Trans>Teams</Trans>
      </Typography.Title>
      <Typography.Paragraph type="secondary">
        <Trans>
          A team hands its conversations to its own members. Its setting comes first; the channel’s
          applies when the team’s is off.
        </Trans>
      </Typography.Paragraph>
      <Card variant="borderless" styles={{ body: { padding: 0 } }} style={{ marginBottom: 24 }}>
        <ScrollRegion label={t`Teams`} minWidth={760}>
          <Table<Row>
            rowKey={(row) => `team-${idOf(row)}`}
            columns={columns(t`Team`)}
            dataSource={teams}
            loading={isLoading}
            pagination={false}
            locale={{ emptyText: t`No teams yet. Create teams under Settings, Teams.` }}
          />
        </ScrollRegion>
      </Card>
      <Typography.Title level={5}>
        <Trans>Support channels</Trans>
      </Typography.Title>
      <Typography.Paragraph type="secondary">
        <Trans>
          A channel hands its conversations to every agent of the workspace, or to the agents chosen
          for it.
        </Trans>
      </Typography.Paragraph>
      <Card variant="borderless" styles={{ body: { padding: 0 } }}>
        <ScrollRegion label={t`Support channels`} minWidth={1020}>
          <Table<Row>
            rowKey={(row) => `channel-${idOf(row)}`}
            columns={columns(t`Channel`, true)}
            dataSource={channels}
            loading={isLoading}
            pagination={false}
            locale={{ emptyText: t`No support channels yet.` }}
          />
        </ScrollRegion>
      </Card>
    </div>
  );
}
