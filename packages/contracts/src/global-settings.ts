import { z } from 'zod';

/** Global settings of docs/product/data.md, with their defaults. */
export const globalSettingsSchema = z.object({
  default_fonts: z.array(z.string().trim().min(1).max(60)).max(20),
  live_chat_notification_sound: z.number().int().min(0).max(20),
  auto_assign_user_on_reply: z.boolean(),
  treat_subject_and_sender_combination_as_single_thread: z.boolean(),
  are_keyboard_shortcuts_disabled: z.boolean(),
});
export type GlobalSettings = z.infer<typeof globalSettingsSchema>;

/** PATCH body: any subset of the fields; unknown fields are refused. */
export const globalSettingsPatch = globalSettingsSchema.partial().strict();
export type GlobalSettingsPatch = z.infer<typeof globalSettingsPatch>;
