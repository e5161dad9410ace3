import { z } from 'zod';
import { uiLocaleSchema } from './profile';
import {
  PRE_CHAT_FIELD_KEYS,
  WIDGET_FRAME_SOURCE,
  FEEDBACK_COMMENT_MAX_LENGTH,
} from './widget-chat-constants';

// The widget's payloads: validated on the server; both sides take their types from here.

export const preChatFieldSchema = z.object({
  key: z.enum(PRE_CHAT_FIELD_KEYS),
  required: z.boolean(),
});

/** 0 = Sunday … 6 = Saturday; times are HH:MM in the widget's time zone; close > open. */
export const businessHoursDaySchema = z.object({
  day: z.number().int().min(0).max(6),
  open: z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/),
  close: z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$|^24:00$/),
});

/**
 * The periods that start before the one before them on the same weekday has closed (a day holds
 * a morning and an afternoon, not two periods at once): their indexes in `days`.
 */
export function overlappingPeriods(
  days: readonly { day: number; open: string; close: string }[],
): number[] {
  const order = days
    .map((d, i) => ({ ...d, i }))
    .sort((a, b) => a.day - b.day || (a.open < b.open ? -1 : a.open > b.open ? 1 : 0));
  const found: number[] = [];
  order.forEach((d, k) => {
    const before = order[k - 1];
    if (before && before.day === d.day && d.open < before.close) found.push(d.i);
  });
  return found.sort((a, b) => a - b);
}

export const widgetChatSettingsSchema = z.object({
  /** First line the visitor sees. */
  greeting: z.string().max(200),
  /** The pre-chat form; `enabled: false` lets the visitor write straight away. */
  pre_chat: z.object({
    enabled: z.boolean(),
    fields: z.array(preChatFieldSchema).max(PRE_CHAT_FIELD_KEYS.length),
  }),
  /** null: always open. */
  business_hours: z
    .object({
      time_zone: z.string().min(1).max(64),
      days: z.array(businessHoursDaySchema).max(14),
    })
    .nullable(),
  /** Shown outside business hours; the chat then asks for an email and continues by email. */
  away_message: z.string().max(500),
  /** The widget's language; null follows the visitor's browser. */
  locale: uiLocaleSchema.nullable(),
  /**
   * true: the chat is light or dark as the visitor's device is (prefers-color-scheme), whatever
   * `theme.messageTheme` says; false: always `theme.messageTheme`.
   */
  follow_visitor_theme: z.boolean(),
});
export type WidgetChatSettings = z.infer<typeof widgetChatSettingsSchema>;

// ---- Shapes ----

export const widgetAgentSchema = z.object({
  name: z.string(),
  avatar_url: z.string().nullable(),
  initials: z.string(),
  profile_color: z.string(),
});
export type WidgetAgent = z.infer<typeof widgetAgentSchema>;

export const widgetAttachmentSchema = z.object({
  id: z.number().int(),
  file_name: z.string(),
  content_type: z.string(),
  size: z.number().int(),
  /** A signed, expiring download URL. */
  url: z.string(),
});

export const widgetMessageSchema = z.object({
  id: z.number().int(),
  conversation_id: z.number().int(),
  /** visitor: written by the visitor; agent: an agent's reply; system: e.g. the away notice. */
  author: z.enum(['visitor', 'agent', 'system']),
  agent: widgetAgentSchema.nullable(),
  body: z.string(),
  attachments: z.array(widgetAttachmentSchema),
  /** For the visitor's messages: the agents have read it. For agents': the visitor has. */
  status: z.enum(['sent', 'delivered', 'read', 'failed']),
  created_at: z.string(),
});
export type WidgetMessage = z.infer<typeof widgetMessageSchema>;

export const widgetConversationSchema = z.object({
  id: z.number().int(),
  status: z.enum(['open', 'pending', 'snoozed', 'closed']),
  /** The agent answering it, when one is assigned. */
  agent: widgetAgentSchema.nullable(),
  last_message: widgetMessageSchema.nullable(),
  /** Agents' messages the visitor has not read yet. */
  unread: z.number().int(),
  created_at: z.string(),
  /** Set once the visitor rated it through the widget or /feedback. */
  rating: z.number().int().min(1).max(5).nullable(),
});
export type WidgetConversation = z.infer<typeof widgetConversationSchema>;

export const widgetVisitorSchema = z.object({
  public_id: z.string(),
  name: z.string().nullable(),
  email: z.string().nullable(),
  /** True once identify() was verified with the store's HMAC secret. */
  is_verified: z.boolean(),
});

// ---- Requests and answers ----

export const widgetSessionBody = z.strictObject({
  myshopify_domain: z.string().trim().min(1).max(255),
  /** A token from an earlier session in this browser (the loader keeps it in localStorage). */
  visitor_token: z.string().max(200).optional(),
});

export const widgetSessionResponse = z.object({
  /** Unchanged when the given one was valid; a new one otherwise. */
  visitor_token: z.string(),
  visitor: widgetVisitorSchema,
  brand_name: z.string(),
  chat: widgetChatSettingsSchema,
  /** False outside business hours: show the away message and ask for an email. */
  is_open_now: z.boolean(),
  /** Agents of the account, for the header's avatars (at most 3). */
  agents: z.array(widgetAgentSchema).max(3),
  conversations: z.array(widgetConversationSchema),
  /** What the chat app's Pusher-protocol client connects with; its channel is widgetVisitorChannel. */
  realtime: z.object({
    key: z.string(),
    wsHost: z.string(),
    wsPort: z.number().int(),
    forceTLS: z.boolean(),
    channel: z.string(),
  }),
});
export type WidgetSession = z.infer<typeof widgetSessionResponse>;

