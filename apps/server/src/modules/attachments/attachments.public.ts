// What other modules may use of attachments besides its service; everything else in the folder is its own
// (checked by `npm run check:bounds`).
export { sendStoredFile } from './send-stored-file';
