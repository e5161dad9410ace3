import { useState, type ReactElement } from 'react';
import { Alert, Button, Card, Flex, Popconfirm, Select, Table, Tooltip, Typography } from 'antd';
import type { TableColumnsType } from 'antd';
import { DeleteOutlined, MailOutlined, UserAddOutlined } from '@ant-design/icons';
import dayjs from 'dayjs';
import type { Me, PermissionLevel } from '@parley/contracts';
import { useAppSelector } from '../../../app/hooks';
import { PageHeader } from '../../../components/page-header';
import { PersonAvatar } from '../../../components/person-avatar';
import { asErrorPayload } from '../../../lib/api-error';
import { toast } from '../../../lib/toast';
import {
  useChangeRoleMutation,
  useGetTeamMembersQuery,
  useRemoveMemberMutation,
  useResendInvitationMutation,
  useRevokeInvitationMutation,
  type Member,
  type PendingInvitation,
} from '../api/team-members-api';
import { CopyInvitationLink } from './copy-invitation-link';
import { InviteMemberModal } from './invite-member-modal';
import { RoleTag, roleLabel } from './role-tag';
import { ScrollRegion } from '../../../components/scroll-region';

const formatDate = (iso: string) => dayjs(iso).format('MMM D, YYYY');
const LEVELS: PermissionLevel[] = ['owner', 'admin', 'agent'];

/**
 * Why `me` may not change or remove `member`, or null when they may. Mirrors the server's rules:
 * owners and admins manage people, only owners touch owners, and the last owner stays.
 */
function blockedReason(me: Me | null, member: Member, owners: number): string | null {
  if (!me || me.permission_level === 'agent') return 'Only owners and admins can manage the team.';
  if (member.permission_level === 'owner' && me.permission_level !== 'owner')
    return 'Only owners can change or remove an owner.';
  if (member.permission_level === 'owner' && owners <= 1)
    return `${member.name} is the only owner. Make someone else an owner first.`;
  return null;
}

const failureText = (failure: unknown) =>
  asErrorPayload(failure)?.message ?? 'Something went wrong. Please try again.';

