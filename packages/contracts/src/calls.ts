import { z } from 'zod';
import { e164Phone } from './provider-channels';

/**
 * Calls through Twilio Voice. A call is a thread entry (message kind `call`);
 * its details — direction, outcome, duration, recording, transcription — are answered beside
 * the messages by GET /dashboardapi/conversations/{id}/calls.
 */
export const CALL_OUTCOMES = [
  /** Still ringing or being answered by Parley's TwiML. */
  'ringing',
  /** Someone picked up (the forwarded phone, or the customer on a callback). */
  'answered',
  /** Nobody answered and no voicemail was left (or the caller hung up first). */
  'missed',
  /** Nobody answered; the caller left a voicemail. */
  'voicemail',
  /** The call could not be placed (busy, failed, cancelled). */
  'failed',
] as const;
export type CallOutcome = (typeof CALL_OUTCOMES)[number];

export const callDetailsSchema = z.object({
  message_id: z.number().int(),
  call_sid: z.string().nullable(),
  direction: z.enum(['incoming', 'outgoing']),
  outcome: z.enum(CALL_OUTCOMES),
  /** Twilio's CallStatus as last reported (queued, ringing, in-progress, completed...). */
  provider_status: z.string().nullable(),
  duration_seconds: z.number().int().nullable(),
  from_number: z.string().nullable(),
  to_number: z.string().nullable(),
  /** The recording (voicemail) among the message's attachments. */
  recording_attachment_id: z.number().int().nullable(),
  transcription: z.string().nullable(),
});
export type CallDetails = z.infer<typeof callDetailsSchema>;

export const callListResponse = z.object({ items: z.array(callDetailsSchema) });
export type CallListResponse = z.infer<typeof callListResponse>;

/**
 * POST /dashboardapi/conversations/{id}/call: Twilio calls the customer and connects them to
 * the agent's phone. The conversation's own call channel is used, or — for a conversation on
 * another channel, like a callback request — the account's `support_channel_id` call channel
 * (default: the first Twilio call channel).
 */
export const startCallBody = z.strictObject({
  agent_phone: e164Phone,
  support_channel_id: z.number().int().positive().max(2_147_483_647).optional(),
});
export type StartCallBody = z.infer<typeof startCallBody>;
