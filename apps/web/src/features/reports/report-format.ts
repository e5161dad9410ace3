import { t } from '@lingui/core/macro';
import { formatDateTime, formatNumber } from '../../lib/format';

/** How report figures read on screen, in the active language (docs/i18n.md). */

type DurationUnit = 'day' | 'hour' | 'minute' | 'second';

/** "45s", "12m", "3h", "2d": a whole amount of one unit, narrow, as the language writes it. */
const inUnit = (amount: number, unit: DurationUnit) =>
  formatNumber(amount, { style: 'unit', unit, unitDisplay: 'narrow' });

/** A duration in seconds, in the two largest units: "45s", "12m 5s", "3h 5m", "2d 4h"; "—" for none. */
export function formatDuration(seconds: number | null): string {
  if (seconds === null) return '—';
  const s = Math.round(seconds);
  if (s < 60) return inUnit(s, 'second');
  const units: [number, DurationUnit][] = [
    [86_400, 'day'],
    [3_600, 'hour'],
    [60, 'minute'],
    [1, 'second'],
  ];
  const i = units.findIndex(([size]) => s >= size);
  const [big, bigUnit] = units[i]!;
  const [small, smallUnit] = units[i + 1]!;
  const first = Math.floor(s / big);
  const second = Math.floor((s - first * big) / small);
  return second ? `${inUnit(first, bigUnit)} ${inUnit(second, smallUnit)}` : inUnit(first, bigUnit);
}

export const formatCount = (n: number) => formatNumber(n);

export interface Change {
  /** Signed percentage, rounded; null when there is nothing to compare with. */
  percent: number | null;
  /** Whether the change is good news (fewer minutes to answer is good, fewer replies is not). */
  tone: 'good' | 'bad' | 'neutral';
  label: string;
}

/**
 * The change from the previous period: "+25%", "−10%", "No change", or "No data before" when
 * the previous period had nothing (a percentage of zero means nothing).
 */
export function changeFrom(
  current: number | null,
  previous: number | null,
  lowerIsBetter = false,
): Change {
  if (current === null)
    return {
      percent: null,
      tone: 'neutral',
      label: previous === null ? t`No data` : t`No data now`,
    };
  if (previous === null || previous === 0)
    return {
      percent: null,
      tone: 'neutral',
      label: current === 0 ? t`No change` : t`No data before`,
    };
  const percent = Math.round(((current - previous) / previous) * 100);
  if (percent === 0) return { percent: 0, tone: 'neutral', label: t`No change` };
  const better = lowerIsBetter ? percent < 0 : percent > 0;
  return {
    percent,
    tone: better ? 'good' : 'bad',
    // A true minus sign, not a hyphen; the number and its % as the language writes them.
    label: `${percent > 0 ? '+' : '−'}${formatNumber(Math.abs(percent) / 100, { style: 'percent' })}`,
  };
}

/** A report day ("2026-03-01") as the date it names, whatever the device's time zone. */
const utcDay = (day: string) => {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d));
};

/** "Mar 1, 2026" */
export function formatDay(day: string): string {
  return formatDateTime(utcDay(day), {
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    timeZone: 'UTC',
  });
}

/** "Mar 1": a chart's day, without its year. */
export function formatShortDay(day: string): string {
  return formatDateTime(utcDay(day), { day: 'numeric', month: 'short', timeZone: 'UTC' });
}

export const formatRange = (from: string, to: string) =>
  from === to ? formatDay(from) : `${formatDay(from)} – ${formatDay(to)}`;

/** "March 2026": a month of a report (its first day). */
export function formatMonth(day: string): string {
  return formatDateTime(utcDay(day), { month: 'long', year: 'numeric', timeZone: 'UTC' });
}

/** "96.5%": a share from 0 to 1; "—" when there was nothing to count. */
export function formatShare(share: number | null): string {
  return share === null ? '—' : formatNumber(share, { style: 'percent', maximumFractionDigits: 1 });
}
