import dayjs from 'dayjs';
import { LOCAL_KEYS } from '@parley/contracts';

/** A range of whole days, both ends included, as `YYYY-MM-DD`. */
export interface DateRange {
  start: string;
  end: string;
}

const DAY = /^\d{4}-\d{2}-\d{2}$/;
const FORMAT = 'YYYY-MM-DD';

/** docs/product/limits.md: the default range runs from one month ago to today. */
export function defaultDateRange(now: Date = new Date()): DateRange {
  const today = dayjs(now);
  return { start: today.subtract(1, 'month').format(FORMAT), end: today.format(FORMAT) };
}

function isDay(value: unknown): value is string {
  return typeof value === 'string' && DAY.test(value) && dayjs(value, FORMAT).isValid();
}

/** Puts the ends in order and drops anything that is not a day. */
export function normaliseDateRange(value: unknown): DateRange | null {
  if (typeof value !== 'object' || value === null) return null;
  const { start, end } = value as Partial<DateRange>;
  if (!isDay(start) || !isDay(end)) return null;
  return start <= end ? { start, end } : { start: end, end: start };
}

/** docs/product/data.md: the range is saved locally under `global-date-range`. */
export function readStoredDateRange(): DateRange | null {
  try {
    const raw = localStorage.getItem(LOCAL_KEYS.globalDateRange);
    return raw ? normaliseDateRange(JSON.parse(raw)) : null;
  } catch {
    return null;
  }
}

export function storeDateRange(range: DateRange | null): void {
  try {
    if (range) localStorage.setItem(LOCAL_KEYS.globalDateRange, JSON.stringify(range));
    else localStorage.removeItem(LOCAL_KEYS.globalDateRange);
  } catch {
    // Storage can be unavailable (private mode): the range then lasts for this tab only.
  }
}
