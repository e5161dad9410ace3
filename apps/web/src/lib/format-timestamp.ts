import dayjs, { type ConfigType } from 'dayjs';

/**
 * Timestamp format (docs/product/limits.md): the time only when the moment is today, otherwise
 * 'MMM DD, hh:mm a', with the year added when it is not the current year.
 */
export function formatTimestamp(value: ConfigType, now: ConfigType = new Date()): string {
  const at = dayjs(value);
  const today = dayjs(now);
  if (at.isSame(today, 'day')) return at.format('hh:mm a');
  if (at.year() !== today.year()) return at.format('MMM DD YYYY, hh:mm a');
  return at.format('MMM DD, hh:mm a');
}
