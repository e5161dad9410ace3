import { sql, type SQL } from 'drizzle-orm';
import { intArray, rowsOf, type Db } from '../../db/client';

/**
 * Report queries. Every one is scoped to the account and reads a time range through an index
 * made for it (migration 0009): conversations by creation time or by close time, messages by
 * time (notes and activity excluded by the index's predicate). Message counts come from the
 * quarter-hour rollup (reports.rollup.ts) plus the messages not rolled up yet; conversations are
 * read raw, so figures are always current. Medians and p90 are percentile_cont's, taken from
 * duration histograms (reports.histogram.ts): hashing beats sorting a year of conversations.
 */

export interface ReportFilter {
  channelId?: number | undefined;
  agentId?: number | undefined;
  teamId?: number | undefined;
  tagId?: number | undefined;
}

/** The instants that bound the report: [previousStart, currentStart) and [currentStart, end). */
export interface Bounds {
  previousStart: string;
  currentStart: string;
  end: string;
}

export interface Scope {
  accountId: number;
  filter: ReportFilter;
  bounds: Bounds;
  tz: string;
  /** Messages up to this id are counted in report_message_quarters (0: read them all raw). */
  rolledMessageId: number;
}

/** Raw duration figures: count, then [median, p90] in seconds (null without data). */
export interface RawDurations {
  n: number;
  pct: number[] | null;
}

export const ts = (iso: string) => sql`${iso}::timestamptz`;

/** The filters as they apply to a conversation aliased `c`. */
export function conversationFilter(f: ReportFilter): SQL {
  const parts: SQL[] = [sql`true`];
  if (f.channelId !== undefined) parts.push(sql`c.support_channel_id = ${f.channelId}`);
  if (f.agentId !== undefined) parts.push(sql`c.assignee_id = ${f.agentId}`);
  if (f.teamId !== undefined) parts.push(sql`c.team_id = ${f.teamId}`);
  if (f.tagId !== undefined)
    parts.push(
      sql`exists (select 1 from conversation_tags ct where ct.conversation_id = c.id and ct.tag_id = ${f.tagId})`,
    );
  return sql.join(parts, sql` and `);
}

/**
 * The filters as they apply to a message aliased `m`. Agent, team and tag go through the set of
 * matching conversations, which the planner hashes once (a lookup per message is far slower).
 * The tag was checked to be the account's, and messages are read within the account.
 */
function messageFilter(accountId: number, f: ReportFilter): SQL {
  const parts: SQL[] = [sql`true`];
  if (f.channelId !== undefined) parts.push(sql`m.support_channel_id = ${f.channelId}`);
  if (f.agentId === undefined && f.teamId === undefined) {
    if (f.tagId !== undefined)
      parts.push(
        sql`m.conversation_id in (select ct.conversation_id from conversation_tags ct where ct.tag_id = ${f.tagId})`,
      );
  } else {
    const rest = conversationFilter({ ...f, channelId: undefined });
    parts.push(
      sql`m.conversation_id in (select c.id from conversations c where c.account_id = ${accountId} and ${rest})`,
    );
  }
  return sql.join(parts, sql` and `);
}

// date_part answers float8; extract answers numeric, several times slower over many rows.
const secondsBetween = (later: SQL, earlier: SQL) =>
  sql`case when ${later} is not null then greatest(0, date_part('epoch', ${later} - ${earlier})) end`;
export const FIRST_RESPONSE = secondsBetween(sql`c.first_response_at`, sql`c.created_at`);
export const RESOLUTION = secondsBetween(sql`c.resolved_at`, sql`c.created_at`);

/** The UTC quarter hour an instant falls in. */
export const quarter = (at: SQL) =>
  sql`date_bin('15 minutes', ${at}, timestamptz '2000-01-01 00:00:00+00')`;

