import { describe, expect, it } from 'vitest';
import { formatTimestamp } from './format-timestamp';

describe('timestamp format (docs/product/limits.md)', () => {
  const now = new Date(2026, 10, 23, 15, 0);

  it('shows the time only when the moment is today', () => {
    expect(formatTimestamp(new Date(2026, 10, 23, 9, 5), now)).toBe('09:05 am');
  });

  it("shows 'MMM DD, hh:mm a' on another day of this year", () => {
    expect(formatTimestamp(new Date(2026, 2, 4, 17, 30), now)).toBe('Mar 04, 05:30 pm');
  });

  it('adds the year when it differs from the current year', () => {
    expect(formatTimestamp(new Date(2025, 11, 31, 23, 59), now)).toBe('Dec 31 2025, 11:59 pm');
  });
});
