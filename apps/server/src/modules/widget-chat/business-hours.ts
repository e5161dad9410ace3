import { overlappingPeriods, type WidgetChatSettings } from '@parley/contracts';
import { isBusinessTime } from '../../lib/business-calendar';
import { apiText, badRequest } from '../../lib/errors';

/**
 * Whether the store's chat is open at `now`: no business hours means always open; otherwise
 * some period of the day (in the widget's time zone, holding across DST changes) holds the time,
 * opening included, closing not.
 */
export function isOpenAt(chat: WidgetChatSettings, now: Date = new Date()): boolean {
  const hours = chat.business_hours;
  if (!hours) return true;
  try {
    return isBusinessTime({ timeZone: hours.time_zone, days: hours.days }, now);
  } catch {
    // A time zone the runtime no longer knows: better open than silently closed.
    return true;
  }
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
 * them): a time zone the runtime knows, each period closing after it opens and starting after
 * the one before it on that day has closed. A failure is a 400
 * naming the field under `path` (e.g. `chat.business_hours`): `{path}.time_zone`, `{path}.days.{i}`.
 */
export function checkBusinessHours(hours: WidgetChatSettings['business_hours'], path: string) {
  if (!hours) return;
  if (!isKnownTimeZone(hours.time_zone))
    throw badRequest(
      apiText('"{timeZone}" is not a time zone we know (e.g. Europe/Paris).', {
        timeZone: hours.time_zone,
      }),
      [{ path: `${path}.time_zone`, message: 'Unknown time zone.' }],
    );
  hours.days.forEach((d, i) => {
    if (d.close <= d.open)
      throw badRequest(
        apiText(
          'Business hours must close after they open on the same day ({day}: {open} to {close}).',
          { day: DAY_NAMES[d.day]!, open: d.open, close: d.close },
        ),
        [{ path: `${path}.days.${i}`, message: 'Closes before it opens.' }],
      );
  });
  const [overlap] = overlappingPeriods(hours.days);
  if (overlap !== undefined) {
    const d = hours.days[overlap]!;
    throw badRequest(
      apiText(
        'Two periods overlap on {day}: the one from {open} starts before the one before it ends.',
        { day: DAY_NAMES[d.day]!, open: d.open },
      ),
      [
        {
          path: `${path}.days.${overlap}`,
          message: 'Starts before the period before it on that day ends.',
        },
      ],
    );
  }
}
