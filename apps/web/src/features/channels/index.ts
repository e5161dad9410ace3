// Support channels: their settings pages are loaded by the router (app/themed-app.tsx); the
// conversation pane reads a comment's thread for its reply.
export { useGetCommentThreadQuery } from './api/channels-api';
