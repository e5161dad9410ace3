import { eq } from 'drizzle-orm';
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
  const rows = await db
    .select({ userId: memberships.userId })
    .from(memberships)
    .where(eq(memberships.accountId, accountId));
  return rows.map((r) => r.userId);
}
