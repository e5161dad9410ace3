// What other modules may use of demo besides its service; everything else in the folder is its own
// (checked by `npm run check:bounds`).
export { DEMO_OWNER } from './demo-data';
