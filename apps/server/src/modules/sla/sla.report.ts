/**
 * The SLA attainment report (docs/product/sla.md): per team, agent, priority or period, how
 * many clocks were kept and missed in a range of days. A clock counts once, when it ended:
 * missed at its breach (even while it still runs), kept when it stopped in time. Cancelled
 * clocks count nowhere. One range scan of the clocks' report index, grouped by PostgreSQL.
 */
import { sql } from 'drizzle-orm';
import {
  PRIORITIES,
  SLA_METRICS,
  type SlaAttainment,
  type SlaMetric,
  type SlaReport,
  type SlaReportQuery,
  type SlaReportRow,
} from '@parley/contracts';
import { intArray, rowsOf, type Db } from '../../db/client';

const PERIODS = { day: 'day', week: 'week', month: 'month' } as const;

const PRIORITY_LABELS: Record<string, string> = {
  urgent: 'Urgent',
  high: 'High',
  medium: 'Medium',
  low: 'Low',
  none: 'No priority',
};

/** The group key of a clock: an id, a priority or a period's first local day. */
function keyOf(by: SlaReportQuery['by'], tz: string) {
  switch (by) {
    case 'team':
      return sql`coalesce(c.team_id::text, 'none')`;
    case 'agent':
      return sql`coalesce(c.assignee_id::text, 'none')`;
    case 'priority':
      return sql`k.priority`;
    default:
      return sql`to_char(date_trunc(${sql.raw(`'${PERIODS[by]}'`)}, coalesce(k.breached_at, k.stopped_at) at time zone ${tz}), 'YYYY-MM-DD')`;
  }
}

async function countsOf(db: Db, accountId: number, q: SlaReportQuery) {
  const ended = sql`coalesce(k.breached_at, k.stopped_at)`;
  return rowsOf<{ key: string; metric: string; total: number; met: number }>(
    await db.execute(sql`
      select ${keyOf(q.by, q.tz)} as key, k.metric, count(*)::int as total,
        count(*) filter (where k.breached_at is null)::int as met
      from sla_clocks k
      join conversations c on c.id = k.conversation_id and c.account_id = k.account_id
      where k.account_id = ${accountId}
        and not k.cancelled and ${ended} is not null
        and ${ended} >= (${q.from}::date::timestamp at time zone ${q.tz})
        and ${ended} < ((${q.to}::date + 1)::timestamp at time zone ${q.tz})
      group by 1, 2`),
  );
}

/** The first day of every period of the range, so a chart shows the empty ones too. */
async function periodsOf(db: Db, q: SlaReportQuery & { by: keyof typeof PERIODS }) {
  const unit = sql.raw(`'${PERIODS[q.by]}'`);
  return rowsOf<{ key: string }>(
    await db.execute(sql`
      select to_char(d, 'YYYY-MM-DD') as key
      from generate_series(date_trunc(${unit}, ${q.from}::date::timestamp), ${q.to}::date::timestamp,
        ('1 ' || ${unit})::interval) d`),
  ).map((r) => r.key);
}

async function namesOf(db: Db, accountId: number, by: 'team' | 'agent', ids: number[]) {
  if (ids.length === 0) return new Map<string, string>();
  const rows = rowsOf<{ id: number; name: string | null; email: string | null }>(
    await db.execute(
      by === 'team'
        ? sql`select id, name, null as email from teams
              where account_id = ${accountId} and id = any(${intArray(ids)})`
        : sql`select id, name, email from users where id = any(${intArray(ids)})`,
    ),
  );
  return new Map(rows.map((r) => [String(r.id), r.name || r.email || `#${r.id}`]));
}

const attainment = (total: number, met: number): SlaAttainment => ({
  total,
  met,
  breached: total - met,
  attainment: total === 0 ? null : Math.round((met / total) * 10_000) / 10_000,
});

function rowOf(key: string, label: string, counts: Map<string, { total: number; met: number }>) {
  const of = (metric: SlaMetric) => {
    const c = counts.get(metric) ?? { total: 0, met: 0 };
    return attainment(c.total, c.met);
  };
  return {
    key,
    label,
    first_response: of('first_response'),
    next_response: of('next_response'),
    resolution: of('resolution'),
  } satisfies SlaReportRow;
}

export async function slaReport(db: Db, accountId: number, q: SlaReportQuery): Promise<SlaReport> {
  const counted = await countsOf(db, accountId, q);
  const groups = new Map<string, Map<string, { total: number; met: number }>>();
  const all = new Map<string, { total: number; met: number }>();
  for (const r of counted) {
    const g = groups.get(r.key) ?? new Map<string, { total: number; met: number }>();
    g.set(r.metric, { total: r.total, met: r.met });
    groups.set(r.key, g);
    const t = all.get(r.metric) ?? { total: 0, met: 0 };
    all.set(r.metric, { total: t.total + r.total, met: t.met + r.met });
  }
  let rows: SlaReportRow[];
  if (q.by === 'day' || q.by === 'week' || q.by === 'month') {
    const periods = await periodsOf(db, { ...q, by: q.by });
    rows = periods.map((key) => rowOf(key, key, groups.get(key) ?? new Map()));
  } else if (q.by === 'priority') {
    rows = PRIORITIES.filter((p) => groups.has(p)).map((p) =>
      rowOf(p, PRIORITY_LABELS[p] ?? p, groups.get(p)!),
    );
  } else {
    const ids = [...groups.keys()].filter((k) => k !== 'none').map(Number);
    const names = await namesOf(db, accountId, q.by, ids);
    const none = q.by === 'team' ? 'No team' : 'Unassigned';
    rows = [...groups.entries()]
      .map(([key, g]) => rowOf(key, key === 'none' ? none : (names.get(key) ?? `#${key}`), g))
      .sort((a, b) =>
        a.key === 'none' ? 1 : b.key === 'none' ? -1 : a.label.localeCompare(b.label),
      );
  }
  return { by: q.by, rows, total: rowOf('total', 'Total', all) };
}

// ---- CSV ----

/**
 * A cell as CSV: quoted when it holds a separator, a quote or a line break; text a spreadsheet
 * would run as a formula (=, +, -, @, tab, CR first) gets a leading apostrophe, as the other
 * report exports do (OWASP CSV injection).
 */
function csvCell(value: string | number | null): string {
  if (value === null) return '';
  if (typeof value === 'number') return String(value);
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

const percent = (a: SlaAttainment) =>
  a.attainment === null ? null : Math.round(a.attainment * 1000) / 10;

/**
 * The report as CSV: a header, one row per group, then the total. For each metric: clocks
 * counted, kept, missed and attainment as a percentage (empty without clocks). CRLF line ends.
 */
export function slaReportCsv(report: SlaReport): string {
  const header = [
    report.by,
    'label',
    ...SLA_METRICS.flatMap((m) => [
      `${m}_total`,
      `${m}_met`,
      `${m}_breached`,
      `${m}_attainment_percent`,
    ]),
  ];
  const line = (r: SlaReportRow) =>
    [
      r.key,
      r.label,
      ...SLA_METRICS.flatMap((m) => [r[m].total, r[m].met, r[m].breached, percent(r[m])]),
    ]
      .map(csvCell)
      .join(',');
  return `${[header.join(','), ...report.rows.map(line), line(report.total)].join('\r\n')}\r\n`;
}

export const slaCsvFileName = (q: SlaReportQuery) => `sla-${q.from}-to-${q.to}-by-${q.by}.csv`;
