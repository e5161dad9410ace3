/**
 * Report rollups: pre-summed counts so long report ranges stay fast.
 */
import {
  bigint,
  boolean,
  date,
  doublePrecision,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';
import { accounts } from './accounts';
import { supportChannels } from './channels';

/**
 * Reports: customer messages and replies per account, channel and UTC quarter hour,
 * rolled up from `messages` by a background task so long report ranges read a few thousand rows
 * instead of millions. Exact: a message's time, direction and channel never change, and a
 * deleted channel (or account) takes its rows with it. The newest messages, not yet rolled up,
 * are read raw (see report_rollup_marks).
 */
export const reportMessageQuarters = pgTable(
  'report_message_quarters',
  {
    accountId: integer('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    supportChannelId: integer('support_channel_id')
      .notNull()
      .references(() => supportChannels.id, { onDelete: 'cascade' }),
    bucket: timestamp('bucket', { withTimezone: true }).notNull(),
    incoming: integer('incoming').notNull().default(0),
    outgoing: integer('outgoing').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.accountId, t.bucket, t.supportChannelId] })],
);

/**
 * How far each rollup has read its source, by row id: every id up to `rolled_id` is counted. The
 * next stop is an id `noted_id` seen as the newest at `noted_at`; it is rolled up only once it is
 * old enough that no transaction still open can add a smaller id (ids are taken at insert time,
 * commits may land out of order).
 */
export const reportRollupMarks = pgTable('report_rollup_marks', {
  name: text('name').primaryKey(),
  rolledId: bigint('rolled_id', { mode: 'number' }).notNull().default(0),
  notedId: bigint('noted_id', { mode: 'number' }),
  notedAt: timestamp('noted_at', { withTimezone: true }),
});

/**
 * The conversation rollup for long report ranges: per account, UTC month and kind (`created`:
 * by start, with first-response times; `resolved`: by close, with resolution times), duration
 * histograms (reports.histogram.ts) for the whole account (`total`, key 0) and per channel,
 * agent, team and tag (key 0: unassigned, no team); and the daily series as counts per UTC
 * quarter hour (dim `quarter`, key: the quarter's number since 1970, bucket 0). Conversations
 * change after the fact
 * (reassigned, tagged, reopened), so a month is read from here only while its state is clean.
 */
export const reportConversationMonths = pgTable(
  'report_conversation_months',
  {
    accountId: integer('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    month: date('month', { mode: 'string' }).notNull(),
    kind: text('kind').notNull(),
    dim: text('dim').notNull(),
    key: integer('key').notNull(),
    bucket: integer('bucket').notNull(),
    n: integer('n').notNull(),
    lo: doublePrecision('lo'),
    hi: doublePrecision('hi'),
  },
  (t) => [primaryKey({ columns: [t.accountId, t.kind, t.month, t.dim, t.key, t.bucket] })],
);

/**
 * Which months of report_conversation_months can be read: a trigger on conversations and their
 * tags marks a past month dirty in the changing transaction (its row lock keeps the rollup job
 * from reading around an uncommitted change); the job recomputes dirty months and cleans them.
 * The current UTC month is never rolled up (reports read it raw).
 */
export const reportConversationMonthState = pgTable(
  'report_conversation_month_state',
  {
    accountId: integer('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    month: date('month', { mode: 'string' }).notNull(),
    clean: boolean('clean').notNull().default(false),
  },
  (t) => [primaryKey({ columns: [t.accountId, t.kind, t.month] })],
);
