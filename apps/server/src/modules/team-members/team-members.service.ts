import { DAY_MS } from '@parley/contracts';
import type { InvitationInfo, PermissionLevel, TeamMembersResponse } from '@parley/contracts';
import type { AgentContext } from '../../lib/http-types';
import type { Deps } from '../../lib/deps';
import { recordAudit } from '../audit-log/audit-log.service';
import { hashToken, randomToken, verifyPassword } from '../../lib/crypto';
import { AppError, apiText, badRequest, conflict, forbidden, notFound } from '../../lib/errors';
import { chooseLocale, serverI18n } from '../../lib/i18n';
import { findAccount, findMembership, insertMembership } from '../accounts/accounts.service';
import { findUserByEmail, findUserById } from '../auth/auth.service';
import { createUser, issueSession, type IssuedSession } from '../auth/auth.service';
import { sessionCache } from '../auth/auth.public';
import {
  countOtherOwners,
  deleteInvitation,
  deleteMembership,
  findMember,
  findUnacceptedInvitation,
  lockAccountMemberships,
  renewInvitation,
  setPermissionLevel,
  findOpenInvitation,
  isMemberByEmail,
  listMembers,
  listPendingInvitations,
  markInvitationAccepted,
  replaceInvitation,
} from './team-members.queries';

const INVITATION_TTL_MS = 7 * DAY_MS;
const invalidInvitation = () =>
  new AppError(
    404,
    'invalid_token',
    'This invitation is invalid, was already used, or has expired. Ask for a new one.',
  );

export async function getTeamMembers(deps: Deps, accountId: number): Promise<TeamMembersResponse> {
  const [members, invitations] = await Promise.all([
    listMembers(deps.db, { accountId }),
    listPendingInvitations(deps.db, { accountId }),
  ]);
  return {
    members: members.map(({ joinedAt, ...m }) => ({ ...m, joined_at: joinedAt.toISOString() })),
    invitations: invitations.map(({ expiresAt, ...i }) => ({
      ...i,
      expires_at: expiresAt.toISOString(),
    })),
  };
}

/** `languages`: the inviter's browser's, best first (the mail's language when they chose none). */
export async function inviteMember(
  deps: Deps,
  agent: AgentContext,
  body: { email: string; permission_level: 'admin' | 'agent' },
  languages: string[] = [],
) {
  if (await isMemberByEmail(deps.db, { accountId: agent.accountId, email: body.email })) {
    throw conflict(
      apiText('{email} is already a member of this account.', { email: body.email }),
      'already_member',
    );
  }
  const [account, inviter] = await Promise.all([
    findAccount(deps.db, agent.accountId),
    findUserById(deps.db, agent.userId),
  ]);
  const token = randomToken();
  const invitation = await replaceInvitation(deps.db, {
    accountId: agent.accountId,
    email: body.email,
    permissionLevel: body.permission_level,
    tokenHash: hashToken(token),
    invitedBy: agent.userId,
    expiresAt: new Date(Date.now() + INVITATION_TTL_MS),
  });
  await recordAudit(deps.db, {
    accountId: agent.accountId,
    userId: agent.userId,
    action: 'invitation_sent',
    details: { email: body.email, permission_level: body.permission_level },
  });
  await sendInvitationMail(deps, { email: body.email, token, inviter, account, languages });
  return toPendingInvitation(invitation);
}

/**
 * The invitation, in the inviter's language (their choice, else their browser's): a teammate
 * usually shares it, and the invited person has no account to have chosen one.
 */
function sendInvitationMail(
  deps: Deps,
  {
    email,
    token,
    inviter,
    account,
    languages,
  }: {
    email: string;
    token: string;
    inviter: { name: string; locale: string | null } | null;
    account: { name: string } | null;
    languages: string[];
  },
) {
  const link = invitationLinkOf(deps, token);
  const i18n = serverI18n(chooseLocale(inviter?.locale, languages));
  const values = {
    inviterName: inviter?.name ?? i18n._('A teammate'),
    accountName: account?.name ?? i18n._('their team'),
    productName: deps.config.productName,
  };
  return deps.mailer.send({
    to: email,
    subject: i18n._('{inviterName} invited you to {accountName} on {productName}', values),
    text: [
      i18n._('Hi,'),
      '',
      i18n._('{inviterName} invited you to join {accountName} on {productName}.', values),
      i18n._('Accept within 7 days:'),
      '',
      link,
      '',
    ].join('\n'),
  });
}

