import { describe, expect, it } from 'vitest';
import type { AccountBusinessHours, SlaTargetsByPriority } from '@parley/contracts';
import {
  applyPlan,
  planClocks,
  policyFor,
  summaryOf,
  type Clock,
  type ConversationState,
  type PolicyRules,
} from './sla.clocks';

// docs/product/sla.md: the rules of the clocks, on fixed times (no database, no real clock).

const t = (first: number | null, next: number | null, resolution: number | null) => ({
  first_response_minutes: first,
  next_response_minutes: next,
  resolution_minutes: resolution,
});
const targets: SlaTargetsByPriority = {
  urgent: t(30, 30, 240),
  high: t(120, 60, 480),
  medium: t(240, 120, 1440),
  low: t(480, 240, null),
  none: t(null, null, null),
};
const policy = (over: Partial<PolicyRules> = {}): PolicyRules => ({
  id: 1,
  enabled: true,
  createdAt: new Date('2026-01-01T00:00:00Z'),
  businessHoursOnly: false,
  warningMinutes: 30,
  conditions: { channel_types: [], brand_ids: [] },
  targets,
  ...over,
});
/** Paris, Monday to Friday 09:00–17:00, closed on Christmas Day. */
const paris: AccountBusinessHours = {
  time_zone: 'Europe/Paris',
  days: [1, 2, 3, 4, 5].map((day) => ({ day, open: '09:00', close: '17:00' })),
  holidays: ['2026-12-25'],
};
const conversation = (over: Partial<ConversationState> = {}): ConversationState => ({
  id: 7,
  accountId: 1,
  status: 'open',
  priority: 'high',
  brandId: null,
  channelType: 'email',
  createdAt: new Date('2026-03-02T10:00:00Z'),
  firstResponseAt: null,
  waitingSince: new Date('2026-03-02T10:00:00Z'),
  lastIncomingAt: new Date('2026-03-02T10:00:00Z'),
  resolvedAt: null,
  ...over,
});
const H = 3_600_000;
const M = 60_000;

/** The clocks as the database would hold them after the plan, with ids. */
function written(clocks: Clock[], plan: ReturnType<typeof planClocks>): Clock[] {
  let next = 100 + clocks.length;
  return applyPlan(clocks, plan).map((k) => (k.id < 0 ? { ...k, id: next++ } : k));
}
const byMetric = (clocks: Clock[], metric: string) =>
  clocks.find((k) => k.metric === metric && k.stoppedAt === null);

describe('starting clocks', () => {
  it('a customer’s new conversation starts its first-response and resolution clocks at its creation', () => {
    const c = conversation();
    const now = new Date('2026-03-02T10:00:01Z');
    const clocks = written([], planClocks(c, [], policy(), null, now));
    expect(clocks.map((k) => k.metric).sort()).toEqual(['first_response', 'resolution']);
    const first = byMetric(clocks, 'first_response')!;
    expect(first.startedAt).toEqual(c.createdAt);
    expect(first.dueAt).toEqual(new Date(c.createdAt.getTime() + 2 * H));
    expect(first.warnAt).toEqual(new Date(c.createdAt.getTime() + 90 * M));
    expect(first.nextCheckAt).toEqual(first.warnAt);
    expect(byMetric(clocks, 'resolution')!.dueAt).toEqual(new Date(c.createdAt.getTime() + 8 * H));
  });

  it('a conversation older than the policy, or one an agent started, starts no clock', () => {
    const older = conversation({ createdAt: new Date('2025-12-31T23:00:00Z') });
    expect(planClocks(older, [], policy(), null, new Date()).inserts).toEqual([]);
    const outbound = conversation({
      firstResponseAt: new Date('2026-03-02T10:00:00Z'),
      waitingSince: null,
      lastIncomingAt: null,
    });
    expect(planClocks(outbound, [], policy(), null, new Date()).inserts).toEqual([]);
  });

  it('a priority without targets starts nothing; a policy covers only its channels and stores', () => {
    expect(
      planClocks(conversation({ priority: 'none' }), [], policy(), null, new Date()).inserts,
    ).toEqual([]);
    const emailOnly = policy({ conditions: { channel_types: ['email'], brand_ids: [4] } });
    expect(policyFor([emailOnly], { channelType: 'email', brandId: 4 })).toBe(emailOnly);
    expect(policyFor([emailOnly], { channelType: 'sms', brandId: 4 })).toBeNull();
    expect(policyFor([emailOnly], { channelType: 'email', brandId: null })).toBeNull();
    const off = policy({ enabled: false });
    expect(policyFor([off, emailOnly], { channelType: 'email', brandId: 4 })).toBe(emailOnly);
  });
});

