/**
 * Billing: Stripe webhook bookkeeping (the subscription state itself lives on `accounts`).
 */
import { integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { accounts } from './accounts';

/** Stripe events already applied (webhook idempotency on the event id). */
export const stripeEvents = pgTable('stripe_events', {
  id: text('id').primaryKey(),
  type: text('type').notNull(),
  accountId: integer('account_id').references(() => accounts.id, { onDelete: 'cascade' }),
  processedAt: timestamp('processed_at', { withTimezone: true }).notNull().defaultNow(),
});
