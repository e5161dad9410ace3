/**
 * The feature-request board, its votes and comments.
 */
import { index, integer, pgTable, primaryKey, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { createdAt } from './columns';
import { accounts, users } from './accounts';

/**
 * Feature requests (/settings/feature-requests): the operator's product board, shared by every
 * account on purpose. Authors are people; their account is kept for the operator only.
 */
export const featureRequests = pgTable(
  'feature_requests',
  {
    id: serial('id').primaryKey(),
    accountId: integer('account_id').references(() => accounts.id, { onDelete: 'set null' }),
    authorId: integer('author_id').references(() => users.id, { onDelete: 'set null' }),
    title: text('title').notNull(),
    description: text('description').notNull().default(''),
    status: text('status', {
      enum: ['under_review', 'planned', 'in_progress', 'done', 'declined'],
    })
      .notNull()
      .default('under_review'),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('feature_requests_status_idx').on(t.status, t.createdAt),
    index('feature_requests_author_idx').on(t.authorId, t.createdAt),
  ],
);

/** One vote per person per request. */
export const featureRequestVotes = pgTable(
  'feature_request_votes',
  {
    requestId: integer('request_id')
      .notNull()
      .references(() => featureRequests.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.requestId, t.userId] }),
    index('feature_request_votes_user_idx').on(t.userId),
  ],
);

export const featureRequestComments = pgTable(
  'feature_request_comments',
  {
    id: serial('id').primaryKey(),
    requestId: integer('request_id')
      .notNull()
      .references(() => featureRequests.id, { onDelete: 'cascade' }),
    accountId: integer('account_id').references(() => accounts.id, { onDelete: 'set null' }),
    authorId: integer('author_id').references(() => users.id, { onDelete: 'set null' }),
    body: text('body').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('feature_request_comments_request_idx').on(t.requestId, t.createdAt)],
);
