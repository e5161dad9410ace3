import { firstVisitSteps } from '@parley/contracts';
import { ConversationPane } from '../features/conversation';
import {
  CONVERSATIONS_PATH,
  INBOX_BASE,
  INBOX_MAPPING_PATH,
  listQuery,
  parseInboxSplat,
  readListFilters,
  restoredInboxPath,
  VIEW_COUNTS_PATH,
} from '../features/inbox';
import { ME_PATH } from '../features/auth';
import { activateLocale, startingLocale } from '../lib/i18n';
import { startEarlyGet, withQuery } from '../lib/request';
import { hasSession } from '../lib/session';
import { ThemedApp } from './app-routes';

export type RouteChunk = 'themed-app' | 'shell' | 'inbox' | 'conversation';

/** Where the inbox at `pathname` opens (/inboxes goes where the user was). */
function inboxLocation(pathname: string) {
  const path = pathname.startsWith(`${INBOX_BASE}/`) ? pathname : restoredInboxPath();
  return parseInboxSplat(path.slice(INBOX_BASE.length + 1)).location;
}

/** Whether the inbox at `pathname` opens with a conversation. */
function opensConversation(pathname: string): boolean {
  return inboxLocation(pathname).conversationId !== null;
}

/**
 * The inbox's first render asks for its list's first page, the view counts and the mapping:
 * asked for now, beside Me, they are in when it renders instead of one round trip after.
 */
export function inboxEarlyGets(pathname: string, search: string): string[] {
  const location = inboxLocation(pathname);
  const params = new URLSearchParams(search);
  const words = params.get('search')?.trim() ?? '';
  const filters = readListFilters(params);
  return [
    withQuery(
      CONVERSATIONS_PATH,
      listQuery({ ...location, search: words || undefined, ...filters }, null),
    ),
    withQuery(VIEW_COUNTS_PATH, { status: location.status }),
    INBOX_MAPPING_PATH,
  ];
}

/**
 * The chunks a first visit to `pathname` will ask for. A signed-in page is three lazy chunks,
 * each named by the one before (the themed app, the shell, the page): fetched one after the
 * other, they cost three round trips and three evaluations before the first paint of the inbox.
 */
export function routeChunks(pathname: string, signedIn: boolean): RouteChunk[] {
  const steps = firstVisitSteps(pathname, signedIn);
  if (!steps.includes('shell')) return steps;
  const inbox = pathname === '/' || pathname === '/inboxes' || pathname.startsWith('/inboxes/');
  if (!inbox) return ['themed-app', 'shell'];
  return opensConversation(pathname)
    ? ['themed-app', 'shell', 'inbox', 'conversation']
    : ['themed-app', 'shell', 'inbox'];
}

/**
 * Loads the first page's chunks at once, at start, and resolves when they are in (never
 * rejects: a chunk that fails here fails again, visibly, where the page renders it). The shell
 * and inbox chunks are asked for directly, in parallel with the themed app that names them;
 * their lazy pages then find them loaded and render without a Suspense round. The shell shows
 * nothing before Me: that is asked for now too (lib/request.ts, startEarlyGet), so it is in when
 * the shell first renders instead of one round trip after.
 */
export function preloadRouteChunks(pathname: string, search = ''): Promise<void> {
  const chunks = routeChunks(pathname, hasSession());
  // The page's language comes first, so it renders once, in that language (English is built in).
  const loads: Promise<unknown>[] = [activateLocale(startingLocale())];
  if (chunks.includes('themed-app')) loads.push(ThemedApp.preload());
  if (chunks.includes('shell')) {
    startEarlyGet(ME_PATH);
    if (chunks.includes('inbox')) inboxEarlyGets(pathname, search).forEach(startEarlyGet);
    loads.push(import('./shell-route').then((m) => m.preloadMe()));
    if (chunks.includes('inbox')) loads.push(import('../features/inbox/components/inbox-page'));
    if (chunks.includes('conversation')) loads.push(ConversationPane.preload());
    loads.push(import('./themed-app').then((m) => m.preloadShellPages(chunks.includes('inbox'))));
  }
  return Promise.all(loads).then(
    () => undefined,
    () => undefined,
  );
}
