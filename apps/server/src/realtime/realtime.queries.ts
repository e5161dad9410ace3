import { eq, inArray } from 'drizzle-orm';
import type { PresenceUserInfo } from '@parley/contracts';
import type { Db } from '../db/client';
import { memberships, users } from '../db/schema';
import { initialsOf } from '../modules/me/me.service';

/** The `user_info` presence members show, from the database (never from the client). */
export async function presenceUserInfo(
  db: Db,
  { userId }: { userId: number },
): Promise<PresenceUserInfo | null> {
  const [row] = await db
    .select({ name: users.name, profileColor: users.profileColor })
    .from(users)
    .where(eq(users.id, userId))
    .limit(1);
  return row
    ? { name: row.name, initials: initialsOf(row.name), profile_color: row.profileColor }
    : null;
}

/** Every member of the account, to reach each one's `private-dcuser-{id}-panel0`. */
export async function accountUserIds(db: Db, { accountId }: { accountId: number }) {
  return (await membersOfAccounts(db, [accountId])).get(accountId) ?? [];
}

/** The members of several accounts, in one query: account id → user ids. */
export async function membersOfAccounts(db: Db, accountIds: readonly number[]) {
  const members = new Map<number, number[]>(accountIds.map((id) => [id, []]));
  if (accountIds.length === 0) return members;
  const rows = await db
    .select({ accountId: memberships.accountId, userId: memberships.userId })
    .from(memberships)
    .where(inArray(memberships.accountId, [...new Set(accountIds)]));
  for (const r of rows) members.get(r.accountId)?.push(r.userId);
  return members;
}
