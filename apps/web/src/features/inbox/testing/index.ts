// The inbox's test kit, for other features' tests: its fixtures, a phone or desktop viewport, and
// the list row and channel icon they render.
export { conversation, renderInbox } from './inbox-fixtures';
export { emulateViewport } from './viewport';
export { ChannelIcon } from '../components/channel-icon';
export { ConversationRow } from '../components/conversation-row';
