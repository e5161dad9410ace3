import { and, eq } from 'drizzle-orm';
import { GLOBAL_SETTINGS_DEFAULTS } from '@parley/contracts';
import type { PermissionLevel } from '@parley/contracts';
import type { Db } from '../../db/client';
import { accounts, globalSettings, memberships } from '../../db/schema';

export async function insertAccount(db: Db, v: { name: string; trialEndDate: Date }) {
  const [row] = await db.insert(accounts).values(v).returning();
  await db.insert(globalSettings).values({
    accountId: row!.id,
    defaultFonts: GLOBAL_SETTINGS_DEFAULTS.default_fonts,
    liveChatNotificationSound: GLOBAL_SETTINGS_DEFAULTS.live_chat_notification_sound,
    autoAssignUserOnReply: GLOBAL_SETTINGS_DEFAULTS.auto_assign_user_on_reply,
    treatSubjectAndSenderCombinationAsSingleThread:
      GLOBAL_SETTINGS_DEFAULTS.treat_subject_and_sender_combination_as_single_thread,
    areKeyboardShortcutsDisabled: GLOBAL_SETTINGS_DEFAULTS.are_keyboard_shortcuts_disabled,
  });
  return row!;
}

export async function insertMembership(
  db: Db,
  v: { accountId: number; userId: number; permissionLevel: PermissionLevel },
) {
  await db.insert(memberships).values(v);
}

export async function findMembership(
  db: Db,
  { accountId, userId }: { accountId: number; userId: number },
) {
  const [row] = await db
    .select()
    .from(memberships)
    .where(and(eq(memberships.accountId, accountId), eq(memberships.userId, userId)))
    .limit(1);
  return row ?? null;
}

export async function listAccountsOfUser(db: Db, userId: number) {
  return db
    .select({ id: accounts.id, name: accounts.name, permission_level: memberships.permissionLevel })
    .from(memberships)
    .innerJoin(accounts, eq(accounts.id, memberships.accountId))
    .where(eq(memberships.userId, userId))
    .orderBy(accounts.name, accounts.id);
}

export async function findAccount(db: Db, accountId: number) {
  const [row] = await db.select().from(accounts).where(eq(accounts.id, accountId)).limit(1);
  return row ?? null;
}
