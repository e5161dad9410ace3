import { z } from 'zod';
import { NOTIFICATION_SOUNDS } from './global-settings-constants';
import { THEME_PREFERENCES, UI_LOCALES } from './profile-constants';

export const uiLocaleSchema = z.enum(UI_LOCALES, 'Choose one of the listed languages.');
export type UiLocale = z.infer<typeof uiLocaleSchema>;

export const themePreferenceSchema = z.enum(THEME_PREFERENCES, 'Choose light, dark or system.');
export type ThemePreference = z.infer<typeof themePreferenceSchema>;

export const profileColorSchema = z
  .string()
  .trim()
  .regex(/^#[0-9a-fA-F]{6}$/, 'Choose a colour as #RRGGBB, for example #1677ff.')
  .transform((c) => c.toLowerCase());

/**
 * PATCH /dashboardapi/me/profile: any subset of the person's own profile. The picture is an
 * upload made with the attachment form (docs/product/data.md) first: its id, or null to remove the picture.
 * notification_sound is an index into NOTIFICATION_SOUNDS, or null to follow the account's
 * live_chat_notification_sound. locale is the app's language (null: the browser's), theme light,
 * dark or system.
 */
export const profileUpdateBody = z
  .strictObject({
    name: z.string().trim().min(1, 'Enter your name.').max(120, 'Use at most 120 characters.'),
    avatar_attachment_id: z.number().int().positive().max(2_147_483_647).nullable(),
    profile_color: profileColorSchema,
    notification_sound: z
      .number()
      .int()
      .min(0)
      .max(NOTIFICATION_SOUNDS.length - 1, 'Choose one of the listed sounds.')
      .nullable(),
    is_notification_sound_enabled: z.boolean(),
    /** null = follow the browser's language. */
    locale: uiLocaleSchema.nullable(),
    theme: themePreferenceSchema,
  })
  .partial()
  .refine((body) => Object.keys(body).length > 0, 'Change at least one field.');
export type ProfileUpdateBody = z.infer<typeof profileUpdateBody>;
