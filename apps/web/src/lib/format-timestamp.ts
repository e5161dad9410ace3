import dayjs, { type ConfigType } from 'dayjs';
import { i18n } from './i18n';
import { formatDateTime, formatTime } from './format';

/**
 * Timestamp format (docs/product/limits.md): the time only when the moment is today, otherwise
 * 'MMM DD, hh:mm a', with the year added when it is not the current year. In English that
 * pattern exactly; in another language the same parts in that language's order and words.
 */
export function formatTimestamp(value: ConfigType, now: ConfigType = new Date()): string {
  const at = dayjs(value);
  const today = dayjs(now);
  const english = i18n.locale === 'en';
  if (at.isSame(today, 'day')) return english ? at.format('hh:mm a') : formatTime(at.toDate());
  const thisYear = at.year() === today.year();
  if (english) return at.format(thisYear ? 'MMM DD, hh:mm a' : 'MMM DD YYYY, hh:mm a');
  return formatDateTime(at.toDate(), {
    month: 'short',
    day: '2-digit',
    ...(thisYear ? {} : { year: 'numeric' }),
    hour: '2-digit',
    minute: '2-digit',
  });
}