export const widgetIdentifyBody = z.strictObject({
  /** The store's own id for the signed-in customer. */
  id: z.string().trim().min(1).max(200),
  name: z.string().trim().max(200).optional(),
  email: z.email().max(254).optional(),
  phone: z.string().trim().max(40).optional(),
  /** hex HMAC-SHA256(identity secret of the widget, id); required for history to follow the id. */
  hash: z
    .string()
    .regex(/^[0-9a-f]{64}$/i)
    .optional(),
});

export const widgetAttributesBody = z.strictObject({
  attributes: z
    .record(
      z.string().min(1).max(64),
      z.union([z.string().max(500), z.number(), z.boolean(), z.null()]),
    )
    .refine((r) => Object.keys(r).length <= 50, 'Send at most 50 attributes.'),
});

export const widgetStartConversationBody = z.strictObject({
  /** Pre-chat answers, by field key (validated against the widget's form). */
  pre_chat: z.record(z.string(), z.string().max(1000)).default({}),
  body: z.string().trim().min(1).max(10_000),
  attachment_ids: z.array(z.number().int().positive()).max(10).default([]),
});

export const widgetPostMessageBody = z.strictObject({
  body: z.string().trim().max(10_000),
  attachment_ids: z.array(z.number().int().positive()).max(10).default([]),
});

export const widgetMessagesQuery = z.object({
  before: z.coerce.number().int().positive().optional(),
  limit: z.coerce.number().int().min(1).max(100).default(50),
});
export const widgetMessagesResponse = z.object({
  messages: z.array(widgetMessageSchema),
  has_more: z.boolean(),
});

export const widgetReadBody = z.strictObject({
  last_read_message_id: z.number().int().positive(),
});
export const widgetTypingBody = z.strictObject({ typing: z.boolean() });
export const widgetTranscriptBody = z.strictObject({ email: z.email().max(254).optional() });

// Answers: GET conversations, POST conversations, POST messages, identify,
// attributes, transcript. `read` and `typing` answer 204; `attachments` 201 a widgetAttachment.
export const widgetConversationsResponse = z.object({
  conversations: z.array(widgetConversationSchema),
});
export const widgetStartConversationResponse = z.object({
  conversation: widgetConversationSchema,
  /** The visitor's first message, and the away notice when the store is closed. */
  messages: z.array(widgetMessageSchema),
});
export const widgetMessageResponse = z.object({ message: widgetMessageSchema });
export const widgetIdentifyResponse = z.object({ visitor: widgetVisitorSchema });
export const widgetAttributesResponse = z.object({
  attributes: z.record(z.string(), z.union([z.string(), z.number(), z.boolean()])),
});
export const widgetTranscriptResponse = z.object({ sent_to: z.string() });

export type WidgetFrameMessage =
  /** app → loader: the app has started and read its session. */
  | { source: typeof WIDGET_FRAME_SOURCE; type: 'ready' }
  /**
   * app → loader: the visitor token to keep in the host page's localStorage (the loader hands it
   * back in the frame URL's fragment, `#token=`, so history survives reloads of the store).
   */
  | { source: typeof WIDGET_FRAME_SOURCE; type: 'session'; visitor_token: string }
  /** app → loader: the visitor closed the panel from inside. */
  | { source: typeof WIDGET_FRAME_SOURCE; type: 'close' }
  /** app → loader: agents' messages not yet read (the launcher's badge and sound). */
  | { source: typeof WIDGET_FRAME_SOURCE; type: 'unread'; count: number }
  /** app → loader: a message arrived or was sent (the JS API's on('message')). */
  | { source: typeof WIDGET_FRAME_SOURCE; type: 'message'; message: WidgetMessage }
  /** loader → app: the panel opened / closed. */
  | { source: typeof WIDGET_FRAME_SOURCE; type: 'visibility'; open: boolean }
  /** loader → app: the JS API's identify() / setAttributes(). */
  | {
      source: typeof WIDGET_FRAME_SOURCE;
      type: 'identify';
      identity: z.input<typeof widgetIdentifyBody>;
    }
  | {
      source: typeof WIDGET_FRAME_SOURCE;
      type: 'attributes';
      attributes: Record<string, string | number | boolean | null>;
    };

export const transcriptResponse = z.object({
  brand_name: z.string(),
  conversation: z.object({
    id: z.number().int(),
    subject: z.string().nullable(),
    created_at: z.string(),
  }),
  messages: z.array(widgetMessageSchema),
});
export type Transcript = z.infer<typeof transcriptResponse>;

export const feedbackInfoResponse = z.object({
  brand_name: z.string(),
  conversation: z.object({ id: z.number().int(), subject: z.string().nullable() }),
  /** The rating already given, when there is one (a link can change it). */
  rating: z.number().int().min(1).max(5).nullable(),
  comment: z.string().nullable(),
});
export type FeedbackInfo = z.infer<typeof feedbackInfoResponse>;
export const feedbackBody = z.strictObject({
  token: z.string().min(1).max(1000),
  rating: z.number({ error: 'Choose a rating from 1 to 5.' }).int().min(1).max(5),
  comment: z.string().trim().max(FEEDBACK_COMMENT_MAX_LENGTH).optional(),
});

/** POST WIDGET_API.rating: the /feedback page's rule (feedbackBody) without the link's token. */
export const widgetRatingBody = feedbackBody.omit({ token: true });
export const widgetRatingResponse = z.object({ conversation: widgetConversationSchema });
