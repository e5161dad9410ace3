import type { WidgetChatSettings } from '@parley/contracts';
import { badRequest } from '../../lib/errors';

const WEEKDAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];

/**
 * Whether the store's chat is open at `now`: no business hours means always open; otherwise
 * some period of today (in the widget's time zone) holds the time, opening included, closing not.
 */
export function isOpenAt(chat: WidgetChatSettings, now: Date = new Date()): boolean {
  const hours = chat.business_hours;
  if (!hours) return true;
  let parts: Intl.DateTimeFormatPart[];
  try {
    parts = new Intl.DateTimeFormat('en-US', {
      timeZone: hours.time_zone,
      weekday: 'short',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    }).formatToParts(now);
  } catch {
    // A time zone the runtime no longer knows: better open than silently closed.
    return true;
  }
  const part = (type: string) => parts.find((p) => p.type === type)?.value ?? '';
  const day = WEEKDAYS.indexOf(part('weekday'));
  const time = `${part('hour')}:${part('minute')}`;
  return hours.days.some((d) => d.day === day && d.open <= time && time < d.close);
}

const DAY_NAMES = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];

function isKnownTimeZone(timeZone: string): boolean {
  try {
    return new Intl.DateTimeFormat('en-US', { timeZone }).resolvedOptions().timeZone !== '';
  } catch {
    return false;
  }
}

/**
 * What the schema cannot say about business hours (the widget's chat and the call channel share
 * them): a time zone the runtime knows, each period closing after it opens. A failure is a 400
 * naming the field under `path` (e.g. `chat.business_hours`): `{path}.time_zone`, `{path}.days.{i}`.
 */
export function checkBusinessHours(hours: WidgetChatSettings['business_hours'], path: string) {
  if (!hours) return;
  if (!isKnownTimeZone(hours.time_zone))
    throw badRequest(`"${hours.time_zone}" is not a time zone we know (e.g. Europe/Paris).`, [
      { path: `${path}.time_zone`, message: 'Unknown time zone.' },
    ]);
  hours.days.forEach((d, i) => {
    if (d.close <= d.open)
      throw badRequest(
        `Business hours must close after they open on the same day (${DAY_NAMES[d.day]}: ${d.open} to ${d.close}).`,
        [{ path: `${path}.days.${i}`, message: 'Closes before it opens.' }],
      );
  });
}
