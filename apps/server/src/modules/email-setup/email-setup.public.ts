// What other modules may use of email-setup besides its service; everything else in the folder is its own
// (checked by `npm run check:bounds`).
export { createResolver } from './dns-check';
