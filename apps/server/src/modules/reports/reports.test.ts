import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { BUSINESS_HOURS_PATH, REPORT_PATHS, type ReportOverview } from '@parley/contracts';
import {
  accounts,
  contacts,
  conversationRatings,
  conversations,
  conversationTags,
  messages,
  npsFeedback,
  reportConversationMonths,
  reportConversationMonthState,
  reportMessageQuarters,
  npsMilestones,
  supportChannels,
  tags,
  teams,
} from '../../db/schema';
import { as, createTestContext, signUp, type Session, type TestContext } from '../../test/harness';
import {
  noteAllConversationMonths,
  rolledMessageId,
  rollUpConversationMonths,
  rollUpMessageVolume,
} from './reports.rollup';
import { ownerAndTeammate } from '../../test/inbox-fixtures';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext({ AUTH_RATE_LIMIT_PER_MINUTE: '1000' });
});
afterAll(() => ctx.close());

const at = (s: string) => new Date(s);
const plus = (s: string, seconds: number) => new Date(Date.parse(s) + seconds * 1000);

interface ConvSpec {
  channel: number;
  created: string;
  firstResponseAfter?: number;
  resolvedAt?: string;
  assignee?: number | null;
  team?: number | null;
  tags?: number[];
  messages?: [direction: 'incoming' | 'outgoing' | 'internal', at: string][];
}

/**
 * A known account, built straight in the database with exact timestamps (UTC). The range under
 * test is 2026-03-01 … 2026-03-10 (10 days; 1 March 2026 is a Sunday), its previous period
 * 2026-02-19 … 2026-02-28.
 */
async function fixture() {
  const { owner, mate } = await ownerAndTeammate(ctx);
  const db = ctx.deps.db;
  const accountId = owner.accountId;
  const [email, chat] = await db
    .insert(supportChannels)
    .values([
      { accountId, type: 'email', name: 'support@acme.test' },
      { accountId, type: 'live_chat', name: 'Website chat' },
    ])
    .returning();
  const [billing] = await db.insert(teams).values({ accountId, name: 'Billing' }).returning();
  const [refund, vip] = await db
    .insert(tags)
    .values([
      { accountId, name: 'refund' },
      { accountId, name: 'vip' },
    ])
    .returning();
  const [contact] = await db.insert(contacts).values({ accountId, name: 'Carla' }).returning();

  const add = async (c: ConvSpec) => {
    const [row] = await db
      .insert(conversations)
      .values({
        accountId,
        supportChannelId: c.channel,
        contactId: contact!.id,
        status: c.resolvedAt ? 'closed' : 'open',
        assigneeId: c.assignee ?? null,
        teamId: c.team ?? null,
        createdAt: at(c.created),
        lastActivityAt: at(c.created),
        firstResponseAt:
          c.firstResponseAfter === undefined ? null : plus(c.created, c.firstResponseAfter),
        resolvedAt: c.resolvedAt ? at(c.resolvedAt) : null,
      })
      .returning();
    for (const tagId of c.tags ?? [])
      await db.insert(conversationTags).values({ conversationId: row!.id, tagId });
    for (const [direction, when] of c.messages ?? [])
      await db.insert(messages).values({
        accountId,
        conversationId: row!.id,
        supportChannelId: c.channel,
        direction,
        kind: direction === 'internal' ? 'note' : 'message',
        body: `${direction} at ${when}`,
        createdAt: at(when),
      });
    return row!.id;
  };

  // The current period.
  const refundByOwner = await add({
    channel: email!.id,
    created: '2026-03-02T09:00:00Z',
    firstResponseAfter: 600,
    resolvedAt: '2026-03-02T11:00:00Z', // 7,200 s
    assignee: owner.userId,
    team: billing!.id,
    tags: [refund!.id],
    messages: [
      ['incoming', '2026-03-02T09:00:00Z'],
      ['outgoing', '2026-03-02T09:10:00Z'],
      ['internal', '2026-03-02T09:20:00Z'], // a note: never a message in or out
    ],
  });
  const vipByMate = await add({
    channel: email!.id,
    created: '2026-03-03T10:00:00Z',
    firstResponseAfter: 1200,
    resolvedAt: '2026-03-04T10:00:00Z', // 86,400 s
    assignee: mate.userId,
    tags: [refund!.id, vip!.id],
    messages: [
      ['incoming', '2026-03-03T10:00:00Z'],
      ['incoming', '2026-03-03T10:05:00Z'],
      ['outgoing', '2026-03-03T10:20:00Z'],
    ],
  });
  await add({
    channel: chat!.id,
    created: '2026-03-05T14:30:00Z',
    firstResponseAfter: 60,
    assignee: owner.userId,
    messages: [
      ['incoming', '2026-03-05T14:30:00Z'],
      ['outgoing', '2026-03-05T14:31:00Z'],
    ],
  });
  await add({
    channel: chat!.id,
    created: '2026-03-10T23:00:00Z',
    team: billing!.id,
    messages: [['incoming', '2026-03-10T23:00:00Z']],
  });
  // Started in the previous period, closed in the current one (172,800 s).
  await add({
    channel: email!.id,
    created: '2026-02-27T08:00:00Z',
    firstResponseAfter: 300,
    resolvedAt: '2026-03-01T08:00:00Z',
    assignee: mate.userId,
    messages: [
      ['incoming', '2026-02-27T08:00:00Z'],
      ['outgoing', '2026-02-27T08:05:00Z'],
    ],
  });
  // The previous period.
  const previousChat = await add({
    channel: chat!.id,
    created: '2026-02-20T12:00:00Z',
    firstResponseAfter: 1800,
    resolvedAt: '2026-02-21T12:00:00Z',
    assignee: owner.userId,
    messages: [['incoming', '2026-02-20T12:00:00Z']],
  });
  // Just outside both periods.
  await add({
    channel: email!.id,
    created: '2026-03-11T00:00:00Z',
    firstResponseAfter: 5,
    messages: [['incoming', '2026-03-11T00:00:00Z']],
  });
  await add({
    channel: email!.id,
    created: '2026-02-18T23:59:59Z',
    messages: [['incoming', '2026-02-18T23:59:59Z']],
  });

  // Customers' /feedback ratings (CSAT): 5 and 3 in the current period, 4 in the previous one.
  const rate = (conversationId: number, rating: number, when: string) =>
    db
      .insert(conversationRatings)
      .values({ accountId, conversationId, rating, createdAt: at(when) });
  await rate(refundByOwner, 5, '2026-03-04T12:00:00Z');
  await rate(vipByMate, 3, '2026-03-06T12:00:00Z');
  await rate(previousChat, 4, '2026-02-25T12:00:00Z');
  // The agents' own product survey (NPS) is not customer satisfaction: it never counts in CSAT.
  const [milestone] = await db
    .insert(npsMilestones)
    .values({
      accountId,
      userId: owner.userId,
      name: 'reports test',
      startsAt: at('2026-01-01T00:00:00Z'),
      expiresAt: at('2027-01-01T00:00:00Z'),
    })
    .returning();
  await db.insert(npsFeedback).values({
    accountId,
    userId: owner.userId,
    milestoneId: milestone!.id,
    ratingStar: 1,
    createdAt: at('2026-03-05T12:00:00Z'),
  });

  return { owner, mate, email: email!, chat: chat!, billing: billing!, refund: refund!, vip: vip! };
}

