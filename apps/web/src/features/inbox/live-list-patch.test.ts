import { describe, expect, it } from 'vitest';
import type { ConversationListItem } from '@parley/contracts';
import type { ConversationListArgs } from './api/inbox-api';
import { applyConversationUpdate, type ListPages } from './live-list-patch';
import { conversation } from './testing/inbox-fixtures';

const USER = 1;

function pages(
  ...groups: Array<{ items: ConversationListItem[]; next: string | null }>
): ListPages {
  return {
    pages: groups.map((g) => ({ items: g.items, next_cursor: g.next })),
    pageParams: groups.map((_, i) => (i === 0 ? null : String(i))),
  };
}

const ids = (data: ListPages) => data.pages.map((p) => p.items.map((i) => i.id));
const newest: ConversationListArgs = { view: 'all', status: 'open', sort: 'newest' };
const later = (id: number) => new Date(Date.parse('2026-11-21T00:00:00Z') + id).toISOString();

describe('realtime patches of a cached list', () => {
  it('updates a row in place when its sort position does not change', () => {
    const data = pages({ items: [conversation(3), conversation(2), conversation(1)], next: null });
    applyConversationUpdate(data, conversation(2, { subject: 'Changed' }), newest, USER);
    expect(ids(data)).toEqual([[3, 2, 1]]);
    expect(data.pages[0]?.items[1]?.subject).toBe('Changed');
  });

  it('sort=newest: a conversation with new activity moves to the top, even from a later page', () => {
    const data = pages(
      { items: [conversation(5), conversation(4)], next: '2' },
      { items: [conversation(3), conversation(2)], next: '4' },
    );
    applyConversationUpdate(data, conversation(2, { last_activity_at: later(2) }), newest, USER);
    expect(ids(data)).toEqual([[2, 5, 4], [3]]);
  });

  it('inserts a conversation that now matches the view and status, in sort order', () => {
    const data = pages({ items: [conversation(5), conversation(3)], next: null });
    applyConversationUpdate(data, conversation(4), newest, USER);
    expect(ids(data)).toEqual([[5, 4, 3]]);
  });

  it('does not append past the loaded pages while more pages remain (a later page brings it)', () => {
    const data = pages({ items: [conversation(5), conversation(4)], next: '2' });
    applyConversationUpdate(data, conversation(1), newest, USER);
    expect(ids(data)).toEqual([[5, 4]]);
  });

  it('removes a conversation that leaves the view: assigned, it leaves Unassigned', () => {
    const unassigned: ConversationListArgs = { ...newest, view: 'unassigned' };
    const data = pages({ items: [conversation(3), conversation(2)], next: null });
    applyConversationUpdate(data, conversation(2, { assignee_id: 2 }), unassigned, USER);
    expect(ids(data)).toEqual([[3]]);
  });

  it('removes a conversation whose status no longer matches, and matches mine, teams, channels, tags', () => {
    const data = pages({ items: [conversation(3), conversation(2)], next: null });
    applyConversationUpdate(data, conversation(3, { status: 'closed' }), newest, USER);
    expect(ids(data)).toEqual([[2]]);

    const mine = pages({ items: [], next: null });
    applyConversationUpdate(
      mine,
      conversation(8, { assignee_id: USER }),
      { ...newest, view: 'mine' },
      USER,
    );
    applyConversationUpdate(
      mine,
      conversation(9, { assignee_id: 2 }),
      { ...newest, view: 'mine' },
      USER,
    );
    expect(ids(mine)).toEqual([[8]]);

    for (const [view, item] of [
      ['team:5', conversation(1, { team_id: 5 })],
      ['channel:11', conversation(1, { support_channel_id: 11 })],
      ['tag:2', conversation(1, { tag_ids: [1, 2] })],
    ] as const) {
      const list = pages({ items: [], next: null });
      applyConversationUpdate(list, item, { ...newest, view }, USER);
      expect(ids(list)).toEqual([[1]]);
    }
  });

  it('with a search: id:N only admits that ticket; a word search refreshes rows but adds none', () => {
    const byId = pages({ items: [], next: null });
    applyConversationUpdate(byId, conversation(7), { ...newest, search: 'id:7' }, USER);
    applyConversationUpdate(byId, conversation(8), { ...newest, search: 'id:7' }, USER);
    expect(ids(byId)).toEqual([[7]]);

    const words = pages({ items: [conversation(2)], next: null });
    applyConversationUpdate(words, conversation(3), { ...newest, search: 'refund' }, USER);
    applyConversationUpdate(
      words,
      conversation(2, { subject: 'Refund?' }),
      { ...newest, search: 'refund' },
      USER,
    );
    expect(ids(words)).toEqual([[2]]);
    expect(words.pages[0]?.items[0]?.subject).toBe('Refund?');
  });

  it('sort=oldest and waiting_longest keep the server order', () => {
    const oldest = pages({ items: [conversation(1), conversation(3)], next: null });
    applyConversationUpdate(oldest, conversation(2), { ...newest, sort: 'oldest' }, USER);
    expect(ids(oldest)).toEqual([[1, 2, 3]]);

    const waiting = pages({
      items: [
        conversation(1, { waiting_since: '2026-11-01T00:00:00Z' }),
        conversation(2, { waiting_since: null }),
      ],
      next: null,
    });
    applyConversationUpdate(
      waiting,
      conversation(3, { waiting_since: '2026-11-02T00:00:00Z' }),
      { ...newest, sort: 'waiting_longest' },
      USER,
    );
    expect(ids(waiting)).toEqual([[1, 3, 2]]);
  });

  it('inserts or removes a conversation by the list’s priority, SLA and creation-day filters', () => {
    const filtered: ConversationListArgs = {
      ...newest,
      priority: ['urgent'],
      sla: ['breached'],
      created_from: '2026-11-01',
      created_to: '2026-11-30',
    };
    const breached = { metric: 'first_response', state: 'breached', due_at: later(0) } as const;
    const fits = { priority: 'urgent', sla: breached, created_at: '2026-11-30T23:00:00Z' } as const;
    const data = pages({ items: [conversation(3, fits)], next: null });
    applyConversationUpdate(data, conversation(5, fits), filtered, USER);
    expect(ids(data)).toEqual([[5, 3]]);
    applyConversationUpdate(data, conversation(5, { ...fits, priority: 'high' }), filtered, USER);
    applyConversationUpdate(data, conversation(3, { ...fits, sla: null }), filtered, USER);
    applyConversationUpdate(
      data,
      conversation(4, { ...fits, created_at: '2026-12-01T00:00:00Z' }),
      filtered,
      USER,
    );
    expect(ids(data)).toEqual([[]]);
  });
});
