import { describe, expect, it } from 'vitest';
import { formatMinutes, slaClockView } from './clock-words';

const NOW = Date.parse('2026-03-02T10:00:00.000Z');
const inMinutes = (minutes: number) => new Date(NOW + minutes * 60_000).toISOString();

describe('an SLA clock in words (docs/product/sla.md)', () => {
  it.each([
    [0, '0m', '0 min'],
    [15, '15m', '15 min'],
    [60, '1h', '1 hr'],
    [130, '2h 10m', '2 hr, 10 min'],
    [1440, '1d', '1 day'],
    [1440 * 2 + 180, '2d 3h', '2 days, 3 hr'],
  ])('says %s minutes as %s on a row and %s in a sentence', (minutes, narrow, short) => {
    expect(formatMinutes(minutes, 'narrow')).toBe(narrow);
    expect(formatMinutes(minutes, 'short')).toBe(short);
  });

  it('counts a running clock down to its due time, a part minute as a whole one', () => {
    expect(
      slaClockView({ metric: 'first_response', state: 'running', due_at: inMinutes(130) }, NOW),
    ).toEqual({
      tone: 'running',
      label: 'FRT 2h 10m',
      words: 'First response due in 2 hr, 10 min',
    });
    expect(
      slaClockView({ metric: 'next_response', state: 'warning', due_at: inMinutes(0.5) }, NOW),
    ).toEqual({ tone: 'warning', label: 'NRT 1m', words: 'Next response due in 1 min' });
  });

  it('says how long a breached clock is overdue, and reads one past its due time as breached', () => {
    expect(
      slaClockView({ metric: 'resolution', state: 'breached', due_at: inMinutes(-15) }, NOW),
    ).toEqual({ tone: 'breached', label: 'Overdue 15m', words: 'Resolution overdue by 15 min' });
    expect(
      slaClockView({ metric: 'first_response', state: 'warning', due_at: inMinutes(-0.2) }, NOW),
    ).toMatchObject({ tone: 'breached', label: 'Overdue 1m' });
  });

  it('says a paused clock waits on the customer', () => {
    expect(slaClockView({ metric: 'first_response', state: 'paused', due_at: null }, NOW)).toEqual({
      tone: 'paused',
      label: 'FRT paused',
      words: 'First response paused while waiting on the customer',
    });
  });
});