function toPendingInvitation(invitation: {
  id: number;
  email: string;
  permissionLevel: PermissionLevel;
  expiresAt: Date;
}) {
  return {
    id: invitation.id,
    email: invitation.email,
    permission_level: invitation.permissionLevel,
    expires_at: invitation.expiresAt.toISOString(),
  };
}

export async function getInvitation(deps: Deps, token: string): Promise<InvitationInfo> {
  const found = await findOpenInvitation(deps.db, hashToken(token));
  if (!found) throw invalidInvitation();
  const existing = await findUserByEmail(deps.db, found.invitation.email);
  return {
    email: found.invitation.email,
    account_name: found.accountName,
    invited_by: found.invitedByName,
    permission_level: found.invitation.permissionLevel,
    existing_user: existing !== null,
    expires_at: found.invitation.expiresAt.toISOString(),
  };
}

/** A new person sets name and password; an existing user proves it with their password. */
export async function acceptInvitation(
  deps: Deps,
  token: string,
  body: { name?: string | undefined; password: string },
): Promise<IssuedSession> {
  const found = await findOpenInvitation(deps.db, hashToken(token));
  if (!found) throw invalidInvitation();
  const { invitation } = found;
  const existing = await findUserByEmail(deps.db, invitation.email);
  if (existing && !(await verifyPassword(body.password, existing.passwordHash))) {
    throw new AppError(400, 'invalid_credentials', 'That password is incorrect.', [
      { path: 'password', message: 'That password is incorrect.' },
    ]);
  }
  if (!existing) {
    if (!body.name)
      throw badRequest('Enter your name.', [{ path: 'name', message: 'Enter your name.' }]);
    if (body.password.length < 8) {
      throw badRequest('Use at least 8 characters.', [
        { path: 'password', message: 'Use at least 8 characters.' },
      ]);
    }
  }
  return deps.db.transaction(async (tx) => {
    if (!(await markInvitationAccepted(tx, invitation.id))) throw invalidInvitation();
    const user =
      existing ??
      (await createUser(tx, {
        name: body.name!,
        email: invitation.email,
        password: body.password,
      }));
    if (!(await findMembership(tx, { accountId: invitation.accountId, userId: user.id }))) {
      await insertMembership(tx, {
        accountId: invitation.accountId,
        userId: user.id,
        permissionLevel: invitation.permissionLevel,
      });
    }
    await recordAudit(tx, {
      accountId: invitation.accountId,
      userId: user.id,
      action: 'invitation_accepted',
    });
    return issueSession(tx, user, invitation.accountId);
  });
}

const lastOwner = (name: string) =>
  conflict(
    apiText('{name} is the only owner of this workspace. Make someone else an owner first.', {
      name,
    }),
    'last_owner',
  );
const ownersOnly = () =>
  forbidden("Only owners can make someone an owner or change an owner's role.");

async function listedMember(deps: Deps, accountId: number, userId: number) {
  const { members } = await getTeamMembers(deps, accountId);
  const member = members.find((m) => m.id === userId);
  if (!member) throw notFound('That team member was not found.');
  return member;
}

/**
 * An owner or admin changes a member's role. Only owners grant or take away "owner"; the last
 * owner keeps it (409 last_owner), so a workspace always has someone who can manage it.
 */
export async function changeMemberRole(
  deps: Deps,
  agent: AgentContext,
  userId: number,
  level: PermissionLevel,
) {
  await deps.db.transaction(async (tx) => {
    await lockAccountMemberships(tx, agent.accountId);
    const member = await findMember(tx, { accountId: agent.accountId, userId });
    if (!member) throw notFound('That team member was not found.');
    if (member.permissionLevel === level) return;
    if (
      agent.permissionLevel !== 'owner' &&
      (member.permissionLevel === 'owner' || level === 'owner')
    )
      throw ownersOnly();
    if (
      member.permissionLevel === 'owner' &&
      (await countOtherOwners(tx, { accountId: agent.accountId, userId })) === 0
    )
      throw lastOwner(member.name);
    await setPermissionLevel(tx, { accountId: agent.accountId, userId, permissionLevel: level });
    await recordAudit(tx, {
      accountId: agent.accountId,
      userId: agent.userId,
      action: 'member_role_changed',
      details: { user_id: userId, from: member.permissionLevel, to: level },
    });
  });
  // Their cached sessions carry the old role.
  sessionCache.revokeUser(userId);
  deps.events.emit('access_revoked', { userId });
  return listedMember(deps, agent.accountId, userId);
}