describe('business hours', () => {
  it('counts only open hours: across a weekend and a holiday', () => {
    // Thursday 24 December 2026, 16:30 in Paris: 30 minutes left that day, Friday is Christmas,
    // then the weekend; the other 90 minutes of a 2-hour target run on Monday from 09:00.
    const created = new Date('2026-12-24T15:30:00Z');
    const c = conversation({ createdAt: created, waitingSince: created, lastIncomingAt: created });
    const p = policy({ businessHoursOnly: true });
    const clocks = written([], planClocks(c, [], p, paris, new Date('2026-12-24T15:31:00Z')));
    expect(byMetric(clocks, 'first_response')!.dueAt).toEqual(new Date('2026-12-28T09:30:00Z'));
    // The same policy without hours set on the account counts round the clock.
    const round = written([], planClocks(c, [], p, null, new Date('2026-12-24T15:31:00Z')));
    expect(byMetric(round, 'first_response')!.dueAt).toEqual(new Date('2026-12-24T17:30:00Z'));
  });

  it('keeps wall-clock hours across a DST change', () => {
    // Friday 27 March 2026, 16:00 in Paris (UTC+1): one hour on Friday; clocks go forward on
    // Sunday, so Monday's 09:00–10:00 is 07:00–08:00 UTC.
    const created = new Date('2026-03-27T15:00:00Z');
    const c = conversation({ createdAt: created, waitingSince: created, lastIncomingAt: created });
    const clocks = written(
      [],
      planClocks(c, [], policy({ businessHoursOnly: true }), paris, created),
    );
    expect(byMetric(clocks, 'first_response')!.dueAt).toEqual(new Date('2026-03-30T08:00:00Z'));
  });

  it('a pause moves the due time by the business time it lasted', () => {
    const created = new Date('2026-03-02T08:00:00Z'); // Monday 09:00 in Paris
    const c = conversation({ createdAt: created, waitingSince: created, lastIncomingAt: created });
    const p = policy({ businessHoursOnly: true });
    let clocks = written([], planClocks(c, [], p, paris, created));
    expect(byMetric(clocks, 'first_response')!.dueAt).toEqual(new Date('2026-03-02T10:00:00Z'));
    // Pending from Monday 10:00 to Tuesday 10:00 Paris: 8 business hours.
    const pausedAt = new Date('2026-03-02T09:00:00Z');
    clocks = written(clocks, planClocks({ ...c, status: 'pending' }, clocks, p, paris, pausedAt));
    const paused = byMetric(clocks, 'first_response')!;
    expect(paused).toMatchObject({ pausedAt, dueAt: null, warnAt: null, nextCheckAt: null });
    expect(summaryOf(clocks, pausedAt)).toEqual({
      metric: 'first_response',
      state: 'paused',
      due_at: null,
    });
    const resumed = new Date('2026-03-03T09:00:00Z');
    clocks = written(clocks, planClocks(c, clocks, p, paris, resumed));
    const first = byMetric(clocks, 'first_response')!;
    expect(first.pausedBusinessMs).toBe(8 * H);
    expect(first.pausedAt).toBeNull();
    // Two hours of target plus eight paused: Tuesday 11:00 Paris.
    expect(first.dueAt).toEqual(new Date('2026-03-03T10:00:00Z'));
  });

  it('round the clock, a pause adds exactly its length', () => {
    const c = conversation();
    let clocks = written([], planClocks(c, [], policy(), null, c.createdAt));
    const pausedAt = new Date(c.createdAt.getTime() + 30 * M);
    clocks = written(
      clocks,
      planClocks({ ...c, status: 'snoozed' }, clocks, policy(), null, pausedAt),
    );
    const resumed = new Date(pausedAt.getTime() + 5 * H);
    clocks = written(clocks, planClocks(c, clocks, policy(), null, resumed));
    expect(byMetric(clocks, 'first_response')!.dueAt).toEqual(
      new Date(c.createdAt.getTime() + 2 * H + 5 * H),
    );
  });
});

