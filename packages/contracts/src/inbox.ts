import { z } from 'zod';
import { activityLineSchema } from './activity-lines';
import { schemaText } from './errors';
import { MAX_MENTIONS } from './notifications-constants';
import { conversationSlaSummary } from './sla';
import { isCalendarDay } from './reports-constants';
import {
  CONVERSATION_STATUSES,
  PRIORITIES,
  SLA_FILTERS,
  SORTS,
  MAX_ATTACHMENTS_PER_MESSAGE,
  MESSAGE_DIRECTIONS,
  MESSAGE_KINDS,
  DELIVERY_STATUSES,
  STORE_DOMAIN_PATTERN,
  MAX_REPLY_COPIES,
} from './inbox-constants';

export const conversationStatus = z.enum(CONVERSATION_STATUSES);
export type ConversationStatus = z.infer<typeof conversationStatus>;

export const priority = z.enum(PRIORITIES);
export type Priority = z.infer<typeof priority>;

/**
 * Inbox views: mine, unassigned, all, or one team / channel / tag by id
 * (`team:3`, `channel:7`, `tag:12`).
 */
export const conversationView = z
  .string()
  .regex(/^(mine|unassigned|all|(team|channel|tag):\d{1,10})$/, 'Unknown view.');
export type ConversationView = z.infer<typeof conversationView>;

const id = z.coerce.number().int().positive().max(2_147_483_647);

/**
 * Some of a fixed set of choices: `high,urgent` or the key repeated in a query string, an array
 * in JSON. Each is kept once, in the set's order, so equal filters are written alike.
 */
function choices<const T extends readonly [string, ...string[]]>(
  values: T,
  messages: { unknown: string; empty: string },
) {
  const rank = (v: string) => (values.indexOf(v) + values.length + 1) % (values.length + 1);
  return z.codec(
    z.union([z.string(), z.array(z.string().max(40)).max(20)]),
    z.array(z.enum(values, { error: messages.unknown })).min(1, messages.empty),
    {
      decode: (raw) =>
        [...new Set((typeof raw === 'string' ? raw.split(',') : raw).map((v) => v.trim()))]
          .filter(Boolean)
          .sort((a, b) => rank(a) - rank(b)) as T[number][],
      encode: (list) => list,
    },
  );
}

const createdDay = (message: string) => z.string().refine(isCalendarDay, message);

/** The list's fields; conversationListQuery and the filters of saved views and bulk use them. */
const conversationListFields = z.strictObject({
  view: conversationView.default('all'),
  status: z.enum([...CONVERSATION_STATUSES, 'all']).default('open'),
  sort: z.enum(SORTS).default('newest'),
  /** `id:{id}`, a contact's name / email / phone, or words in the messages. */
  search: z.string().trim().max(200).optional(),
  /** Only these priorities. */
  priority: choices(PRIORITIES, {
    unknown: `Choose priorities among ${PRIORITIES.join(', ')}.`,
    empty: 'Choose at least one priority, or leave the filter out.',
  }).optional(),
  /** Only conversations whose SLA clock due first is in one of these states (SLA_FILTERS). */
  sla: choices(SLA_FILTERS, {
    unknown: `Choose SLA states among ${SLA_FILTERS.join(', ')}.`,
    empty: 'Choose at least one SLA state, or leave the filter out.',
  }).optional(),
  /** Created on or after this day (YYYY-MM-DD, in the account's time zone). */
  created_from: createdDay(
    schemaText('Give the “created from” date as YYYY-MM-DD, e.g. 2026-03-01.'),
  ).optional(),
  /** Created on or before this day (YYYY-MM-DD, the whole day included). */
  created_to: createdDay(
    schemaText('Give the “created to” date as YYYY-MM-DD, e.g. 2026-03-01.'),
  ).optional(),
  cursor: z.string().max(200).optional(),
  limit: z.coerce.number().int().min(1).max(100).default(25),
});

function checkCreatedRange(
  q: { created_from?: string | undefined; created_to?: string | undefined },
  ctx: z.RefinementCtx,
) {
  if (q.created_from && q.created_to && q.created_from > q.created_to)
    ctx.addIssue({
      code: 'custom',
      path: ['created_from'],
      message: 'The “created from” date must be on or before the “created to” date.',
    });
}

