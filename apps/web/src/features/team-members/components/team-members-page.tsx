import { useState, type ReactElement } from 'react';
import { Button, Card, Flex, Popconfirm, Select, Table, Tooltip, Typography } from 'antd';
import type { TableColumnsType } from 'antd';
import { DeleteOutlined, MailOutlined, UserAddOutlined } from '@ant-design/icons';
import type { Me, PermissionLevel } from '@parley/contracts';
import { useAppSelector } from '../../../app/hooks';
import { PageHeader } from '../../../components/page-header';
import { PersonAvatar } from '../../../components/person-avatar';
import { asErrorPayload } from '../../../lib/api-error';
import { formatDate } from '../../../lib/format';
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
import { t } from '@lingui/core/macro';
import { Trans } from '@lingui/react/macro';
import { CapacityEditor } from '../../availability';
import { channelLabel } from '../../conversation';
import { LoadErrorAlert } from '../../../components/load-error-alert';

const formatDay = (iso: string) => formatDate(iso);
const LEVELS: PermissionLevel[] = ['owner', 'admin', 'agent'];

/**
 * Why `me` may not change or remove `member`, or null when they may. Mirrors the server's rules:
 * owners and admins manage people, only owners touch owners, and the last owner stays.
 */
function blockedReason(me: Me | null, member: Member, owners: number): string | null {
  if (!me || me.permission_level === 'agent') return t`Only owners and admins can manage the team.`;
  if (member.permission_level === 'owner' && me.permission_level !== 'owner')
    return t`Only owners can change or remove an owner.`;
  const name = member.name;
  if (member.permission_level === 'owner' && owners <= 1)
    return t`${name} is the only owner. Make someone else an owner first.`;
  return null;
}

/** "Jo is now an admin": one sentence per role. */
function roleChangedText(name: string, level: PermissionLevel): string {
  switch (level) {
    case 'owner':
      return t`${name} is now an owner`;
    case 'admin':
      return t`${name} is now an admin`;
    case 'agent':
      return t`${name} is now an agent`;
  }
}

