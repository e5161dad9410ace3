import { z } from 'zod';
import { permissionLevelSchema } from './auth';
import { themePreferenceSchema, uiLocaleSchema } from './profile';

/**
 * The Me entity of docs/product/data.md, every field, plus the current account's id and name and the person's
 * own notification sound (profile page).
 */
export const meSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  email: z.string(),
  avatar: z.string().nullable(),
  profile_color: z.string(),
  initials: z.string(),
  permission_level: permissionLevelSchema,
  is_notification_sound_enabled: z.boolean(),
  /** The person's own sound (index into NOTIFICATION_SOUNDS); null = the account's setting. */
  notification_sound: z.number().int().nullable(),
  /** The app's language the person chose; null = the browser's. */
  locale: uiLocaleSchema.nullable(),
  /** Light, dark, or the device's setting. */
  theme: themePreferenceSchema,
  unread_notification_count: z.number().int(),
  account_created_at: z.string(),
  last_password_updated: z.string(),
  dmarc_verification_required: z.boolean(),
  payment_failure_triggered_at: z.string().nullable(),
  payment_action_required_triggered_at: z.string().nullable(),
  billing: z.object({
    is_subscription_active: z.boolean(),
    is_trial_active: z.boolean(),
    trial_end_date: z.string().nullable(),
    suppress_billing: z.boolean(),
  }),
  nps_collection: z.object({
    milestone_id: z.number().int().nullable(),
    milestone_completed: z.boolean(),
    show_nps_milestone: z.boolean(),
    show_milestone_float_button: z.boolean(),
  }),
  account: z.object({ id: z.number().int(), name: z.string() }),
});
export type Me = z.infer<typeof meSchema>;
