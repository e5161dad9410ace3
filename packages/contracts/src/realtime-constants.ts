import type { GlobalSettings } from './global-settings';
import type { ConversationListItem, Message } from './inbox';
import type { WidgetEventPayloads } from './widget-chat-constants';
import type { ReauthAlert } from './realtime';

/**
 * Realtime: the Pusher Channels protocol v7. Channel names and server event names
 * are contracts, spelling included; pusher-js on the web app uses these builders.
 */

/** Where pusher-js posts `socket_id` and `channel_name` (form-encoded) to authorise a channel. */
export const PUSHER_AUTH_PATH = '/dashboardapi/pusher/auth';
/** Where the web app reads the pusher-js options it connects with. */
export const REALTIME_CONFIG_PATH = '/dashboardapi/realtime/config';

/** Characters Pusher allows in a channel name, and its documented maximum length. */
export const CHANNEL_NAME_PATTERN = /^[A-Za-z0-9_\-=@,.;]+$/;
export const CHANNEL_NAME_MAX_LENGTH = 164;
/** `<digits>.<digits>`, as pusher-http-node's validateSocketId. */
export const SOCKET_ID_PATTERN = /^\d+\.\d+$/;

// ---- Channels ----

/** The agent's own inbox channel (one per user). */
export const dcuserPanelChannel = (userId: number) => `private-dcuser-${userId}-panel0`;
/** Every agent of the account listens here for changes to the global settings. */
export const globalSettingsChannel = (accountId: number) =>
  `private-account-${accountId}-global-settings`;
/** Tells the account's agents that a channel (e.g. Facebook / CTWA) must be re-authorised. */
export const reauthAlertChannel = (accountId: number) =>
  `private-re-authentication-alert-${accountId}`;
/** Who is looking at a conversation right now. */
export const conversationPresenceChannel = (conversationId: number) =>
  `presence-conversation-${conversationId}`;

// ---- Server events ----

export const REALTIME_EVENTS = {
  globalSettingsUpdated: 'global_settings_updated',
  reauthAlert: 're-authentication-alert-for-ctwa',
  /** On `private-dcuser-{id}-panel0`: a conversation's list fields changed, or it is new. */
  conversationUpdated: 'conversation_updated',
  /** On `private-dcuser-{id}-panel0`: a message (reply, note, activity, customer message) was stored. */
  messageCreated: 'message_created',
  /** On `private-dcuser-{id}-panel0`: a message's delivery status changed. */
  messageUpdated: 'message_updated',
  /** On `presence-conversation-{id}`: the live-chat visitor is typing / stopped (widget API). */
  visitorTyping: 'visitor_typing',
} as const satisfies Record<string, RealtimeEventName>;

/**
 * The `data` each server event carries, by event name; add an event here to publish it. The
 * widget's events (WIDGET_EVENTS) go only to `private-widget-visitor-{public id}`.
 */
export interface RealtimeEventPayloads extends WidgetEventPayloads {
  global_settings_updated: GlobalSettings;
  're-authentication-alert-for-ctwa': ReauthAlert;
  /** `conversation.unread` is the recipient's own unread state. */
  conversation_updated: { account_id: number; conversation: ConversationListItem };
  message_created: { account_id: number; conversation_id: number; message: Message };
  message_updated: { account_id: number; conversation_id: number; message: Message };
  /** The visitor's typing state; the agent app shows "typing…" while `typing` is true (≤ 10 s). */
  visitor_typing: { conversation_id: number; typing: boolean };
}
export type RealtimeEventName = keyof RealtimeEventPayloads;

/**
 * Close codes the built-in server uses (pusher-js: 4000–4099 no reconnect, 4100–4199 back off,
 * 4200–4299 reconnect at once). 4010/4011 are ours, in the "do not reconnect" range.
 */
export const REALTIME_CLOSE_CODES = {
  appNotFound: 4001,
  pathNotFound: 4005,
  unsupportedProtocol: 4007,
  noProtocol: 4008,
  invalidMessage: 4010,
  messageTooLarge: 4011,
  overCapacity: 4100,
  reconnect: 4200,
  pongNotReceived: 4201,
  clientEventRejected: 4301,
} as const;
