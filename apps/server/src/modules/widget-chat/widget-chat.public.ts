// What other modules may use of widget-chat besides its service; everything else in the folder is its own
// (checked by `npm run check:bounds`).
export { checkBusinessHours, isOpenAt } from './business-hours';