type Fixture = Awaited<ReturnType<typeof fixture>>;
let f: Fixture;
beforeAll(async () => {
  f = await fixture();
});

const RANGE = 'from=2026-03-01&to=2026-03-10';
async function overview(s: Session, query = RANGE) {
  const res = await as(ctx, s).get(`${REPORT_PATHS.overview}?${query}`);
  if (res.statusCode !== 200) throw new Error(`overview: ${res.statusCode} ${res.body}`);
  return res.json() as ReportOverview;
}

/** Sets the account's time zone (its business hours'; none: UTC). */
async function setAccountZone(s: Session, zone: string | null) {
  const res = await as(ctx, s).put(BUSINESS_HOURS_PATH, {
    business_hours: zone === null ? null : { time_zone: zone, days: [], holidays: [] },
  });
  if (res.statusCode !== 200) throw new Error(`business hours: ${res.statusCode} ${res.body}`);
}

/** What `run` answers while the account's time zone is `zone`; UTC again afterwards. */
async function inAccountZone<T>(s: Session, zone: string, run: () => Promise<T>): Promise<T> {
  await setAccountZone(s, zone);
  try {
    return await run();
  } finally {
    await setAccountZone(s, null);
  }
}

/** A report query, in the account's time zone when it names one (UTC otherwise). */
type ZonedQuery = string | (() => string) | { query: string; zone: string };
async function overviewOf(s: Session, q: ZonedQuery) {
  if (typeof q === 'string') return overview(s, q);
  if (typeof q === 'function') return overview(s, q());
  return inAccountZone(s, q.zone, () => overview(s, q.query));
}
/** One after the other: a zoned query changes the account's zone while it runs. */
async function overviewsOf(s: Session, queries: ZonedQuery[]) {
  const out: ReportOverview[] = [];
  for (const q of queries) out.push(await overviewOf(s, q));
  return out;
}

