/** Reporting (/reporting): figures over the global date range, and their CSV export. */
export const REPORT_PATHS = {
  overview: '/dashboardapi/reports/overview',
  exportCsv: '/dashboardapi/reports/export.csv',
} as const;

/** The longest range a report covers, in days (both ends included): one year, leap day included. */
export const MAX_REPORT_DAYS = 366;

const DAY_PATTERN = /^\d{4}-\d{2}-\d{2}$/;

/** True for a real calendar day written `YYYY-MM-DD` (2026-02-30 is not one). */
export function isCalendarDay(value: string): boolean {
  if (!DAY_PATTERN.test(value)) return false;
  const [y, m, d] = value.split('-').map(Number) as [number, number, number];
  const date = new Date(Date.UTC(y, m - 1, d));
  return date.getUTCFullYear() === y && date.getUTCMonth() === m - 1 && date.getUTCDate() === d;
}

/** Days from `from` to `to`, both included (1 when they are the same day). */
export function reportRangeDays(from: string, to: string): number {
  return (
    Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000) + 1
  );
}

/** Why a range cannot be reported on, in words a person understands; null when it can. */
export function reportRangeProblem(from: string, to: string): string | null {
  if (from > to) return 'The start date must be on or before the end date.';
  if (reportRangeDays(from, to) > MAX_REPORT_DAYS)
    return 'Choose a date range of one year or less.';
  return null;
}

/** True for a time zone name the runtime knows (IANA, e.g. Europe/Paris, or UTC). */
export function isTimeZone(value: string): boolean {
  try {
    return new Intl.DateTimeFormat('en-US', { timeZone: value }).resolvedOptions().timeZone !== '';
  } catch {
    return false;
  }
}

/** What one CSV row is: a day of the range, or a channel, agent, team or tag. */
export const REPORT_EXPORT_GROUPS = ['day', 'channel', 'agent', 'team', 'tag'] as const;
export type ReportExportGroup = (typeof REPORT_EXPORT_GROUPS)[number];

export const HEATMAP_DAYS = [
  'Monday',
  'Tuesday',
  'Wednesday',
  'Thursday',
  'Friday',
  'Saturday',
  'Sunday',
] as const;
