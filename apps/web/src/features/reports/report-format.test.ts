import { describe, expect, it } from 'vitest';
import { changeFrom, formatDuration } from './report-format';

describe('report figures as people read them', () => {
  it.each([
    [null, '—'],
    [0, '0s'],
    [45, '45s'],
    [600, '10m'],
    [725, '12m 5s'],
    [3600, '1h'],
    [11100, '3h 5m'],
    [86400, '1d'],
    [187200, '2d 4h'],
  ])('formats %s seconds as %s', (seconds, text) => {
    expect(formatDuration(seconds)).toBe(text);
  });

  it('tells the change from the previous period, and whether it is good news', () => {
    expect(changeFrom(4, 2)).toEqual({ percent: 100, tone: 'good', label: '+100%' });
    expect(changeFrom(600, 1200, true)).toEqual({ percent: -50, tone: 'good', label: '−50%' });
    expect(changeFrom(1200, 600, true)).toMatchObject({ tone: 'bad', label: '+100%' });
    expect(changeFrom(3, 0)).toMatchObject({ percent: null, label: 'No data before' });
    expect(changeFrom(0, 0)).toMatchObject({ percent: null, label: 'No change' });
    expect(changeFrom(null, 300, true)).toMatchObject({ percent: null, label: 'No data now' });
    expect(changeFrom(3, 3)).toMatchObject({ percent: 0, label: 'No change' });
  });
});
