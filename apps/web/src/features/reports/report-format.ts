/** How report figures read on screen. */

/** A duration in seconds, in the two largest units: "45s", "12m 5s", "3h 5m", "2d 4h"; "—" for none. */
export function formatDuration(seconds: number | null): string {
  if (seconds === null) return '—';
  const s = Math.round(seconds);
  if (s < 60) return `${s}s`;
  const units: [number, string][] = [
    [86_400, 'd'],
    [3_600, 'h'],
    [60, 'm'],
    [1, 's'],
  ];
  const i = units.findIndex(([size]) => s >= size);
  const [big, bigUnit] = units[i]!;
  const [small, smallUnit] = units[i + 1]!;
  const first = Math.floor(s / big);
  const second = Math.floor((s - first * big) / small);
  return second ? `${first}${bigUnit} ${second}${smallUnit}` : `${first}${bigUnit}`;
}

export const formatCount = (n: number) => n.toLocaleString('en-US');

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
    return { percent: null, tone: 'neutral', label: previous === null ? 'No data' : 'No data now' };
  if (previous === null || previous === 0)
    return {
      percent: null,
      tone: 'neutral',
      label: current === 0 ? 'No change' : 'No data before',
    };
  const percent = Math.round(((current - previous) / previous) * 100);
  if (percent === 0) return { percent: 0, tone: 'neutral', label: 'No change' };
  const better = lowerIsBetter ? percent < 0 : percent > 0;
  return {
    percent,
    tone: better ? 'good' : 'bad',
    label: `${percent > 0 ? '+' : '−'}${Math.abs(percent)}%`,
  };
}

/** "1 Mar 2026" */
export function formatDay(day: string): string {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d)).toLocaleDateString('en-GB', {
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    timeZone: 'UTC',
  });
}

export const formatRange = (from: string, to: string) =>
  from === to ? formatDay(from) : `${formatDay(from)} – ${formatDay(to)}`;
