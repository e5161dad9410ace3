/**
 * Scheduled messages: a reply or note an agent wrote to be posted later, or in a few seconds
 * with their undo window (docs/product/scheduled-send.md). At its time a durable job claims the
 * row (`scheduled` → `sending`) and posts it as the agent; the row becomes `sent` with its
 * message in the same transaction as the message, so it is posted once.
 */
import { bigint, boolean, index, integer, jsonb, pgTable, serial, text } from 'drizzle-orm/pg-core';
import { createdAt, ts } from './columns';
import { accounts, users } from './accounts';
import { conversations, messages } from './conversations';

/** The reply's fields besides its kind and text, as `POST …/messages` takes them. */
export interface ScheduledReplyFields {
  mentions: number[];
  mentioned_user_ids?: number[];
  attachment_ids: number[];
  comment_reply?: 'public' | 'private';
  cc?: string[];
  bcc?: string[];
  /** The reply channel the agent chose (after a merge); absent: the conversation's own. */
  support_channel_id?: number;
}

export const scheduledMessages = pgTable(
  'scheduled_messages',
  {
    id: serial('id').primaryKey(),
    accountId: integer('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    conversationId: integer('conversation_id')
      .notNull()
      .references(() => conversations.id, { onDelete: 'cascade' }),
    authorUserId: integer('author_user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: ['reply', 'note'] }).notNull(),
    body: text('body').notNull(),
    reply: jsonb('reply').$type<ScheduledReplyFields>().notNull(),
    sendAt: ts('send_at').notNull(),
    status: text('status', { enum: ['scheduled', 'sending', 'sent', 'failed'] })
      .notNull()
      .default('scheduled'),
    failureReason: text('failure_reason'),
    /** Posted by the composer's undo window rather than chosen as a time. */
    undo: boolean('undo').notNull().default(false),
    messageId: bigint('message_id', { mode: 'number' }).references(() => messages.id, {
      onDelete: 'set null',
    }),
    /** The job due at send_at; a job whose id is not this one (rescheduled) does nothing. */
    jobId: bigint('job_id', { mode: 'number' }),
    createdAt: createdAt(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [
    index('scheduled_messages_conversation_idx').on(t.conversationId, t.status),
    index('scheduled_messages_author_idx').on(t.authorUserId, t.status),
  ],
);