describe('stopping and re-timing', () => {
  it('the first reply stops the first-response clock: met in time, missed late', () => {
    const c = conversation();
    const clocks = written([], planClocks(c, [], policy(), null, c.createdAt));
    const inTime = new Date(c.createdAt.getTime() + H);
    const met = planClocks(
      { ...c, firstResponseAt: inTime, waitingSince: null },
      clocks,
      policy(),
      null,
      inTime,
    );
    const firstId = byMetric(clocks, 'first_response')!.id;
    expect(met.updates).toEqual([{ id: firstId, set: { stoppedAt: inTime, nextCheckAt: null } }]);
    const late = new Date(c.createdAt.getTime() + 3 * H);
    const missed = planClocks(
      { ...c, firstResponseAt: late, waitingSince: null },
      clocks,
      policy(),
      null,
      late,
    );
    expect(missed.updates[0]!.set).toEqual({
      stoppedAt: late,
      nextCheckAt: null,
      breachedAt: byMetric(clocks, 'first_response')!.dueAt,
    });
  });

  it('a customer writing again after an answer starts a next-response clock at their message', () => {
    const c = conversation();
    let clocks = written([], planClocks(c, [], policy(), null, c.createdAt));
    const answered = {
      ...c,
      firstResponseAt: new Date(c.createdAt.getTime() + H),
      waitingSince: null,
    };
    clocks = written(
      clocks,
      planClocks(answered, clocks, policy(), null, answered.firstResponseAt),
    );
    const wrote = new Date(c.createdAt.getTime() + 2 * H);
    const again = { ...answered, waitingSince: wrote, lastIncomingAt: wrote };
    clocks = written(clocks, planClocks(again, clocks, policy(), null, wrote));
    const next = byMetric(clocks, 'next_response')!;
    expect(next.startedAt).toEqual(wrote);
    expect(next.dueAt).toEqual(new Date(wrote.getTime() + H));
    // Synced again with nothing new: nothing to do.
    expect(planClocks(again, clocks, policy(), null, wrote)).toEqual({ updates: [], inserts: [] });
    // The next answer stops it.
    const replied = new Date(wrote.getTime() + 10 * M);
    const plan = planClocks({ ...again, waitingSince: null }, clocks, policy(), null, replied);
    expect(plan.updates).toEqual([{ id: next.id, set: { stoppedAt: replied, nextCheckAt: null } }]);
  });

  it('a priority change re-times; a priority without the target cancels the clock', () => {
    const c = conversation();
    let clocks = written([], planClocks(c, [], policy(), null, c.createdAt));
    const now = new Date(c.createdAt.getTime() + 10 * M);
    clocks = written(clocks, planClocks({ ...c, priority: 'urgent' }, clocks, policy(), null, now));
    expect(byMetric(clocks, 'first_response')).toMatchObject({
      priority: 'urgent',
      dueAt: new Date(c.createdAt.getTime() + 30 * M),
    });
    // low has no resolution target.
    clocks = written(clocks, planClocks({ ...c, priority: 'low' }, clocks, policy(), null, now));
    expect(byMetric(clocks, 'resolution')).toBeUndefined();
    expect(clocks.find((k) => k.metric === 'resolution')).toMatchObject({
      cancelled: true,
      stoppedAt: now,
    });
    expect(byMetric(clocks, 'first_response')!.dueAt).toEqual(
      new Date(c.createdAt.getTime() + 8 * H),
    );
  });

  it('a breach is final: closing stops a breached clock as missed, an unbreached response clock unjudged', () => {
    const c = conversation();
    const clocks = written([], planClocks(c, [], policy(), null, c.createdAt)).map((k) =>
      k.metric === 'first_response' ? { ...k, breachedAt: k.dueAt, nextCheckAt: null } : k,
    );
    const closedAt = new Date(c.createdAt.getTime() + 3 * H);
    const closed = { ...c, status: 'closed', resolvedAt: closedAt };
    const after = written(clocks, planClocks(closed, clocks, policy(), null, closedAt));
    expect(after.find((k) => k.metric === 'first_response')).toMatchObject({
      stoppedAt: closedAt,
      cancelled: false,
    });
    expect(after.find((k) => k.metric === 'resolution')).toMatchObject({
      stoppedAt: closedAt,
      breachedAt: null,
    });
    // Reopened later, it gets no new resolution clock.
    const reopened = { ...c, status: 'open', waitingSince: new Date(closedAt.getTime() + H) };
    expect(
      planClocks(reopened, after, policy(), null, new Date(closedAt.getTime() + H)).inserts,
    ).toEqual([]);
  });

  it('the row shows the clock due first, breached before warning before running', () => {
    const now = new Date('2026-03-02T12:00:00Z');
    const clock = (metric: string, due: string, warn: string) => ({
      metric,
      stoppedAt: null,
      pausedAt: null,
      breachedAt: null,
      dueAt: new Date(due),
      warnAt: new Date(warn),
    });
    expect(
      summaryOf(
        [
          clock('resolution', '2026-03-02T18:00:00Z', '2026-03-02T17:30:00Z'),
          clock('first_response', '2026-03-02T12:20:00Z', '2026-03-02T11:50:00Z'),
        ],
        now,
      ),
    ).toEqual({ metric: 'first_response', state: 'warning', due_at: '2026-03-02T12:20:00.000Z' });
    expect(
      summaryOf([clock('first_response', '2026-03-02T11:00:00Z', '2026-03-02T10:30:00Z')], now)
        ?.state,
    ).toBe('breached');
    expect(summaryOf([], now)).toBeNull();
  });
});