describe('GET /dashboardapi/reports/overview', () => {
  it('counts the period and the previous period of equal length, with medians and p90 (percentile_cont)', async () => {
    const r = await overview(f.owner);
    expect(r.range).toEqual({ from: '2026-03-01', to: '2026-03-10', days: 10 });
    expect(r.previous_range).toEqual({ from: '2026-02-19', to: '2026-02-28', days: 10 });
    expect(r.timezone).toBe('UTC');
    expect(r.current).toEqual({
      opened: 4,
      closed: 3,
      messages_in: 5,
      messages_out: 3,
      // First replies after 60, 600 and 1,200 s; one conversation has none yet.
      first_response: { count: 3, median_seconds: 600, p90_seconds: 1080 },
      // Closed after 7,200, 86,400 and 172,800 s.
      resolution: { count: 3, median_seconds: 86400, p90_seconds: 155520 },
      csat: { responses: 2, average_rating: 4, satisfied_percent: 50 },
    });
    expect(r.previous).toEqual({
      opened: 2,
      closed: 1,
      messages_in: 2,
      messages_out: 1,
      first_response: { count: 2, median_seconds: 1050, p90_seconds: 1650 },
      resolution: { count: 1, median_seconds: 86400, p90_seconds: 86400 },
      csat: { responses: 1, average_rating: 4, satisfied_percent: 100 },
    });
  });

  it('gives every day of the range, zeros included, in order', async () => {
    const r = await overview(f.owner);
    expect(r.daily).toHaveLength(10);
    expect(r.daily.map((d) => d.date)).toEqual([
      '2026-03-01',
      '2026-03-02',
      '2026-03-03',
      '2026-03-04',
      '2026-03-05',
      '2026-03-06',
      '2026-03-07',
      '2026-03-08',
      '2026-03-09',
      '2026-03-10',
    ]);
    const byDate = Object.fromEntries(r.daily.map((d) => [d.date, d]));
    expect(byDate['2026-03-01']).toEqual({
      date: '2026-03-01',
      opened: 0,
      closed: 1,
      messages_in: 0,
      messages_out: 0,
    });
    expect(byDate['2026-03-03']).toEqual({
      date: '2026-03-03',
      opened: 1,
      closed: 0,
      messages_in: 2,
      messages_out: 1,
    });
    expect(byDate['2026-03-07']).toMatchObject({ opened: 0, closed: 0, messages_in: 0 });
  });

  it('breaks conversations down by channel, agent (unassigned included), team and tag', async () => {
    const { breakdowns } = await overview(f.owner);
    expect(breakdowns.channels).toEqual([
      {
        id: f.email.id,
        name: 'support@acme.test',
        opened: 2,
        closed: 3,
        first_response: { count: 2, median_seconds: 900, p90_seconds: 1140 },
        resolution: { count: 3, median_seconds: 86400, p90_seconds: 155520 },
      },
      {
        id: f.chat.id,
        name: 'Website chat',
        opened: 2,
        closed: 0,
        first_response: { count: 1, median_seconds: 60, p90_seconds: 60 },
        resolution: { count: 0, median_seconds: null, p90_seconds: null },
      },
    ]);
    const agents = Object.fromEntries(breakdowns.agents.map((a) => [a.name, a]));
    expect(Object.keys(agents).sort()).toEqual(['Olga Owner', 'Tariq Teammate', 'Unassigned']);
    expect(agents['Olga Owner']).toMatchObject({ id: f.owner.userId, opened: 2, closed: 1 });
    expect(agents['Tariq Teammate']).toMatchObject({ id: f.mate.userId, opened: 1, closed: 2 });
    expect(agents.Unassigned).toMatchObject({ id: null, opened: 1, closed: 0 });
    // Most opened first, then most closed.
    expect(breakdowns.teams).toEqual([
      expect.objectContaining({ id: null, name: 'No team', opened: 2, closed: 2 }),
      expect.objectContaining({ id: f.billing.id, name: 'Billing', opened: 2, closed: 1 }),
    ]);
    expect(breakdowns.tags.map((t) => [t.name, t.opened, t.closed])).toEqual([
      ['refund', 2, 2],
      ['vip', 1, 1],
    ]);
  });

  it('maps customer messages to a 7×24 busiest-hours grid, Monday first, in UTC by default', async () => {
    const { heatmap } = await overview(f.owner);
    expect(heatmap).toHaveLength(7);
    expect(heatmap.every((row) => row.length === 24)).toBe(true);
    expect(heatmap[1]![10]).toBe(2); // Tuesday 3 March, 10:00 and 10:05
    expect(heatmap[0]![9]).toBe(1); // Monday 2 March, 09:00
    expect(heatmap[3]![14]).toBe(1); // Thursday 5 March, 14:30
    expect(heatmap[1]![23]).toBe(1); // Tuesday 10 March, 23:00
    expect(heatmap.flat().reduce((a, b) => a + b, 0)).toBe(5); // replies are not counted
  });

  it('counts days and hours in the account’s time zone (its business hours’), whatever zone the browser names', async () => {
    const [plain, named] = await inAccountZone(f.owner, 'Asia/Kolkata', () =>
      Promise.all([overview(f.owner), overview(f.owner, `${RANGE}&tz=UTC`)]),
    );
    for (const r of [plain, named]) {
      expect(r.timezone).toBe('Asia/Kolkata');
      // 10 March 23:00 UTC is 11 March 04:30 in Kolkata: outside the range.
      expect(r.current.opened).toBe(3);
      expect(r.current.messages_in).toBe(4);
      expect(r.heatmap[1]![15]).toBe(2); // Tuesday 10:00 UTC is 15:30 in Kolkata
      expect(r.heatmap[1]![10]).toBe(0);
    }
    expect(named).toEqual(plain);
  });

  it('counts in UTC for an account without business hours, even when the browser names another zone', async () => {
    const r = await overview(f.owner, `${RANGE}&tz=Asia/Kolkata`);
    expect(r.timezone).toBe('UTC');
    expect(r.current.opened).toBe(4);
    expect(r.heatmap[1]![10]).toBe(2);
  });

  it('applies the channel, agent, team and tag filters to conversations and messages', async () => {
    const byAgent = await overview(f.owner, `${RANGE}&agent_id=${f.mate.userId}`);
    expect(byAgent.current).toMatchObject({
      opened: 1,
      closed: 2,
      messages_in: 2,
      messages_out: 1,
    });
    expect(byAgent.previous).toMatchObject({ opened: 1, messages_in: 1, messages_out: 1 });
    const byChannel = await overview(f.owner, `${RANGE}&channel_id=${f.chat.id}`);
    expect(byChannel.current).toMatchObject({
      opened: 2,
      closed: 0,
      messages_in: 2,
      messages_out: 1,
    });
    expect(byChannel.breakdowns.channels.map((c) => c.id)).toEqual([f.chat.id]);
    const byTeam = await overview(f.owner, `${RANGE}&team_id=${f.billing.id}`);
    expect(byTeam.current).toMatchObject({ opened: 2, closed: 1, messages_in: 2, messages_out: 1 });
    const byTag = await overview(f.owner, `${RANGE}&tag_id=${f.vip.id}`);
    expect(byTag.current).toMatchObject({
      opened: 1,
      closed: 1,
      messages_in: 2,
      messages_out: 1,
      first_response: { count: 1, median_seconds: 1200, p90_seconds: 1200 },
    });
    // CSAT follows the filters too: only the ratings of the matching conversations.
    expect(byTag.current.csat).toEqual({
      responses: 1,
      average_rating: 3,
      satisfied_percent: 0,
    });
    expect(byAgent.current.csat).toMatchObject({ responses: 1, average_rating: 3 });
    expect(byChannel.current.csat.responses).toBe(0);
    expect(byChannel.previous.csat).toEqual({
      responses: 1,
      average_rating: 4,
      satisfied_percent: 100,
    });
    expect(byTeam.current.csat).toMatchObject({ responses: 1, average_rating: 5 });
  });

  it('lets agents (not only admins) read the reports', async () => {
    const r = await overview(f.mate);
    expect(r.current.opened).toBe(4);
  });

  it('answers empty figures (null times, zero counts) for a range without activity', async () => {
    const r = await overview(f.owner, 'from=2025-06-01&to=2025-06-01');
    expect(r.current).toEqual({
      opened: 0,
      closed: 0,
      messages_in: 0,
      messages_out: 0,
      first_response: { count: 0, median_seconds: null, p90_seconds: null },
      resolution: { count: 0, median_seconds: null, p90_seconds: null },
      csat: { responses: 0, average_rating: null, satisfied_percent: null },
    });
    expect(r.daily).toHaveLength(1);
    expect(r.breakdowns.channels).toEqual([]);
  });

  it.each([
    ['from=2026-03-10&to=2026-03-01', 'The start date must be on or before the end date.'],
    ['from=2025-01-01&to=2026-01-02', 'Choose a date range of one year or less.'],
    ['from=2026-02-30&to=2026-03-01', 'Give the start date as YYYY-MM-DD, e.g. 2026-03-01.'],
    ['from=2026-03-01', 'to: Invalid input: expected string, received undefined'],
    [`${RANGE}&tz=Mars/Olympus`, 'That time zone is not known'],
    [`${RANGE}&agent_id=abc`, 'agent_id'],
  ])('refuses a bad range or filter with 400 validation_error (%s)', async (query, message) => {
    const res = await as(ctx, f.owner).get(`${REPORT_PATHS.overview}?${query}`);
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('validation_error');
    expect(res.json().message).toContain(message);
  });

  it('accepts a range of exactly one year (366 days in a leap year)', async () => {
    const r = await overview(f.owner, 'from=2024-01-01&to=2024-12-31');
    expect(r.range.days).toBe(366);
    expect(r.previous_range).toEqual({ from: '2022-12-31', to: '2023-12-31', days: 366 });
  });
});