/** The instants of the range's days in the zone: `from` 00:00 to the day after `to` 00:00. */
export async function rangeBounds(
  db: Db,
  p: { from: string; to: string; days: number; tz: string },
): Promise<Bounds> {
  const result = await db.execute(sql`
    select
      to_char(((${p.from}::date - ${p.days}::int)::timestamp at time zone ${p.tz}) at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') as "previousStart",
      to_char((${p.from}::date::timestamp at time zone ${p.tz}) at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') as "currentStart",
      to_char(((${p.to}::date + 1)::timestamp at time zone ${p.tz}) at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') as "end"`);
  return rowsOf<Bounds>(result)[0]!;
}

/**
 * Counts of one kind by quarter hour (UTC), then by local day: the zone is applied to at most
 * 96 buckets a day rather than to every row (every zone's offset is a whole quarter hour).
 */
function byLocalTime(inner: SQL, tz: string): SQL {
  const local = sql`(q.bucket at time zone ${tz})`;
  return sql`
    select to_char(${local}::date, 'YYYY-MM-DD') as day,
      extract(isodow from ${local})::int as dow,
      extract(hour from ${local})::int as hour,
      sum(q.a)::int as a, sum(q.b)::int as b
    from (${inner}) q
    group by 1, 2, 3`;
}

export interface MessageBucket {
  day: string;
  /** ISO day of week, 1 = Monday … 7 = Sunday. */
  dow: number;
  hour: number;
  incoming: number;
  outgoing: number;
}

/**
 * The account's customer messages (a) and replies (b) in [from, to) by UTC quarter hour: from the
 * rollup up to the rolled id, raw after it. The range's ends are local midnights, whole quarter
 * hours in every zone, so a quarter is in the range exactly when its messages are. Filters by
 * agent, team or tag follow the conversations, which change: they read the messages raw.
 */
function messageQuarters(s: Scope, from: SQL, to: SQL): SQL {
  const raw = (afterId: number) => sql`
    select ${quarter(sql`m.created_at`)} as bucket,
      count(*) filter (where m.direction = 'incoming') as a,
      count(*) filter (where m.direction = 'outgoing') as b
    from messages m
    where m.account_id = ${s.accountId} and m.direction <> 'internal'
      ${afterId > 0 ? sql`and m.id > ${afterId}` : sql``}
      and m.created_at >= ${from} and m.created_at < ${to}
      and ${messageFilter(s.accountId, s.filter)}
    group by 1`;
  const f = s.filter;
  const followsConversations =
    f.agentId !== undefined || f.teamId !== undefined || f.tagId !== undefined;
  if (s.rolledMessageId <= 0 || followsConversations) return raw(0);
  return sql`
    select u.bucket, sum(u.a) as a, sum(u.b) as b from (
      select r.bucket, r.incoming as a, r.outgoing as b
      from report_message_quarters r
      where r.account_id = ${s.accountId} and r.bucket >= ${from} and r.bucket < ${to}
        ${f.channelId !== undefined ? sql`and r.support_channel_id = ${f.channelId}` : sql``}
      union all (${raw(s.rolledMessageId)})
    ) u
    group by u.bucket`;
}

/** The current period's customer messages and replies by local day and hour. */
export async function messageBuckets(db: Db, s: Scope): Promise<MessageBucket[]> {
  const inner = messageQuarters(s, ts(s.bounds.currentStart), ts(s.bounds.end));
  const result = await db.execute(byLocalTime(inner, s.tz));
  return rowsOf<Record<string, unknown>>(result).map((r) => ({
    day: String(r.day),
    dow: Number(r.dow),
    hour: Number(r.hour),
    incoming: Number(r.a),
    outgoing: Number(r.b),
  }));
}

