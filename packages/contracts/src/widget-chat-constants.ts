import type {
  WidgetChatSettings,
  WidgetAgent,
  WidgetMessage,
  WidgetConversation,
} from './widget-chat';

/**
 * The live-chat widget: the loader a store pastes into its pages, the chat app it
 * opens in an iframe, and the public endpoints both talk to. Auth mode `widget` (docs/ARCHITECTURE.md): every
 * /widgetapi route but `sessions` reads the visitor's token from WIDGET_TOKEN_HEADER; a token is a
 * 128-bit random value stored hashed, scoped to one account, one store and one visitor.
 *
 * The chat app is built without zod at runtime (its bundle budget is 80 KB gzip): it imports
 * from this module, which builds no schema; widget-chat.ts holds the schemas the server checks.
 */

export const WIDGET_TOKEN_HEADER = 'x-widget-token';

/** Where the server serves the widget: the loader script, and the chat app's iframe page. */
export const WIDGET_PATHS = {
  /** Same as WIDGET_LOADER_PATH (widget-settings.ts): the one the installation snippet names. */
  loader: '/widget/loader.js',
  /** The chat app's page: `/widget/frame?shop={myshopify_domain}` (+ `&origin=` of the host page). */
  frame: '/widget/frame',
} as const;

export const WIDGET_API = {
  /** POST: start or resume a visitor session (public, rate-limited). */
  sessions: '/widgetapi/sessions',
  /** POST: identify the visitor (the JS API's identify; HMAC-checked when a hash is given). */
  identify: '/widgetapi/identify',
  /** PATCH: custom attributes shown to agents on the contact. */
  attributes: '/widgetapi/attributes',
  /** GET: the visitor's conversations; POST: start one (pre-chat answers + first message). */
  conversations: '/widgetapi/conversations',
  /** GET (?before={message id}) the thread, newest page last; POST a visitor message. */
  messages: (conversationId: number) => `/widgetapi/conversations/${conversationId}/messages`,
  /** POST {last_read_message_id}: read receipts for the agents' messages. */
  read: (conversationId: number) => `/widgetapi/conversations/${conversationId}/read`,
  /** POST {typing}: the visitor is typing (relayed to the agents viewing the conversation). */
  typing: (conversationId: number) => `/widgetapi/conversations/${conversationId}/typing`,
  /** POST {email?}: email the visitor a signed /transcript link. */
  transcript: (conversationId: number) => `/widgetapi/conversations/${conversationId}/transcript`,
  /** POST {rating 1–5, comment?}: rate a closed conversation (CSAT); a second rating replaces it. */
  rating: (conversationId: number) => `/widgetapi/conversations/${conversationId}/rating`,
  /** POST multipart `file`: an attachment for the visitor's next message. */
  attachments: '/widgetapi/attachments',
  /** POST form `socket_id`, `channel_name`: authorise the visitor's own widget channel only. */
  pusherAuth: '/widgetapi/pusher/auth',
} as const;

/** The one private channel a visitor may listen to (never an agent's channels). */
export const widgetVisitorChannel = (visitorPublicId: string) =>
  `private-widget-visitor-${visitorPublicId}`;
/** visitor public ids: 32 lower-case hex characters (channel-name safe). */
export const VISITOR_PUBLIC_ID_PATTERN = /^[0-9a-f]{32}$/;

/** Server events on the visitor's channel. Private notes and activities never reach it. */
export const WIDGET_EVENTS = {
  /** A message in one of the visitor's conversations (an agent's reply, or their own from another tab). */
  message: 'widget_message',
  /** A message's delivery status changed (e.g. read by the visitor in another tab). */
  messageUpdated: 'widget_message_updated',
  /** An agent is typing / stopped typing in a conversation. */
  agentTyping: 'widget_agent_typing',
  /** A conversation's status or assignee changed (e.g. closed: show the rating prompt). */
  conversation: 'widget_conversation',
} as const;

// ---- Settings the chat app needs (beyond the widget public settings) ----

export const PRE_CHAT_FIELD_KEYS = ['name', 'email', 'phone', 'order_number', 'message'] as const;
export type PreChatFieldKey = (typeof PRE_CHAT_FIELD_KEYS)[number];

export const WIDGET_CHAT_DEFAULTS: WidgetChatSettings = {
  greeting: 'Hi there! How can we help?',
  pre_chat: {
    enabled: true,
    fields: [
      { key: 'name', required: true },
      { key: 'email', required: true },
    ],
  },
  business_hours: null,
  away_message: "We're away right now. Leave your email and we'll answer you there.",
  locale: null,
  follow_visitor_theme: false,
};

/** Event payloads on the visitor's channel. */
export interface WidgetEventPayloads {
  widget_message: { message: WidgetMessage };
  widget_message_updated: { message: WidgetMessage };
  widget_agent_typing: { conversation_id: number; typing: boolean; agent: WidgetAgent | null };
  widget_conversation: { conversation: WidgetConversation };
}

// ---- Frame messages between the loader (host page) and the chat app (iframe) ----

/** `source` of every postMessage both sides send; anything else is ignored. */
export const WIDGET_FRAME_SOURCE = 'parley-widget';

// ---- Public pages: /transcript and /feedback (signed links) ----

export const PUBLIC_CONVERSATION_API = {
  /** GET ?token=: the conversation's visitor-visible thread (no notes, no activities). */
  transcript: '/dashboardapi/public/transcript',
  /** GET ?token=: what is being rated; POST {token, rating, comment}: rate it (CSAT). */
  feedback: '/dashboardapi/public/feedback',
} as const;

export const FEEDBACK_COMMENT_MAX_LENGTH = 2000;