describe('reports are scoped to the caller’s account (docs/ARCHITECTURE.md)', () => {
  it('another account sees none of A’s figures and cannot filter by A’s channel, team, tag or people', async () => {
    const b = await signUp(ctx, { account_name: 'Other shop' });
    const db = ctx.deps.db;
    const [channel] = await db
      .insert(supportChannels)
      .values({ accountId: b.accountId, type: 'email', name: 'b@other.test' })
      .returning();
    const [contact] = await db
      .insert(contacts)
      .values({ accountId: b.accountId, name: 'Bob' })
      .returning();
    const [theirConversation] = await db
      .insert(conversations)
      .values({
        accountId: b.accountId,
        supportChannelId: channel!.id,
        contactId: contact!.id,
        createdAt: at('2026-03-04T08:00:00Z'),
      })
      .returning();
    await db.insert(conversationRatings).values({
      accountId: b.accountId,
      conversationId: theirConversation!.id,
      rating: 1,
      createdAt: at('2026-03-05T08:00:00Z'),
    });

    const theirs = await overview(b);
    expect(theirs.current.opened).toBe(1);
    expect(theirs.current.messages_in).toBe(0);
    // Agents' CSAT figures are their own account's ratings only.
    expect(theirs.current.csat).toEqual({
      responses: 1,
      average_rating: 1,
      satisfied_percent: 0,
    });
    expect((await overview(f.owner)).current.csat.responses).toBe(2);
    expect(theirs.breakdowns.channels.map((c) => c.name)).toEqual(['b@other.test']);
    expect(JSON.stringify(theirs)).not.toContain('support@acme.test');
    expect((await overview(f.owner)).current.opened).toBe(4);

    for (const [param, id] of [
      ['channel_id', f.email.id],
      ['team_id', f.billing.id],
      ['tag_id', f.refund.id],
      ['agent_id', f.mate.userId],
    ] as const) {
      const res = await as(ctx, b).get(`${REPORT_PATHS.overview}?${RANGE}&${param}=${id}`);
      expect({ param, status: res.statusCode, code: res.json().code }).toEqual({
        param,
        status: 404,
        code: 'not_found',
      });
    }
    const csv = await as(ctx, b).get(`${REPORT_PATHS.exportCsv}?${RANGE}&channel_id=${f.email.id}`);
    expect(csv.statusCode).toBe(404);
  });

  it('refuses a member of another account naming A’s account (403 not_a_member)', async () => {
    const b = await signUp(ctx);
    for (const path of [REPORT_PATHS.overview, REPORT_PATHS.exportCsv]) {
      const res = await as(ctx, { ...b, accountId: f.owner.accountId }).get(`${path}?${RANGE}`);
      expect(res.statusCode).toBe(403);
      expect(res.json().code).toBe('not_a_member');
    }
  });
});

