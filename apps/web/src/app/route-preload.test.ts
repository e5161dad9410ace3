import { describe, expect, it } from 'vitest';
import { routeChunks } from './route-preload';

describe('routeChunks: what a first visit asks for at once', () => {
  it('the login route stays in the entry chunk (design.md §7: ≤ 150 KB gzip)', () => {
    expect(routeChunks('/login', false)).toEqual([]);
    expect(routeChunks('/login', true)).toEqual([]);
  });

  it('a signed-in inbox asks for the themed app, the shell and the inbox page together', () => {
    for (const path of ['/', '/inboxes', '/inboxes/mine/all/open/newest/12'])
      expect(routeChunks(path, true)).toEqual(['themed-app', 'shell', 'inbox']);
    expect(routeChunks('/reporting', true)).toEqual(['themed-app', 'shell']);
    expect(routeChunks('/settings/tags', true)).toEqual(['themed-app', 'shell']);
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
