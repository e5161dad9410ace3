import { and, count, eq, gt, inArray, isNull, ne, sql } from 'drizzle-orm';
import type { PermissionLevel } from '@parley/contracts';
import type { Db } from '../../db/client';
import {
  assignmentChannelAgents,
  accounts,
  conversations,
  invitations,
  memberships,
  teamMembers,
  teams,
  users,
} from '../../db/schema';

export async function listMembers(db: Db, { accountId }: { accountId: number }) {
  return db
    .select({
      id: users.id,
      name: users.name,
      email: users.email,
      avatar: users.avatar,
      profile_color: users.profileColor,
      permission_level: memberships.permissionLevel,
      joinedAt: memberships.createdAt,
    })
    .from(memberships)
    .innerJoin(users, eq(users.id, memberships.userId))
    .where(eq(memberships.accountId, accountId))
    .orderBy(users.name, users.id);
}

export async function listPendingInvitations(db: Db, { accountId }: { accountId: number }) {
  return db
    .select({
      id: invitations.id,
      email: invitations.email,
      permission_level: invitations.permissionLevel,
      expiresAt: invitations.expiresAt,
    })
    .from(invitations)
    .where(
      and(
        eq(invitations.accountId, accountId),
        isNull(invitations.acceptedAt),
        gt(invitations.expiresAt, new Date()),
      ),
    )
    .orderBy(invitations.createdAt);
}

export async function isMemberByEmail(
  db: Db,
  { accountId, email }: { accountId: number; email: string },
) {
  const [row] = await db
    .select({ id: users.id })
    .from(memberships)
    .innerJoin(users, eq(users.id, memberships.userId))
    .where(
      and(
        eq(memberships.accountId, accountId),
        sql`lower(${users.email}) = ${email.toLowerCase()}`,
      ),
    )
    .limit(1);
  return Boolean(row);
}

/** A new invitation replaces any pending one for the same person in the same account. */
export async function replaceInvitation(
  db: Db,
  v: {
    accountId: number;
    email: string;
    permissionLevel: 'admin' | 'agent';
    tokenHash: string;
    invitedBy: number;
    expiresAt: Date;
  },
) {
  await db
    .delete(invitations)
    .where(
      and(
        eq(invitations.accountId, v.accountId),
        eq(invitations.email, v.email),
        isNull(invitations.acceptedAt),
      ),
    );
  const [row] = await db.insert(invitations).values(v).returning();
  return row!;
}

export async function findOpenInvitation(db: Db, tokenHash: string) {
  const [row] = await db
    .select({
      invitation: invitations,
      accountName: accounts.name,
      invitedByName: users.name,
    })
    .from(invitations)
    .innerJoin(accounts, eq(accounts.id, invitations.accountId))
    .innerJoin(users, eq(users.id, invitations.invitedBy))
    .where(
      and(
        eq(invitations.tokenHash, tokenHash),
        isNull(invitations.acceptedAt),
        gt(invitations.expiresAt, new Date()),
      ),
    )
    .limit(1);
  return row ?? null;
}

/** Single use: only one caller can move an invitation from open to accepted. */
export async function markInvitationAccepted(db: Db, id: number) {
  const [row] = await db
    .update(invitations)
    .set({ acceptedAt: new Date() })
    .where(
      and(
        eq(invitations.id, id),
        isNull(invitations.acceptedAt),
        gt(invitations.expiresAt, new Date()),
      ),
    )
    .returning({ id: invitations.id });
  return Boolean(row);
}

/**
 * Serialises changes to an account's memberships (role changes, removals) inside a transaction,
 * so two of them cannot each see "another owner is left" and both go ahead.
 */
export async function lockAccountMemberships(db: Db, accountId: number) {
  await db
    .select({ id: accounts.id })
    .from(accounts)
    .where(eq(accounts.id, accountId))
    .for('update');
}

