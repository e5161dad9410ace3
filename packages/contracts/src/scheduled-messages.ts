import { z } from 'zod';
import { replyBody } from './inbox';
import {
  SCHEDULED_MESSAGE_KINDS,
  SCHEDULED_MESSAGE_STATUSES,
  SCHEDULED_SEND_LIMITS,
  UNDO_SEND_SECONDS,
} from './scheduled-messages-constants';

const DAY_MS = 86_400_000;

/**
 * When to send: an absolute time with its offset (the app shows the agent's time zone), from
 * a few seconds ago (clocks differ) to SCHEDULED_SEND_LIMITS.maxDaysAhead ahead.
 */
export const scheduledSendAt = z.iso
  .datetime({ offset: true, message: 'Choose a date and time.' })
  .refine((v) => Date.parse(v) >= Date.now() - SCHEDULED_SEND_LIMITS.pastToleranceMs, {
    message: 'Choose a time in the future.',
  })
  .refine((v) => Date.parse(v) <= Date.now() + SCHEDULED_SEND_LIMITS.maxDaysAhead * DAY_MS, {
    message: `Choose a time within ${SCHEDULED_SEND_LIMITS.maxDaysAhead} days.`,
  });

/** The reply (or note) as `POST …/messages` takes it, plus when to send it. */
export const scheduledMessageBody = replyBody.safeExtend({
  send_at: scheduledSendAt,
  /** Posted by the composer's undo window (the app lists these as "Sending… Undo", not as scheduled). */
  undo: z.boolean().default(false),
});
export type ScheduledMessageBody = z.infer<typeof scheduledMessageBody>;

export const scheduledMessagePatch = z
  .strictObject({
    body: z.string().trim().max(20_000).optional(),
    send_at: scheduledSendAt.optional(),
  })
  .refine((v) => v.body !== undefined || v.send_at !== undefined, 'Send body or send_at.');
export type ScheduledMessagePatch = z.infer<typeof scheduledMessagePatch>;

export const scheduledMessage = z.object({
  id: z.number().int(),
  conversation_id: z.number().int(),
  author: z.object({ id: z.number().int(), name: z.string() }),
  kind: z.enum(SCHEDULED_MESSAGE_KINDS),
  body: z.string(),
  /** The uploads it will carry (claimed by the message when it is sent). */
  attachment_ids: z.array(z.number().int()),
  send_at: z.string(),
  status: z.enum(SCHEDULED_MESSAGE_STATUSES),
  /** Why it was not sent, in words (status `failed`); null otherwise. */
  failure_reason: z.string().nullable(),
  undo: z.boolean(),
  /** The message it became (status `sent`). */
  message_id: z.number().int().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
  /** The caller is its author and it is still `scheduled`: they may edit or cancel it. */
  editable: z.boolean(),
});
export type ScheduledMessage = z.infer<typeof scheduledMessage>;

export const scheduledMessageList = z.object({ scheduled_messages: z.array(scheduledMessage) });
export type ScheduledMessageList = z.infer<typeof scheduledMessageList>;

export const scheduledMessageParams = z.object({
  id: z.coerce.number().int().positive().max(2_147_483_647),
});

export const undoSendSetting = z.strictObject({
  undo_send_seconds: z
    .number()
    .int()
    .min(UNDO_SEND_SECONDS.min)
    .max(UNDO_SEND_SECONDS.max, `Choose at most ${UNDO_SEND_SECONDS.max} seconds.`),
});
export type UndoSendSetting = z.infer<typeof undoSendSetting>;