/**
 * An owner or admin removes a member from the workspace (admins cannot remove owners; nobody can
 * remove the last owner). Their conversations here go back to unassigned and they leave the
 * account's teams; their user and their other workspaces stay.
 */
export async function removeMember(deps: Deps, agent: AgentContext, userId: number) {
  const unassigned = await deps.db.transaction(async (tx) => {
    await lockAccountMemberships(tx, agent.accountId);
    const member = await findMember(tx, { accountId: agent.accountId, userId });
    if (!member) throw notFound('That team member was not found.');
    if (member.permissionLevel === 'owner') {
      if (agent.permissionLevel !== 'owner') throw forbidden('Only owners can remove an owner.');
      if ((await countOtherOwners(tx, { accountId: agent.accountId, userId })) === 0)
        throw lastOwner(member.name);
    }
    const ids = await deleteMembership(tx, { accountId: agent.accountId, userId });
    await recordAudit(tx, {
      accountId: agent.accountId,
      userId: agent.userId,
      action: 'member_removed',
      details: { user_id: userId, unassigned_conversations: ids.length },
    });
    return ids;
  });
  sessionCache.revokeUser(userId);
  deps.events.emit('access_revoked', { userId });
  for (const conversationId of unassigned)
    deps.events.emit('conversation_updated', { accountId: agent.accountId, conversationId });
}

/**
 * A new 7-day token for an invitation that was not accepted. Only the token's hash is stored, so
 * a link can never be shown again: it is re-issued, and the previous link stops working.
 */
async function reissueInvitation(deps: Deps, agent: AgentContext, id: number) {
  const invitation = await findUnacceptedInvitation(deps.db, { accountId: agent.accountId, id });
  if (!invitation) throw notFound('That invitation was not found.');
  if (await isMemberByEmail(deps.db, { accountId: agent.accountId, email: invitation.email })) {
    await deleteInvitation(deps.db, { accountId: agent.accountId, id });
    throw conflict(
      apiText('{email} is already a member of this account.', { email: invitation.email }),
      'already_member',
    );
  }
  const token = randomToken();
  const renewed = await renewInvitation(deps.db, {
    accountId: agent.accountId,
    id,
    tokenHash: hashToken(token),
    invitedBy: agent.userId,
    expiresAt: new Date(Date.now() + INVITATION_TTL_MS),
  });
  if (!renewed) throw notFound('That invitation was not found.');
  return { renewed, token };
}

const invitationLinkOf = (deps: Deps, token: string) =>
  `${deps.config.publicUrl}/settings/teammembers/invite/confirm/${token}`;

/** Sends a pending (or expired) invitation again, with a new 7-day link; the old link stops working. */
export async function resendInvitation(
  deps: Deps,
  agent: AgentContext,
  id: number,
  languages: string[] = [],
) {
  const { renewed, token } = await reissueInvitation(deps, agent, id);
  const [account, inviter] = await Promise.all([
    findAccount(deps.db, agent.accountId),
    findUserById(deps.db, agent.userId),
  ]);
  await recordAudit(deps.db, {
    accountId: agent.accountId,
    userId: agent.userId,
    action: 'invitation_resent',
    details: { email: renewed.email },
  });
  await sendInvitationMail(deps, {
    email: renewed.email,
    token,
    inviter,
    account,
    languages,
  });
  return toPendingInvitation(renewed);
}

/**
 * A link to hand the invitee by hand (chat, when mail does not arrive): re-issued with 7 days to
 * run, nothing is emailed, and the link sent before stops working.
 */
export async function invitationLink(deps: Deps, agent: AgentContext, id: number) {
  const { renewed, token } = await reissueInvitation(deps, agent, id);
  await recordAudit(deps.db, {
    accountId: agent.accountId,
    userId: agent.userId,
    action: 'invitation_link_issued',
    details: { email: renewed.email },
  });
  return { ...toPendingInvitation(renewed), link: invitationLinkOf(deps, token) };
}

/** Withdraws an invitation that was not accepted: its link stops working. */
export async function revokeInvitation(deps: Deps, agent: AgentContext, id: number) {
  if (!(await deleteInvitation(deps.db, { accountId: agent.accountId, id })))
    throw notFound('That invitation was not found.');
  await recordAudit(deps.db, {
    accountId: agent.accountId,
    userId: agent.userId,
    action: 'invitation_revoked',
    details: { invitation_id: id },
  });
}
