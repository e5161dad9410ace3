import dayjs, { type Dayjs } from 'dayjs';
import { t } from '@lingui/core/macro';
import type { Attachment, ScheduledMessage } from '@parley/contracts';
import { formatDateTime, formatTime } from '../../lib/format';
import type { ComposerDraft } from './composer-drafts-slice';

// Scheduled send and undo send in the composer (docs/product/scheduled-send.md): the quick
// choices, how the list reads, and what an undo-window send had (restore-draft.ts puts it back).

/** Tomorrow and Monday start at this hour, in the agent's own time zone (the device's). */
export const SCHEDULE_MORNING_HOUR = 9;

export interface SchedulePreset {
  key: 'in-1-hour' | 'tomorrow' | 'monday';
  label: string;
  at: Dayjs;
}

/** In 1 hour, tomorrow at 9:00 and Monday at 9:00 (left out when Monday is tomorrow). */
export function schedulePresets(now: Dayjs): SchedulePreset[] {
  const morning = (d: Dayjs) => d.hour(SCHEDULE_MORNING_HOUR).minute(0).second(0).millisecond(0);
  const tomorrow = morning(now.add(1, 'day'));
  const monday = morning(now.add((8 - now.day()) % 7 || 7, 'day'));
  const nine = formatTime(tomorrow.toDate());
  const presets: SchedulePreset[] = [
    { key: 'in-1-hour', label: t`In 1 hour`, at: now.add(1, 'hour').second(0).millisecond(0) },
    { key: 'tomorrow', label: t`Tomorrow at ${nine}`, at: tomorrow },
  ];
  if (!monday.isSame(tomorrow, 'day'))
    presets.push({ key: 'monday', label: t`Monday at ${nine}`, at: monday });
  return presets;
}

/** When a message goes, short: weekday, day, month and time in the active language. */
export const sendAtText = (at: Date | string) =>
  formatDateTime(at, {
    weekday: 'short',
    day: 'numeric',
    month: 'short',
    hour: '2-digit',
    minute: '2-digit',
  });

/** `send_at` as the server takes it: ISO 8601 with the device's offset (and milliseconds). */
export const sendAtValue = (at: Date | Dayjs) => dayjs(at).format('YYYY-MM-DDTHH:mm:ss.SSSZ');

/** The first line with text, for the compact list. */
export const firstLine = (body: string) =>
  body
    .split('\n')
    .map((line) => line.trim())
    .find(Boolean) ?? '';

/**
 * The conversation's list, as the pane shows it: scheduled, sending and failed messages, not
 * counting undo-window sends unless they failed; and the caller's own undo-window sends, shown
 * as "Sending… Undo" instead.
 */
export function partitionScheduled(items: readonly ScheduledMessage[], meId: number | null) {
  const waiting = items.filter((m) => m.status !== 'sent');
  return {
    listed: waiting.filter((m) => !m.undo || m.status === 'failed'),
    undoing: waiting.filter((m) => m.undo && m.status !== 'failed' && m.author.id === meId),
  };
}

export interface UndoneSend {
  draft: ComposerDraft;
  files: Attachment[];
}

/** What each undo-window send had in the composer, kept in this tab's memory to put back on Undo. */
const undoable = new Map<number, UndoneSend>();

export function rememberUndoable(id: number, sent: UndoneSend): void {
  undoable.set(id, sent);
}

/** The copy kept in this tab of an undo-window send, taken once (Undo puts it back). */
export function takeUndoable(id: number): UndoneSend | undefined {
  const sent = undoable.get(id);
  undoable.delete(id);
  return sent;
}
