/**
 * Team workflow: each agent's availability and capacity, the auto-assignment rules of teams and
 * support channels, and the queue of conversations waiting for an agent (docs/product/assignment.md).
 */
import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
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
import { createdAt, ts } from './columns';
import { accounts, users } from './accounts';
import { teams } from './teams';
import { supportChannels } from './channels';
import { conversations } from './conversations';
import { automationRules } from './automation';

export const AVAILABILITY_STATUSES = ['online', 'away', 'offline'] as const;
export const ASSIGNMENT_MODES = ['off', 'round_robin', 'least_busy'] as const;

export const agentAvailability = pgTable(
  'agent_availability',
  {
    accountId: integer('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** What everyone sees, worked out from the three below (availability.ts). */
    status: text('status', { enum: AVAILABILITY_STATUSES }).notNull().default('offline'),
    /** What the agent chose with the switcher. */
    chosen: text('chosen', { enum: AVAILABILITY_STATUSES }).notNull().default('online'),
    /** The agent's app reported no activity for a while. */
    idle: boolean('idle').notNull().default(false),
    /** The agent has a realtime socket on the account's availability channel (any instance). */
    connected: boolean('connected').notNull().default(false),
    /** When the last socket went away: offline once it has been gone for a while. */
    disconnectedAt: ts('disconnected_at'),
    /** Most conversations open at once; null = no limit. */
    capacity: integer('capacity'),
    /**
     * Most conversations open at once on channels of a type (`{ chat: 3, email: 20 }`), beside
     * the overall capacity; a type not named has no limit of its own. Null = none.
     */
    capacityByChannelType: jsonb('capacity_by_channel_type').$type<Record<string, number>>(),
    /** Round-robin turns: the agent who waited longest since their last automatic assignment goes next. */
    lastAssignedAt: ts('last_assigned_at'),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.accountId, t.userId] }),
    index('agent_availability_disconnected_idx')
      .on(t.disconnectedAt)
      .where(sql`${t.connected} = false and ${t.status} <> 'offline'`),
    check('agent_availability_capacity_check', sql`${t.capacity} is null or ${t.capacity} >= 0`),
  ],
);

/** One rule per team and per support channel; a team's rule goes before its channel's. */
export const assignmentRules = pgTable(
  'assignment_rules',
  {
    id: serial('id').primaryKey(),
    accountId: integer('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    teamId: integer('team_id').references(() => teams.id, { onDelete: 'cascade' }),
    supportChannelId: integer('support_channel_id').references(() => supportChannels.id, {
      onDelete: 'cascade',
    }),
    mode: text('mode', { enum: ASSIGNMENT_MODES }).notNull().default('off'),
    /** An agent who goes offline gives their open conversations back to the queue. */
    releaseOffline: boolean('release_offline').notNull().default(false),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('assignment_rules_team_key')
      .on(t.teamId)
      .where(sql`${t.teamId} is not null`),
    uniqueIndex('assignment_rules_channel_key')
      .on(t.supportChannelId)
      .where(sql`${t.supportChannelId} is not null`),
    index('assignment_rules_account_idx').on(t.accountId),
    check(
      'assignment_rules_one_scope',
      sql`(${t.teamId} is null) <> (${t.supportChannelId} is null)`,
    ),
  ],
);

/**
 * The agents a support channel's rule hands conversations to; none listed (or none still a member
 * of the account) = every member. A team's rule chooses among its own members.
 */
export const assignmentChannelAgents = pgTable(
  'assignment_channel_agents',
  {
    supportChannelId: integer('support_channel_id')
      .notNull()
      .references(() => supportChannels.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    accountId: integer('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
  },
  (t) => [
    primaryKey({ columns: [t.supportChannelId, t.userId] }),
    index('assignment_channel_agents_user_idx').on(t.userId),
    index('assignment_channel_agents_account_idx').on(t.accountId),
  ],
);

/** Conversations waiting for an agent, oldest first. */
export const assignmentQueue = pgTable(
  'assignment_queue',
  {
    conversationId: integer('conversation_id')
      .primaryKey()
      .references(() => conversations.id, { onDelete: 'cascade' }),
    accountId: integer('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    queuedAt: timestamp('queued_at', { withTimezone: true }).notNull().defaultNow(),
    /**
     * The automation rule whose `auto_assign` queued it: handing it out later is that rule's
     * change, which the loop guard keeps from starting rules (docs/product/automation.md).
     */
    queuedByRuleId: integer('queued_by_rule_id').references(() => automationRules.id, {
      onDelete: 'set null',
    }),
  },
  (t) => [index('assignment_queue_account_idx').on(t.accountId, t.queuedAt, t.conversationId)],
);
