import { i18n } from './i18n';

/**
 * Dates, times, numbers and lists, in the active language and the device's time zone: every
 * page formats through here (docs/i18n.md), never with a fixed locale or pattern.
 */

type DateInput = Date | string | number;

const toDate = (value: DateInput) => (value instanceof Date ? value : new Date(value));

/** Intl's formatters are costly to build; one per language and options. */
const cache = new Map<string, unknown>();
function cached<T>(kind: string, options: object, make: () => T): T {
  const key = `${kind}|${i18n.locale}|${JSON.stringify(options)}`;
  let formatter = cache.get(key) as T | undefined;
  if (!formatter) {
    formatter = make();
    cache.set(key, formatter);
  }
  return formatter;
}

const dateTimeFormat = (options: Intl.DateTimeFormatOptions) =>
  cached('dt', options, () => new Intl.DateTimeFormat(i18n.locale, options));

const DATE_PARTS = ['weekday', 'era', 'year', 'month', 'day'] as const;

/**
 * 5 Mar 2026 / Mar 5, 2026 / 5 de mar. de 2026 … — or the parts asked for (`{ month: 'short',
 * day: 'numeric' }`), which Intl does not allow beside a date style.
 */
export function formatDate(value: DateInput, options: Intl.DateTimeFormatOptions = {}): string {
  const parts = DATE_PARTS.some((part) => part in options);
  return dateTimeFormat(parts ? options : { dateStyle: 'medium', ...options }).format(
    toDate(value),
  );
}

/** The date and the time of day. */
export function formatDateTime(
  value: DateInput,
  options: Intl.DateTimeFormatOptions = { dateStyle: 'medium', timeStyle: 'short' },
): string {
  return dateTimeFormat(options).format(toDate(value));
}

/** The time of day. */
export function formatTime(value: DateInput): string {
  return dateTimeFormat({ timeStyle: 'short' }).format(toDate(value));
}

const RELATIVE_STEPS: Array<[Intl.RelativeTimeFormatUnit, number]> = [
  ['second', 60],
  ['minute', 60],
  ['hour', 24],
  ['day', 7],
  ['week', 4.35],
  ['month', 12],
  ['year', Infinity],
];

/** "3 minutes ago", "in 2 days", "yesterday", in the largest unit that fits. */
export function formatRelative(value: DateInput, now: DateInput = Date.now()): string {
  let amount = (toDate(value).getTime() - toDate(now).getTime()) / 1000;
  for (const [unit, size] of RELATIVE_STEPS) {
    if (Math.abs(amount) < size) {
      const format = cached(
        'rt',
        { numeric: 'auto' },
        () => new Intl.RelativeTimeFormat(i18n.locale, { numeric: 'auto' }),
      );
      return format.format(Math.round(amount), unit);
    }
    amount /= size;
  }
  return '';
}

export function formatNumber(value: number, options: Intl.NumberFormatOptions = {}): string {
  return cached('n', options, () => new Intl.NumberFormat(i18n.locale, options)).format(value);
}

/** An amount of money, in its currency (ISO 4217 code). */
export function formatCurrency(value: number, currency: string): string {
  return formatNumber(value, { style: 'currency', currency });
}

/** "owners and admins", "A, B y C": a list joined as the language joins one. */
export function formatList(items: readonly string[], type: Intl.ListFormatType = 'conjunction') {
  const options = { type };
  return cached('l', options, () => new Intl.ListFormat(i18n.locale, options)).format(items);
}

/**
 * "Mar 5, 9:30 am": a day of this year and its time, short. English keeps the product's own
 * pattern (lower-case am/pm); other languages their own order and words.
 */
export function formatShortDateTime(value: DateInput): string {
  const date = toDate(value);
  if (i18n.locale === 'en') {
    const month = dateTimeFormat({ month: 'short' }).format(date);
    const hours = date.getHours() % 12 || 12;
    const minutes = String(date.getMinutes()).padStart(2, '0');
    return `${month} ${date.getDate()}, ${hours}:${minutes} ${date.getHours() < 12 ? 'am' : 'pm'}`;
  }
  return dateTimeFormat({
    month: 'short',
    day: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
  }).format(date);
}
