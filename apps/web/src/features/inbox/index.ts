// The inbox (docs/product/screens.md): its routes and list requests, which the entry chunk asks
// for before the first render (app/route-preload.ts), and the new-chat notifier the app layout
// mounts. The inbox page itself is loaded by the router.
export {
  CONVERSATIONS_PATH,
  INBOX_BASE,
  INBOX_MAPPING_PATH,
  listQuery,
  parseInboxSplat,
  readListFilters,
  restoredInboxPath,
  VIEW_COUNTS_PATH,
} from './inbox-route';
export { LiveChatNotifier } from './components/live-chat-notifier';