const failureText = (failure: unknown) =>
  asErrorPayload(failure)?.message ?? t`Something went wrong. Please try again.`;

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
      title: t`Name`,
      key: 'name',
      render: (_, member) => (
        <Flex align="center" gap={12}>
          <PersonAvatar person={member} />
          <div>
            <div style={{ fontWeight: 500 }}>
              <bdi>{member.name}</bdi>
              {member.id === me?.id && (
                <Typography.Text type="secondary">
                  {' '}
                  <Trans>(you)</Trans>
                </Typography.Text>
              )}
            </div>
            <Typography.Text type="secondary">
              <bdi>{member.email}</bdi>
            </Typography.Text>
          </div>
        </Flex>
      ),
    },
    {
      title: t`Role`,
      key: 'role',
      width: 160,
      render: (_, member) => {
        const reason = blockedReason(me, member, owners);
        if (!canManage) return <RoleTag level={member.permission_level} />;
        const name = member.name;
        return withReason(
          reason,
          <Select<PermissionLevel>
            aria-label={t`Role of ${name}`}
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
                roleChangedText(name, level),
              )
            }
          />,
        );
      },
    },
    {
      // The most open conversations auto-assignment gives this member (docs/product/assignment.md).
      title: t`Capacity`,
      key: 'capacity',
      width: 150,
      render: (_, member) => (
        <CapacityEditor
          userId={member.id}
          name={member.name}
          canEdit={canManage}
          channelLabel={channelLabel}
        />
      ),
    },
    { title: t`Joined`, dataIndex: 'joined_at', width: 140, render: formatDay },
    ...(canManage
      ? [
          {
            title: '',
            key: 'actions',
            width: 64,
            align: 'end' as const,
            render: (_: unknown, member: Member) => {
              const reason = blockedReason(me, member, owners);
              const name = member.name;
              return withReason(
                reason,
                <Popconfirm
                  title={t`Remove ${name} from the workspace?`}
                  description={t`Their conversations here go back to unassigned. They keep their other workspaces.`}
                  okText={t`Remove`}
                  okButtonProps={{ danger: true }}
                  disabled={reason !== null}
                  onConfirm={() =>
                    run(
                      `remove:${member.id}`,
                      () => removeMember(member.id).unwrap(),
                      t`${name} was removed from the workspace`,
                    )
                  }
                >
                  <Button
                    type="text"
                    danger
                    icon={<DeleteOutlined />}
                    aria-label={t`Remove ${name}`}
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
    {
      title: t`Email`,
      dataIndex: 'email',
      render: (email: string) => <bdi>{email}</bdi>,
    },
    {
      title: t`Role`,
      dataIndex: 'permission_level',
      width: 140,
      render: (level: PendingInvitation['permission_level']) => <RoleTag level={level} />,
    },
    { title: t`Link expires`, dataIndex: 'expires_at', width: 140, render: formatDay },
    ...(canManage
      ? [
          {
            title: '',
            key: 'actions',
            width: 300,
            align: 'end' as const,
            render: (_: unknown, invitation: PendingInvitation) => {
              const email = invitation.email;
              return (
                <Flex gap={4} justify="flex-end">
                  <Button
                    type="text"
                    icon={<MailOutlined />}
                    aria-label={t`Resend invitation to ${email}`}
                    loading={busyRow === `resend:${invitation.id}`}
                    onClick={() =>
                      run(
                        `resend:${invitation.id}`,
                        () => resendInvitation(invitation.id).unwrap(),
                        t`Invitation sent again`,
                      )
                    }
                  >
                    <Trans>Resend</Trans>
                  </Button>
                  <CopyInvitationLink invitation={invitation} />
                  <Popconfirm
                    title={t`Withdraw this invitation?`}
                    description={t`The link in the email will stop working.`}
                    okText={t`Withdraw`}
                    okButtonProps={{ danger: true }}
                    onConfirm={() =>
                      run(
                        `revoke:${invitation.id}`,
                        () => revokeInvitation(invitation.id).unwrap(),
                        t`Invitation withdrawn`,
                      )
                    }
                  >
                    <Button
                      type="text"
                      danger
                      icon={<DeleteOutlined />}
                      aria-label={t`Withdraw invitation to ${email}`}
                      loading={busyRow === `revoke:${invitation.id}`}
                    />
                  </Popconfirm>
                </Flex>
              );
            },
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
      <Trans>Invite teammate</Trans>
    </Button>
  );

  return (
    <div style={{ maxWidth: 960 }}>
      <PageHeader
        title={t`Team members`}
        description={t`Everyone who answers conversations in this workspace.`}
        extra={
          canInvite ? (
            inviteButton
          ) : (
            <Tooltip title={t`Only owners and admins can invite teammates.`}>
              {inviteButton}
            </Tooltip>
          )
        }
      />
      {error && (
        <LoadErrorAlert
          error={error}
          fallback={t`The team could not be loaded.`}
          onRetry={refetch}
        />
      )}
      <Card variant="borderless" title={t`Members`} styles={{ body: { padding: 0 } }}>
        <ScrollRegion label={t`Team members`} minWidth={750}>
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
        title={t`Pending invitations`}
        style={{ marginTop: 16 }}
        styles={{ body: { padding: 0 } }}
      >
        <ScrollRegion label={t`Pending invitations`} minWidth={680}>
          <Table<PendingInvitation>
            rowKey="id"
            columns={invitationColumns}
            dataSource={data?.invitations ?? []}
            loading={isLoading}
            pagination={false}
            locale={{ emptyText: t`No pending invitations. Invite a teammate to share the inbox.` }}
          />
        </ScrollRegion>
      </Card>
      <InviteMemberModal open={inviting} onClose={() => setInviting(false)} />
    </div>
  );
}