describe('GET /dashboardapi/reports/export.csv', () => {
  it('downloads one row per day by default, with the same figures as the overview', async () => {
    const res = await as(ctx, f.owner).get(`${REPORT_PATHS.exportCsv}?${RANGE}`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toBe(
      'attachment; filename="report-2026-03-01-to-2026-03-10-by-day.csv"',
    );
    const lines = res.body.split('\r\n');
    expect(lines[0]).toBe('date,opened,closed,messages_in,messages_out');
    expect(lines).toHaveLength(12); // header, 10 days, final line end
    expect(lines[2]).toBe('2026-03-02,1,1,1,1');
    expect(lines[3]).toBe('2026-03-03,1,0,2,1');
    expect(lines[11]).toBe('');
  });

  it('downloads one row per agent (or channel, team, tag) with median and p90 in seconds', async () => {
    const res = await as(ctx, f.owner).get(`${REPORT_PATHS.exportCsv}?${RANGE}&by=channel`);
    const lines = res.body.trim().split('\r\n');
    expect(lines).toEqual([
      'channel_id,channel,opened,closed,first_response_median_seconds,first_response_p90_seconds,resolution_median_seconds,resolution_p90_seconds',
      `${f.email.id},support@acme.test,2,3,900,1140,86400,155520`,
      `${f.chat.id},Website chat,2,0,60,60,,`,
    ]);
    const agents = await as(ctx, f.owner).get(`${REPORT_PATHS.exportCsv}?${RANGE}&by=agent`);
    expect(agents.body).toContain('\r\n,Unassigned,1,0,,,,\r\n');
  });

  it('quotes separators and defuses spreadsheet formulas in names (CSV injection)', async () => {
    const db = ctx.deps.db;
    const [evil] = await db
      .insert(tags)
      .values({ accountId: f.owner.accountId, name: '=HYPERLINK("http://x.test","a, b")' })
      .returning();
    const [conv] = await db
      .select({ id: conversations.id })
      .from(conversations)
      .where(
        and(
          eq(conversations.accountId, f.owner.accountId),
          eq(conversations.createdAt, at('2026-03-03T10:00:00Z')),
        ),
      );
    await db.insert(conversationTags).values({ conversationId: conv!.id, tagId: evil!.id });
    const res = await as(ctx, f.owner).get(`${REPORT_PATHS.exportCsv}?${RANGE}&by=tag`);
    expect(res.body).toContain(`\r\n${evil!.id},"'=HYPERLINK(""http://x.test"",""a, b"")",1,1,`);
    await db.delete(conversationTags).where(eq(conversationTags.tagId, evil!.id));
  });

  it('both report endpoints are documented in the OpenAPI schema, with their query parameters', async () => {
    const doc = (await ctx.app.inject({ method: 'GET', url: '/dashboardapi/docs/json' })).json();
    const route = doc.paths[REPORT_PATHS.overview].get;
    expect(route.tags).toEqual(['reports']);
    expect(route.parameters.map((p: { name: string }) => p.name)).toEqual(
      expect.arrayContaining(['from', 'to', 'channel_id', 'agent_id', 'team_id', 'tag_id', 'tz']),
    );
    const csv = doc.paths[REPORT_PATHS.exportCsv].get;
    expect(csv.parameters.map((p: { name: string }) => p.name)).toContain('by');
  });

  it('needs a session', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: `${REPORT_PATHS.overview}?${RANGE}` });
    expect(res.statusCode).toBe(401);
  });

  it('refuses an unknown grouping with 400', async () => {
    const res = await as(ctx, f.owner).get(`${REPORT_PATHS.exportCsv}?${RANGE}&by=week`);
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('validation_error');
  });
});

