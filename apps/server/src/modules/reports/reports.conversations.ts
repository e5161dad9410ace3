import { sql, type SQL } from 'drizzle-orm';
import { rowsOf, type Db } from '../../db/client';
import { addBucket, bucketOf, percentiles, toBucket, type Bucket } from './reports.histogram';
import {
  conversationFilter,
  FIRST_RESPONSE,
  quarter,
  RESOLUTION,
  ts,
  type RawDurations,
  type ReportFilter,
  type Scope,
} from './reports.queries';

/**
 * Conversation figures of the reports: how many started (`created`, with first-response times)
 * or closed (`resolved`, with resolution times), in total and per channel, agent, team and tag.
 * Whole UTC months that the rollup holds clean (report_conversation_months, rolled up by
 * reports.rollup.ts) are read from it; the rest of the range (its partial months at both ends,
 * the current month, months changed since their rollup) is read raw, as histograms too, and the
 * two are added up. A filtered report reads everything raw: the rollup keeps one dimension at a
 * time, not their combinations.
 */

export type Kind = 'created' | 'resolved';
export type Dimension = 'total' | 'channel' | 'agent' | 'team' | 'tag';

/** An instant range [from, to), ISO. */
export interface Interval {
  from: string;
  to: string;
}

const ANCHOR: Record<Kind, { at: SQL; duration: SQL }> = {
  created: { at: sql`c.created_at`, duration: FIRST_RESPONSE },
  resolved: { at: sql`c.resolved_at`, duration: RESOLUTION },
};

/** The first instant of the UTC month of `iso` (as YYYY-MM-01) and of the month after. */
const monthOf = (iso: string) => `${iso.slice(0, 7)}-01`;
export function nextMonth(month: string): string {
  const d = new Date(`${month}T00:00:00Z`);
  d.setUTCMonth(d.getUTCMonth() + 1);
  return d.toISOString().slice(0, 10);
}
const instant = (month: string) => `${month}T00:00:00Z`;
const monthList = (months: string[]) =>
  sql.join(
    months.map((m) => sql`${m}::date`),
    sql`, `,
  );

/** The UTC months wholly inside [from, to), as YYYY-MM-01. */
export function wholeMonths(from: string, to: string): string[] {
  const months: string[] = [];
  let m = monthOf(from);
  if (Date.parse(instant(m)) < Date.parse(from)) m = nextMonth(m);
  while (Date.parse(instant(nextMonth(m))) <= Date.parse(to)) {
    months.push(m);
    m = nextMonth(m);
  }
  return months;
}

/**
 * Splits [from, to) into the whole UTC months that can be read from the rollup (those in
 * `clean`) and the intervals left to read raw.
 */
export function splitRange(
  from: string,
  to: string,
  clean: ReadonlySet<string>,
): { months: string[]; intervals: Interval[] } {
  const months: string[] = [];
  const intervals: Interval[] = [];
  let cursor = from;
  for (const m of wholeMonths(from, to)) {
    if (!clean.has(m)) continue;
    if (Date.parse(cursor) < Date.parse(instant(m)))
      intervals.push({ from: cursor, to: instant(m) });
    months.push(m);
    cursor = instant(nextMonth(m));
  }
  if (Date.parse(cursor) < Date.parse(to)) intervals.push({ from: cursor, to });
  return { months, intervals };
}

/** The clean months of the rollup wholly inside [from, to), per kind. */
export async function cleanMonths(
  db: Db,
  accountId: number,
  from: string,
  to: string,
): Promise<Record<Kind, Set<string>>> {
  const clean: Record<Kind, Set<string>> = { created: new Set(), resolved: new Set() };
  const months = wholeMonths(from, to);
  if (months.length === 0) return clean;
  const result = await db.execute(sql`
    select kind, to_char(month, 'YYYY-MM-DD') as month
    from report_conversation_month_state
    where account_id = ${accountId} and clean
      and month >= ${months[0]}::date and month <= ${months.at(-1)}::date`);
  for (const r of rowsOf<{ kind: Kind; month: string }>(result)) clean[r.kind]?.add(r.month);
  return clean;
}

/**
 * SQL of the histogram rows (dim, key, b, n, lo, hi) of the account's conversations of one kind
 * whose time falls in the intervals: the total, and with `groups` per channel, agent and team
 * (key 0: unassigned, no team). Each interval is an index range scan; hashing by channel × agent
 * × team × bucket first leaves few rows for the grouping sets to sort.
 */
