/**
 * How SLA clocks count (docs/product/sla.md), as pure functions of a conversation's state, its
 * policy, its clocks and the time: what to start, stop, pause, resume and re-time. The service
 * reads the state, asks this file and writes what it answers, so the rules are tested with a
 * fixed `now` and no database.
 */
import {
  SLA_METRICS,
  type AccountBusinessHours,
  type ConversationSlaSummary,
  type SlaMetric,
  type SlaPolicyConditions,
  type SlaTargetsByPriority,
} from '@parley/contracts';
import {
  addBusinessMs,
  businessMsBetween,
  type BusinessCalendar,
} from '../../lib/business-calendar';

/** What the clocks look at of a conversation. */
export interface ConversationState {
  id: number;
  accountId: number;
  status: string;
  priority: string;
  brandId: number | null;
  channelType: string;
  createdAt: Date;
  firstResponseAt: Date | null;
  waitingSince: Date | null;
  lastIncomingAt: Date | null;
  resolvedAt: Date | null;
}

export interface PolicyRules {
  id: number;
  enabled: boolean;
  createdAt: Date;
  businessHoursOnly: boolean;
  warningMinutes: number;
  conditions: SlaPolicyConditions;
  targets: SlaTargetsByPriority;
}

/** A clock as stored (the columns the rules read and write). */
export interface ClockTiming {
  policyId: number | null;
  priority: string;
  dueAt: Date | null;
  warnAt: Date | null;
  pausedAt: Date | null;
  pausedBusinessMs: number;
  warnedAt: Date | null;
  breachedAt: Date | null;
  stoppedAt: Date | null;
  cancelled: boolean;
  nextCheckAt: Date | null;
}

export interface Clock extends ClockTiming {
  id: number;
  metric: string;
  startedAt: Date;
}

export type NewClock = Omit<Clock, 'id'>;

export interface ClockPlan {
  /** Changed columns of existing clocks, by id. */
  updates: { id: number; set: Partial<ClockTiming> }[];
  inserts: NewClock[];
}

/** The first enabled policy, in order, whose conditions cover the conversation. */
export function policyFor<P extends PolicyRules>(
  policies: readonly P[],
  c: Pick<ConversationState, 'channelType' | 'brandId'>,
): P | null {
  return (
    policies.find(
      (p) =>
        p.enabled &&
        (p.conditions.channel_types.length === 0 ||
          (p.conditions.channel_types as readonly string[]).includes(c.channelType)) &&
        (p.conditions.brand_ids.length === 0 ||
          (c.brandId !== null && p.conditions.brand_ids.includes(c.brandId))),
    ) ?? null
  );
}

/** The calendar a policy's clocks count in; null: round the clock. */
export function calendarOf(
  policy: Pick<PolicyRules, 'businessHoursOnly'> | null,
  hours: AccountBusinessHours | null,
): BusinessCalendar | null {
  if (!policy?.businessHoursOnly || !hours) return null;
  return { timeZone: hours.time_zone, days: hours.days, holidays: hours.holidays };
}

/** Time counted between two instants: business time, or all of it round the clock. */
export function countedMs(calendar: BusinessCalendar | null, from: Date, to: Date): number {
  if (calendar)
    try {
      return businessMsBetween(calendar, from, to);
    } catch {
      // A time zone this runtime no longer knows: count round the clock rather than stop.
    }
  return Math.max(0, to.getTime() - from.getTime());
}

/**
 * When `ms` of counted time has passed since `from`. A calendar that never opens again (every
 * day a holiday) counts round the clock, so a clock is always due some time.
 */
export function afterCounted(calendar: BusinessCalendar | null, from: Date, ms: number): Date {
  if (calendar)
    try {
      const at = addBusinessMs(calendar, from, ms);
      if (at) return at;
    } catch {
      // As in countedMs.
    }
  return new Date(from.getTime() + ms);
}

const MINUTE = 60_000;
const minutesKey = (metric: SlaMetric) => `${metric}_minutes` as const;

/** The policy's target for a metric at a priority, in minutes; null: no promise. */
export function targetMinutes(policy: PolicyRules | null, priority: string, metric: SlaMetric) {
  if (!policy) return null;
  const targets = policy.targets[priority as keyof SlaTargetsByPriority];
  return targets?.[minutesKey(metric)] ?? null;
}

