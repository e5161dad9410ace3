import { describe, expect, it } from 'vitest';
import { LOCAL_KEYS } from '@parley/contracts';
import {
  inboxPath,
  inboxSearch,
  parseInboxSplat,
  readListFilters,
  rememberInboxLocation,
  restoredInboxPath,
  slugToView,
  viewToSlug,
} from './inbox-route';

describe('inbox URLs', () => {
  it('ticket links have 4 segments before the id (docs/product/screens.md): /inboxes/{view}/{status}/{sort}/{id}', () => {
    expect(parseInboxSplat('all/open/newest/123')).toEqual({
      location: { view: 'all', status: 'open', sort: 'newest', conversationId: 123 },
      canonical: true,
    });
    expect(
      inboxPath({ view: 'team:3', status: 'all', sort: 'waiting_longest', conversationId: 9 }),
    ).toBe('/inboxes/team-3/all/waiting-longest/9');
  });

  it('views read as slugs: mine, unassigned, all, team-N, channel-N, tag-N', () => {
    for (const view of ['mine', 'unassigned', 'all', 'team:3', 'channel:7', 'tag:12']) {
      expect(slugToView(viewToSlug(view))).toBe(view);
    }
    expect(slugToView('team-0')).toBeNull();
    expect(slugToView('everything')).toBeNull();
  });

  it('fills in missing or unknown parts with the defaults and says the path was not canonical', () => {
    expect(parseInboxSplat('mine')).toEqual({
      location: { view: 'mine', status: 'open', sort: 'newest', conversationId: null },
      canonical: false,
    });
    expect(parseInboxSplat('x/y/z/77').location).toEqual({
      view: 'all',
      status: 'open',
      sort: 'newest',
      conversationId: 77,
    });
  });

  it('docs/product/data.md: remembers last-inbox-route and last-inbox-route-slug, and /inboxes restores them', () => {
    expect(restoredInboxPath()).toBe('/inboxes/all/open/newest');
    rememberInboxLocation({ view: 'tag:2', status: 'pending', sort: 'oldest', conversationId: 4 });
    expect(localStorage.getItem(LOCAL_KEYS.lastInboxRoute)).toBe('/inboxes/tag-2/pending/oldest/4');
    expect(localStorage.getItem(LOCAL_KEYS.lastInboxRouteSlug)).toBe('tag-2');
    expect(restoredInboxPath()).toBe('/inboxes/tag-2/pending/oldest/4');

    // A route that is not an inbox route is never followed; the slug still is.
    localStorage.setItem(LOCAL_KEYS.lastInboxRoute, 'https://evil.example/inboxes/all');
    expect(restoredInboxPath()).toBe('/inboxes/tag-2/open/newest');
  });
});

describe('the list filters in the URL', () => {
  it('reads known priorities, SLA states and real days, in a fixed order, and writes them back', () => {
    const filters = readListFilters(
      new URLSearchParams(
        'priority=urgent,bogus,high&sla=none,breached&created_from=2026-03-01&created_to=2026-02-30',
      ),
    );
    expect(filters).toEqual({
      priority: ['high', 'urgent'],
      sla: ['breached', 'none'],
      created_from: '2026-03-01',
    });
    expect(inboxSearch('id:12', filters)).toBe(
      '?search=id%3A12&priority=high,urgent&sla=breached,none&created_from=2026-03-01',
    );
    expect(inboxSearch('', {})).toBe('');
    // A range that ends before it starts keeps its start only.
    expect(
      readListFilters(new URLSearchParams('created_from=2026-03-02&created_to=2026-03-01')),
    ).toEqual({ created_from: '2026-03-02' });
  });
});