export function histogramSql(
  accountId: number,
  filter: ReportFilter,
  kind: Kind,
  intervals: Interval[],
  groups: boolean,
): SQL {
  const { at, duration } = ANCHOR[kind];
  const scans = intervals.map(
    (i) => sql`
      select c.support_channel_id as channel, c.assignee_id as agent, c.team_id as team,
        ${duration} as d
      from conversations c
      where c.account_id = ${accountId} and ${at} >= ${ts(i.from)} and ${at} < ${ts(i.to)}
        and ${conversationFilter(filter)}`,
  );
  const rows = sql.join(scans, sql` union all `);
  if (!groups)
    return sql`
      select 'total' as dim, 0 as key, ${bucketOf(sql`r.d`)} as b,
        count(*)::int as n, min(r.d) as lo, max(r.d) as hi
      from (${rows}) r
      group by 3`;
  return sql`
    with x as (
      select r.channel, r.agent, r.team, ${bucketOf(sql`r.d`)} as b,
        count(*)::int as n, min(r.d) as lo, max(r.d) as hi
      from (${rows}) r
      group by 1, 2, 3, 4
    )
    select
      case
        when grouping(x.channel) = 0 then 'channel'
        when grouping(x.agent) = 0 then 'agent'
        when grouping(x.team) = 0 then 'team'
        else 'total'
      end as dim,
      coalesce(case
        when grouping(x.channel) = 0 then x.channel
        when grouping(x.agent) = 0 then x.agent
        when grouping(x.team) = 0 then x.team
      end, 0) as key,
      x.b, sum(x.n)::int as n, min(x.lo) as lo, max(x.hi) as hi
    from x
    group by grouping sets ((x.b), (x.channel, x.b), (x.agent, x.b), (x.team, x.b))`;
}

/**
 * SQL of the histogram rows per tag (a conversation counts once for each of its tags) of the
 * account's conversations of one kind whose time falls in the intervals.
 */
export function tagHistogramSql(
  accountId: number,
  filter: ReportFilter,
  kind: Kind,
  intervals: Interval[],
): SQL {
  const { at, duration } = ANCHOR[kind];
  const within = sql.join(
    intervals.map((i) => sql`(${at} >= ${ts(i.from)} and ${at} < ${ts(i.to)})`),
    sql` or `,
  );
  return sql`
    select 'tag' as dim, t.tag_id as key, ${bucketOf(duration)} as b,
      count(*)::int as n, min(${duration}) as lo, max(${duration}) as hi
    from conversations c
    -- Each conversation's tags by its primary key (offset 0 keeps the subquery a lookup per
    -- conversation): a join would hash the tags of every conversation the account ever had.
    cross join lateral (
      select ct.tag_id from conversation_tags ct where ct.conversation_id = c.id offset 0
    ) t
    where c.account_id = ${accountId} and (${within}) and ${conversationFilter(filter)}
    group by 2, 3`;
}

interface HistogramRow {
  dim: Dimension;
  /** null: the whole account, unassigned or no team. */
  key: number | null;
  bucket: Bucket;
}

function histogramRows(result: unknown): HistogramRow[] {
  return rowsOf<Record<string, unknown>>(result).map((r) => {
    const dim = r.dim as Dimension;
    const key = Number(r.key);
    return { dim, key: dim === 'total' || key === 0 ? null : key, bucket: toBucket(r) };
  });
}

/** Histogram rows read raw over some intervals (none to read: no query). */
async function rawHistograms(db: Db, intervals: Interval[], query: SQL): Promise<HistogramRow[]> {
  return intervals.length === 0 ? [] : histogramRows(await db.execute(query));
}

/** The rollup's rows of some months added up: the total, and with `groups` every dimension. */
async function rolledHistograms(
  db: Db,
  accountId: number,
  kind: Kind,
  months: string[],
  groups: boolean,
): Promise<HistogramRow[]> {
  if (months.length === 0) return [];
  const result = await db.execute(sql`
    select dim, key, bucket as b, sum(n)::int as n, min(lo) as lo, max(hi) as hi
    from report_conversation_months
    where account_id = ${accountId} and kind = ${kind}
      and month in (${monthList(months)})
      ${groups ? sql`and dim <> 'quarter'` : sql`and dim = 'total'`}
    group by 1, 2, 3`);
  return histogramRows(result);
}

/**
 * SQL of the conversations of one kind per UTC quarter hour (dim `quarter`, key: the quarter's
 * number since 1970) whose time falls in the intervals: the daily series of the rollup.
 */
export function quarterCountsSql(
  accountId: number,
  filter: ReportFilter,
  kind: Kind,
  intervals: Interval[],
): SQL {
  const { at } = ANCHOR[kind];
  const scans = intervals.map(
    (i) => sql`
      select ${quarter(at)} as quarter
      from conversations c
      where c.account_id = ${accountId} and ${at} >= ${ts(i.from)} and ${at} < ${ts(i.to)}
        and ${conversationFilter(filter)}`,
  );
  return sql`
    select 'quarter' as dim, (extract(epoch from r.quarter) / 900)::int as key, 0 as b,
      count(*)::int as n, null::float8 as lo, null::float8 as hi
    from (${sql.join(scans, sql` union all `)}) r
    group by 2`;
}

