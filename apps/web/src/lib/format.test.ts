import { describe, expect, it } from 'vitest';
import { formatDate } from './format';

describe('dates in the active language (docs/i18n.md: formats through Intl)', () => {
  it('a date in the medium style, or just the parts asked for', () => {
    const day = new Date(Date.UTC(2026, 2, 5, 12));
    expect(formatDate(day)).toBe('Mar 5, 2026');
    // Parts cannot go beside a date style in Intl: asked for alone, they are formatted alone.
    expect(formatDate(day, { month: 'short', day: 'numeric' })).toBe('Mar 5');
    expect(formatDate(day, { weekday: 'long' })).toBe('Thursday');
    expect(formatDate(day, { timeZone: 'UTC' })).toBe('Mar 5, 2026');
  });
});
