import { describe, expect, it } from 'vitest';
import {
  addBusinessMs,
  businessMsBetween,
  isBusinessTime,
  nextBusinessTime,
  type BusinessCalendar,
} from './business-calendar';

const HOUR = 3_600_000;
const MINUTE = 60_000;
const weekdays = (open: string, close: string) =>
  [1, 2, 3, 4, 5].map((day) => ({ day, open, close }));

const paris: BusinessCalendar = { timeZone: 'Europe/Paris', days: weekdays('09:00', '17:00') };
const at = (iso: string) => new Date(iso);

describe('business calendar: SLA clocks count only the hours a team works', () => {
  it('is open within a period, opening included and closing not, in the calendar’s own time zone', () => {
    // Wednesday 2026-11-25: Paris is UTC+1.
    expect(isBusinessTime(paris, at('2026-11-25T08:00:00Z'))).toBe(true); // 09:00 Paris
    expect(isBusinessTime(paris, at('2026-11-25T07:59:59Z'))).toBe(false);
    expect(isBusinessTime(paris, at('2026-11-25T16:00:00Z'))).toBe(false); // 17:00 Paris
    expect(isBusinessTime(paris, at('2026-11-28T10:00:00Z'))).toBe(false); // Saturday
  });

  it('counts a target set after hours from the next opening, across the weekend', () => {
    // Friday 16:30 Paris, 2 business hours: 30 min on Friday, 1 h 30 on Monday → Monday 10:30.
    expect(addBusinessMs(paris, at('2026-11-27T15:30:00Z'), 2 * HOUR)).toEqual(
      at('2026-11-30T09:30:00Z'),
    );
    // Saturday night, a zero target: due at Monday's opening.
    expect(addBusinessMs(paris, at('2026-11-28T22:00:00Z'), 0)).toEqual(at('2026-11-30T08:00:00Z'));
    expect(nextBusinessTime(paris, at('2026-11-28T22:00:00Z'))).toEqual(at('2026-11-30T08:00:00Z'));
  });

  it('measures the business time between two instants, which is what attainment reports use', () => {
    // Friday 16:00 Paris → Monday 10:00 Paris: 1 h + 1 h.
    expect(businessMsBetween(paris, at('2026-11-27T15:00:00Z'), at('2026-11-30T09:00:00Z'))).toBe(
      2 * HOUR,
    );
    expect(businessMsBetween(paris, at('2026-11-30T09:00:00Z'), at('2026-11-27T15:00:00Z'))).toBe(
      0,
    );
  });

  it('keeps wall-clock hours across the spring DST change (Europe/Paris, 29 March 2026)', () => {
    const sundayToo: BusinessCalendar = {
      timeZone: 'Europe/Paris',
      days: [{ day: 0, open: '00:00', close: '06:00' }],
    };
    // 00:00–06:00 local on the night clocks go 02:00 → 03:00 is five real hours.
    expect(
      businessMsBetween(sundayToo, at('2026-03-28T12:00:00Z'), at('2026-03-29T12:00:00Z')),
    ).toBe(5 * HOUR);
    // Monday after the change: 09:00 Paris is now 07:00 UTC.
    expect(isBusinessTime(paris, at('2026-03-30T07:00:00Z'))).toBe(true);
    expect(isBusinessTime(paris, at('2026-03-30T06:59:00Z'))).toBe(false);
  });

  it('keeps wall-clock hours across the autumn DST change (America/New_York, 1 November 2026)', () => {
    const ny: BusinessCalendar = {
      timeZone: 'America/New_York',
      days: [{ day: 0, open: '00:00', close: '04:00' }],
    };
    // 00:00–04:00 local on the night 02:00 happens twice is five real hours.
    expect(businessMsBetween(ny, at('2026-10-31T12:00:00Z'), at('2026-11-01T12:00:00Z'))).toBe(
      5 * HOUR,
    );
  });

  it('a period starting in the hour a DST change skips opens when the clocks resume', () => {
    const gap: BusinessCalendar = {
      timeZone: 'Europe/Paris',
      days: [{ day: 0, open: '02:30', close: '04:00' }],
    };
    // 02:30 does not exist that night; the period runs 03:30 (01:30 UTC) → 04:00 (02:00 UTC).
    expect(nextBusinessTime(gap, at('2026-03-28T12:00:00Z'))).toEqual(at('2026-03-29T01:30:00Z'));
    expect(businessMsBetween(gap, at('2026-03-28T12:00:00Z'), at('2026-03-30T00:00:00Z'))).toBe(
      30 * MINUTE,
    );
  });

  it('holidays close the whole local day', () => {
    const withHoliday: BusinessCalendar = { ...paris, holidays: ['2026-12-25'] };
    // Thursday 24 December 16:00 Paris, 2 h: 1 h on the 24th, 1 h on Monday 28th (25th a holiday,
    // 26–27 the weekend).
    expect(addBusinessMs(withHoliday, at('2026-12-24T15:00:00Z'), 2 * HOUR)).toEqual(
      at('2026-12-28T09:00:00Z'),
    );
    expect(isBusinessTime(withHoliday, at('2026-12-25T10:00:00Z'))).toBe(false);
  });

  it('a holiday is a date where the team works, not in UTC', () => {
    const tokyo: BusinessCalendar = {
      timeZone: 'Asia/Tokyo',
      days: null,
      holidays: ['2027-01-01'],
    };
    // 2026-12-31T15:00Z is already 1 January 00:00 in Tokyo.
    expect(isBusinessTime(tokyo, at('2026-12-31T14:59:00Z'))).toBe(true);
    expect(isBusinessTime(tokyo, at('2026-12-31T15:00:00Z'))).toBe(false);
    expect(nextBusinessTime(tokyo, at('2026-12-31T15:00:00Z'))).toEqual(at('2027-01-01T15:00:00Z'));
  });

  it('round the clock when no periods are set; 24:00 closes at midnight; overlapping periods count once', () => {
    const always: BusinessCalendar = { timeZone: 'UTC', days: null };
    expect(addBusinessMs(always, at('2026-11-28T10:00:00Z'), 30 * HOUR)).toEqual(
      at('2026-11-29T16:00:00Z'),
    );
    const lateAndOverlapping: BusinessCalendar = {
      timeZone: 'UTC',
      days: [
        { day: 3, open: '20:00', close: '24:00' },
        { day: 3, open: '18:00', close: '21:00' },
      ],
    };
    expect(
      businessMsBetween(lateAndOverlapping, at('2026-11-25T00:00:00Z'), at('2026-11-26T12:00:00Z')),
    ).toBe(6 * HOUR);
    expect(isBusinessTime(lateAndOverlapping, at('2026-11-25T23:59:00Z'))).toBe(true);
    expect(isBusinessTime(lateAndOverlapping, at('2026-11-26T00:00:00Z'))).toBe(false);
  });

  it('two periods a day (a lunch break): closed between them, and only the periods count', () => {
    // Wednesday 2026-11-25 in Paris (UTC+1): 09:00–12:30 and 13:30–18:00.
    const lunch: BusinessCalendar = {
      timeZone: 'Europe/Paris',
      days: [
        { day: 3, open: '13:30', close: '18:00' },
        { day: 3, open: '09:00', close: '12:30' },
      ],
    };
    expect(isBusinessTime(lunch, at('2026-11-25T11:29:00Z'))).toBe(true); // 12:29
    expect(isBusinessTime(lunch, at('2026-11-25T11:30:00Z'))).toBe(false); // 12:30
    expect(isBusinessTime(lunch, at('2026-11-25T12:29:00Z'))).toBe(false); // 13:29
    expect(isBusinessTime(lunch, at('2026-11-25T12:30:00Z'))).toBe(true); // 13:30
    expect(nextBusinessTime(lunch, at('2026-11-25T12:00:00Z'))).toEqual(at('2026-11-25T12:30:00Z'));
    // The whole day: 3 h 30 + 4 h 30.
    expect(businessMsBetween(lunch, at('2026-11-24T23:00:00Z'), at('2026-11-25T23:00:00Z'))).toBe(
      8 * HOUR,
    );
    // A 1-hour target set at 12:00: 30 min before lunch, 30 min after → 14:00 Paris.
    expect(addBusinessMs(lunch, at('2026-11-25T11:00:00Z'), HOUR)).toEqual(
      at('2026-11-25T13:00:00Z'),
    );
    // Past the second period's close: next Wednesday's first opening.
    expect(nextBusinessTime(lunch, at('2026-11-25T17:00:00Z'))).toEqual(at('2026-12-02T08:00:00Z'));
  });

  it('says so (null) when the calendar never opens, and refuses an unknown time zone', () => {
    const closed: BusinessCalendar = { timeZone: 'UTC', days: [] };
    expect(addBusinessMs(closed, at('2026-11-25T00:00:00Z'), HOUR)).toBeNull();
    expect(nextBusinessTime(closed, at('2026-11-25T00:00:00Z'))).toBeNull();
    expect(() => isBusinessTime({ timeZone: 'Mars/Olympus', days: null }, new Date())).toThrow(
      RangeError,
    );
  });
});
