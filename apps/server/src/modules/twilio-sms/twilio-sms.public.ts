// What other modules may use of twilio-sms besides its service; everything else in the folder is its own
// (checked by `npm run check:bounds`).
export {
  basicAuth,
  testTwilioCredentials,
  twilioApi,
  twilioCredentialsOf,
  twilioErrorText,
} from './twilio-api';
export type { TwilioCredentials } from './twilio-api';
export { param, twilioSignature } from './twilio-signature';
export type { FormParams } from './twilio-signature';
export { acceptTwilioForms, postTwilioWebhook, verifyTwilioCallback } from './twilio-webhook';
export type { TwilioWebhookRequest } from './twilio-webhook';
