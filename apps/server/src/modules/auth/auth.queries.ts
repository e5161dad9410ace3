import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { authTokens, memberships, passwordResets, users } from '../../db/schema';
import { sessionCache } from './session-cache';

export async function findUserByEmail(db: Db, email: string) {
  const [row] = await db
    .select()
    .from(users)
    .where(sql`lower(${users.email}) = ${email.toLowerCase()}`)
    .limit(1);
  return row ?? null;
}

export async function findUserById(db: Db, id: number) {
  const [row] = await db.select().from(users).where(eq(users.id, id)).limit(1);
  return row ?? null;
}

export async function insertToken(
  db: Db,
  v: { userId: number; tokenHash: string; expiresAt: Date },
) {
  const [row] = await db.insert(authTokens).values(v).returning({ id: authTokens.id });
  return row!.id;
}

/** The session behind a token, with the user's membership in the requested account (if any). */
export async function findSession(
  db: Db,
  { tokenHash, accountId }: { tokenHash: string; accountId: number | null },
) {
  const [row] = await db
    .select({
      tokenId: authTokens.id,
      userId: authTokens.userId,
      expiresAt: authTokens.expiresAt,
      lastUsedAt: authTokens.lastUsedAt,
      lastPasswordUpdated: users.lastPasswordUpdated,
      permissionLevel: memberships.permissionLevel,
    })
    .from(authTokens)
    .innerJoin(users, eq(users.id, authTokens.userId))
    .leftJoin(
      memberships,
      and(eq(memberships.userId, authTokens.userId), eq(memberships.accountId, accountId ?? -1)),
    )
    .where(eq(authTokens.tokenHash, tokenHash))
    .limit(1);
  return row ?? null;
}

/** Records a session's use (its idle limit); its absolute expiry never moves. */
export async function touchToken(db: Db, { tokenId }: { tokenId: number }) {
  await db.update(authTokens).set({ lastUsedAt: new Date() }).where(eq(authTokens.id, tokenId));
}

export async function deleteToken(db: Db, tokenId: number) {
  await db.delete(authTokens).where(eq(authTokens.id, tokenId));
  sessionCache.revokeToken(tokenId);
}

/** Ends every session of the user; answers the ended sessions' ids. */
export async function deleteTokensOfUser(db: Db, userId: number): Promise<number[]> {
  const rows = await db
    .delete(authTokens)
    .where(eq(authTokens.userId, userId))
    .returning({ id: authTokens.id });
  sessionCache.revokeUser(userId);
  return rows.map((r) => r.id);
}

export async function setPassword(
  db: Db,
  { userId, passwordHash }: { userId: number; passwordHash: string },
) {
  await db
    .update(users)
    .set({ passwordHash, lastPasswordUpdated: new Date() })
    .where(eq(users.id, userId));
}

export async function insertPasswordReset(
  db: Db,
  v: { userId: number; tokenHash: string; expiresAt: Date },
) {
  await db.insert(passwordResets).values(v);
}

/** Issuing or using a reset link ends every other unused one of the user. */
export async function invalidatePasswordResets(db: Db, userId: number) {
  await db
    .update(passwordResets)
    .set({ usedAt: new Date() })
    .where(and(eq(passwordResets.userId, userId), isNull(passwordResets.usedAt)));
}

/** Marks a reset token used and returns its user, only if it is unused and unexpired (single use, atomic). */
export async function consumePasswordReset(db: Db, tokenHash: string) {
  const [row] = await db
    .update(passwordResets)
    .set({ usedAt: new Date() })
    .where(
      and(
        eq(passwordResets.tokenHash, tokenHash),
        isNull(passwordResets.usedAt),
        gt(passwordResets.expiresAt, new Date()),
      ),
    )
    .returning({ userId: passwordResets.userId });
  return row ?? null;
}

export async function firstMembershipOf(db: Db, userId: number) {
  const [row] = await db
    .select({ accountId: memberships.accountId })
    .from(memberships)
    .where(eq(memberships.userId, userId))
    .orderBy(memberships.createdAt, memberships.accountId)
    .limit(1);
  return row ?? null;
}
