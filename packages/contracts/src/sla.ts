import { z } from 'zod';
import { schemaText } from './errors';
import { CHANNEL_TYPES } from './constants';
import { PRIORITIES } from './inbox-constants';
import { isCalendarDay, isTimeZone, reportRangeProblem } from './reports-constants';
import {
  MAX_HOLIDAYS,
  MAX_SLA_POLICIES,
  MAX_SLA_TARGET_MINUTES,
  SLA_CLOCK_STATES,
  SLA_METRICS,
  SLA_REPORT_GROUPS,
} from './sla-constants';
import { businessHoursDaySchema, overlappingPeriods } from './widget-chat';

const id = z.number().int().positive().max(2_147_483_647);

export const slaMetric = z.enum(SLA_METRICS);

// ---- The account's business hours ----

/**
 * The hours the team works, in one time zone, and the days it does not (holidays, local dates).
 * SLA clocks count only this time when a policy says so; automation rules' "business hours"
 * condition asks it too.
 */
export const accountBusinessHours = z
  .strictObject({
    time_zone: z
      .string()
      .trim()
      .min(1)
      .max(64)
      .refine(isTimeZone, 'That time zone is not known. Use a name such as Europe/Paris or UTC.'),
    days: z.array(businessHoursDaySchema).max(14),
    holidays: z
      .array(z.string().refine(isCalendarDay, 'Give each holiday as YYYY-MM-DD, e.g. 2026-12-25.'))
      .max(MAX_HOLIDAYS),
  })
  .superRefine((v, ctx) => {
    v.days.forEach((d, i) => {
      if (d.close <= d.open)
        ctx.addIssue({
          code: 'custom',
          path: ['days', i],
          message: 'Closes before it opens.',
        });
    });
    for (const i of overlappingPeriods(v.days))
      ctx.addIssue({
        code: 'custom',
        path: ['days', i],
        message: 'Starts before the period before it on that day ends.',
      });
  });
export type AccountBusinessHours = z.infer<typeof accountBusinessHours>;

/** GET answers and PUT takes it; null business hours: the team works round the clock. */
export const businessHoursSettings = z.strictObject({
  business_hours: accountBusinessHours.nullable(),
});
export type BusinessHoursSettings = z.infer<typeof businessHoursSettings>;

// ---- SLA policies ----

const minutes = z.number().int().min(1).max(MAX_SLA_TARGET_MINUTES).nullable();

/** One priority's targets, in minutes; null: no promise for that metric. */
export const slaTargets = z.strictObject({
  first_response_minutes: minutes,
  next_response_minutes: minutes,
  resolution_minutes: minutes,
});
export type SlaTargets = z.infer<typeof slaTargets>;

/** Targets for every priority (`none` is a conversation nobody prioritised). */
export const slaTargetsByPriority = z.strictObject(
  Object.fromEntries(PRIORITIES.map((p) => [p, slaTargets])) as Record<
    (typeof PRIORITIES)[number],
    typeof slaTargets
  >,
);
export type SlaTargetsByPriority = z.infer<typeof slaTargetsByPriority>;

/** Which conversations a policy covers; empty lists: every channel, every store. */
export const slaPolicyConditions = z.strictObject({
  channel_types: z.array(z.enum(CHANNEL_TYPES)).max(CHANNEL_TYPES.length),
  brand_ids: z.array(id).max(100),
});
export type SlaPolicyConditions = z.infer<typeof slaPolicyConditions>;

const name = z.string().trim().min(1, 'Give the policy a name.').max(120);
const warningMinutes = z
  .number()
  .int()
  .min(1)
  .max(60 * 24);

const hasSomeTarget = (targets: SlaTargetsByPriority) =>
  Object.values(targets).some(
    (t) =>
      t.first_response_minutes !== null ||
      t.next_response_minutes !== null ||
      t.resolution_minutes !== null,
  );

export const slaPolicyBody = z.strictObject({
  name,
  enabled: z.boolean().default(true),
  /** true: the clocks count only the account's business hours; false: round the clock. */
  business_hours_only: z.boolean(),
  /** "About to breach" fires this many minutes before a due time. */
  warning_minutes: warningMinutes,
  conditions: slaPolicyConditions,
  targets: slaTargetsByPriority.refine(hasSomeTarget, 'Set at least one target.'),
});
export type SlaPolicyBody = z.infer<typeof slaPolicyBody>;

