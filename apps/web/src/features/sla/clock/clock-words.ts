import type { MessageDescriptor } from '@lingui/core';
import { msg, t } from '@lingui/core/macro';
import type { ConversationSlaSummary, SlaMetric } from '@parley/contracts';
import { formatList, formatNumber } from '../../../lib/format';
import { i18n } from '../../../lib/i18n';

/**
 * How an SLA clock reads (docs/product/sla.md): a compact label for the inbox row ("FRT 2h 10m",
 * "Overdue 15m") and a sentence for its tooltip and the conversation's panel ("First response due
 * in 2 hr, 10 min"). Durations are whole minutes, in the language's own unit words (Intl). The
 * inbox's first visit loads this module: it stays small (one message per state, not per metric
 * and state).
 */

const UNITS = [
  ['day', 1440],
  ['hour', 60],
  ['minute', 1],
] as const;

/** Whole minutes in their two largest units: "2h 10m" (narrow) or "2 hr, 10 min" (short). */
export function formatMinutes(minutes: number, style: 'narrow' | 'short'): string {
  let rest = Math.max(0, Math.round(minutes));
  const found = UNITS.findIndex(([, size]) => rest >= size);
  const first = found === -1 ? 2 : found;
  const parts: string[] = [];
  for (const [unit, size] of UNITS.slice(first, first + 2)) {
    const amount = Math.floor(rest / size);
    rest -= amount * size;
    if (amount > 0 || parts.length === 0)
      parts.push(formatNumber(amount, { style: 'unit', unit, unitDisplay: style }));
  }
  return style === 'narrow' ? parts.join(' ') : formatList(parts, 'unit');
}

const NAMES: Record<SlaMetric, MessageDescriptor> = {
  first_response: msg`First response`,
  next_response: msg`Next response`,
  resolution: msg`Resolution`,
};

const ABBREVIATIONS: Record<SlaMetric, MessageDescriptor> = {
  first_response: msg({
    message: 'FRT',
    comment: 'Short for "first response time", on an inbox row',
  }),
  next_response: msg({
    message: 'NRT',
    comment: 'Short for "next response time", on an inbox row',
  }),
  resolution: msg({ message: 'RT', comment: 'Short for "resolution time", on an inbox row' }),
};

/** The metric's name, as the product pages write it. */
export const slaMetricName = (metric: SlaMetric): string => i18n._(NAMES[metric]);

/** How a clock looks: counting, close to its due time, past it, or stopped. */
export type SlaTone = 'running' | 'warning' | 'breached' | 'paused';

export interface SlaClockView {
  tone: SlaTone;
  /** "FRT 2h 10m", "Overdue 15m", "FRT paused". */
  label: string;
  /** The clock in a sentence: "First response due in 2 hr, 10 min". */
  words: string;
}

/**
 * A counting clock as of `now`. One the server still calls running reads as overdue once its due
 * time has passed: the breach is certain, the server's word about it may be a moment behind.
 */
export function slaClockView(clock: ConversationSlaSummary, now: number): SlaClockView {
  const name = slaMetricName(clock.metric);
  const abbreviation = i18n._(ABBREVIATIONS[clock.metric]);
  if (clock.state === 'paused' || clock.due_at === null)
    return {
      tone: 'paused',
      label: t`${abbreviation} paused`,
      words: t({
        message: `${name} paused while waiting on the customer`,
        comment: '{name}: First response, Next response or Resolution',
      }),
    };
  const left = Date.parse(clock.due_at) - now;
  if (left <= 0 || clock.state === 'breached') {
    // The first minute past due already reads "1m": "0m overdue" says nothing.
    const minutes = Math.max(1, Math.floor(-left / 60_000));
    const duration = formatMinutes(minutes, 'narrow');
    const words = formatMinutes(minutes, 'short');
    return {
      tone: 'breached',
      label: t({ message: `Overdue ${duration}`, comment: 'On an inbox row: "Overdue 15m"' }),
      words: t({
        message: `${name} overdue by ${words}`,
        comment: '{name}: First response, Next response or Resolution; {words}: "15 min"',
      }),
    };
  }
  // Counting down: a clock with 30 seconds left says 1 minute, never 0.
  const minutes = Math.ceil(left / 60_000);
  const words = formatMinutes(minutes, 'short');
  return {
    tone: clock.state === 'warning' ? 'warning' : 'running',
    label: `${abbreviation} ${formatMinutes(minutes, 'narrow')}`,
    words: t({
      message: `${name} due in ${words}`,
      comment: '{name}: First response, Next response or Resolution; {words}: "2 hr, 10 min"',
    }),
  };
}
