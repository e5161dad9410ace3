/**
 * Conversations and what hangs off them: messages, attachments, read marks, tags, the
 * inbox view counts and customer ratings.
 */
import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import type { ActivityLine } from '@parley/contracts';
import { createdAt, ts } from './columns';
import { accounts, users } from './accounts';
import { brands, supportChannels } from './channels';
import { contacts } from './contacts';
import { fastReplies } from './fast-replies';
import { teams } from './teams';

/** Who else an email reply goes to (conversations.email_recipients). */
export interface EmailRecipients {
  cc: string[];
  bcc: string[];
}

export const conversations = pgTable(
  'conversations',
  {
    id: serial('id').primaryKey(),
    accountId: integer('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    supportChannelId: integer('support_channel_id')
      .notNull()
      .references(() => supportChannels.id, { onDelete: 'cascade' }),
    brandId: integer('brand_id').references(() => brands.id, { onDelete: 'set null' }),
    contactId: integer('contact_id')
      .notNull()
      .references(() => contacts.id, { onDelete: 'cascade' }),
    subject: text('subject'),
    status: text('status', { enum: ['open', 'pending', 'snoozed', 'closed'] })
      .notNull()
      .default('open'),
    snoozedUntil: ts('snoozed_until'),
    priority: text('priority', { enum: ['none', 'low', 'medium', 'high', 'urgent'] })
      .notNull()
      .default('none'),
    assigneeId: integer('assignee_id').references(() => users.id, { onDelete: 'set null' }),
    teamId: integer('team_id').references(() => teams.id, { onDelete: 'set null' }),
    lastMessagePreview: text('last_message_preview'),
    /** When the customer started waiting for an answer; null once an agent has replied. */
    waitingSince: ts('waiting_since'),
    /** Last incoming customer message: a conversation is unread for an agent who has not read past it. */
    lastIncomingAt: ts('last_incoming_at'),
    lastActivityAt: timestamp('last_activity_at', { withTimezone: true }).notNull().defaultNow(),
    firstResponseAt: ts('first_response_at'),
    resolvedAt: ts('resolved_at'),
    /** An email conversation's Cc and Bcc of the last reply: the next reply offers them again. */
    emailRecipients: jsonb('email_recipients').$type<EmailRecipients>(),
    createdAt: createdAt(),
  },
  (t) => [
    // The views' keyset order is (last_activity_at, id): with the id in the index, conversations
    // that share a time (a bulk snooze wake-up) need no sort, and only a page is read.
    index('conversations_list_idx').on(t.accountId, t.status, t.lastActivityAt, t.id),
    index('conversations_assignee_idx').on(
      t.accountId,
      t.assigneeId,
      t.status,
      t.lastActivityAt,
      t.id,
    ),
    // A customer's newest conversation on a channel (every inbound message asks), and all of a
    // contact's conversations (contact panel, search by contact).
    index('conversations_contact_idx').on(t.contactId, t.supportChannelId, t.lastActivityAt),
    index('conversations_team_idx').on(t.accountId, t.teamId, t.status, t.lastActivityAt, t.id),
    index('conversations_channel_idx').on(
      t.accountId,
      t.supportChannelId,
      t.status,
      t.lastActivityAt,
      t.id,
    ),
    // Lists across every status (and views filtered by tag) walk this in recency order.
    index('conversations_recent_idx').on(t.accountId, t.lastActivityAt, t.id),
    // "Waiting longest": oldest wait first, conversations nobody waits on last.
    index('conversations_waiting_idx').on(
      t.accountId,
      t.status,
      sql`coalesce(${t.waitingSince}, 'infinity'::timestamptz)`,
      t.id,
    ),
    // Reports (opened / first response by creation day; closed / resolution by close day): the
    // trailing columns are what the reports group and filter by, so ranges are index-only scans.
    index('conversations_report_created_idx').on(
      t.accountId,
      t.createdAt,
      t.supportChannelId,
      t.assigneeId,
      t.teamId,
      t.firstResponseAt,
    ),
    index('conversations_report_resolved_idx')
      .on(t.accountId, t.resolvedAt, t.createdAt, t.supportChannelId, t.assigneeId, t.teamId)
      .where(sql`${t.resolvedAt} is not null`),
  ],
);

/** Per-agent read state: how far each agent has read each conversation. */
export const conversationReads = pgTable(
  'conversation_reads',
  {
    conversationId: integer('conversation_id')
      .notNull()
      .references(() => conversations.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    lastReadAt: timestamp('last_read_at', { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.conversationId, t.userId] })],
);

/** What the built-in SMTP server found checking an email's sender (messages.email_auth). */
export interface StoredEmailAuth {
  /** none, pass, fail, softfail, neutral, temperror, permerror. */
  spf: string;
  /** The best DKIM result: pass when any signature passed, else the first one's, else none. */
  dkim: string;
  /** none, pass, fail, temperror, permerror. */
  dmarc: string;
  arc: string;
  /** The From address the checks were about (its domain is the one DMARC looked up). */
  from: string | null;
  /** DMARC failed: the message is filed apart from the contact that owns the address. */
  dmarc_failed: boolean;
}

export const messages = pgTable(
  'messages',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    accountId: integer('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    conversationId: integer('conversation_id')
      .notNull()
      .references(() => conversations.id, { onDelete: 'cascade' }),
    direction: text('direction', { enum: ['incoming', 'outgoing', 'internal'] }).notNull(),
    kind: text('kind', { enum: ['message', 'note', 'activity', 'call', 'reaction'] })
      .notNull()
      .default('message'),
    body: text('body').notNull(),
    bodyHtml: text('body_html'),
    senderUserId: integer('sender_user_id').references(() => users.id, { onDelete: 'set null' }),
    senderContactId: integer('sender_contact_id').references(() => contacts.id, {
      onDelete: 'set null',
    }),
    supportChannelId: integer('support_channel_id')
      .notNull()
      .references(() => supportChannels.id, { onDelete: 'cascade' }),
    providerMessageId: text('provider_message_id'),
    deliveryStatus: text('delivery_status', {
      enum: ['queued', 'sent', 'delivered', 'read', 'failed'],
    }),
    failureReason: text('failure_reason'),
    /**
     * An automatic message (auto-reply, bounce: Auto-Submitted, X-Autoreply, Precedence, DSN):
     * stored, but it never starts a wait nor reopens a conversation, and nothing answers it
     * automatically (no reply loops).
     */
    autoSubmitted: boolean('auto_submitted').notNull().default(false),
    /**
     * An email received by the built-in SMTP server: its SPF, DKIM, DMARC and ARC results
     * (email-channel/email-auth.ts). Null for other messages and for mail the inbound HTTP
     * endpoint took (the provider checked it).
     */
    emailAuth: jsonb('email_auth').$type<StoredEmailAuth>(),
    /**
     * An activity line's facts (kind `activity`): each reader's app writes the line in its own
     * language from them, `body` keeping the English. Null for other kinds and older lines.
     */
    activity: jsonb('activity').$type<ActivityLine>(),
    createdAt: createdAt(),
  },
  (t) => [
    index('messages_conversation_idx').on(t.conversationId, t.createdAt),
    // Full-text search within one account: each word is indexed as `{account}:{word}` (the SQL
    // functions of migration 0027), so a word's entries in the index are this account's messages
    // alone: neither other accounts' messages nor the size of this account cost a search.
    index('messages_words_idx').using('gin', sql`parley_account_words(${t.accountId}, ${t.body})`),
    uniqueIndex('messages_provider_id_key').on(t.supportChannelId, t.providerMessageId),
    // Reports: messages in / out by day and hour over a date range (notes and activity excluded).
    index('messages_report_idx')
      .on(t.accountId, t.createdAt, t.direction, t.supportChannelId, t.conversationId)
      .where(sql`${t.direction} <> 'internal'`),
  ],
);

/**
 * Files agents upload (attachment upload form: docs/product/data.md) or customers send. Bytes live in the file
 * store (DATA_DIR/uploads), never under the web root; a message links them once it is sent.
 */
export const attachments = pgTable(
  'attachments',
  {
    id: serial('id').primaryKey(),
    accountId: integer('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    messageId: bigint('message_id', { mode: 'number' }).references(() => messages.id, {
      onDelete: 'cascade',
    }),
    uploadedByUserId: integer('uploaded_by_user_id').references(() => users.id, {
      onDelete: 'set null',
    }),
    /** A template's files; a reply gets its own copies (same bytes) when the template is used. */
    fastReplyId: integer('fast_reply_id').references(() => fastReplies.id, {
      onDelete: 'cascade',
    }),
    fileName: text('file_name').notNull(),
    contentType: text('content_type').notNull(),
    size: integer('size').notNull(),
    isEmbedded: boolean('is_embedded').notNull().default(false),
    storageKey: text('storage_key').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index('attachments_message_idx').on(t.messageId),
    index('attachments_fast_reply_idx').on(t.fastReplyId),
    index('attachments_account_idx').on(t.accountId, t.createdAt),
  ],
);

