import { defineChannelKind } from '../channels/channels.public';
import { testTwilioCredentials, twilioCredentialsOf } from './twilio-api';
import { twilioSmsRoutes } from './twilio-sms.routes';
import {
  createSmsChannel,
  describeSmsChannel,
  smsAdapter,
  updateSmsSettings,
} from './twilio-sms.service';

/** SMS and MMS through a Twilio number: inbound and status webhooks, replies by the Messages API. */
export const smsChannel = defineChannelKind({
  name: 'SMS (Twilio)',
  types: ['sms'],
  setup: {
    create: createSmsChannel,
    describe: describeSmsChannel,
    update: updateSmsSettings,
    testSaved: (deps, channel) =>
      testTwilioCredentials(deps.config, twilioCredentialsOf(deps, channel)),
    testNew: (deps, body) =>
      testTwilioCredentials(deps.config, {
        accountSid: body.account_sid,
        authToken: body.auth_token,
      }),
  },
  outbound: smsAdapter,
  routes: (deps) => twilioSmsRoutes(deps),
});
