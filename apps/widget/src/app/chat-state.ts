import type { WidgetAgent, WidgetConversation, WidgetMessage } from '@parley/contracts';

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

/** Day names of business hours, Sunday first (the contract's 0–6). */
const DAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];

/** "Mon 09:00–17:00, Tue 09:00–17:00" grouped as "Mon–Fri 09:00–17:00" when days repeat. */
export function describeHours(days: { day: number; open: string; close: string }[]): string[] {
  const sorted = [...days].sort((a, b) => a.day - b.day || a.open.localeCompare(b.open));
  const lines: { from: number; to: number; hours: string }[] = [];
  for (const d of sorted) {
    const hours = `${d.open}–${d.close}`;
    const last = lines.at(-1);
    if (last && last.hours === hours && last.to === d.day - 1) last.to = d.day;
    else lines.push({ from: d.day, to: d.day, hours });
  }
  return lines.map((l) => `${DAYS[l.from]}${l.to !== l.from ? `–${DAYS[l.to]}` : ''} ${l.hours}`);
}

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

export const agentLabel = (agent: WidgetAgent | null) => agent?.name ?? 'Support team';

/** Time only today, else "MMM D, hh:mm" (the timestamp rule of docs/product/limits.md, shortened for the widget). */
export function formatTime(iso: string, now = new Date()): string {
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return '';
  const time = d.toLocaleTimeString(undefined, { hour: '2-digit', minute: '2-digit' });
  if (d.toDateString() === now.toDateString()) return time;
  const day = d.toLocaleDateString(undefined, {
    month: 'short',
    day: 'numeric',
    ...(d.getFullYear() !== now.getFullYear() ? { year: 'numeric' } : {}),
  });
  return `${day}, ${time}`;
}
