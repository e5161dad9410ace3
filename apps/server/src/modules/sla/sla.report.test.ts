import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  BUSINESS_HOURS_PATH,
  dcuserPanelChannel,
  SLA_REPORT_PATHS,
  slaReport,
  type RealtimeEventPayloads,
  type SlaReport,
} from '@parley/contracts';
import { as, createTestContext, signUp, type Session, type TestContext } from '../../test/harness';
import {
  connectPusher,
  listen,
  subscribe,
  type TestPusher,
} from '../../realtime/pusher-test-client';
import { createPolicy, inboxOf, moveClockBack } from './sla.fixtures';
import { scanSlaClocks } from './sla.service';

// docs/product/sla.md: warnings and breaches, the attainment report.

let ctx: TestContext;
let port: number;
const clients: TestPusher[] = [];

beforeAll(async () => {
  ctx = await createTestContext({ AUTH_RATE_LIMIT_PER_MINUTE: '1000' });
  port = await listen(ctx.app);
});
afterAll(async () => {
  for (const c of clients) c.disconnect();
  await ctx.close();
});

const M = 60_000;

/** What the clocks of one conversation told who listens. */
function heardFor(conversationId: number) {
  const heard = { warnings: 0, breaches: 0, rows: 0 };
  const offs = [
    ctx.deps.events.on('sla_warning', (e) => {
      if (e.conversationId === conversationId) heard.warnings += 1;
    }),
    ctx.deps.events.on('sla_breached', (e) => {
      if (e.conversationId === conversationId) heard.breaches += 1;
    }),
    ctx.deps.events.on('conversation_updated', (e) => {
      if (e.conversationId === conversationId && e.changes?.[0] === 'sla') heard.rows += 1;
    }),
  ];
  return { heard, stop: () => offs.forEach((off) => off()) };
}

describe('warnings and breaches', () => {
  it('the scanner fires the warning, then the breach, each once, even when two scans run at once', async () => {
    const s = await signUp(ctx);
    await createPolicy(ctx, s);
    const inbox = await inboxOf(ctx, s);
    const id = await inbox.newConversation();
    const { heard, stop } = heardFor(id);
    const client = await connectPusher(port, { session: s });
    clients.push(client);
    const { channel } = await subscribe(client, dcuserPanelChannel(s.userId));
    const pushed: RealtimeEventPayloads['conversation_updated'][] = [];
    channel.bind('conversation_updated', (e: RealtimeEventPayloads['conversation_updated']) =>
      pushed.push(e),
    );

    // First response (240 min) started 220 minutes ago: within its 30 warning minutes.
    await moveClockBack(ctx, id, 'first_response', 220 * M);
    await Promise.all([scanSlaClocks(ctx.deps), scanSlaClocks(ctx.deps)]);
    expect(heard).toEqual({ warnings: 1, breaches: 0, rows: 1 });
    expect((await inbox.clocks(id)).clocks[0]).toMatchObject({ state: 'warning' });
    await Promise.all([scanSlaClocks(ctx.deps), scanSlaClocks(ctx.deps)]);
    expect(heard.warnings).toBe(1);

    // Thirty minutes later it is ten minutes past due.
    await moveClockBack(ctx, id, 'first_response', 30 * M);
    await Promise.all([scanSlaClocks(ctx.deps), scanSlaClocks(ctx.deps)]);
    await Promise.all([scanSlaClocks(ctx.deps), scanSlaClocks(ctx.deps)]);
    expect(heard).toEqual({ warnings: 1, breaches: 1, rows: 2 });
    const breached = (await inbox.clocks(id)).clocks[0]!;
    expect(breached).toMatchObject({ metric: 'first_response', state: 'breached' });
    expect(breached.breached_at).toBe(breached.due_at);

    // The inbox row followed live.
    await expect
      .poll(() =>
        pushed.find((e) => e.conversation.id === id && e.conversation.sla?.state === 'breached'),
      )
      .toBeTruthy();

    // Answered late: missed, and no event again.
    await inbox.reply(id);
    expect((await inbox.clocks(id)).clocks[0]).toMatchObject({ state: 'missed' });
    await scanSlaClocks(ctx.deps);
    expect(heard.breaches).toBe(1);
    stop();
  });

  it('a clock already past due when first seen is breached without a warning', async () => {
    const s = await signUp(ctx);
    await createPolicy(ctx, s);
    const inbox = await inboxOf(ctx, s);
    const id = await inbox.newConversation();
    const { heard, stop } = heardFor(id);
    await moveClockBack(ctx, id, 'first_response', 300 * M);
    await scanSlaClocks(ctx.deps);
    expect(heard).toMatchObject({ warnings: 0, breaches: 1 });
    stop();
  });
});