/** The due and warning times of a counting clock, and when the scanner looks next. */
function timing(
  policy: PolicyRules,
  calendar: BusinessCalendar | null,
  startedAt: Date,
  target: number,
  pausedMs: number,
  warnedAt: Date | null,
  now: Date,
) {
  const dueAt = afterCounted(calendar, startedAt, target * MINUTE + pausedMs);
  const warnAt = new Date(dueAt.getTime() - policy.warningMinutes * MINUTE);
  // Moved later than now (a lower priority), the warning is due again.
  const warned = warnedAt && warnAt.getTime() > now.getTime() ? null : warnedAt;
  return { dueAt, warnAt, warnedAt: warned, nextCheckAt: warned ? dueAt : warnAt };
}

const same = (a: unknown, b: unknown) =>
  a instanceof Date && b instanceof Date ? a.getTime() === b.getTime() : a === b;

/** Only the columns that change. */
function changed(clock: ClockTiming, next: Partial<ClockTiming>): Partial<ClockTiming> {
  const out: Partial<ClockTiming> = {};
  for (const [k, v] of Object.entries(next) as [keyof ClockTiming, never][])
    if (!same(clock[k], v)) out[k] = v;
  return out;
}

/** Stopped with a verdict at `at`: a clock stopped after its due time was breached then. */
function stopWithVerdict(clock: Clock, at: Date): Partial<ClockTiming> {
  const late = !clock.breachedAt && clock.dueAt !== null && at.getTime() > clock.dueAt.getTime();
  return {
    stoppedAt: at,
    nextCheckAt: null,
    ...(late ? { breachedAt: clock.dueAt } : {}),
  };
}

const isBreached = (clock: Clock, at: Date) =>
  clock.breachedAt !== null || (clock.dueAt !== null && clock.dueAt.getTime() <= at.getTime());

/**
 * A clock whose promise went away (no target, no policy, the conversation closed before an
 * answer was owed): stopped as missed when it had already passed its due time, else cancelled,
 * with no verdict.
 */
function drop(clock: Clock, now: Date): Partial<ClockTiming> {
  if (isBreached(clock, now)) return stopWithVerdict(clock, now);
  return { stoppedAt: now, cancelled: true, nextCheckAt: null };
}

/** When a running clock stops, and whether with a verdict; null: it keeps running. */
function stopOf(
  metric: SlaMetric,
  clock: Clock,
  c: ConversationState,
  now: Date,
): Partial<ClockTiming> | null {
  const closedAt = c.resolvedAt ?? now;
  switch (metric) {
    case 'first_response':
      if (c.firstResponseAt) return stopWithVerdict(clock, c.firstResponseAt);
      // Closed without an answer: nobody is owed one any more.
      return c.status === 'closed' ? drop(clock, closedAt) : null;
    case 'next_response':
      // The wait it counted ended: an agent answered (and the customer may have written again).
      if (c.waitingSince?.getTime() !== clock.startedAt.getTime())
        return stopWithVerdict(clock, now);
      return c.status === 'closed' ? drop(clock, closedAt) : null;
    case 'resolution':
      return c.status === 'closed' ? stopWithVerdict(clock, closedAt) : null;
  }
}

/** When a metric's clock would start on the conversation now; null: it does not. */
function startOf(metric: SlaMetric, c: ConversationState, clocks: readonly Clock[]): Date | null {
  if (c.status === 'closed') return null;
  const ever = clocks.some((k) => k.metric === metric);
  switch (metric) {
    // One first-response and one resolution clock per conversation, started by a customer.
    case 'first_response':
      return !ever && !c.firstResponseAt && c.lastIncomingAt ? c.createdAt : null;
    case 'resolution':
      return !ever && c.lastIncomingAt ? c.createdAt : null;
    // One per wait of a customer who wrote again after an agent's answer.
    case 'next_response': {
      const since = c.waitingSince;
      if (!c.firstResponseAt || !since) return null;
      const seen = clocks.some(
        (k) => k.metric === metric && k.startedAt.getTime() === since.getTime(),
      );
      return seen ? null : since;
    }
  }
}

const isWaitingOnCustomer = (status: string) => status === 'pending' || status === 'snoozed';

/**
 * What to do to a conversation's clocks now. `clocks`: its running clocks and the stopped ones
 * that decide whether a clock starts (first response, resolution, the current wait's). `retime`:
 * the policy or the hours changed, so running clocks count again from their start.
 */
