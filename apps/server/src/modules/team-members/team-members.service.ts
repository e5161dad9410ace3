import { DAY_MS } from '@parley/contracts';
import type { InvitationInfo, TeamMembersResponse } from '@parley/contracts';
import type { AgentContext } from '../../lib/http-types';
import type { Deps } from '../../lib/deps';
import { auditLog } from '../../db/schema';
import { hashToken, randomToken, verifyPassword } from '../../lib/crypto';
import { AppError, badRequest, conflict } from '../../lib/errors';
import { findAccount, findMembership, insertMembership } from '../accounts/accounts.queries';
import { findUserByEmail, findUserById } from '../auth/auth.queries';
import { createUser, issueSession, type IssuedSession } from '../auth/auth.service';
import {
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

export async function inviteMember(
  deps: Deps,
  agent: AgentContext,
  body: { email: string; permission_level: 'admin' | 'agent' },
) {
  if (await isMemberByEmail(deps.db, { accountId: agent.accountId, email: body.email })) {
    throw conflict(`${body.email} is already a member of this account.`, 'already_member');
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
  await deps.db.insert(auditLog).values({
    accountId: agent.accountId,
    userId: agent.userId,
    action: 'invitation_sent',
    details: { email: body.email, permission_level: body.permission_level },
  });
  const link = `${deps.config.publicUrl}/settings/teammembers/invite/confirm/${token}`;
  await deps.mailer.send({
    to: body.email,
    subject: `${inviter?.name ?? 'A teammate'} invited you to ${account?.name ?? 'a team'} on ${deps.config.productName}`,
    text:
      `Hi,\n\n${inviter?.name ?? 'A teammate'} invited you to join ${account?.name ?? 'their team'} on ${deps.config.productName}.\n` +
      `Accept within 7 days:\n\n${link}\n`,
  });
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
    await tx
      .insert(auditLog)
      .values({ accountId: invitation.accountId, userId: user.id, action: 'invitation_accepted' });
    return issueSession(tx, user, invitation.accountId);
  });
}
