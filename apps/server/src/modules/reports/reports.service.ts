import {
  reportRangeDays,
  type DurationStats,
  type ReportBreakdownRow,
  type ReportDay,
  type ReportOverview,
  type ReportQuery,
  type ReportTotals,
} from '@parley/contracts';
import type { Deps } from '../../lib/deps';
import { notFound } from '../../lib/errors';
import type { AgentContext } from '../../lib/http-types';
import { recordAudit } from '../audit-log/audit-log.service';
import { getBusinessHours } from '../sla/sla.service';
import { cleanMonths, conversationFigures, type GroupFigures } from './reports.conversations';
import {
  csatTotals,
  dimensionNames,
  messageBuckets,
  missingFilterTargets,
  previousMessageTotals,
  rangeBounds,
  type RawCsat,
  type RawDurations,
  type ReportFilter,
} from './reports.queries';
import { rolledMessageId } from './reports.rollup';

const addDays = (day: string, n: number) =>
  new Date(Date.parse(`${day}T00:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);

const roundSeconds = (v: number | null | undefined) =>
  v === null || v === undefined ? null : Math.round(v);

function durations(raw: RawDurations | undefined): DurationStats {
  if (!raw || raw.n === 0 || !raw.pct)
    return { count: raw?.n ?? 0, median_seconds: null, p90_seconds: null };
  return {
    count: raw.n,
    median_seconds: roundSeconds(raw.pct[0]),
    p90_seconds: roundSeconds(raw.pct[1]),
  };
}

function csat(raw: RawCsat): ReportTotals['csat'] {
  if (raw.responses === 0) return { responses: 0, average_rating: null, satisfied_percent: null };
  return {
    responses: raw.responses,
    average_rating: Math.round((raw.average ?? 0) * 100) / 100,
    satisfied_percent: Math.round((raw.satisfied / raw.responses) * 1000) / 10,
  };
}

const DIMENSION_FALLBACK: Record<
  'channel' | 'agent' | 'team' | 'tag',
  (id: string | null) => string
> = {
  channel: (id) => `Channel #${id}`,
  agent: (id) => (id === null ? 'Unassigned' : `Person #${id}`),
  team: (id) => (id === null ? 'No team' : `Team #${id}`),
  tag: (id) => `Tag #${id}`,
};

/** One table of the breakdowns: conversations started and closed in the period, per group. */
function breakdown(
  dim: 'channel' | 'agent' | 'team' | 'tag',
  created: GroupFigures[],
  resolved: GroupFigures[],
  names: Map<string, string>,
): ReportBreakdownRow[] {
  const rows = new Map<string | null, { opened?: GroupFigures; closed?: GroupFigures }>();
  for (const r of created) if (r.dim === dim) rows.set(r.key, { opened: r });
  for (const r of resolved) if (r.dim === dim) rows.set(r.key, { ...rows.get(r.key), closed: r });
  return [...rows.entries()]
    .map(([key, { opened, closed }]) => ({
      id: key === null ? null : Number(key),
      name: (key !== null && names.get(`${dim}:${key}`)) || DIMENSION_FALLBACK[dim](key),
      opened: opened?.n ?? 0,
      closed: closed?.n ?? 0,
      first_response: durations(opened?.durations ?? { n: 0, pct: null }),
      resolution: durations(closed?.durations ?? { n: 0, pct: null }),
    }))
    .sort((a, b) => b.opened - a.opened || b.closed - a.closed || a.name.localeCompare(b.name));
}

function toFilter(q: ReportQuery): ReportFilter {
  return { channelId: q.channel_id, agentId: q.agent_id, teamId: q.team_id, tagId: q.tag_id };
}

/**
 * The zone a report counts its days and hours in: the account's, its business hours' time zone,
 * else UTC — the zone the conversation list's creation days use, so "1 March" is the same day
 * in the inbox and in the reports for every teammate (docs/product/screens.md, "/reporting").
 * A `tz` the request still names is accepted and not used.
 */
async function accountReportZone(deps: Deps, agent: AgentContext): Promise<string> {
  const { business_hours } = await getBusinessHours(deps, agent);
  return business_hours?.time_zone ?? 'UTC';
}

/**
 * The report of the caller's account over a range of days (both ends included) in the account's
 * time zone, with the previous period of the same length. A filter naming something the account
 * does not have answers 404, as anything of another account does.
 */
export async function reportOverview(
  deps: Deps,
  agent: AgentContext,
  query: ReportQuery,
): Promise<ReportOverview> {
  const { db } = deps;
  const { accountId } = agent;
  const q = { ...query, tz: await accountReportZone(deps, agent) };
  const filter = toFilter(q);
  const missing = await missingFilterTargets(db, accountId, filter);
  if (missing.channel) throw notFound('That channel was not found.');
  if (missing.agent) throw notFound('That teammate was not found.');
  if (missing.team) throw notFound('That team was not found.');
  if (missing.tag) throw notFound('That tag was not found.');

  const days = reportRangeDays(q.from, q.to);
  const [bounds, rolled] = await Promise.all([
    rangeBounds(db, { from: q.from, to: q.to, days, tz: q.tz }),
    rolledMessageId(db),
  ]);
  const scope = { accountId, filter, bounds, tz: q.tz, rolledMessageId: rolled };
  // The rollup keeps one dimension at a time: a filtered report reads conversations raw.
  const filtered = Object.values(filter).some((v) => v !== undefined);
  const clean = filtered
    ? { created: new Set<string>(), resolved: new Set<string>() }
    : await cleanMonths(db, accountId, bounds.previousStart, bounds.end);
  const [created, resolved, buckets, prevMsgs, sat] = await Promise.all([
    conversationFigures(db, scope, 'created', clean.created),
    conversationFigures(db, scope, 'resolved', clean.resolved),
    messageBuckets(db, scope),
    previousMessageTotals(db, scope),
    csatTotals(db, scope),
  ]);
  const opened = created.current;
  const closed = resolved.current;

  const daily = new Map<string, ReportDay>();
  for (let i = 0; i < days; i++) {
    const date = addDays(q.from, i);
    daily.set(date, { date, opened: 0, closed: 0, messages_in: 0, messages_out: 0 });
  }
  for (const r of opened.days) {
    const d = daily.get(r.day);
    if (d) d.opened += r.n;
  }
  for (const r of closed.days) {
    const d = daily.get(r.day);
    if (d) d.closed += r.n;
  }
  const heatmap = Array.from({ length: 7 }, () => Array.from({ length: 24 }, () => 0));
  let messagesIn = 0;
  let messagesOut = 0;
  for (const b of buckets) {
    const d = daily.get(b.day);
    if (d) {
      d.messages_in += b.incoming;
      d.messages_out += b.outgoing;
    }
    heatmap[b.dow - 1]![b.hour]! += b.incoming;
    messagesIn += b.incoming;
    messagesOut += b.outgoing;
  }

  const agentIds = [...opened.groups, ...closed.groups]
    .filter((r) => r.dim === 'agent' && r.key !== null)
    .map((r) => Number(r.key));
  const names = await dimensionNames(db, accountId, [...new Set(agentIds)]);
  const all = { created: opened.groups, resolved: closed.groups };

  return {
    range: { from: q.from, to: q.to, days },
    previous_range: { from: addDays(q.from, -days), to: addDays(q.from, -1), days },
    timezone: q.tz,
    current: {
      opened: opened.n,
      closed: closed.n,
      messages_in: messagesIn,
      messages_out: messagesOut,
      first_response: durations(opened.durations),
      resolution: durations(closed.durations),
      csat: csat(sat.cur),
    },
    previous: {
      opened: created.previous.n,
      closed: resolved.previous.n,
      messages_in: prevMsgs.incoming,
      messages_out: prevMsgs.outgoing,
      first_response: durations(created.previous.durations),
      resolution: durations(resolved.previous.durations),
      csat: csat(sat.prev),
    },
    daily: [...daily.values()],
    breakdowns: {
      channels: breakdown('channel', all.created, all.resolved, names),
      agents: breakdown('agent', all.created, all.resolved, names),
      teams: breakdown('team', all.created, all.resolved, names),
      tags: breakdown('tag', all.created, all.resolved, names),
    },
    heatmap,
  };
}

/** The report for its CSV export; the export is recorded in the audit log. */
export async function reportForExport(
  deps: Deps,
  agent: AgentContext,
  query: ReportQuery,
  by: string,
): Promise<ReportOverview> {
  const report = await reportOverview(deps, agent, query);
  await recordAudit(deps.db, {
    accountId: agent.accountId,
    userId: agent.userId,
    action: 'report_exported',
    details: {
      by,
      from: query.from,
      to: query.to,
      ...(query.channel_id ? { channel_id: query.channel_id } : {}),
      ...(query.agent_id ? { agent_id: query.agent_id } : {}),
      ...(query.team_id ? { team_id: query.team_id } : {}),
      ...(query.tag_id ? { tag_id: query.tag_id } : {}),
    },
  });
  return report;
}