describe('conversation figures from the monthly rollup (a year over 1M conversations under a second)', () => {
  const db = () => ctx.deps.db;
  const roll = () => rollUpConversationMonths(db(), { settleMs: 0 });
  const queries: ZonedQuery[] = [
    RANGE, // within March: read raw
    'from=2026-01-01&to=2026-06-30', // whole months, their previous period too
    // Local months: partial UTC months at the ends.
    { query: 'from=2026-01-01&to=2026-06-30', zone: 'Asia/Kolkata' },
    'from=2026-02-15&to=2026-04-14',
    () => `from=2026-01-01&to=2026-06-30&agent_id=${f.mate.userId}`, // filtered: raw
    () => `from=2026-01-01&to=2026-06-30&tag_id=${f.refund.id}`,
  ];
  const all = () => overviewsOf(f.owner, queries);
  const monthState = (month: string, kind = 'created') =>
    db()
      .select()
      .from(reportConversationMonthState)
      .where(
        and(
          eq(reportConversationMonthState.accountId, f.owner.accountId),
          eq(reportConversationMonthState.kind, kind),
          eq(reportConversationMonthState.month, month),
        ),
      );
  const conversationCreatedAt = async (iso: string) => {
    const [row] = await db()
      .select()
      .from(conversations)
      .where(
        and(eq(conversations.accountId, f.owner.accountId), eq(conversations.createdAt, at(iso))),
      );
    return row!;
  };

  it('gives exactly the raw figures: every total, breakdown, median and p90', async () => {
    const raw = await all();
    expect(raw[1]!.current.opened).toBeGreaterThan(0);
    expect(await roll()).toBeGreaterThan(0);
    const rows = await db()
      .select()
      .from(reportConversationMonths)
      .where(eq(reportConversationMonths.accountId, f.owner.accountId));
    expect(rows.map((r) => r.dim).sort()).toEqual(
      expect.arrayContaining(['agent', 'channel', 'tag', 'team', 'total']),
    );
    expect(await monthState('2026-03-01')).toEqual([expect.objectContaining({ clean: true })]);
    expect(await all()).toEqual(raw);
    expect(await roll()).toBe(0); // nothing left dirty
  });

  it('counts a change to a rolled-up month at once (reassigned, tagged, reopened) and rolls it up again', async () => {
    await roll();
    const year = 'from=2026-01-01&to=2026-06-30';
    const before = await overview(f.owner, year);
    const vip = await conversationCreatedAt('2026-03-03T10:00:00Z'); // Tariq's, closed 4 March
    await db()
      .update(conversations)
      .set({ assigneeId: f.owner.userId, resolvedAt: null, status: 'open' })
      .where(eq(conversations.id, vip.id));
    await db().delete(conversationTags).where(eq(conversationTags.conversationId, vip.id));
    expect(await monthState('2026-03-01')).toEqual([expect.objectContaining({ clean: false })]);
    expect(await monthState('2026-03-01', 'resolved')).toEqual([
      expect.objectContaining({ clean: false }),
    ]);

    const changed = await overview(f.owner, year);
    const agent = (r: ReportOverview, id: number) => r.breakdowns.agents.find((a) => a.id === id);
    expect(agent(changed, f.mate.userId)!.opened).toBe(agent(before, f.mate.userId)!.opened - 1);
    expect(agent(changed, f.owner.userId)!.opened).toBe(agent(before, f.owner.userId)!.opened + 1);
    expect(changed.current.closed).toBe(before.current.closed - 1);
    const vipTag = (r: ReportOverview) => r.breakdowns.tags.find((t) => t.id === f.vip.id);
    expect(vipTag(before)!.opened).toBe(1);
    expect(vipTag(changed)).toBeUndefined();

    expect(await roll()).toBeGreaterThan(0);
    expect(await monthState('2026-03-01')).toEqual([expect.objectContaining({ clean: true })]);
    expect(await overview(f.owner, year)).toEqual(changed);
  });

  it('notes every past month again on request (conversations bulk-loaded with triggers off)', async () => {
    await roll();
    await noteAllConversationMonths(db());
    expect(await monthState('2026-03-01')).toEqual([expect.objectContaining({ clean: false })]);
    const raw = await all();
    expect(await roll()).toBeGreaterThan(0);
    expect(await monthState('2026-03-01')).toEqual([expect.objectContaining({ clean: true })]);
    expect(await all()).toEqual(raw);
  });

  it('never rolls up the current month: its conversations are read raw', async () => {
    const now = new Date();
    const month = `${now.toISOString().slice(0, 7)}-01`;
    await db()
      .insert(conversations)
      .values({
        accountId: f.owner.accountId,
        supportChannelId: f.email.id,
        contactId: (await conversationCreatedAt('2026-03-03T10:00:00Z')).contactId,
        status: 'open',
        createdAt: now,
        lastActivityAt: now,
      });
    await roll();
    expect(await monthState(month)).toEqual([]);
    const rolled = await db()
      .select()
      .from(reportConversationMonths)
      .where(
        and(
          eq(reportConversationMonths.accountId, f.owner.accountId),
          eq(reportConversationMonths.month, month),
        ),
      );
    expect(rolled).toEqual([]);
    const today = now.toISOString().slice(0, 10);
    const r = await overview(f.owner, `from=${month}&to=${today}`);
    expect(r.current.opened).toBeGreaterThanOrEqual(1);
  });

  it('lets an account with rolled-up months be deleted (its rollup goes with it)', async () => {
    const other = await signUp(ctx, { email: 'rollup-deleted@example.test' });
    const [channel] = await db()
      .insert(supportChannels)
      .values({ accountId: other.accountId, type: 'email', name: 'old@acme.test' })
      .returning();
    const [contact] = await db()
      .insert(contacts)
      .values({ accountId: other.accountId, name: 'Old' })
      .returning();
    await db()
      .insert(conversations)
      .values({
        accountId: other.accountId,
        supportChannelId: channel!.id,
        contactId: contact!.id,
        status: 'closed',
        createdAt: at('2025-05-05T10:00:00Z'),
        lastActivityAt: at('2025-05-05T10:00:00Z'),
        resolvedAt: at('2025-05-06T10:00:00Z'),
      });
    await roll();
    const rows = () =>
      db()
        .select()
        .from(reportConversationMonths)
        .where(eq(reportConversationMonths.accountId, other.accountId));
    expect((await rows()).length).toBeGreaterThan(0);
    await db().delete(accounts).where(eq(accounts.id, other.accountId));
    expect(await rows()).toEqual([]);
  });
});

