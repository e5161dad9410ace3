import { describe, expect, it } from 'vitest';
import type { WidgetConversation, WidgetMessage } from '@parley/contracts';
import {
  dateLocale,
  describeHours,
  formatList,
  formatTime,
  lastUnreadAgentMessage,
  linkify,
  mergeMessages,
  totalUnread,
  upsertConversation,
  withMessage,
} from './chat-state';

const message = (id: number, over: Partial<WidgetMessage> = {}): WidgetMessage => ({
  id,
  conversation_id: 1,
  author: 'visitor',
  agent: null,
  body: `m${id}`,
  attachments: [],
  status: 'sent',
  created_at: new Date(Date.UTC(2026, 0, 1, 0, id)).toISOString(),
  ...over,
});
const conversation = (id: number, over: Partial<WidgetConversation> = {}): WidgetConversation => ({
  id,
  status: 'open',
  agent: null,
  last_message: null,
  unread: 0,
  created_at: new Date(Date.UTC(2026, 0, 1, 0, id)).toISOString(),
  rating: null,
  ...over,
});

describe('the thread (history, several conversations)', () => {
  it('merges pages and live messages once each, oldest first', () => {
    const merged = mergeMessages(
      [message(2), message(3)],
      [message(1), message(3, { status: 'read' })],
    );
    expect(merged.map((m) => m.id)).toEqual([1, 2, 3]);
    expect(merged[2]!.status).toBe('read');
  });

  it('lists the most recently active conversation first', () => {
    const list = [conversation(1), conversation(2)];
    const updated = upsertConversation(list, withMessage(conversation(1), message(50), false));
    expect(updated.map((c) => c.id)).toEqual([1, 2]);
  });

  it('counts an agent’s reply as unread only when the visitor is not looking at it', () => {
    const agent = { name: 'Ann', avatar_url: null, initials: 'A', profile_color: '#123456' };
    const reply = message(9, { author: 'agent', agent });
    const seen = withMessage(conversation(1), reply, false);
    const unseen = withMessage(conversation(1), reply, true);
    expect(seen.unread).toBe(0);
    expect(unseen.unread).toBe(1);
    expect(unseen.agent).toEqual(agent);
    expect(totalUnread([unseen, conversation(2, { unread: 3 })])).toBe(4);
  });

  it('acknowledges the newest agent message not yet read (read receipts)', () => {
    expect(lastUnreadAgentMessage([message(1)])).toBeNull();
    const list = [message(1, { author: 'agent' }), message(2, { author: 'agent' }), message(3)];
    expect(lastUnreadAgentMessage(list)?.id).toBe(2);
    expect(lastUnreadAgentMessage([message(1, { author: 'agent', status: 'read' })])).toBeNull();
  });
});

describe('business hours', () => {
  it('groups days with the same hours', () => {
    const week = [1, 2, 3, 4, 5].map((day) => ({ day, open: '09:00', close: '17:00' }));
    expect(describeHours([...week, { day: 6, open: '10:00', close: '14:00' }])).toEqual([
      'Mon–Fri 09:00–17:00',
      'Sat 10:00–14:00',
    ]);
  });

  it('names the days in the visitor’s language', () => {
    const week = [1, 2, 3, 4, 5].map((day) => ({ day, open: '09:00', close: '17:00' }));
    expect(describeHours(week, 'de')).toEqual(['Mo–Fr 09:00–17:00']);
    expect(formatList(['Mo–Fr 09:00–17:00', 'Sa 10:00–14:00'], 'en')).toBe(
      'Mo–Fr 09:00–17:00, Sa 10:00–14:00',
    );
  });
});

describe('dates', () => {
  it('are written in the active language, in the visitor’s regional variant of it', () => {
    const now = new Date('2026-06-15T12:00:00');
    expect(formatTime('2026-03-03T14:05:00', now, 'de')).toBe('3. März, 14:05');
    expect(dateLocale('en', ['en-GB', 'fr'])).toBe('en-GB');
    expect(dateLocale('es', ['en-GB', 'fr'])).toBe('es');
  });
});

describe('message text (ASVS 3.2.2: text, never HTML)', () => {
  it('finds web links and leaves everything else as plain text', () => {
    expect(linkify('See https://acme.com/a?b=1. Or <b>javascript:alert(1)</b>')).toEqual([
      { text: 'See ' },
      { text: 'https://acme.com/a?b=1', href: 'https://acme.com/a?b=1' },
      { text: '. Or <b>javascript:alert(1)</b>' },
    ]);
  });
});
