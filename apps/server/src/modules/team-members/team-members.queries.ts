import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { accounts, invitations, memberships, users } from '../../db/schema';

export async function listMembers(db: Db, { accountId }: { accountId: number }) {
  return db
    .select({
      id: users.id,
      name: users.name,
      email: users.email,
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