export function planClocks(
  c: ConversationState,
  clocks: readonly Clock[],
  policy: PolicyRules | null,
  hours: AccountBusinessHours | null,
  now: Date,
  { retime = false } = {},
): ClockPlan {
  const plan: ClockPlan = { updates: [], inserts: [] };
  const calendar = calendarOf(policy, hours);
  const paused = isWaitingOnCustomer(c.status);
  const update = (clock: Clock, set: Partial<ClockTiming>) => {
    const diff = changed(clock, set);
    if (Object.keys(diff).length > 0) plan.updates.push({ id: clock.id, set: diff });
  };

  for (const metric of SLA_METRICS) {
    const running = clocks.find((k) => k.metric === metric && k.stoppedAt === null);
    const target = targetMinutes(policy, c.priority, metric);
    if (running) {
      const stop = stopOf(metric, running, c, now);
      if (stop) update(running, stop);
      else if (!policy || target === null || running.startedAt < policy.createdAt)
        // Its promise went away: a priority without this target, the policy turned off.
        update(running, drop(running, now));
      else if (running.breachedAt)
        // A breach is final: the clock waits for its stop and is never re-timed.
        update(running, { nextCheckAt: null });
      else if (paused) {
        // Past due already: left to the scanner, which breaches it within seconds.
        if (!running.pausedAt && !isBreached(running, now))
          update(running, { pausedAt: now, dueAt: null, warnAt: null, nextCheckAt: null });
      } else if (
        running.pausedAt ||
        retime ||
        running.policyId !== policy.id ||
        running.priority !== c.priority
      ) {
        const pausedMs =
          running.pausedBusinessMs +
          (running.pausedAt ? countedMs(calendar, running.pausedAt, now) : 0);
        update(running, {
          policyId: policy.id,
          priority: c.priority,
          pausedAt: null,
          pausedBusinessMs: pausedMs,
          ...timing(policy, calendar, running.startedAt, target, pausedMs, running.warnedAt, now),
        });
      }
      if (!stop || metric !== 'next_response') continue;
    }
    const startedAt = startOf(metric, c, clocks);
    // A policy counts what starts after it is saved, never a conversation's past.
    if (!startedAt || !policy || target === null || startedAt < policy.createdAt) continue;
    const base = {
      metric,
      startedAt,
      policyId: policy.id,
      priority: c.priority,
      pausedBusinessMs: 0,
      breachedAt: null,
      stoppedAt: null,
      cancelled: false,
    };
    plan.inserts.push(
      paused
        ? {
            ...base,
            pausedAt: now,
            dueAt: null,
            warnAt: null,
            warnedAt: null,
            nextCheckAt: null,
          }
        : { ...base, pausedAt: null, ...timing(policy, calendar, startedAt, target, 0, null, now) },
    );
  }
  return plan;
}

/** The clocks after the plan is written (to tell whether the row's summary changed). */
export function applyPlan(clocks: readonly Clock[], plan: ClockPlan): Clock[] {
  const sets = new Map(plan.updates.map((u) => [u.id, u.set]));
  return [
    ...clocks.map((k) => ({ ...k, ...sets.get(k.id) })),
    ...plan.inserts.map((k, i) => ({ ...k, id: -1 - i })),
  ];
}

/** A running clock's state as the inbox shows it. */
export function stateOf(
  clock: Pick<ClockTiming, 'pausedAt' | 'breachedAt' | 'dueAt' | 'warnAt'>,
  now: Date,
) {
  if (clock.breachedAt || (clock.dueAt && clock.dueAt.getTime() <= now.getTime()))
    return 'breached' as const;
  if (clock.pausedAt || !clock.dueAt) return 'paused' as const;
  if (clock.warnAt && clock.warnAt.getTime() <= now.getTime()) return 'warning' as const;
  return 'running' as const;
}

/**
 * The clock the inbox shows on a row: of the running ones, the one due first; paused ones only
 * when nothing else runs (first response before next response before resolution).
 */
export function summaryOf(
  clocks: readonly (Pick<Clock, 'metric' | 'stoppedAt'> &
    Pick<ClockTiming, 'pausedAt' | 'breachedAt' | 'dueAt' | 'warnAt'>)[],
  now: Date,
): ConversationSlaSummary | null {
  const live = clocks.filter((k) => k.stoppedAt === null);
  const counting = live
    .filter((k) => k.dueAt !== null && (!k.pausedAt || k.breachedAt))
    .sort((a, b) => a.dueAt!.getTime() - b.dueAt!.getTime());
  const order = (m: string) => SLA_METRICS.indexOf(m as SlaMetric);
  const shown =
    counting[0] ??
    live.filter((k) => k.pausedAt).sort((a, b) => order(a.metric) - order(b.metric))[0];
  if (!shown) return null;
  const state = stateOf(shown, now);
  return {
    metric: shown.metric as SlaMetric,
    state,
    due_at: state === 'paused' || !shown.dueAt ? null : shown.dueAt.toISOString(),
  };
}

/** Two summaries say the same (the row needs no push). */
export const sameSummary = (a: ConversationSlaSummary | null, b: ConversationSlaSummary | null) =>
  JSON.stringify(a) === JSON.stringify(b);
