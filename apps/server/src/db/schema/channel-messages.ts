/**
 * Provider records tied to a conversation or message: Meta comment threads, WhatsApp
 * template sends, Twilio calls.
 */
import {
  bigint,
  integer,
  jsonb,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { createdAt } from './columns';
import { accounts, users } from './accounts';
import { supportChannels } from './channels';
import { attachments, conversations, messages } from './conversations';

/**
 * A Facebook page comment or Instagram comment answered in the inbox: each top-level comment is
 * a conversation of its own. Replies go under `commentId` (public) or privately to
 * its author; the commenter's later replies in the same thread join the conversation.
 */
export const metaCommentThreads = pgTable(
  'meta_comment_threads',
  {
    id: serial('id').primaryKey(),
    accountId: integer('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    supportChannelId: integer('support_channel_id')
      .notNull()
      .references(() => supportChannels.id, { onDelete: 'cascade' }),
    conversationId: integer('conversation_id')
      .notNull()
      .references(() => conversations.id, { onDelete: 'cascade' }),
    /** The comment that opened the thread (Graph id). */
    commentId: text('comment_id').notNull(),
    /** The post (Facebook) or media (Instagram) it was written on. */
    postId: text('post_id'),
    commenterId: text('commenter_id').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('meta_comment_threads_comment_key').on(t.supportChannelId, t.commentId),
    uniqueIndex('meta_comment_threads_conversation_key').on(t.conversationId),
  ],
);

/**
 * An agent's reply sent as an approved WhatsApp template: the message body
 * holds the template text with its variables filled; the delivery job sends the template itself
 * (allowed outside the 24-hour window). `template_id`: Gupshup's template id, or the Cloud API's
 * `name:language`.
 */
export const whatsappTemplateSends = pgTable('whatsapp_template_sends', {
  messageId: bigint('message_id', { mode: 'number' })
    .primaryKey()
    .references(() => messages.id, { onDelete: 'cascade' }),
  accountId: integer('account_id')
    .notNull()
    .references(() => accounts.id, { onDelete: 'cascade' }),
  templateId: text('template_id').notNull(),
  params: jsonb('params').$type<string[]>().notNull(),
  createdAt: createdAt(),
});

/**
 * A phone call through Twilio Voice: the thread entry is the message (kind `call`);
 * this row keeps what the provider reports about it. Unique per channel and CallSid, so a
 * retried webhook never makes a second entry.
 */
export const calls = pgTable(
  'calls',
  {
    id: serial('id').primaryKey(),
    accountId: integer('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    supportChannelId: integer('support_channel_id')
      .notNull()
      .references(() => supportChannels.id, { onDelete: 'cascade' }),
    messageId: bigint('message_id', { mode: 'number' })
      .notNull()
      .references(() => messages.id, { onDelete: 'cascade' }),
    /** Null between asking Twilio to place an outgoing call and its answer. */
    callSid: text('call_sid'),
    direction: text('direction', { enum: ['incoming', 'outgoing'] }).notNull(),
    outcome: text('outcome', {
      enum: ['ringing', 'answered', 'missed', 'voicemail', 'failed'],
    })
      .notNull()
      .default('ringing'),
    providerStatus: text('provider_status'),
    durationSeconds: integer('duration_seconds'),
    fromNumber: text('from_number'),
    toNumber: text('to_number'),
    /** Outgoing: the agent who asked for the call and the phone Twilio connects the customer to. */
    agentUserId: integer('agent_user_id').references(() => users.id, { onDelete: 'set null' }),
    agentPhone: text('agent_phone'),
    recordingSid: text('recording_sid'),
    recordingAttachmentId: integer('recording_attachment_id').references(() => attachments.id, {
      onDelete: 'set null',
    }),
    transcription: text('transcription'),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('calls_message_key').on(t.messageId),
    uniqueIndex('calls_channel_sid_key').on(t.supportChannelId, t.callSid),
  ],
);
