import { csvCell } from '../../lib/csv';
import type { ReportBreakdownRow, ReportExportGroup, ReportOverview } from '@parley/contracts';

const line = (cells: (string | number | null)[]) => cells.map(csvCell).join(',');

const BREAKDOWN_KEY = {
  channel: 'channels',
  agent: 'agents',
  team: 'teams',
  tag: 'tags',
} as const satisfies Record<Exclude<ReportExportGroup, 'day'>, keyof ReportOverview['breakdowns']>;

/**
 * The report as CSV, one row per day of the range (`by=day`: opened, closed, messages in and
 * out) or per channel, agent, team or tag (`by=channel|agent|team|tag`: conversations opened and
 * closed, first-response and resolution median / p90 in seconds). CRLF line ends (RFC 4180).
 */
export function reportCsv(report: ReportOverview, by: ReportExportGroup): string {
  const rows: string[] = [];
  if (by === 'day') {
    rows.push(line(['date', 'opened', 'closed', 'messages_in', 'messages_out']));
    for (const d of report.daily)
      rows.push(line([d.date, d.opened, d.closed, d.messages_in, d.messages_out]));
  } else {
    rows.push(
      line([
        `${by}_id`,
        by,
        'opened',
        'closed',
        'first_response_median_seconds',
        'first_response_p90_seconds',
        'resolution_median_seconds',
        'resolution_p90_seconds',
      ]),
    );
    const list: ReportBreakdownRow[] = report.breakdowns[BREAKDOWN_KEY[by]];
    for (const r of list)
      rows.push(
        line([
          r.id,
          r.name,
          r.opened,
          r.closed,
          r.first_response.median_seconds,
          r.first_response.p90_seconds,
          r.resolution.median_seconds,
          r.resolution.p90_seconds,
        ]),
      );
  }
  return `${rows.join('\r\n')}\r\n`;
}

export function csvFileName(report: ReportOverview, by: ReportExportGroup): string {
  return `report-${report.range.from}-to-${report.range.to}-by-${by}.csv`;
}
