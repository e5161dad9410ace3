// One conversation (docs/product/screens.md): the pane the inbox opens (loaded on use), the
// ticket preload of the inbox's rows, the store's drafts and preloaded tickets, the labels every
// list of conversations shows, its keyboard shortcuts, and the API parts settings pages use.
export { ConversationPane, preloadConversationPane } from './lazy-conversation-pane';
export {
  PRELOAD_HOVER_DELAY_MS,
  usePreloadTicket,
  type PreloadTicket,
} from './hooks/use-preload-ticket';
export { composerDraftsSlice } from './composer-drafts-slice';
export { ticketPreloadSlice } from './ticket-preload-slice';
export {
  channelLabel,
  conversationTitle,
  priorityLabel,
  STATUS_COLORS,
  statusLabel,
} from './conversation-labels';
export {
  COMPOSER_SHORTCUTS,
  CONVERSATION_SHORTCUTS,
  composerShortcutFor,
  conversationShortcutFor,
} from './conversation-shortcuts';
export { useGetConversationMappingQuery } from './api/conversation-api';
export { useGetUndoSendQuery, useSetUndoSendMutation } from './api/scheduled-messages-api';
