import { t } from '@lingui/core/macro';
import type { WidgetAgent, WidgetConversation, WidgetMessage } from '@parley/contracts';
import { browserLanguages } from '../languages';
import { i18n } from './i18n';

/** Pure helpers of the chat's state (unit-tested): merging messages and counting unread ones. */

/** Adds or replaces messages by id, oldest first. */
export function mergeMessages(list: WidgetMessage[], incoming: WidgetMessage[]): WidgetMessage[] {
  const byId = new Map(list.map((m) => [m.id, m]));
  for (const m of incoming) byId.set(m.id, m);
  return [...byId.values()].sort((a, b) => a.id - b.id);
}

/** Adds or replaces a conversation; the most recently active first. */
export function upsertConversation(
  list: WidgetConversation[],
  conversation: WidgetConversation,
): WidgetConversation[] {
  const rest = list.filter((c) => c.id !== conversation.id);
  return [conversation, ...rest].sort((a, b) => activity(b) - activity(a));
}

const activity = (c: WidgetConversation) =>
  Date.parse(c.last_message?.created_at ?? c.created_at) || 0;

export const totalUnread = (list: WidgetConversation[]) =>
  list.reduce((n, c) => n + Math.max(0, c.unread), 0);

/** The newest agent message not yet read by the visitor, if any (what read receipts acknowledge). */
export function lastUnreadAgentMessage(messages: WidgetMessage[]): WidgetMessage | null {
  for (let i = messages.length - 1; i >= 0; i--) {
    const m = messages[i]!;
    if (m.author === 'agent') return m.status === 'read' ? null : m;
  }
  return null;
}

/** A conversation as the list shows it after a new message arrived in it. */
export function withMessage(
  conversation: WidgetConversation,
  message: WidgetMessage,
  countsAsUnread: boolean,
): WidgetConversation {
  const newer = !conversation.last_message || message.id >= conversation.last_message.id;
  return {
    ...conversation,
    last_message: newer ? message : conversation.last_message,
    agent: message.author === 'agent' && message.agent ? message.agent : conversation.agent,
    unread: conversation.unread + (countsAsUnread ? 1 : 0),
  };
}

/** A day's short name, Sunday = 0 (the contract's 0–6): 4 January 1970 was a Sunday. */
const dayName = (day: number, locale: string) =>
  new Intl.DateTimeFormat(locale, { weekday: 'short', timeZone: 'UTC' }).format(
    Date.UTC(1970, 0, 4 + day),
  );

/**
 * "Mon 09:00–17:00, Tue 09:00–17:00" grouped as "Mon–Fri 09:00–17:00" when days repeat; day
 * names in the given language.
 */
export function describeHours(
  days: { day: number; open: string; close: string }[],
  locale = 'en',
): string[] {
  const sorted = [...days].sort((a, b) => a.day - b.day || a.open.localeCompare(b.open));
  const lines: { from: number; to: number; hours: string }[] = [];
  for (const d of sorted) {
    const hours = `${d.open}–${d.close}`;
    const last = lines.at(-1);
    if (last && last.hours === hours && last.to === d.day - 1) last.to = d.day;
    else lines.push({ from: d.day, to: d.day, hours });
  }
  return lines.map(
    (l) =>
      `${dayName(l.from, locale)}${l.to !== l.from ? `–${dayName(l.to, locale)}` : ''} ${l.hours}`,
  );
}

/** "a, b, c" with the language's own separator (Arabic's comma is "،"). */
export const formatList = (items: string[], locale = 'en') =>
  new Intl.ListFormat(locale, { type: 'unit', style: 'short' }).format(items);

/** Splits text into plain runs and http(s) links, for rendering without any HTML. */
export function linkify(text: string): Array<{ text: string; href?: string }> {
  const parts: Array<{ text: string; href?: string }> = [];
  const pattern = /\bhttps?:\/\/[^\s<>"']+[^\s<>"'.,;:!?)\]]/g;
  let at = 0;
  for (const match of text.matchAll(pattern)) {
    if (match.index > at) parts.push({ text: text.slice(at, match.index) });
    parts.push({ text: match[0], href: match[0] });
    at = match.index + match[0].length;
  }
  if (at < text.length) parts.push({ text: text.slice(at) });
  return parts;
}

export const agentLabel = (agent: WidgetAgent | null) => agent?.name ?? t`Support team`;

/**
 * The locale dates are written in: the visitor's own regional variant of the active language
 * when the browser has one (en-GB writes 24-hour times), else the active language.
 */
export function dateLocale(active: string, browser: readonly string[] = browserLanguages()) {
  const language = active.split('-')[0]!.toLowerCase();
  return browser.find((tag) => tag.split('-')[0]!.toLowerCase() === language) ?? active;
}

/** Time only today, else "MMM D, hh:mm" (the timestamp rule of docs/product/limits.md, shortened for the widget). */
export function formatTime(
  iso: string,
  now = new Date(),
  locale = dateLocale(i18n.locale),
): string {
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return '';
  const time = d.toLocaleTimeString(locale, { hour: '2-digit', minute: '2-digit' });
  if (d.toDateString() === now.toDateString()) return time;
  const day = d.toLocaleDateString(locale, {
    month: 'short',
    day: 'numeric',
    ...(d.getFullYear() !== now.getFullYear() ? { year: 'numeric' } : {}),
  });
  return `${day}, ${time}`;
}
