/**
 * Fast replies (canned reply templates) and their folders.
 */
import { index, integer, pgTable, serial, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, ts } from './columns';
import { accounts, users } from './accounts';

/** Fast-reply (canned reply) templates, per account (docs/product/data.md). */
export const fastReplies = pgTable(
  'fast_replies',
  {
    id: serial('id').primaryKey(),
    accountId: integer('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    templateContent: text('template_content').notNull(),
    folder: text('folder'),
    createdByUserId: integer('created_by_user_id').references(() => users.id, {
      onDelete: 'set null',
    }),
    createdAt: createdAt(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [index('fast_replies_account_idx').on(t.accountId, t.updatedAt)],
);

/** Folders of fast replies, so an empty folder survives a reload. */
export const fastReplyFolders = pgTable(
  'fast_reply_folders',
  {
    id: serial('id').primaryKey(),
    accountId: integer('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
  },
  (t) => [uniqueIndex('fast_reply_folders_account_name_key').on(t.accountId, t.name)],
);