describe('message counts from the quarter-hour rollup (long ranges pre-aggregated)', () => {
  const roll = () => rollUpMessageVolume(ctx.deps.db, { settleMs: 0 });
  const queries: ZonedQuery[] = [
    RANGE,
    { query: RANGE, zone: 'Asia/Kolkata' },
    'from=2026-02-01&to=2026-03-31',
    // The filters: by channel from the rollup too, by agent or tag from the messages alone.
    () => `${RANGE}&channel_id=${f.chat.id}`,
    () => `${RANGE}&agent_id=${f.mate.userId}`,
    () => `${RANGE}&tag_id=${f.vip.id}`,
  ];
  const all = () => overviewsOf(f.owner, queries);

  it('gives exactly the figures of the raw messages, and counts what arrives after it, even backdated', async () => {
    const raw = await all();
    // The first run notes the newest message; the next one (once settled) rolls up to it.
    await roll();
    expect(await roll()).toBeGreaterThan(0);
    expect(await rolledMessageId(ctx.deps.db)).toBeGreaterThan(0);
    const rows = await ctx.deps.db
      .select()
      .from(reportMessageQuarters)
      .where(eq(reportMessageQuarters.accountId, f.owner.accountId));
    expect(rows.length).toBeGreaterThan(0);
    // Neither counted twice (rollup and raw) nor lost: every figure is the raw one.
    expect(await all()).toEqual(raw);

    // A message stored after the rollup, with an earlier time (a provider's late retry).
    const [conversation] = await ctx.deps.db
      .select()
      .from(conversations)
      .where(eq(conversations.supportChannelId, f.chat.id))
      .limit(1);
    await ctx.deps.db.insert(messages).values({
      accountId: f.owner.accountId,
      conversationId: conversation!.id,
      supportChannelId: f.chat.id,
      direction: 'incoming',
      body: 'late',
      createdAt: at('2026-03-06T08:07:00Z'),
    });
    const late = await overview(f.owner);
    expect(late.current.messages_in).toBe(raw[0]!.current.messages_in + 1);
    await roll();
    await roll();
    expect(await overview(f.owner)).toEqual(late);
  });

  it('rolls up only ids noted long enough ago that no open transaction can still add a smaller one', async () => {
    const db = ctx.deps.db;
    const before = await rolledMessageId(db);
    const [conversation] = await db.select().from(conversations).limit(1);
    await db.insert(messages).values({
      accountId: conversation!.accountId,
      conversationId: conversation!.id,
      supportChannelId: conversation!.supportChannelId,
      direction: 'outgoing',
      body: 'fresh',
    });
    await rollUpMessageVolume(db); // notes the newest id: the new message's
    expect(await rollUpMessageVolume(db)).toBe(0); // five minutes have not passed
    expect(await rolledMessageId(db)).toBe(before);
  });

  it('a deleted channel takes its rolled-up counts with it', async () => {
    const db = ctx.deps.db;
    await roll();
    await roll();
    const forChat = () =>
      db
        .select()
        .from(reportMessageQuarters)
        .where(eq(reportMessageQuarters.supportChannelId, f.chat.id));
    expect((await forChat()).length).toBeGreaterThan(0);
    await db.delete(supportChannels).where(eq(supportChannels.id, f.chat.id));
    expect(await forChat()).toEqual([]);
    const r = await overview(f.owner);
    expect(r.breakdowns.channels.map((c) => c.id)).toEqual([f.email.id]);
    expect(r.current.messages_in).toBe(3); // the email channel's own
  });
});

