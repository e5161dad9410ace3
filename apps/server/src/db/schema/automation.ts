/**
 * Automation rules: an account's admins say what happens to conversations by itself
 * (docs/product/automation.md). Conditions and actions are checked by the contracts' zod
 * schemas before they are stored.
 */
import type { AutomationAction, AutomationConditions } from '@parley/contracts';
import {
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
import { accounts, users } from './accounts';
import { conversations } from './conversations';

export const automationRules = pgTable(
  'automation_rules',
  {
    id: serial('id').primaryKey(),
    accountId: integer('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    enabled: boolean('enabled').notNull().default(true),
    position: integer('position').notNull(),
    trigger: text('trigger').notNull(),
    /** A time-based rule's wait (no customer reply, pending), in minutes; null for the others. */
    waitMinutes: integer('wait_minutes'),
    conditions: jsonb('conditions').$type<AutomationConditions>().notNull(),
    actions: jsonb('actions').$type<AutomationAction[]>().notNull(),
    createdByUserId: integer('created_by_user_id').references(() => users.id, {
      onDelete: 'set null',
    }),
    createdAt: createdAt(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [index('automation_rules_account_idx').on(t.accountId, t.trigger, t.position)],
);

/** One row per rule run on a conversation: the hourly limit per conversation counts them. */
export const automationRuns = pgTable(
  'automation_runs',
  {
    id: serial('id').primaryKey(),
    accountId: integer('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    conversationId: integer('conversation_id')
      .notNull()
      .references(() => conversations.id, { onDelete: 'cascade' }),
    ruleId: integer('rule_id').references(() => automationRules.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [index('automation_runs_conversation_idx').on(t.conversationId, t.createdAt)],
);

/**
 * A time-based rule's alarm on one conversation: set when the conversation enters the rule's
 * state (an agent replied; it became pending), removed when it leaves it, and claimed once when
 * due. The due index lets the alarms due now be found without reading every conversation.
 */
export const automationTimers = pgTable(
  'automation_timers',
  {
    id: serial('id').primaryKey(),
    accountId: integer('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    ruleId: integer('rule_id')
      .notNull()
      .references(() => automationRules.id, { onDelete: 'cascade' }),
    conversationId: integer('conversation_id')
      .notNull()
      .references(() => conversations.id, { onDelete: 'cascade' }),
    /** The rule's trigger, so leaving a state removes its alarms without reading the rules. */
    trigger: text('trigger').notNull(),
    /** When the conversation entered the state. */
    since: ts('since').notNull(),
    dueAt: ts('due_at').notNull(),
  },
  (t) => [
    uniqueIndex('automation_timers_rule_conversation_key').on(t.ruleId, t.conversationId),
    index('automation_timers_conversation_idx').on(t.conversationId, t.trigger),
    index('automation_timers_due_idx').on(t.dueAt),
  ],
);
