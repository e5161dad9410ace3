import { useState } from 'react';
import { Alert, Avatar, Button, Card, Flex, Table, Tooltip, Typography } from 'antd';
import type { TableColumnsType } from 'antd';
import { UserAddOutlined } from '@ant-design/icons';
import dayjs from 'dayjs';
import type { TeamMembersResponse } from '@parley/contracts';
import { useAppSelector } from '../../../app/hooks';
import { PageHeader } from '../../../components/page-header';
import { useGetTeamMembersQuery } from '../api/team-members-api';
import { InviteMemberModal } from './invite-member-modal';
import { RoleTag } from './role-tag';

type Member = TeamMembersResponse['members'][number];
type Invitation = TeamMembersResponse['invitations'][number];

const formatDate = (iso: string) => dayjs(iso).format('MMM D, YYYY');

function initialsOf(name: string): string {
  const parts = name.trim().split(/\s+/).filter(Boolean);
  return (
    (parts[0]?.[0] ?? '') + (parts.length > 1 ? (parts.at(-1)?.[0] ?? '') : '')
  ).toUpperCase();
}

const memberColumns: TableColumnsType<Member> = [
  {
    title: 'Name',
    key: 'name',
    render: (_, member) => (
      <Flex align="center" gap={12}>
        <Avatar style={{ background: '#e6ebfd', color: '#2f5bea', fontWeight: 600 }}>
          {initialsOf(member.name)}
        </Avatar>
        <div>
          <div style={{ fontWeight: 500 }}>{member.name}</div>
          <Typography.Text type="secondary">{member.email}</Typography.Text>
        </div>
      </Flex>
    ),
  },
  {
    title: 'Role',
    dataIndex: 'permission_level',
    width: 140,
    render: (level: Member['permission_level']) => <RoleTag level={level} />,
  },
  { title: 'Joined', dataIndex: 'joined_at', width: 160, render: formatDate },
];

const invitationColumns: TableColumnsType<Invitation> = [
  { title: 'Email', dataIndex: 'email' },
  {
    title: 'Role',
    dataIndex: 'permission_level',
    width: 140,
    render: (level: Invitation['permission_level']) => <RoleTag level={level} />,
  },
  { title: 'Link expires', dataIndex: 'expires_at', width: 160, render: formatDate },
];

export function TeamMembersPage() {
  const { data, isLoading, error, refetch } = useGetTeamMembersQuery();
  const me = useAppSelector((state) => state.auth.me);
  const [inviting, setInviting] = useState(false);
  const canInvite = me ? me.permission_level !== 'agent' : true;

  const inviteButton = (
    <Button
      type="primary"
      icon={<UserAddOutlined />}
      disabled={!canInvite}
      onClick={() => setInviting(true)}
    >
      Invite teammate
    </Button>
  );

  return (
    <div style={{ maxWidth: 880 }}>
      <PageHeader
        title="Team members"
        description="Everyone who answers conversations in this workspace."
        extra={
          canInvite ? (
            inviteButton
          ) : (
            <Tooltip title="Only owners and admins can invite teammates.">{inviteButton}</Tooltip>
          )
        }
      />
      {error && (
        <Alert
          type="error"
          showIcon
          title={'message' in error ? error.message : 'The team could not be loaded.'}
          action={
            <Button size="small" onClick={() => void refetch()}>
              Try again
            </Button>
          }
          style={{ marginBottom: 16 }}
        />
      )}
      <Card variant="borderless" title="Members" styles={{ body: { padding: 0 } }}>
        <Table<Member>
          rowKey="id"
          columns={memberColumns}
          dataSource={data?.members ?? []}
          loading={isLoading}
          pagination={false}
        />
      </Card>
      <Card
        variant="borderless"
        title="Pending invitations"
        style={{ marginTop: 16 }}
        styles={{ body: { padding: 0 } }}
      >
        <Table<Invitation>
          rowKey="id"
          columns={invitationColumns}
          dataSource={data?.invitations ?? []}
          loading={isLoading}
          pagination={false}
          locale={{ emptyText: 'No pending invitations. Invite a teammate to share the inbox.' }}
        />
      </Card>
      <InviteMemberModal open={inviting} onClose={() => setInviting(false)} />
    </div>
  );
}