export async function findMember(
  db: Db,
  { accountId, userId }: { accountId: number; userId: number },
) {
  const [row] = await db
    .select({
      userId: memberships.userId,
      permissionLevel: memberships.permissionLevel,
      name: users.name,
    })
    .from(memberships)
    .innerJoin(users, eq(users.id, memberships.userId))
    .where(and(eq(memberships.accountId, accountId), eq(memberships.userId, userId)))
    .limit(1);
  return row ?? null;
}

/** Owners of the account other than `userId`. */
export async function countOtherOwners(
  db: Db,
  { accountId, userId }: { accountId: number; userId: number },
) {
  const [row] = await db
    .select({ n: count() })
    .from(memberships)
    .where(
      and(
        eq(memberships.accountId, accountId),
        eq(memberships.permissionLevel, 'owner'),
        ne(memberships.userId, userId),
      ),
    );
  return row?.n ?? 0;
}

export async function setPermissionLevel(
  db: Db,
  v: { accountId: number; userId: number; permissionLevel: PermissionLevel },
) {
  await db
    .update(memberships)
    .set({ permissionLevel: v.permissionLevel })
    .where(and(eq(memberships.accountId, v.accountId), eq(memberships.userId, v.userId)));
}

/**
 * Takes a person out of the account: the membership, their places in the account's teams and
 * the account's conversations assigned to them (which go back to unassigned). Answers the ids
 * of those conversations.
 */
export async function deleteMembership(
  db: Db,
  { accountId, userId }: { accountId: number; userId: number },
) {
  await db
    .delete(teamMembers)
    .where(
      and(
        eq(teamMembers.userId, userId),
        inArray(
          teamMembers.teamId,
          db.select({ id: teams.id }).from(teams).where(eq(teams.accountId, accountId)),
        ),
      ),
    );
  const unassigned = await db
    .update(conversations)
    .set({ assigneeId: null })
    .where(and(eq(conversations.accountId, accountId), eq(conversations.assigneeId, userId)))
    .returning({ id: conversations.id });
  // Off the channels' agent lists too: invited back, they are on none until chosen again.
  await db
    .delete(assignmentChannelAgents)
    .where(
      and(
        eq(assignmentChannelAgents.accountId, accountId),
        eq(assignmentChannelAgents.userId, userId),
      ),
    );
  await db
    .delete(memberships)
    .where(and(eq(memberships.accountId, accountId), eq(memberships.userId, userId)));
  return unassigned.map((c) => c.id);
}

/** An invitation of the account that was not accepted yet (expired ones too: they can be resent). */
export async function findUnacceptedInvitation(
  db: Db,
  { accountId, id }: { accountId: number; id: number },
) {
  const [row] = await db
    .select()
    .from(invitations)
    .where(
      and(
        eq(invitations.accountId, accountId),
        eq(invitations.id, id),
        isNull(invitations.acceptedAt),
      ),
    )
    .limit(1);
  return row ?? null;
}

/** A new link for an invitation: the old link stops working. */
export async function renewInvitation(
  db: Db,
  v: { accountId: number; id: number; tokenHash: string; invitedBy: number; expiresAt: Date },
) {
  const [row] = await db
    .update(invitations)
    .set({ tokenHash: v.tokenHash, invitedBy: v.invitedBy, expiresAt: v.expiresAt })
    .where(
      and(
        eq(invitations.accountId, v.accountId),
        eq(invitations.id, v.id),
        isNull(invitations.acceptedAt),
      ),
    )
    .returning();
  return row ?? null;
}

export async function deleteInvitation(
  db: Db,
  { accountId, id }: { accountId: number; id: number },
) {
  const rows = await db
    .delete(invitations)
    .where(
      and(
        eq(invitations.accountId, accountId),
        eq(invitations.id, id),
        isNull(invitations.acceptedAt),
      ),
    )
    .returning({ id: invitations.id });
  return rows.length > 0;
}
