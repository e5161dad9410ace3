import type { WidgetChatSettings } from '@parley/contracts';

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
