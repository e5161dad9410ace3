import { DateTime } from 'luxon';

/**
 * When a team works: weekly periods in one time zone, and holidays closed all day. SLA clocks
 * (first response, next response, resolution) count only this time; the widget's chat is open
 * in it. Periods are wall-clock times, so a team open 09:00–17:00 in Europe/Paris is open
 * 09:00–17:00 on both sides of a DST change (7 h on the short night's day as on any other).
 */
export interface BusinessCalendar {
  /** An IANA time zone (e.g. Europe/Paris). */
  timeZone: string;
  /**
   * 0 = Sunday … 6 = Saturday; `open` and `close` are HH:MM (close may be 24:00), close after
   * open. Null: open round the clock (holidays still close).
   */
  days: readonly { day: number; open: string; close: string }[] | null;
  /** Local dates (YYYY-MM-DD) closed all day. */
  holidays?: readonly string[];
}

interface Interval {
  start: number;
  end: number;
}

/** How far the arithmetic looks for opening hours before it says the calendar never opens. */
const HORIZON_DAYS = 2 * 366;
const ROUND_THE_CLOCK = [0, 1, 2, 3, 4, 5, 6].map((day) => ({
  day,
  open: '00:00',
  close: '24:00',
}));

/** The instant a wall-clock time of a local day is; a time a DST gap skips moves past the gap. */
function instantOf(date: DateTime, hhmm: string): number {
  const [hour, minute] = hhmm.split(':').map(Number) as [number, number];
  if (hour === 24) return date.plus({ days: 1 }).startOf('day').toMillis();
  return date.set({ hour, minute, second: 0, millisecond: 0 }).toMillis();
}

/** The open intervals of one local day, in order, overlaps merged. */
function openIntervalsOn(calendar: BusinessCalendar, date: DateTime): Interval[] {
  if (calendar.holidays?.includes(date.toISODate()!)) return [];
  // Luxon numbers weekdays 1 = Monday … 7 = Sunday; the calendar 0 = Sunday … 6 = Saturday.
  const weekday = date.weekday % 7;
  const intervals = (calendar.days ?? ROUND_THE_CLOCK)
    .filter((period) => period.day === weekday)
    .map((period) => ({ start: instantOf(date, period.open), end: instantOf(date, period.close) }))
    .filter((interval) => interval.end > interval.start)
    .sort((a, b) => a.start - b.start);
  const merged: Interval[] = [];
  for (const interval of intervals) {
    const last = merged.at(-1);
    if (last && interval.start <= last.end) last.end = Math.max(last.end, interval.end);
    else merged.push({ ...interval });
  }
  return merged;
}

/** The open intervals from the local day of `from` on, one day at a time, up to the horizon. */
function* openIntervalsFrom(calendar: BusinessCalendar, from: number): Generator<Interval> {
  let day = DateTime.fromMillis(from, { zone: calendar.timeZone }).startOf('day');
  if (!day.isValid) throw new RangeError(`Unknown time zone: ${calendar.timeZone}`);
  // No period in the week: never open, whatever the horizon.
  if (calendar.days?.length === 0) return;
  for (let i = 0; i < HORIZON_DAYS; i++, day = day.plus({ days: 1 }).startOf('day'))
    yield* openIntervalsOn(calendar, day);
}

/** Whether the team works at `at`: opening included, closing not. */
export function isBusinessTime(calendar: BusinessCalendar, at: Date): boolean {
  const t = at.getTime();
  for (const interval of openIntervalsFrom(calendar, t)) {
    if (interval.start > t) return false;
    if (t < interval.end) return true;
  }
  return false;
}

/** The first business instant at or after `at`; null when the calendar never opens. */
export function nextBusinessTime(calendar: BusinessCalendar, at: Date): Date | null {
  const t = at.getTime();
  for (const interval of openIntervalsFrom(calendar, t)) {
    if (t < interval.end) return new Date(Math.max(t, interval.start));
  }
  return null;
}

/** The business time between two instants, in milliseconds (0 when `to` is not after `from`). */
export function businessMsBetween(calendar: BusinessCalendar, from: Date, to: Date): number {
  const start = from.getTime();
  const end = to.getTime();
  let total = 0;
  for (const interval of openIntervalsFrom(calendar, start)) {
    if (interval.start >= end) break;
    total += Math.max(0, Math.min(end, interval.end) - Math.max(start, interval.start));
  }
  return total;
}

/**
 * The instant at which `ms` of business time has passed since `from` (an SLA's due time): a
 * target set outside business hours starts counting at the next opening. Null when the calendar
 * never opens again within two years (every day a holiday, no periods).
 */
export function addBusinessMs(calendar: BusinessCalendar, from: Date, ms: number): Date | null {
  const start = from.getTime();
  let left = ms;
  for (const interval of openIntervalsFrom(calendar, start)) {
    if (interval.end <= start) continue;
    const begin = Math.max(start, interval.start);
    const available = interval.end - begin;
    if (left <= available) return new Date(begin + left);
    left -= available;
  }
  return null;
}
