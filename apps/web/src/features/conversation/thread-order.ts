import type { Message } from '@parley/contracts';

function isBefore(a: Message, b: Message): boolean {
  const at = Date.parse(a.created_at);
  const bt = Date.parse(b.created_at);
  if (at !== bt) return at < bt;
  return a.id < b.id;
}

/**
 * Puts a message into a thread kept oldest first: a message already there (same id) is replaced
 * in place, a new one goes where its time says (almost always at the end).
 */
export function insertMessage(items: Message[], message: Message): void {
  const existing = items.findIndex((m) => m.id === message.id);
  if (existing !== -1) {
    items[existing] = message;
    return;
  }
  let at = items.length;
  while (at > 0 && isBefore(message, items[at - 1]!)) at -= 1;
  items.splice(at, 0, message);
}
