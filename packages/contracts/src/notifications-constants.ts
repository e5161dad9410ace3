/**
 * In-app notifications (docs/product/notifications.md): values the web app uses, free of zod.
 * The schemas are in notifications.ts.
 */

/**
 * What a notification is about: a teammate mentioned you in a note; a conversation was assigned
 * to you by someone else, a rule or auto-assignment; a customer wrote on a conversation assigned
 * to you; an SLA of a conversation assigned to you is about to be missed, or was missed
 * (docs/product/sla.md).
 */
export const NOTIFICATION_KINDS = [
  'mention',
  'assigned',
  'customer_reply',
  'sla_warning',
  'sla_breached',
] as const;
export type NotificationKind = (typeof NOTIFICATION_KINDS)[number];

export const NOTIFICATIONS_PATH = '/dashboardapi/notifications';
export const NOTIFICATIONS_READ_PATH = '/dashboardapi/notifications/read';
export const NOTIFICATION_PREFERENCES_PATH = '/dashboardapi/me/notification-preferences';

/** A page of the list. */
export const NOTIFICATIONS_PAGE_SIZE = 30;
/** The most teammates one note may mention. */
export const MAX_MENTIONS = 20;
/** The message excerpt a notification carries. */
export const NOTIFICATION_EXCERPT_LENGTH = 140;

/** Realtime event on the user's own `private-dcuser-{id}-panel0`: a notification for them. */
export const NOTIFICATION_CREATED_EVENT = 'notification_created';

/** One entry of the list: the words are built by the app from these fields. */
export interface NotificationItem {
  id: number;
  kind: NotificationKind;
  conversation_id: number | null;
  conversation_subject: string | null;
  contact_name: string | null;
  actor: { id: number; name: string; profile_color: string } | null;
  /** The message's first words (≤ NOTIFICATION_EXCERPT_LENGTH characters). */
  excerpt: string | null;
  created_at: string;
  read: boolean;
}

/** Which kinds reach the person, in the app's list and as desktop notifications. */
export interface NotificationPreferences {
  in_app: Record<NotificationKind, boolean>;
  desktop: Record<NotificationKind, boolean>;
}

declare module './realtime-constants' {
  interface RealtimeEventPayloads {
    /**
     * On the recipient's own `private-dcuser-{id}-panel0`: a new notification, their unread
     * count after it, and whether their preferences ask for a desktop notification of its kind.
     */
    notification_created: {
      account_id: number;
      notification: NotificationItem;
      unread_count: number;
      desktop: boolean;
    };
  }
}
