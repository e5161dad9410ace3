/**
 * SLA policies and their clocks (docs/product/sla.md): what an account promises its customers
 * (first response, next response, resolution, in minutes per priority) and, per conversation,
 * the clocks that count those promises. Policies' conditions and targets are checked by the
 * contracts' zod schemas before they are stored.
 */
import { sql } from 'drizzle-orm';
import type { SlaPolicyConditions, SlaTargetsByPriority } from '@parley/contracts';
import {
  bigint,
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  text,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { createdAt, ts } from './columns';
import { accounts } from './accounts';
import { conversations } from './conversations';

export const slaPolicies = pgTable(
  'sla_policies',
  {
    id: serial('id').primaryKey(),
    accountId: integer('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    enabled: boolean('enabled').notNull().default(true),
    /** Policies are tried in this order; the first that covers a conversation applies. */
    position: integer('position').notNull(),
    /** true: its clocks count only the account's business hours; false: round the clock. */
    businessHoursOnly: boolean('business_hours_only').notNull(),
    warningMinutes: integer('warning_minutes').notNull(),
    conditions: jsonb('conditions').$type<SlaPolicyConditions>().notNull(),
    targets: jsonb('targets').$type<SlaTargetsByPriority>().notNull(),
    createdAt: createdAt(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [index('sla_policies_account_idx').on(t.accountId, t.position)],
);

/**
 * One promise counted on one conversation. A clock runs until it stops (met or missed) or is
 * cancelled (no verdict, ignored by the report); while the conversation waits on the customer
 * it is paused (due_at null). next_check_at is when the scanner must look at it next: its
 * warning time, then its due time, then never.
 */
export const slaClocks = pgTable(
  'sla_clocks',
  {
    id: serial('id').primaryKey(),
    accountId: integer('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    conversationId: integer('conversation_id')
      .notNull()
      .references(() => conversations.id, { onDelete: 'cascade' }),
    policyId: integer('policy_id').references(() => slaPolicies.id, { onDelete: 'set null' }),
    /** first_response, next_response or resolution. */
    metric: text('metric').notNull(),
    /** The conversation's priority whose target the clock counts. */
    priority: text('priority').notNull(),
    startedAt: ts('started_at').notNull(),
    /** Null while paused. */
    dueAt: ts('due_at'),
    /** due_at less the policy's warning minutes; null while paused. */
    warnAt: ts('warn_at'),
    pausedAt: ts('paused_at'),
    /** Time spent paused so far, in the clock's own time (business or round the clock). */
    pausedBusinessMs: bigint('paused_business_ms', { mode: 'number' }).notNull().default(0),
    warnedAt: ts('warned_at'),
    breachedAt: ts('breached_at'),
    stoppedAt: ts('stopped_at'),
    /** Stopped without a verdict (its target or policy went away): the report ignores it. */
    cancelled: boolean('cancelled').notNull().default(false),
    nextCheckAt: ts('next_check_at'),
    createdAt: createdAt(),
  },
  (t) => [
    // At most one running clock per metric: concurrent starts of the same clock insert one.
    uniqueIndex('sla_clocks_running_key')
      .on(t.conversationId, t.metric)
      .where(sql`${t.stoppedAt} is null`),
    // A conversation's clocks (its sync; and the cascade of a deleted conversation).
    index('sla_clocks_conversation_idx').on(t.conversationId, t.metric, t.startedAt),
    // The scanner: due warnings and breaches, in time order.
    index('sla_clocks_check_idx')
      .on(t.nextCheckAt)
      .where(sql`${t.nextCheckAt} is not null`),
    // An account's running clocks (re-timing after its hours or policies change).
    index('sla_clocks_running_idx')
      .on(t.accountId, t.conversationId)
      .where(sql`${t.stoppedAt} is null`),
    // The report: clocks by the time they were kept or missed.
    index('sla_clocks_report_idx')
      .on(t.accountId, sql`coalesce(${t.breachedAt}, ${t.stoppedAt})`)
      .where(sql`not ${t.cancelled} and coalesce(${t.breachedAt}, ${t.stoppedAt}) is not null`),
    // A deleted policy sets its clocks' policy to null.
    index('sla_clocks_policy_idx').on(t.policyId),
  ],
);