export const conversationListQuery = conversationListFields.superRefine(checkCreatedRange);
export type ConversationListQuery = z.infer<typeof conversationListQuery>;

/** What a list shows, without its paging: what saved views keep and bulk actions target. */
export const conversationListFilters = conversationListFields
  .omit({ cursor: true, limit: true })
  .superRefine(checkCreatedRange);
export type ConversationListFilters = z.infer<typeof conversationListFilters>;

export const contactSummary = z.object({
  id: z.number().int(),
  name: z.string().nullable(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
  avatar: z.string().nullable(),
});

export const conversationListItem = z.object({
  id: z.number().int(),
  subject: z.string().nullable(),
  status: conversationStatus,
  priority,
  snoozed_until: z.string().nullable(),
  assignee_id: z.number().int().nullable(),
  team_id: z.number().int().nullable(),
  support_channel_id: z.number().int(),
  channel_type: z.string(),
  brand_id: z.number().int().nullable(),
  contact: contactSummary,
  last_message_preview: z.string().nullable(),
  last_activity_at: z.string(),
  waiting_since: z.string().nullable(),
  unread: z.boolean(),
  tag_ids: z.array(z.number().int()),
  created_at: z.string(),
  /** The SLA clock due first (docs/product/sla.md); null when no policy covers it or none counts. */
  sla: conversationSlaSummary.nullable(),
});
export type ConversationListItem = z.infer<typeof conversationListItem>;

export const conversationListResponse = z.object({
  items: z.array(conversationListItem),
  next_cursor: z.string().nullable(),
});
export type ConversationListResponse = z.infer<typeof conversationListResponse>;

export const viewCountsQuery = z.strictObject({
  status: z.enum([...CONVERSATION_STATUSES, 'all']).default('open'),
});
/** The counts of every view, computed in one query. Keys of the maps are ids as strings. */
export const viewCountsResponse = z.object({
  mine: z.number().int(),
  unassigned: z.number().int(),
  all: z.number().int(),
  teams: z.record(z.string(), z.number().int()),
  channels: z.record(z.string(), z.number().int()),
  tags: z.record(z.string(), z.number().int()),
  unread_mine: z.number().int(),
});
export type ViewCounts = z.infer<typeof viewCountsResponse>;

/** A file on a message; `url` is a signed, expiring download link (served as a download). */
export const attachmentSchema = z.object({
  id: z.number().int(),
  file_name: z.string(),
  content_type: z.string(),
  size: z.number().int(),
  is_embedded: z.boolean(),
  url: z.string(),
});
export type Attachment = z.infer<typeof attachmentSchema>;

/** What the mail server found checking a received email's sender; null for other messages. */
export const emailSenderChecksSchema = z.object({
  spf: z.string(),
  dkim: z.string(),
  dmarc: z.string(),
  arc: z.string(),
  from: z.string().nullable(),
  /** The From domain's DMARC check failed: the message may be forged (docs/email.md). */
  dmarc_failed: z.boolean(),
});
export type EmailSenderChecks = z.infer<typeof emailSenderChecksSchema>;

export const messageSchema = z.object({
  id: z.number().int(),
  conversation_id: z.number().int(),
  direction: z.enum(MESSAGE_DIRECTIONS),
  kind: z.enum(MESSAGE_KINDS),
  body: z.string(),
  body_html: z.string().nullable(),
  sender: z.object({
    type: z.enum(['agent', 'contact', 'system']),
    id: z.number().int().nullable(),
    name: z.string().nullable(),
  }),
  delivery_status: z.enum(DELIVERY_STATUSES).nullable(),
  failure_reason: z.string().nullable(),
  email_auth: emailSenderChecksSchema.nullable(),
  /**
   * What an activity line says, as facts the app writes in the reader's language; null for other
   * kinds and for lines stored before them (shown by `body`).
   */
  activity: activityLineSchema.nullable(),
  attachments: z.array(attachmentSchema),
  created_at: z.string(),
  /**
   * A reaction's message (kind `reaction`): its id and the start of its text; null for other
   * kinds and when that message is no longer in Parley.
   */
  reacted_to: z.object({ id: z.number().int(), body: z.string() }).nullable().optional(),
});
export type Message = z.infer<typeof messageSchema>;

export const messageListQuery = z.strictObject({
  /** Messages older than this message id (keyset pagination, newest page first). */
  before: id.optional(),
  limit: z.coerce.number().int().min(1).max(100).default(50),
});
export const messageListResponse = z.object({
  items: z.array(messageSchema),
  has_more: z.boolean(),
});

/** Cc or Bcc addresses of an email reply: real addresses, at most MAX_REPLY_COPIES. */
const replyCopies = (messages: { notEmail: string; tooMany: string }) =>
  z
    .array(z.string().trim().toLowerCase().max(254).pipe(z.email(messages.notEmail)))
    .max(MAX_REPLY_COPIES, messages.tooMany);

/** The Cc and Bcc an email conversation's next reply goes to: those of its last reply. */
export const emailRecipientsSchema = z.object({
  cc: z.array(z.string()),
  bcc: z.array(z.string()),
});
export type EmailRecipients = z.infer<typeof emailRecipientsSchema>;

/** A channel a conversation's reply may go out on (ConversationDetail.reply_channels). */
export const replyChannelSchema = z.object({
  id: z.number().int(),
  type: z.string(),
  name: z.string(),
});
export type ReplyChannel = z.infer<typeof replyChannelSchema>;

export const conversationDetail = conversationListItem.extend({
  first_response_at: z.string().nullable(),
  resolved_at: z.string().nullable(),
  contact_other_conversations: z.array(
    z.object({
      id: z.number().int(),
      subject: z.string().nullable(),
      status: conversationStatus,
      last_activity_at: z.string(),
    }),
  ),
  /** The customer's CSAT rating (1–5) and comment from /feedback or the widget; null until rated. */
  rating: z
    .object({ rating: z.number().int().min(1).max(5), comment: z.string().nullable() })
    .nullable(),
  /**
   * Conversations that can reply by email (their own channel or one a customer wrote from): the
   * Cc / Bcc of the last reply, which the composer offers again.
   */
  email_recipients: emailRecipientsSchema.optional(),
  /**
   * The channels a reply may go out on: the conversation's own first, then each other channel a
   * customer wrote from in this thread (a merge brings in messages that keep their channel).
   */
  reply_channels: z.array(replyChannelSchema),
  /** The channel of the customer's latest message here (the composer's choice); null before any. */
  latest_customer_channel_id: z.number().int().nullable(),
});
export type ConversationDetail = z.infer<typeof conversationDetail>;

export const conversationIdParams = z.object({ id });

export const replyBody = z
  .strictObject({
    kind: z.enum(['reply', 'note']).default('reply'),
    body: z.string().trim().max(20_000).default(''),
    /** User ids mentioned in a note; they get a notification. */
    mentions: z.array(z.number().int().positive()).max(50).default([]),
    /** Teammates a note mentions (members of the account): each gets a `mention` notification. */
    mentioned_user_ids: z
      .array(z.number().int().positive().max(2_147_483_647))
      .max(MAX_MENTIONS, `Mention at most ${MAX_MENTIONS} teammates.`)
      .optional(),
    /** Files uploaded first through ATTACHMENT_UPLOAD_PATH; together at most 18 MB (docs/product/limits.md). */
    attachment_ids: z
      .array(z.number().int().positive())
      .max(MAX_ATTACHMENTS_PER_MESSAGE, `Attach at most ${MAX_ATTACHMENTS_PER_MESSAGE} files.`)
      .default([]),
    /**
     * A Facebook / Instagram comment conversation: answer under the comment (public, the
     * default) or by a private message to the commenter.
     */
    comment_reply: z.enum(['public', 'private']).optional(),
    /**
     * An email conversation's reply: who gets a copy (Cc, shown to all) and a blind copy (Bcc).
     * Remembered for the conversation's next reply; leave out to keep the last reply's, send []
     * to clear.
     */
    cc: replyCopies({
      notEmail: schemaText('Each Cc must be an email address, like name@example.com.'),
      tooMany: schemaText(`Add at most ${MAX_REPLY_COPIES} Cc addresses.`),
    }).optional(),
    bcc: replyCopies({
      notEmail: schemaText('Each Bcc must be an email address, like name@example.com.'),
      tooMany: schemaText(`Add at most ${MAX_REPLY_COPIES} Bcc addresses.`),
    }).optional(),
    /**
     * The channel a reply goes out on (one of the conversation's `reply_channels`): after a merge
     * the thread may hold the customer's messages from several channels. Leave out for the
     * conversation's own channel; a note ignores it.
     */
    support_channel_id: z.number().int().positive().max(2_147_483_647).optional(),
  })
  .refine((v) => v.body.length > 0 || v.attachment_ids.length > 0, {
    message: 'Write a message first.',
    path: ['body'],
  });
export type ReplyBody = z.infer<typeof replyBody>;

export const conversationPatch = z
  .strictObject({
    status: conversationStatus.optional(),
    snoozed_until: z.iso.datetime({ offset: true }).nullable().optional(),
    priority: priority.optional(),
    assignee_id: z.number().int().positive().nullable().optional(),
    team_id: z.number().int().positive().nullable().optional(),
  })
  .refine((v) => Object.keys(v).length > 0, 'Send at least one field to change.')
  .refine((v) => v.status !== 'snoozed' || Boolean(v.snoozed_until), {
    message: 'Choose until when to snooze.',
    path: ['snoozed_until'],
  });
export type ConversationPatch = z.infer<typeof conversationPatch>;

export const newConversationBody = z.strictObject({
  support_channel_id: z.number().int().positive(),
  contact_id: z.number().int().positive().optional(),
  contact: z
    .strictObject({
      name: z.string().trim().min(1).max(200).optional(),
      email: z.email().max(254).optional(),
      phone: z.string().trim().max(40).optional(),
    })
    .optional(),
  subject: z.string().trim().max(300).optional(),
  body: z.string().trim().min(1, 'Write a message first.').max(20_000),
});

/** docs/product/data.md, docs/product/api.md: POST /dashboardapi/tag/add/v2. */
export const tagAddBody = z.strictObject({
  conversation_id: z.number().int().positive(),
  tags: z.array(z.string().trim().min(1).max(60)).min(1).max(20),
});
export const tagSchema = z.object({ id: z.number().int(), name: z.string(), color: z.string() });
export type Tag = z.infer<typeof tagSchema>;
export const tagAddResponse = z.object({
  created_tags: z.array(tagSchema),
  tags: z.array(tagSchema),
});

export const dcUser = z.object({
  id: z.number().int(),
  name: z.string(),
  email: z.string(),
  avatar: z.string().nullable(),
  profile_color: z.string(),
  initials: z.string(),
  permission_level: z.enum(['owner', 'admin', 'agent']),
});
export const supportChannelSummary = z.object({
  id: z.number().int(),
  type: z.string(),
  name: z.string(),
  brand_id: z.number().int().nullable(),
  needs_reauthorization: z.boolean(),
});
export const teamSummary = z.object({
  id: z.number().int(),
  name: z.string(),
  description: z.string().nullable(),
  member_ids: z.array(z.number().int()),
});
export const brandSummary = z.object({
  id: z.number().int(),
  name: z.string(),
  myshopify_domain: z.string().nullable(),
});

/** A new brand / store of the account (its chat widget is set up per store). */
export const brandCreateBody = z.strictObject({
  name: z.string().trim().min(1, 'Give the store a name.').max(120),
  myshopify_domain: z
    .string()
    .trim()
    .toLowerCase()
    .regex(STORE_DOMAIN_PATTERN, 'Enter the store’s domain, like acme.myshopify.com.')
    .nullish(),
});
export type BrandCreateBody = z.infer<typeof brandCreateBody>;

/** docs/product/data.md: conversation mapping response. */
export const conversationMappingResponse = z.object({
  tags: z.array(tagSchema),
  dc_users: z.array(dcUser),
  support_channels: z.array(supportChannelSummary),
  teams: z.array(teamSummary),
  integrations: z.array(
    z.object({ type: z.string(), name: z.string(), brand_id: z.number().int().nullable() }),
  ),
});
export type ConversationMapping = z.infer<typeof conversationMappingResponse>;