describe('the attainment report', () => {
  let s: Session;
  let owned: number;
  const day = (offset: number) =>
    new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
  const range = `from=${day(-1)}&to=${day(1)}`;

  beforeAll(async () => {
    s = await signUp(ctx, { name: 'Rita Reporter' });
    await createPolicy(ctx, s);
    const inbox = await inboxOf(ctx, s);
    // Kept: answered in time, high priority, Rita's.
    owned = await inbox.newConversation();
    await inbox.patch(owned, { priority: 'high', assignee_id: s.userId });
    await inbox.reply(owned);
    // Missed while still waiting: breached an hour ago, nobody's.
    const waiting = await inbox.newConversation();
    await moveClockBack(ctx, waiting, 'first_response', 300 * M);
    await scanSlaClocks(ctx.deps);
    // Missed: answered after the due time, nobody's.
    const late = await inbox.newConversation();
    await moveClockBack(ctx, late, 'first_response', 250 * M);
    await inbox.reply(late);
    await inbox.patch(late, { assignee_id: null });
  });

  const report = async (query: string) => {
    const res = await as(ctx, s).get(`${SLA_REPORT_PATHS.report}?${query}`);
    expect(res.statusCode).toBe(200);
    return slaReport.parse(res.json()) as SlaReport;
  };

  it('counts each clock once, kept or missed, by priority, with the total', async () => {
    const r = await report(`${range}&by=priority`);
    expect(
      r.rows.map((row) => [row.key, row.label, row.first_response.total, row.first_response.met]),
    ).toEqual([
      ['none', 'No priority', 2, 0],
      ['high', 'High', 1, 1],
    ]);
    expect(r.total.first_response).toEqual({ total: 3, met: 1, breached: 2, attainment: 0.3333 });
    // Resolution clocks still run unbreached: they count nowhere yet.
    expect(r.total.resolution.total).toBe(0);
    expect(r.total.next_response.attainment).toBeNull();
  });

  it('groups by the conversation’s agent (Unassigned last) and by day in the account’s time zone', async () => {
    const byAgent = await report(`${range}&by=agent`);
    expect(byAgent.rows.map((row) => [row.key, row.label, row.first_response.total])).toEqual([
      [String(s.userId), 'Rita Reporter', 1],
      ['none', 'Unassigned', 2],
    ]);
    const zone = (time_zone: string | null) =>
      as(ctx, s).put(BUSINESS_HOURS_PATH, {
        business_hours: time_zone ? { time_zone, days: [], holidays: [] } : null,
      });
    // 25 hours apart: the same moment is never on the same day in both zones.
    const keysIn = async (accountZone: string, query: string) => {
      expect((await zone(accountZone)).statusCode).toBe(200);
      const rows = (await report(`${range}&by=day${query}`)).rows;
      return rows.filter((row) => row.first_response.total > 0).map((row) => row.key);
    };
    try {
      const kiritimati = await keysIn('Pacific/Kiritimati', '');
      // The zone the browser names is not used: the account's is.
      expect(await keysIn('Pacific/Kiritimati', '&tz=Pacific/Pago_Pago')).toEqual(kiritimati);
      expect(await keysIn('Pacific/Pago_Pago', '&tz=Pacific/Kiritimati')).not.toEqual(kiritimati);
      const total = await report(`${range}&by=day`);
      expect(total.rows.reduce((n, row) => n + row.first_response.total, 0)).toBe(3);
    } finally {
      expect((await zone(null)).statusCode).toBe(200);
    }
    const byTeam = await report(`${range}&by=team`);
    expect(byTeam.rows.map((row) => row.label)).toEqual(['No team']);
  });

  it('exports the report as CSV: header, a row per group, the total; attainment in percent', async () => {
    const res = await as(ctx, s).get(`${SLA_REPORT_PATHS.exportCsv}?${range}&by=priority`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/csv');
    expect(res.headers['content-disposition']).toBe(
      `attachment; filename="sla-${day(-1)}-to-${day(1)}-by-priority.csv"`,
    );
    const lines = res.body.trimEnd().split('\r\n');
    expect(lines[0]).toBe(
      'priority,label,first_response_total,first_response_met,first_response_breached,first_response_attainment_percent,' +
        'next_response_total,next_response_met,next_response_breached,next_response_attainment_percent,' +
        'resolution_total,resolution_met,resolution_breached,resolution_attainment_percent',
    );
    expect(lines.slice(1)).toEqual([
      'none,No priority,2,0,2,0,0,0,0,,0,0,0,',
      'high,High,1,1,0,100,0,0,0,,0,0,0,',
      'total,Total,3,1,2,33.3,0,0,0,,0,0,0,',
    ]);
    // The export is in the audit log, as the other reports' exports are.
    const audit = await as(ctx, s).get('/dashboardapi/audit-log?action=report_exported');
    expect(audit.statusCode).toBe(200);
    expect((audit.json() as { entries: { details: unknown }[] }).entries[0]!.details).toEqual({
      report: 'sla',
      by: 'priority',
      from: day(-1),
      to: day(1),
    });
  });

  it('another account sees none of it; a backwards range is a 400', async () => {
    const other = await signUp(ctx);
    const theirs = await as(ctx, other).get(`${SLA_REPORT_PATHS.report}?${range}&by=priority`);
    expect((theirs.json() as SlaReport).total.first_response.total).toBe(0);
    const backwards = await as(ctx, s).get(
      `${SLA_REPORT_PATHS.report}?from=${day(1)}&to=${day(-1)}`,
    );
    expect(backwards.statusCode).toBe(400);
  });
});