export const tags = pgTable(
  'tags',
  {
    id: serial('id').primaryKey(),
    accountId: integer('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    color: text('color').notNull().default('#8c8c8c'),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('tags_account_name_key').on(t.accountId, sql`lower(${t.name})`)],
);

export const conversationTags = pgTable(
  'conversation_tags',
  {
    conversationId: integer('conversation_id')
      .notNull()
      .references(() => conversations.id, { onDelete: 'cascade' }),
    tagId: integer('tag_id')
      .notNull()
      .references(() => tags.id, { onDelete: 'cascade' }),
    // The conversation's list keys, copied by triggers (migration 0026) in the transaction that
    // changes them: a tag view reads its page in order from this table's indexes instead of
    // walking the account's conversations and probing each one for the tag.
    // (The defaults only satisfy the insert's types: the insert trigger always sets them.)
    status: text('status').notNull().default('open'),
    lastActivityAt: timestamp('last_activity_at', { withTimezone: true }).notNull().defaultNow(),
    waitingSince: timestamp('waiting_since', { withTimezone: true }),
  },
  (t) => [
    primaryKey({ columns: [t.conversationId, t.tagId] }),
    // (conversation_tags_recent_idx also serves lookups by tag alone: tag counts, tag deletion.)
    index('conversation_tags_list_idx').on(t.tagId, t.status, t.lastActivityAt, t.conversationId),
    index('conversation_tags_recent_idx').on(t.tagId, t.lastActivityAt, t.conversationId),
    index('conversation_tags_waiting_idx').on(
      t.tagId,
      t.status,
      sql`coalesce(${t.waitingSince}, 'infinity'::timestamptz)`,
      t.conversationId,
    ),
  ],
);

/**
 * The inbox's view counts, kept by triggers (migration 0028) in the transactions that change
 * conversations, their tags and read marks: per account and status, how many conversations each
 * view holds. `dim` names the view kind and `key` its id: all (0), assignee (a user, 0 for
 * unassigned), team, channel, tag, unread (the assignee whose unread conversations these are).
 */
export const conversationCounts = pgTable(
  'conversation_counts',
  {
    accountId: integer('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    status: text('status').notNull(),
    dim: text('dim').notNull(),
    key: integer('key').notNull(),
    n: integer('n').notNull(),
  },
  (t) => [primaryKey({ columns: [t.accountId, t.status, t.dim, t.key] })],
);

/**
 * Changes to conversation_counts not folded in yet: the triggers only append here, so writers
 * never wait on one another for a hot counter row; a reader sums both and folds the changes in.
 */
export const conversationCountChanges = pgTable(
  'conversation_count_changes',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    accountId: integer('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    status: text('status').notNull(),
    dim: text('dim').notNull(),
    key: integer('key').notNull(),
    n: integer('n').notNull(),
  },
  (t) => [index('conversation_count_changes_account_idx').on(t.accountId, t.id)],
);

/**
 * A customer's rating of a resolved conversation (CSAT, 1–5 with a comment), given through a
 * signed /feedback link or the widget; one per conversation, a later rating replaces it.
 */
export const conversationRatings = pgTable(
  'conversation_ratings',
  {
    id: serial('id').primaryKey(),
    accountId: integer('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    conversationId: integer('conversation_id')
      .notNull()
      .references(() => conversations.id, { onDelete: 'cascade' }),
    rating: integer('rating').notNull(),
    comment: text('comment'),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('conversation_ratings_conversation_key').on(t.conversationId),
    index('conversation_ratings_account_idx').on(t.accountId, t.createdAt),
  ],
);

/**
 * A merge or split of conversations (docs/product/merge-and-split.md): which messages moved from
 * one conversation to the other, so the move can be undone exactly. A merge moves every message
 * of `from` into `to` (and closes `from`); a split moves a message and those after it from
 * `from` into the new `to`. `added_tag_ids`: the tags a merge gave `to`, taken off again by undo.
 * The activity lines it wrote in each conversation carry its Undo.
 */
export const conversationMoves = pgTable(
  'conversation_moves',
  {
    id: serial('id').primaryKey(),
    accountId: integer('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: ['merge', 'split'] }).notNull(),
    fromConversationId: integer('from_conversation_id')
      .notNull()
      .references(() => conversations.id, { onDelete: 'cascade' }),
    toConversationId: integer('to_conversation_id')
      .notNull()
      .references(() => conversations.id, { onDelete: 'cascade' }),
    messageIds: jsonb('message_ids').$type<number[]>().notNull(),
    addedTagIds: jsonb('added_tag_ids').$type<number[]>().notNull().default([]),
    /** The activity lines the move wrote (in `from`, then in `to`). */
    activityMessageIds: jsonb('activity_message_ids').$type<number[]>().notNull().default([]),
    createdByUserId: integer('created_by_user_id').references(() => users.id, {
      onDelete: 'set null',
    }),
    createdAt: createdAt(),
    undoneAt: ts('undone_at'),
    undoneByUserId: integer('undone_by_user_id').references(() => users.id, {
      onDelete: 'set null',
    }),
  },
  (t) => [
    index('conversation_moves_from_idx').on(t.accountId, t.fromConversationId),
    index('conversation_moves_to_idx').on(t.accountId, t.toConversationId),
  ],
);
