import { useState, type ReactElement } from 'react';
import {
  Avatar,
  Button,
  Card,
  Flex,
  Popconfirm,
  Table,
  Tooltip,
  Typography,
  type TableColumnsType,
} from 'antd';
import { DeleteOutlined, EditOutlined, PlusOutlined } from '@ant-design/icons';
import type { Team, TeamMembersResponse } from '@parley/contracts';
import { useAppSelector } from '../../../app/hooks';
import { PageHeader } from '../../../components/page-header';
import { PersonAvatar } from '../../../components/person-avatar';
import { asErrorPayload } from '../../../lib/api-error';
import { formatNumber } from '../../../lib/format';
import { toast } from '../../../lib/toast';
import { useGetTeamMembersQuery } from '../../team-members';
import { useDeleteTeamMutation, useGetTeamsQuery } from '../api/teams-api';
import { TeamFormModal } from './team-form-modal';
import { ScrollRegion } from '../../../components/scroll-region';
import { plural, t } from '@lingui/core/macro';
import { Trans } from '@lingui/react/macro';
import { LoadErrorAlert } from '../../../components/load-error-alert';

type Member = TeamMembersResponse['members'][number];

/** Which modal is open: none, a new team, or editing one. */
type Editing = { team: Team | null } | null;

const membersLabel = (count: number) => plural(count, { one: '# member', other: '# members' });

/** /settings/teams: the account's teams, their members, and (owners and admins) changes. */
export function TeamsPage() {
  const { data, isLoading, error, refetch } = useGetTeamsQuery();
  const { data: people } = useGetTeamMembersQuery();
  const me = useAppSelector((state) => state.auth.me);
  const [deleteTeam] = useDeleteTeamMutation();
  const [editing, setEditing] = useState<Editing>(null);
  const canManage = me ? me.permission_level !== 'agent' : false;
  const byId = new Map<number, Member>((people?.members ?? []).map((m) => [m.id, m]));

  const remove = async (team: Team) => {
    try {
      await deleteTeam(team.id).unwrap();
      toast.success(t`Team deleted`, t`Its conversations stay in the inbox, with no team.`);
    } catch (failure) {
      toast.error(t`The team could not be deleted`, asErrorPayload(failure)?.message);
    }
  };

  const manageOnly = (node: ReactElement) =>
    canManage ? (
      node
    ) : (
      <Tooltip title={t`Only owners and admins can change teams.`}>{node}</Tooltip>
    );

  const columns: TableColumnsType<Team> = [
    {
      title: t`Team`,
      key: 'name',
      render: (_, team) => (
        <div>
          <div dir="auto" style={{ fontWeight: 500 }}>
            {team.name}
          </div>
          {team.description && (
            <Typography.Text dir="auto" type="secondary">
              {team.description}
            </Typography.Text>
          )}
        </div>
      ),
    },
    {
      title: t`Members`,
      key: 'members',
      width: 240,
      render: (_, team) => {
        const members = team.member_ids.flatMap((id) => {
          const m = byId.get(id);
          return m ? [m] : [];
        });
        return (
          <Flex align="center" gap={8}>
            {members.length > 0 && (
              <Avatar.Group max={{ count: 4 }} size={28}>
                {members.map((m) => (
                  <Tooltip key={m.id} title={m.name}>
                    <span>
                      <PersonAvatar person={m} size={28} />
                    </span>
                  </Tooltip>
                ))}
              </Avatar.Group>
            )}
            <Typography.Text type="secondary">
              {membersLabel(team.member_ids.length)}
            </Typography.Text>
          </Flex>
        );
      },
    },
    {
      title: t`Open conversations`,
      dataIndex: 'open_conversation_count',
      width: 170,
      render: (count: number) => formatNumber(count),
    },
    {
      title: '',
      key: 'actions',
      width: 110,
      align: 'end',
      render: (_, team) => {
        const teamName = team.name;
        return (
          <Flex gap={4} justify="flex-end">
            {manageOnly(
              <Button
                type="text"
                icon={<EditOutlined />}
                aria-label={t`Edit ${teamName}`}
                disabled={!canManage}
                onClick={() => setEditing({ team })}
              />,
            )}
            {manageOnly(
              <Popconfirm
                title={t`Delete ${teamName}?`}
                description={t`Its conversations stay in the inbox, with no team.`}
                okText={t`Delete`}
                okButtonProps={{ danger: true }}
                disabled={!canManage}
                onConfirm={() => remove(team)}
              >
                <Button
                  type="text"
                  danger
                  icon={<DeleteOutlined />}
                  aria-label={t`Delete ${teamName}`}
                  disabled={!canManage}
                />
              </Popconfirm>,
            )}
          </Flex>
        );
      },
    },
  ];

  return (
    <div style={{ maxWidth: 960 }}>
      <PageHeader
        title={t`Teams`}
        description={t`Group teammates so conversations can be filed to a team and worked from its own view.`}
        extra={manageOnly(
          <Button
            type="primary"
            icon={<PlusOutlined />}
            disabled={!canManage}
            onClick={() => setEditing({ team: null })}
          >
            <Trans>New team</Trans>
          </Button>,
        )}
      />
      {error && (
        <LoadErrorAlert
          error={error}
          fallback={t`The teams could not be loaded.`}
          onRetry={refetch}
        />
      )}
      <Card variant="borderless" styles={{ body: { padding: 0 } }}>
        <ScrollRegion label={t`Teams`} minWidth={720}>
          <Table<Team>
            rowKey="id"
            columns={columns}
            dataSource={data?.teams ?? []}
            loading={isLoading}
            pagination={false}
            locale={{
              emptyText: t`No teams yet. Create one to give a group of teammates its own inbox view.`,
            }}
          />
        </ScrollRegion>
      </Card>
      {editing && (
        <TeamFormModal
          team={editing.team}
          people={people?.members ?? []}
          onClose={() => setEditing(null)}
        />
      )}
    </div>
  );
}