/** The previous period's customer messages and replies. */
export async function previousMessageTotals(db: Db, s: Scope) {
  const inner = messageQuarters(s, ts(s.bounds.previousStart), ts(s.bounds.currentStart));
  const result = await db.execute(sql`
    select coalesce(sum(q.a), 0)::int as incoming, coalesce(sum(q.b), 0)::int as outgoing
    from (${inner}) q`);
  const r = rowsOf<Record<string, unknown>>(result)[0]!;
  return { incoming: Number(r.incoming), outgoing: Number(r.outgoing) };
}

export interface RawCsat {
  responses: number;
  satisfied: number;
  average: number | null;
}

/**
 * Customers' CSAT ratings (conversation_ratings: the /feedback page and the widget) given in each
 * period, for the account's conversations that match the report's filter. A rating counts in the
 * period it was first given (conversation_ratings_account_idx); 4 and 5 stars are "satisfied".
 */
export async function csatTotals(db: Db, s: Scope): Promise<{ cur: RawCsat; prev: RawCsat }> {
  const cur = ts(s.bounds.currentStart);
  const result = await db.execute(sql`
    select
      count(*) filter (where r.created_at >= ${cur})::int as n_cur,
      count(*) filter (where r.created_at >= ${cur} and r.rating >= 4)::int as sat_cur,
      avg(r.rating) filter (where r.created_at >= ${cur})::float8 as avg_cur,
      count(*) filter (where r.created_at < ${cur})::int as n_prev,
      count(*) filter (where r.created_at < ${cur} and r.rating >= 4)::int as sat_prev,
      avg(r.rating) filter (where r.created_at < ${cur})::float8 as avg_prev
    from conversation_ratings r
    join conversations c on c.id = r.conversation_id and c.account_id = ${s.accountId}
    where r.account_id = ${s.accountId}
      and r.created_at >= ${ts(s.bounds.previousStart)} and r.created_at < ${ts(s.bounds.end)}
      and ${conversationFilter(s.filter)}`);
  const r = rowsOf<Record<string, unknown>>(result)[0]!;
  const avg = (v: unknown) => (v === null || v === undefined ? null : Number(v));
  return {
    cur: { responses: Number(r.n_cur), satisfied: Number(r.sat_cur), average: avg(r.avg_cur) },
    prev: { responses: Number(r.n_prev), satisfied: Number(r.sat_prev), average: avg(r.avg_prev) },
  };
}

/** Names of the account's channels, teams and tags, and of the given people, by dimension. */
export async function dimensionNames(db: Db, accountId: number, userIds: number[]) {
  const result = await db.execute(sql`
    select 'channel' as dim, id, name from support_channels where account_id = ${accountId}
    union all
    select 'team', id, name from teams where account_id = ${accountId}
    union all
    select 'tag', id, name from tags where account_id = ${accountId}
    union all
    select 'agent', id, name from users
      where id = any(${intArray(userIds)})`);
  const names = new Map<string, string>();
  for (const r of rowsOf<{ dim: string; id: number; name: string }>(result))
    names.set(`${r.dim}:${r.id}`, r.name);
  return names;
}

/** True when the filter's channel, team and tag belong to the account and its agent is a member. */
export async function missingFilterTargets(db: Db, accountId: number, f: ReportFilter) {
  const result = await db.execute(sql`
    select
      (${f.channelId ?? null}::int is not null and not exists (
        select 1 from support_channels where id = ${f.channelId ?? null}::int and account_id = ${accountId})) as channel,
      (${f.agentId ?? null}::int is not null and not exists (
        select 1 from memberships where user_id = ${f.agentId ?? null}::int and account_id = ${accountId})) as agent,
      (${f.teamId ?? null}::int is not null and not exists (
        select 1 from teams where id = ${f.teamId ?? null}::int and account_id = ${accountId})) as team,
      (${f.tagId ?? null}::int is not null and not exists (
        select 1 from tags where id = ${f.tagId ?? null}::int and account_id = ${accountId})) as tag`);
  return rowsOf<{ channel: boolean; agent: boolean; team: boolean; tag: boolean }>(result)[0]!;
}
