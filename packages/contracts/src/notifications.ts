import { z } from 'zod';
import { NOTIFICATION_KINDS, type NotificationKind } from './notifications-constants';

const kindSchema = z.enum(NOTIFICATION_KINDS);
const dbId = z.number().int().positive().max(2_147_483_647);

export const notificationItemSchema = z.object({
  id: z.number().int(),
  kind: kindSchema,
  conversation_id: z.number().int().nullable(),
  conversation_subject: z.string().nullable(),
  contact_name: z.string().nullable(),
  actor: z.object({ id: z.number().int(), name: z.string(), profile_color: z.string() }).nullable(),
  excerpt: z.string().nullable(),
  created_at: z.string(),
  read: z.boolean(),
});

export const notificationsQuery = z.object({
  /** The `next_cursor` of the previous page. */
  cursor: z.coerce.number().int().positive().max(2_147_483_647).optional(),
});

export const notificationsPage = z.object({
  notifications: z.array(notificationItemSchema),
  /** Pass as `cursor` for the next (older) page; null at the end. */
  next_cursor: z.number().int().nullable(),
  unread_count: z.number().int(),
});
export type NotificationsPage = z.infer<typeof notificationsPage>;

/** `{ids}` marks those (other people's ids are ignored); `{all: true}` marks every unread one. */
export const markNotificationsReadBody = z.union([
  z.strictObject({ ids: z.array(dbId).min(1).max(100, 'Mark at most 100 at once.') }),
  z.strictObject({ all: z.literal(true) }),
  /** The person opened this conversation: its notifications are read. */
  z.strictObject({ conversation_id: dbId }),
]);
export type MarkNotificationsReadBody = z.infer<typeof markNotificationsReadBody>;

export const markNotificationsReadResponse = z.object({
  marked: z.number().int(),
  unread_count: z.number().int(),
});

const perKind = z.object(
  Object.fromEntries(NOTIFICATION_KINDS.map((k) => [k, z.boolean()])) as Record<
    NotificationKind,
    z.ZodBoolean
  >,
);

export const notificationPreferencesSchema = z.object({ in_app: perKind, desktop: perKind });

/** Any subset: the kinds named change, the others stay. */
export const notificationPreferencesUpdate = z
  .strictObject({ in_app: perKind.partial(), desktop: perKind.partial() })
  .partial()
  .refine((b) => Object.keys(b).length > 0, 'Change at least one preference.');
export type NotificationPreferencesUpdate = z.infer<typeof notificationPreferencesUpdate>;