export function TeamMembersPage() {
  const { data, isLoading, error, refetch } = useGetTeamMembersQuery();
  const me = useAppSelector((state) => state.auth.me);
  const [changeRole] = useChangeRoleMutation();
  const [removeMember] = useRemoveMemberMutation();
  const [resendInvitation] = useResendInvitationMutation();
  const [revokeInvitation] = useRevokeInvitationMutation();
  const [inviting, setInviting] = useState(false);
  const [busyRow, setBusyRow] = useState<string | null>(null);
  const canInvite = me ? me.permission_level !== 'agent' : true;
  const canManage = me ? me.permission_level !== 'agent' : false;
  const owners = (data?.members ?? []).filter((m) => m.permission_level === 'owner').length;

  const run = async (key: string, action: () => Promise<unknown>, success: string) => {
    setBusyRow(key);
    try {
      await action();
      toast.success(success);
    } catch (failure) {
      toast.error(failureText(failure));
    } finally {
      setBusyRow(null);
    }
  };

  const withReason = (reason: string | null, node: ReactElement) =>
    reason ? <Tooltip title={reason}>{node}</Tooltip> : node;

  const memberColumns: TableColumnsType<Member> = [
    {
      title: 'Name',
      key: 'name',
      render: (_, member) => (
        <Flex align="center" gap={12}>
          <PersonAvatar person={member} />
          <div>
            <div style={{ fontWeight: 500 }}>
              {member.name}
              {member.id === me?.id && <Typography.Text type="secondary"> (you)</Typography.Text>}
            </div>
            <Typography.Text type="secondary">{member.email}</Typography.Text>
          </div>
        </Flex>
      ),
    },
    {
      title: 'Role',
      key: 'role',
      width: 160,
      render: (_, member) => {
        const reason = blockedReason(me, member, owners);
        if (!canManage) return <RoleTag level={member.permission_level} />;
        return withReason(
          reason,
          <Select<PermissionLevel>
            aria-label={`Role of ${member.name}`}
            value={member.permission_level}
            disabled={reason !== null}
            loading={busyRow === `role:${member.id}`}
            style={{ width: 120 }}
            options={LEVELS.map((level) => ({
              value: level,
              label: roleLabel(level),
              // Only owners grant "owner".
              disabled: level === 'owner' && me?.permission_level !== 'owner',
            }))}
            onChange={(level) =>
              run(
                `role:${member.id}`,
                () => changeRole({ userId: member.id, permission_level: level }).unwrap(),
                // Owner, admin and agent all take "an".
                `${member.name} is now an ${roleLabel(level).toLowerCase()}`,
              )
            }
          />,
        );
      },
    },
    { title: 'Joined', dataIndex: 'joined_at', width: 140, render: formatDate },
    ...(canManage
      ? [
          {
            title: '',
            key: 'actions',
            width: 64,
            align: 'right' as const,
            render: (_: unknown, member: Member) => {
              const reason = blockedReason(me, member, owners);
              return withReason(
                reason,
                <Popconfirm
                  title={`Remove ${member.name} from the workspace?`}
                  description="Their conversations here go back to unassigned. They keep their other workspaces."
                  okText="Remove"
                  okButtonProps={{ danger: true }}
                  disabled={reason !== null}
                  onConfirm={() =>
                    run(
                      `remove:${member.id}`,
                      () => removeMember(member.id).unwrap(),
                      `${member.name} was removed from the workspace`,
                    )
                  }
                >
                  <Button
                    type="text"
                    danger
                    icon={<DeleteOutlined />}
                    aria-label={`Remove ${member.name}`}
                    disabled={reason !== null}
                    loading={busyRow === `remove:${member.id}`}
                  />
                </Popconfirm>,
              );
            },
          },
        ]
      : []),
  ];

  const invitationColumns: TableColumnsType<PendingInvitation> = [
    { title: 'Email', dataIndex: 'email' },
    {
      title: 'Role',
      dataIndex: 'permission_level',
      width: 140,
      render: (level: PendingInvitation['permission_level']) => <RoleTag level={level} />,
    },
    { title: 'Link expires', dataIndex: 'expires_at', width: 140, render: formatDate },
    ...(canManage
      ? [
          {
            title: '',
            key: 'actions',
            width: 300,
            align: 'right' as const,
            render: (_: unknown, invitation: PendingInvitation) => (
              <Flex gap={4} justify="flex-end">
                <Button
                  type="text"
                  icon={<MailOutlined />}
                  aria-label={`Resend invitation to ${invitation.email}`}
                  loading={busyRow === `resend:${invitation.id}`}
                  onClick={() =>
                    run(
                      `resend:${invitation.id}`,
                      () => resendInvitation(invitation.id).unwrap(),
                      'Invitation sent again',
                    )
                  }
                >
                  Resend
                </Button>
                <CopyInvitationLink invitation={invitation} />
                <Popconfirm
                  title="Withdraw this invitation?"
                  description="The link in the email will stop working."
                  okText="Withdraw"
                  okButtonProps={{ danger: true }}
                  onConfirm={() =>
                    run(
                      `revoke:${invitation.id}`,
                      () => revokeInvitation(invitation.id).unwrap(),
                      'Invitation withdrawn',
                    )
                  }
                >
                  <Button
                    type="text"
                    danger
                    icon={<DeleteOutlined />}
                    aria-label={`Withdraw invitation to ${invitation.email}`}
                    loading={busyRow === `revoke:${invitation.id}`}
                  />
                </Popconfirm>
              </Flex>
            ),
          },
        ]
      : []),
  ];

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
    <div style={{ maxWidth: 960 }}>
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
        <ScrollRegion label="Team members" minWidth={600}>
          <Table<Member>
            rowKey="id"
            columns={memberColumns}
            dataSource={data?.members ?? []}
            loading={isLoading}
            pagination={false}
          />
        </ScrollRegion>
      </Card>
      <Card
        variant="borderless"
        title="Pending invitations"
        style={{ marginTop: 16 }}
        styles={{ body: { padding: 0 } }}
      >
        <ScrollRegion label="Pending invitations" minWidth={680}>
          <Table<PendingInvitation>
            rowKey="id"
            columns={invitationColumns}
            dataSource={data?.invitations ?? []}
            loading={isLoading}
            pagination={false}
            locale={{ emptyText: 'No pending invitations. Invite a teammate to share the inbox.' }}
          />
        </ScrollRegion>
      </Card>
      <InviteMemberModal open={inviting} onClose={() => setInviting(false)} />
    </div>
  );
}
