// What other modules may use of conversations besides its service; everything else in the folder is its own
// (checked by `npm run check:bounds`).
export { findEmailThread } from './email-threading';
export { listMessages } from './messages.queries';
// Saved views count their conversations through the list's own filters.
export { countListed } from './conversations.queries';
