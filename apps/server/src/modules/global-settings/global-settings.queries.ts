import { eq } from 'drizzle-orm';
import type { GlobalSettings, GlobalSettingsPatch } from '@parley/contracts';
import type { Db } from '../../db/client';
import { globalSettings } from '../../db/schema';

type Row = typeof globalSettings.$inferSelect;

const toApi = (r: Row): GlobalSettings => ({
  default_fonts: r.defaultFonts,
  live_chat_notification_sound: r.liveChatNotificationSound,
  auto_assign_user_on_reply: r.autoAssignUserOnReply,
  treat_subject_and_sender_combination_as_single_thread:
    r.treatSubjectAndSenderCombinationAsSingleThread,
  are_keyboard_shortcuts_disabled: r.areKeyboardShortcutsDisabled,
});

export async function selectGlobalSettings(db: Db, { accountId }: { accountId: number }) {
  const [row] = await db
    .select()
    .from(globalSettings)
    .where(eq(globalSettings.accountId, accountId))
    .limit(1);
  return row ? toApi(row) : null;
}

export async function updateGlobalSettings(
  db: Db,
  { accountId, patch }: { accountId: number; patch: GlobalSettingsPatch },
) {
  const [row] = await db
    .update(globalSettings)
    .set({
      defaultFonts: patch.default_fonts,
      liveChatNotificationSound: patch.live_chat_notification_sound,
      autoAssignUserOnReply: patch.auto_assign_user_on_reply,
      treatSubjectAndSenderCombinationAsSingleThread:
        patch.treat_subject_and_sender_combination_as_single_thread,
      areKeyboardShortcutsDisabled: patch.are_keyboard_shortcuts_disabled,
      updatedAt: new Date(),
    })
    .where(eq(globalSettings.accountId, accountId))
    .returning();
  return row ? toApi(row) : null;
}
