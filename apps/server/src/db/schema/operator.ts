/**
 * What the operator reads across accounts: release notes, demo and callback requests.
 */
import { sql } from 'drizzle-orm';
import { boolean, index, integer, pgTable, serial, text } from 'drizzle-orm/pg-core';
import { createdAt, ts } from './columns';
import { accounts, users } from './accounts';

/** Release notes shown in the shell's modal (docs/product/screens.md); seeded by migration, edited by the operator. */
export const releaseNotes = pgTable('release_notes', {
  id: serial('id').primaryKey(),
  releasedOn: text('released_on').notNull(),
  title: text('title').notNull(),
  body: text('body').notNull(),
  tag: text('tag', { enum: ['new', 'improved', 'fixed'] }).notNull(),
});

/** "Schedule a demo" requests, for the operator. */
export const demoRequests = pgTable(
  'demo_requests',
  {
    id: serial('id').primaryKey(),
    accountId: integer('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    slot: ts('slot').notNull(),
    timezone: text('timezone').notNull(),
    phone: text('phone'),
    notes: text('notes'),
    status: text('status', { enum: ['requested', 'confirmed', 'done', 'cancelled'] })
      .notNull()
      .default('requested'),
    createdAt: createdAt(),
  },
  (t) => [index('demo_requests_account_idx').on(t.accountId, t.createdAt)],
);

/** Callback requests (docs/product/data.md) (Request Callback form of the help widget). */
export const callbackRequests = pgTable(
  'callback_requests',
  {
    id: serial('id').primaryKey(),
    accountId: integer('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    customerName: text('customer_name').notNull(),
    contactNumber: text('contact_number').notNull(),
    emailAddress: text('email_address').notNull(),
    bestTimeToCall: text('best_time_to_call').notNull(),
    queryType: text('query_type').notNull(),
    message: text('message'),
    myshopifyDomain: text('myshopify_domain'),
    submissionUrl: text('submission_url'),
    isCreatedFromDcApp: boolean('is_created_from_dc_app').notNull().default(true),
    attachmentIds: integer('attachment_ids')
      .array()
      .notNull()
      .default(sql`'{}'`),
    /** The conversation opened for it in the operator's support workspace, when configured. */
    operatorConversationId: integer('operator_conversation_id'),
    createdAt: createdAt(),
  },
  (t) => [index('callback_requests_account_idx').on(t.accountId, t.createdAt)],
);
