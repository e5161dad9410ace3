import { describe, expect, it } from 'vitest';
import { waitFor } from '@testing-library/react';
import { LOCAL_KEYS } from '@parley/contracts';
import { conversation, renderInbox } from '../features/inbox/testing';
import { inboxEarlyGets, routeChunks } from './route-preload';

describe('routeChunks: what a first visit asks for at once', () => {
  it('the login route stays in the entry chunk (docs/benchmarks.md: ≤ 150 KB gzip)', () => {
    expect(routeChunks('/login', false)).toEqual([]);
    expect(routeChunks('/login', true)).toEqual([]);
  });

  it('a signed-in inbox asks for the themed app, the shell and the inbox page together', () => {
    for (const path of ['/', '/inboxes', '/inboxes/mine/open/newest'])
      expect(routeChunks(path, true)).toEqual(['themed-app', 'shell', 'inbox']);
    expect(routeChunks('/reporting', true)).toEqual(['themed-app', 'shell']);
    expect(routeChunks('/settings/tags', true)).toEqual(['themed-app', 'shell']);
  });

  it('adds the conversation pane when a conversation opens with the page, also where /inboxes restores one', () => {
    const withPane = ['themed-app', 'shell', 'inbox', 'conversation'];
    expect(routeChunks('/inboxes/mine/open/newest/12', true)).toEqual(withPane);
    expect(routeChunks('/inboxes/all/all/newest/12/', true)).toEqual(withPane);
    localStorage.setItem(LOCAL_KEYS.lastInboxRoute, '/inboxes/team-3/all/oldest/41');
    try {
      expect(routeChunks('/inboxes', true)).toEqual(withPane);
      expect(routeChunks('/', true)).toEqual(withPane);
    } finally {
      localStorage.removeItem(LOCAL_KEYS.lastInboxRoute);
    }
    expect(routeChunks('/inboxes', true)).toEqual(['themed-app', 'shell', 'inbox']);
  });

  it('never fetches the shell without a session, nor for the pages outside it', () => {
    expect(routeChunks('/inboxes', false)).toEqual(['themed-app']);
    for (const path of [
      '/signup',
      '/login/forgotpassword',
      '/help-center/helpcenter',
      '/widget-demo',
      '/settings/teammembers/invite/confirm/abc',
      '/transcript',
      '/feedback',
      '/nps-form',
    ])
      expect(routeChunks(path, true)).toEqual(['themed-app']);
    expect(routeChunks('/inboxesque', true)).toEqual(['themed-app', 'shell']);
  });
});

describe('the inbox’s first requests, asked for beside Me on a first visit', () => {
  it('are exactly the requests the inbox makes when it renders, so it takes their answers', async () => {
    for (const [path, search] of [
      ['/inboxes/mine/open/newest', ''],
      ['/inboxes/all/all/oldest', '?search=refund%20order'],
    ] as const) {
      const { api, view } = renderInbox(`${path}${search}`, {
        conversations: [conversation(1)],
      });
      const asked = () => api.calls.filter((call) => call.method === 'GET').map((call) => call.url);
      await waitFor(() => {
        for (const early of inboxEarlyGets(path, search)) expect(asked()).toContain(early);
      });
      view.unmount();
    }
  });
});
