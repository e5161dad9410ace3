import { z } from 'zod';
import { NOTIFICATION_SOUNDS } from './global-settings';

/** Profile pictures: raster images a browser shows safely (never SVG, which can carry script). */
export const AVATAR_CONTENT_TYPES = ['image/png', 'image/jpeg', 'image/gif', 'image/webp'] as const;
/** A profile picture may be at most 2 MB (1 MB = 1,000,000 bytes, spec §9). */
export const AVATAR_MAX_BYTES = 2_000_000;

/** Colours offered on the profile page; any #rrggbb colour is accepted. */
export const PROFILE_COLOR_CHOICES = [
  '#1677ff',
  '#13a8a8',
  '#722ed1',
  '#eb2f96',
  '#fa8c16',
  '#52c41a',
  '#2f54eb',
  '#fa541c',
] as const;

export const profileColorSchema = z
  .string()
  .trim()
  .regex(/^#[0-9a-fA-F]{6}$/, 'Choose a colour as #RRGGBB, for example #1677ff.')
  .transform((c) => c.toLowerCase());

/**
 * PATCH /dashboardapi/me/profile: any subset of the person's own profile. The picture is an
 * upload made with the attachment form (spec §3) first: its id, or null to remove the picture.
 * notification_sound is an index into NOTIFICATION_SOUNDS, or null to follow the account's
 * live_chat_notification_sound.
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
  })
  .partial()
  .refine((body) => Object.keys(body).length > 0, 'Change at least one field.');
export type ProfileUpdateBody = z.infer<typeof profileUpdateBody>;
