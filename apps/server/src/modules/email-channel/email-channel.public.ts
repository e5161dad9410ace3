// What other modules may use of email-channel besides its service; everything else in the folder is its own
// (checked by `npm run check:bounds`).
export { sendConversationMail } from './email-out';
export { inlineImagePath } from './inline-images';
