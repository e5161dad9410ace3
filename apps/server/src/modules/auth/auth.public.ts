// What other modules may use of auth besides its service; everything else in the folder is its own
// (checked by `npm run check:bounds`).
export { sessionCache } from './session-cache';