/**
 * Conversations started or closed per local day of the report's zone over the current period:
 * rolled-up months and raw intervals by UTC quarter hour, then by local day. The zone is applied
 * to at most 96 quarters a day rather than to every row (every zone's offset is a whole quarter
 * hour, so a local day is whole quarters).
 */
async function dailyCounts(
  db: Db,
  s: Scope,
  kind: Kind,
  range: { months: string[]; intervals: Interval[] },
): Promise<{ day: string; n: number }[]> {
  const parts: SQL[] = [];
  if (range.months.length > 0)
    parts.push(sql`
      select r.key, r.n from report_conversation_months r
      where r.account_id = ${s.accountId} and r.kind = ${kind} and r.dim = 'quarter'
        and r.month in (${monthList(range.months)})`);
  if (range.intervals.length > 0)
    parts.push(
      sql`select q.key, q.n from (${quarterCountsSql(s.accountId, s.filter, kind, range.intervals)}) q`,
    );
  if (parts.length === 0) return [];
  const local = sql`(to_timestamp(x.key * 900) at time zone ${s.tz})`;
  const result = await db.execute(sql`
    select to_char(${local}::date, 'YYYY-MM-DD') as day, sum(x.n)::int as n
    from (${sql.join(parts, sql` union all `)}) x
    group by 1`);
  return rowsOf<{ day: string; n: number }>(result).map((r) => ({
    day: String(r.day),
    n: Number(r.n),
  }));
}

/** One group's figures: how many conversations, and their durations. */
export interface GroupFigures {
  dim: Exclude<Dimension, 'total'>;
  key: string | null;
  n: number;
  durations: RawDurations;
}

/** RawDurations of a histogram: durations counted (unanswered ones excluded), median and p90. */
function durationsOf(buckets: Iterable<Bucket>): { n: number; durations: RawDurations } {
  let n = 0;
  let measured = 0;
  const list = [...buckets];
  for (const k of list) {
    n += k.n;
    if (k.b >= 0) measured += k.n;
  }
  return { n, durations: { n: measured, pct: percentiles(list, [0.5, 0.9]) } };
}

/** Adds histogram rows up per group. */
function byGroup(rows: HistogramRow[]) {
  const groups = new Map<
    string,
    { dim: Dimension; key: number | null; buckets: Map<number, Bucket> }
  >();
  for (const r of rows) {
    const id = `${r.dim}:${r.key}`;
    const group = groups.get(id) ?? { dim: r.dim, key: r.key, buckets: new Map() };
    addBucket(group.buckets, r.bucket);
    groups.set(id, group);
  }
  return groups;
}

export interface PeriodFigures {
  n: number;
  durations: RawDurations;
}

export interface CurrentFigures extends PeriodFigures {
  groups: GroupFigures[];
  days: { day: string; n: number }[];
}

/** The report's conversation figures of one kind: the current period in full, the previous one's total. */
export async function conversationFigures(
  db: Db,
  s: Scope,
  kind: Kind,
  clean: ReadonlySet<string>,
): Promise<{ current: CurrentFigures; previous: PeriodFigures }> {
  const cur = splitRange(s.bounds.currentStart, s.bounds.end, clean);
  const prev = splitRange(s.bounds.previousStart, s.bounds.currentStart, clean);
  const [curRaw, curTags, curRolled, prevRaw, prevRolled, days] = await Promise.all([
    rawHistograms(
      db,
      cur.intervals,
      histogramSql(s.accountId, s.filter, kind, cur.intervals, true),
    ),
    rawHistograms(db, cur.intervals, tagHistogramSql(s.accountId, s.filter, kind, cur.intervals)),
    rolledHistograms(db, s.accountId, kind, cur.months, true),
    rawHistograms(
      db,
      prev.intervals,
      histogramSql(s.accountId, s.filter, kind, prev.intervals, false),
    ),
    rolledHistograms(db, s.accountId, kind, prev.months, false),
    dailyCounts(db, s, kind, cur),
  ]);
  const current = byGroup([...curRaw, ...curTags, ...curRolled]);
  const previous = byGroup([...prevRaw, ...prevRolled]);
  const total = (groups: ReturnType<typeof byGroup>) =>
    durationsOf(groups.get('total:null')?.buckets.values() ?? []);
  const groups: GroupFigures[] = [];
  for (const g of current.values()) {
    if (g.dim === 'total') continue;
    groups.push({
      dim: g.dim,
      key: g.key === null ? null : String(g.key),
      ...durationsOf(g.buckets.values()),
    });
  }
  return {
    current: { ...total(current), groups, days },
    previous: total(previous),
  };
}
