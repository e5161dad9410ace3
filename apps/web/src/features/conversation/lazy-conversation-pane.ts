import { lazyPage } from '../../lib/lazy-page';

/**
 * The conversation pane, loaded when a conversation is opened — or before, as soon as the agent
 * points at or focuses a row of the list, or opens a conversation's address directly
 * (app/route-preload.ts). The inbox route has a JS budget (docs/benchmarks.md), and the composer with
 * its mentions, the thread and the contact panel were a third of it.
 */
export const ConversationPane = lazyPage(() =>
  import('./components/conversation-pane').then((m) => m.ConversationPane),
);

/** Starts loading the pane's chunk (once; later calls are free). */
export function preloadConversationPane(): void {
  void ConversationPane.preload();
}
