/** In-app notifications (modules/notifications); unread ones are counted for Me.unread_notification_count. */
import { sql } from 'drizzle-orm';
import { index, integer, pgTable, serial, text } from 'drizzle-orm/pg-core';
import { createdAt, ts } from './columns';
import { accounts, users } from './accounts';
import { conversations } from './conversations';

export const notifications = pgTable(
  'notifications',
  {
    id: serial('id').primaryKey(),
    accountId: integer('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** mention, assigned, customer_reply, sla_warning (NOTIFICATION_KINDS). */
    kind: text('kind').notNull(),
    title: text('title').notNull(),
    body: text('body'),
    conversationId: integer('conversation_id').references(() => conversations.id, {
      onDelete: 'cascade',
    }),
    messageId: integer('message_id'),
    /** Who caused it; null for a rule, auto-assignment or a customer. */
    actorUserId: integer('actor_user_id'),
    readAt: ts('read_at'),
    createdAt: createdAt(),
  },
  (t) => [
    index('notifications_unread_idx')
      .on(t.accountId, t.userId)
      .where(sql`${t.readAt} is null`),
    // The list: newest first, a page at a time by id.
    index('notifications_user_idx').on(t.accountId, t.userId, t.id),
  ],
);