describe('a report’s day is the account’s day (its business hours’ time zone), as in the conversation list', () => {
  it('counts 8 March 2026 in New York — the day clocks go forward, 23 hours long — as the list’s “created on 8 March” does, in the charts, the hours and the CSV', async () => {
    const owner = await signUp(ctx, { email: 'reports-new-york@example.test' });
    const db = ctx.deps.db;
    const accountId = owner.accountId;
    const [channel] = await db
      .insert(supportChannels)
      .values({ accountId, type: 'email', name: 'ny@acme.test' })
      .returning();
    const [contact] = await db.insert(contacts).values({ accountId, name: 'Nia' }).returning();
    // New York's 8 March runs from 05:00 UTC (EST, −5) to 04:00 UTC on the 9th (EDT, −4).
    const instants = [
      '2026-03-08T04:30:00Z', // 7 March 23:30 EST
      '2026-03-08T05:30:00Z', // 8 March 00:30 EST
      '2026-03-09T03:30:00Z', // 8 March 23:30 EDT
      '2026-03-09T04:30:00Z', // 9 March 00:30 EDT
    ];
    const ids: number[] = [];
    for (const when of instants) {
      const [row] = await db
        .insert(conversations)
        .values({
          accountId,
          supportChannelId: channel!.id,
          contactId: contact!.id,
          status: 'open',
          createdAt: at(when),
          lastActivityAt: at(when),
        })
        .returning();
      ids.push(row!.id);
      await db.insert(messages).values({
        accountId,
        conversationId: row!.id,
        supportChannelId: channel!.id,
        direction: 'incoming',
        kind: 'message',
        body: `hello at ${when}`,
        createdAt: at(when),
      });
    }
    const range = 'from=2026-03-08&to=2026-03-09';
    const listed = async (query: string) => {
      const res = await as(ctx, owner).get(`/dashboardapi/conversations?status=all&${query}`);
      expect(res.statusCode).toBe(200);
      return (res.json() as { items: { id: number }[] }).items.map((i) => i.id).sort();
    };

    // In UTC (no business hours), each day holds two.
    const utc = await overview(owner, range);
    expect(utc.daily.map((d) => [d.date, d.opened])).toEqual([
      ['2026-03-08', 2],
      ['2026-03-09', 2],
    ]);

    await inAccountZone(owner, 'America/New_York', async () => {
      // The browser's zone, named or not, changes nothing.
      const [r, named] = await Promise.all([
        overview(owner, range),
        overview(owner, `${range}&tz=Asia/Tokyo`),
      ]);
      expect(named).toEqual(r);
      expect(r.timezone).toBe('America/New_York');
      expect(r.daily).toEqual([
        { date: '2026-03-08', opened: 2, closed: 0, messages_in: 2, messages_out: 0 },
        { date: '2026-03-09', opened: 1, closed: 0, messages_in: 1, messages_out: 0 },
      ]);
      expect(r.current.opened).toBe(3);
      // Sunday 8 March 00:30 and 23:30, Monday 9 March 00:30, in New York's hours.
      expect(r.heatmap[6]![0]).toBe(1);
      expect(r.heatmap[6]![23]).toBe(1);
      expect(r.heatmap[0]![0]).toBe(1);
      expect(r.heatmap.flat().reduce((a, b) => a + b, 0)).toBe(3);
      // The list's "created on 8 March" is the same two conversations.
      expect(await listed('created_from=2026-03-08&created_to=2026-03-08')).toEqual(
        [ids[1]!, ids[2]!].sort(),
      );
      // The CSV's days are the same days.
      const csv = await as(ctx, owner).get(`${REPORT_PATHS.exportCsv}?${range}&by=day`);
      expect(csv.statusCode).toBe(200);
      expect(csv.body).toBe(
        'date,opened,closed,messages_in,messages_out\r\n' +
          '2026-03-08,2,0,2,0\r\n' +
          '2026-03-09,1,0,1,0\r\n',
      );
    });
  });
});
