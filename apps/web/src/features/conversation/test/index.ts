// The conversation's test kit, for other features' tests: the pane's fixtures and fake API, and
// the pane and composer they render.
export {
  CONVERSATION_ID,
  detail,
  listItem,
  message,
  paneApi,
  renderWithStore,
} from './pane-fixtures';
export { Composer } from '../components/composer';
export { ConversationPane } from '../components/conversation-pane';