export const slaPolicyPatch = z
  .strictObject({
    name: name.optional(),
    enabled: z.boolean().optional(),
    business_hours_only: z.boolean().optional(),
    warning_minutes: warningMinutes.optional(),
    conditions: slaPolicyConditions.optional(),
    targets: slaTargetsByPriority.refine(hasSomeTarget, 'Set at least one target.').optional(),
  })
  .refine((v) => Object.keys(v).length > 0, 'Send at least one field to change.');
export type SlaPolicyPatch = z.infer<typeof slaPolicyPatch>;

export const slaPolicy = z.object({
  id: z.number(),
  name: z.string(),
  enabled: z.boolean(),
  /** Policies are tried in this order; the first that covers a conversation applies. */
  position: z.number(),
  business_hours_only: z.boolean(),
  warning_minutes: z.number(),
  conditions: slaPolicyConditions,
  targets: slaTargetsByPriority,
  created_at: z.string(),
  updated_at: z.string(),
});
export type SlaPolicy = z.infer<typeof slaPolicy>;

export const slaPolicyList = z.object({ policies: z.array(slaPolicy) });
export type SlaPolicyList = z.infer<typeof slaPolicyList>;

export const slaPolicyParams = z.object({
  id: z.coerce.number().int().positive().max(2_147_483_647),
});
export const slaPolicyReorderBody = z.strictObject({ ids: z.array(id).max(MAX_SLA_POLICIES) });

// ---- A conversation's clocks ----

/** The clock the inbox shows on a conversation's row: the one due first. */
export const conversationSlaSummary = z.object({
  metric: slaMetric,
  state: z.enum(SLA_CLOCK_STATES),
  /** When it is (or was) due; null while paused. */
  due_at: z.string().nullable(),
});
export type ConversationSlaSummary = z.infer<typeof conversationSlaSummary>;

export const slaClock = z.object({
  metric: slaMetric,
  state: z.enum(SLA_CLOCK_STATES).or(z.enum(['met', 'missed'])),
  started_at: z.string(),
  /** null while paused. */
  due_at: z.string().nullable(),
  /** When the promise was kept or the clock ended; null while it counts. */
  stopped_at: z.string().nullable(),
  breached_at: z.string().nullable(),
});
export type SlaClock = z.infer<typeof slaClock>;

export const conversationSla = z.object({
  policy: z.object({ id: z.number(), name: z.string() }).nullable(),
  clocks: z.array(slaClock),
});
export type ConversationSla = z.infer<typeof conversationSla>;

// ---- Attainment report ----

const day = (message: string) => z.string().refine(isCalendarDay, message);

export const slaReportQuery = z
  .strictObject({
    from: day(schemaText('Give the start date as YYYY-MM-DD, e.g. 2026-03-01.')),
    to: day(schemaText('Give the end date as YYYY-MM-DD, e.g. 2026-03-01.')),
    by: z.enum(SLA_REPORT_GROUPS).default('team'),
    tz: z
      .string()
      .trim()
      .max(64)
      .refine(isTimeZone, 'That time zone is not known. Use a name such as Europe/Paris or UTC.')
      .default('UTC'),
  })
  .superRefine((q, ctx) => {
    const problem = reportRangeProblem(q.from, q.to);
    if (problem) ctx.addIssue({ code: 'custom', message: problem, path: [] });
  });
export type SlaReportQuery = z.infer<typeof slaReportQuery>;

/** One metric's figures: clocks that ended (kept or missed) in the period. */
export const slaAttainment = z.object({
  /** Clocks that were kept or missed. */
  total: z.number().int(),
  met: z.number().int(),
  breached: z.number().int(),
  /** met / total, 0 to 1; null when there were none. */
  attainment: z.number().nullable(),
});
export type SlaAttainment = z.infer<typeof slaAttainment>;

export const slaReportRow = z.object({
  /** The team's, agent's id, the priority, or the period's first day (YYYY-MM-DD). */
  key: z.string(),
  /** Its name in words; "No team" / "Unassigned" for conversations without one. */
  label: z.string(),
  first_response: slaAttainment,
  next_response: slaAttainment,
  resolution: slaAttainment,
});
export type SlaReportRow = z.infer<typeof slaReportRow>;

export const slaReport = z.object({
  by: z.enum(SLA_REPORT_GROUPS),
  rows: z.array(slaReportRow),
  total: slaReportRow,
});
export type SlaReport = z.infer<typeof slaReport>;
