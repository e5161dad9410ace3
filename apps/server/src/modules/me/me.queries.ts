import { sql, and, count, desc, eq, isNull } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { accounts, memberships, notifications, npsMilestones, users } from '../../db/schema';

export async function loadMeRow(
  db: Db,
  { accountId, userId }: { accountId: number; userId: number },
) {
  const [row] = await db
    .select({ user: users, account: accounts, permissionLevel: memberships.permissionLevel })
    .from(memberships)
    .innerJoin(users, eq(users.id, memberships.userId))
    .innerJoin(accounts, eq(accounts.id, memberships.accountId))
    .where(and(eq(memberships.accountId, accountId), eq(memberships.userId, userId)))
    .limit(1);
  return row ?? null;
}

export async function countUnreadNotifications(
  db: Db,
  { accountId, userId }: { accountId: number; userId: number },
) {
  const [row] = await db
    .select({ n: count() })
    .from(notifications)
    .where(
      and(
        eq(notifications.accountId, accountId),
        eq(notifications.userId, userId),
        isNull(notifications.readAt),
      ),
    );
  return row?.n ?? 0;
}

/** The user's most recent survey milestone in this account, if any. */
export async function latestMilestone(
  db: Db,
  { accountId, userId }: { accountId: number; userId: number },
) {
  const [row] = await db
    .select()
    .from(npsMilestones)
    .where(and(eq(npsMilestones.accountId, accountId), eq(npsMilestones.userId, userId)))
    .orderBy(desc(npsMilestones.startsAt), desc(npsMilestones.id))
    .limit(1);
  return row ?? null;
}

/** A survey is due 14 days after the account started, then every 90 days; each stays open 30 days. */
export const NPS_FIRST_AFTER_DAYS = 14;
export const NPS_EVERY_DAYS = 90;
export const NPS_OPEN_FOR_DAYS = 30;
const DAY_MS = 86_400_000;

/** Whether the user's next survey milestone should start now. */
export function milestoneDue(
  latest: { startsAt: Date } | null,
  accountCreatedAt: Date,
  now = Date.now(),
): boolean {
  if (now - accountCreatedAt.getTime() < NPS_FIRST_AFTER_DAYS * DAY_MS) return false;
  return latest === null || now - latest.startsAt.getTime() >= NPS_EVERY_DAYS * DAY_MS;
}

/**
 * Starts the user's next survey milestone when one is due. One statement, so two parallel
 * /me calls cannot both start one.
 */
export async function startDueMilestone(
  db: Db,
  {
    accountId,
    userId,
    accountCreatedAt,
  }: { accountId: number; userId: number; accountCreatedAt: Date },
  now = new Date(),
) {
  if (now.getTime() - accountCreatedAt.getTime() < NPS_FIRST_AFTER_DAYS * DAY_MS) return;
  const ageDays = Math.floor((now.getTime() - accountCreatedAt.getTime()) / DAY_MS);
  const since = new Date(now.getTime() - NPS_EVERY_DAYS * DAY_MS);
  await db.execute(sql`
    insert into nps_milestones (account_id, user_id, name, starts_at, expires_at)
    select ${accountId}, ${userId}, ${`day_${ageDays}`}, ${now.toISOString()}::timestamptz,
      ${new Date(now.getTime() + NPS_OPEN_FOR_DAYS * DAY_MS).toISOString()}::timestamptz
    where not exists (
      select 1 from nps_milestones
      where account_id = ${accountId} and user_id = ${userId} and starts_at > ${since.toISOString()}::timestamptz
    )`);
}

export interface ProfilePatch {
  name?: string;
  avatar?: string | null;
  profileColor?: string;
  notificationSound?: number | null;
  isNotificationSoundEnabled?: boolean;
  locale?: string | null;
  theme?: 'light' | 'dark' | 'system';
}

/** Changes the person's own profile; answers the picture they had before. */
export async function updateUserProfile(db: Db, userId: number, patch: ProfilePatch) {
  return db.transaction(async (tx) => {
    const [before] = await tx
      .select({ avatar: users.avatar })
      .from(users)
      .where(eq(users.id, userId))
      .for('update');
    if (!before) return null;
    await tx.update(users).set(patch).where(eq(users.id, userId));
    return { previousAvatar: before.avatar };
  });
}
