import { z } from 'zod';
import { schemaText } from './errors';
import {
  isCalendarDay,
  reportRangeProblem,
  isTimeZone,
  REPORT_EXPORT_GROUPS,
} from './reports-constants';

const day = (message: string) => z.string().refine(isCalendarDay, message);
const filterId = z.coerce.number().int().positive().max(2_147_483_647).optional();

const reportFields = z.object({
  from: day(schemaText('Give the start date as YYYY-MM-DD, e.g. 2026-03-01.')),
  to: day(schemaText('Give the end date as YYYY-MM-DD, e.g. 2026-03-01.')),
  channel_id: filterId,
  agent_id: filterId,
  team_id: filterId,
  tag_id: filterId,
  /**
   * Accepted for older callers and not used: reports count days and hours in the account's time
   * zone (its business hours', else UTC), as the conversation list does.
   */
  tz: z
    .string()
    .trim()
    .max(64)
    .refine(isTimeZone, 'That time zone is not known. Use a name such as Europe/Paris or UTC.')
    .default('UTC'),
});

function checkRange(q: { from: string; to: string }, ctx: z.RefinementCtx) {
  const problem = reportRangeProblem(q.from, q.to);
  if (problem) ctx.addIssue({ code: 'custom', message: problem, path: [] });
}

export const reportQuery = reportFields.superRefine(checkRange);
export type ReportQuery = z.infer<typeof reportQuery>;

export const reportExportQuery = reportFields
  .extend({ by: z.enum(REPORT_EXPORT_GROUPS).default('day') })
  .superRefine(checkRange);
export type ReportExportQuery = z.infer<typeof reportExportQuery>;
/** What the web app sends: the same fields, tz optional. */
export type ReportFilters = z.input<typeof reportQuery>;

const seconds = z.number().nullable();

export const durationStats = z.object({
  /** How many conversations the figures are computed over. */
  count: z.number().int(),
  median_seconds: seconds,
  p90_seconds: seconds,
});
export type DurationStats = z.infer<typeof durationStats>;

/**
 * Customer satisfaction (CSAT): the customers' ratings of their conversations (1 to 5 stars, from
 * the /feedback page or the widget) given in the period, for the conversations that match the
 * report's channel, agent, team and tag filters.
 */
export const csatStats = z.object({
  responses: z.number().int(),
  /** Mean star rating, 1 to 5; null without ratings. */
  average_rating: z.number().nullable(),
  /** Share of 4 and 5 star ratings, 0 to 100; null without ratings. */
  satisfied_percent: z.number().nullable(),
});

export const reportTotals = z.object({
  /** Conversations started in the period. */
  opened: z.number().int(),
  /** Conversations closed in the period (their latest close). */
  closed: z.number().int(),
  /** Customer messages received in the period. */
  messages_in: z.number().int(),
  /** Replies sent to customers in the period (internal notes and activity excluded). */
  messages_out: z.number().int(),
  /** From a conversation's start to the first reply, over conversations started in the period. */
  first_response: durationStats,
  /** From a conversation's start to its close, over conversations closed in the period. */
  resolution: durationStats,
  csat: csatStats,
});
export type ReportTotals = z.infer<typeof reportTotals>;

export const reportDay = z.object({
  date: z.string(),
  opened: z.number().int(),
  closed: z.number().int(),
  messages_in: z.number().int(),
  messages_out: z.number().int(),
});
export type ReportDay = z.infer<typeof reportDay>;

export const reportBreakdownRow = z.object({
  /** null: unassigned (agents) or without a team (teams). */
  id: z.number().int().nullable(),
  name: z.string(),
  opened: z.number().int(),
  closed: z.number().int(),
  first_response: durationStats,
  resolution: durationStats,
});
export type ReportBreakdownRow = z.infer<typeof reportBreakdownRow>;

export const reportRange = z.object({ from: z.string(), to: z.string(), days: z.number().int() });

export const reportOverviewResponse = z.object({
  range: reportRange,
  /** The same number of days just before the range. */
  previous_range: reportRange,
  /** The zone days and hours are counted in. */
  timezone: z.string(),
  current: reportTotals,
  previous: reportTotals,
  /** Every day of the range, in order, zeros included. */
  daily: z.array(reportDay),
  breakdowns: z.object({
    channels: z.array(reportBreakdownRow),
    agents: z.array(reportBreakdownRow),
    teams: z.array(reportBreakdownRow),
    tags: z.array(reportBreakdownRow),
  }),
  /**
   * Busiest hours: customer messages received in the range, `cells[day][hour]` with day 0 =
   * Monday … 6 = Sunday and hour 0–23, in `timezone`.
   */
  heatmap: z.array(z.array(z.number().int())),
});
export type ReportOverview = z.infer<typeof reportOverviewResponse>;
