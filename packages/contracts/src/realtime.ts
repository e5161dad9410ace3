import { z } from 'zod';
import { CHANNEL_TYPES } from './constants';
import {
  CHANNEL_NAME_PATTERN,
  CHANNEL_NAME_MAX_LENGTH,
  SOCKET_ID_PATTERN,
} from './realtime-constants';

export const channelNameSchema = z
  .string()
  .min(1)
  .max(CHANNEL_NAME_MAX_LENGTH)
  .regex(CHANNEL_NAME_PATTERN, 'Channel names use only A-Z a-z 0-9 _ - = @ , . ;');
export const socketIdSchema = z
  .string()
  .max(64)
  .regex(SOCKET_ID_PATTERN, 'socket_id must look like 1234.5678');

export const reauthAlertSchema = z.object({
  /** The support channel that lost its authorisation, when known. */
  support_channel_id: z.number().int().nullable(),
  channel_type: z.enum(CHANNEL_TYPES).nullable(),
});
export type ReauthAlert = z.infer<typeof reauthAlertSchema>;

// ---- Client events (client → other members, never echoed) ----

/**
 * The only client events the server relays, with their payloads; anything else is refused
 * (dispatch from an allow-list: Zammad CVE-2026-102489). Sent on private/presence channels only.
 */
export const CLIENT_EVENT_SCHEMAS = {
  'client-typing': z.object({ typing: z.boolean() }).strict(),
  'client-viewing': z.object({ viewing: z.boolean() }).strict(),
} as const;
export type ClientEventName = keyof typeof CLIENT_EVENT_SCHEMAS;
export const CLIENT_EVENTS = Object.keys(CLIENT_EVENT_SCHEMAS) as ClientEventName[];
export type ClientEventPayloads = {
  [K in ClientEventName]: z.infer<(typeof CLIENT_EVENT_SCHEMAS)[K]>;
};

// ---- Presence ----

/** `user_info` of a presence member, read from the database by the auth endpoint. */
export const presenceUserInfoSchema = z.object({
  name: z.string(),
  initials: z.string(),
  profile_color: z.string(),
});
export type PresenceUserInfo = z.infer<typeof presenceUserInfoSchema>;

// ---- HTTP ----

/** Body pusher-js posts (form-encoded) to PUSHER_AUTH_PATH. */
export const pusherAuthBodySchema = z.object({
  socket_id: socketIdSchema,
  channel_name: channelNameSchema,
});
export type PusherAuthBody = z.infer<typeof pusherAuthBodySchema>;

/** `auth` is `<key>:<hex HMAC-SHA256>`; presence answers also carry the exact signed channel_data. */
export const pusherAuthResponseSchema = z.object({
  auth: z.string(),
  channel_data: z.string().optional(),
});
export type PusherAuthResponse = z.infer<typeof pusherAuthResponseSchema>;

/**
 * The pusher-js options the web app connects with: `new Pusher(key, { wsHost, wsPort, wssPort: wsPort,
 * forceTLS, cluster, enabledTransports, channelAuthorization: { endpoint: PUSHER_AUTH_PATH, ... } })`.
 */
export const realtimeConfigSchema = z.object({
  key: z.string(),
  wsHost: z.string(),
  wsPort: z.number().int(),
  forceTLS: z.boolean(),
  cluster: z.string(),
  enabledTransports: z.array(z.enum(['ws', 'wss'])),
});
export type RealtimeConfig = z.infer<typeof realtimeConfigSchema>;
