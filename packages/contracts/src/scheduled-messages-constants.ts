// Scheduled send and undo send (docs/product/scheduled-send.md): values the web app uses, free
// of zod. The schemas are in scheduled-messages.ts.

/** `POST` (schedule) and `GET` (the conversation's pending ones). */
export const conversationScheduledMessagesPath = (conversationId: number) =>
  `/dashboardapi/conversations/${conversationId}/scheduled-messages`;
/** `PATCH` (body, send_at) and `DELETE` (cancel / undo) one scheduled message. */
export const SCHEDULED_MESSAGES_PATH = '/dashboardapi/scheduled-messages';
export const scheduledMessagePath = (id: number) => `${SCHEDULED_MESSAGES_PATH}/${id}`;
/** The caller's own scheduled and failed messages, across conversations. */
export const MY_SCHEDULED_MESSAGES_PATH = '/dashboardapi/me/scheduled-messages';
/** `GET` / `PUT` `{undo_send_seconds}`: the caller's undo window. */
export const UNDO_SEND_PATH = '/dashboardapi/me/undo-send';

export const SCHEDULED_MESSAGE_STATUSES = ['scheduled', 'sending', 'sent', 'failed'] as const;
export type ScheduledMessageStatus = (typeof SCHEDULED_MESSAGE_STATUSES)[number];
export const SCHEDULED_MESSAGE_KINDS = ['reply', 'note'] as const;
export type ScheduledMessageKind = (typeof SCHEDULED_MESSAGE_KINDS)[number];

export const SCHEDULED_SEND_LIMITS = {
  /** `send_at` may lie this far in the past (the clock of the agent's device, the request's trip). */
  pastToleranceMs: 5_000,
  /** ... and at most this many days ahead. */
  maxDaysAhead: 365,
  /** Messages one person may have waiting (scheduled or failed) in an account. */
  maxPendingPerAuthor: 200,
  /** A message still `sending` after this long was interrupted: it is reported `failed`, never sent twice. */
  sendingStaleMs: 10 * 60_000,
} as const;

/** The undo window a person may choose, in seconds (0 = off, the default). */
export const UNDO_SEND_SECONDS = { min: 0, max: 30, default: 0 } as const;

/**
 * Realtime event on every agent's `private-dcuser-{id}-panel0` (where `message_created` goes):
 * the conversation's scheduled messages changed (created, edited, cancelled, sent, failed).
 * The app reads the list again.
 */
export const SCHEDULED_MESSAGES_CHANGED_EVENT = 'scheduled_messages_changed';

declare module './realtime-constants' {
  interface RealtimeEventPayloads {
    scheduled_messages_changed: { account_id: number; conversation_id: number };
  }
}
