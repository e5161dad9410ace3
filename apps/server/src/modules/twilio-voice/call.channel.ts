import { defineChannelKind } from '../channels/channels.public';
import { testTwilioCredentials, twilioCredentialsOf } from '../twilio-sms/twilio-sms.public';
import { twilioVoiceRoutes } from './twilio-voice.routes';
import {
  callChannelSettingsOf,
  createCallChannel,
  describeCallChannel,
  updateCallSettings,
} from './twilio-voice.service';

/**
 * Phone calls through a Twilio number: answered with TwiML (greeting, forward, voicemail); a
 * voicemail files a message. Nothing is sent back, so it has no outbound adapter.
 */
export const callChannel = defineChannelKind({
  name: 'Calls (Twilio Voice)',
  types: ['call'],
  setup: {
    create: createCallChannel,
    describe: describeCallChannel,
    settings: callChannelSettingsOf,
    update: updateCallSettings,
    // A call channel without Twilio (callback requests) has no connection to test.
    testSaved: (deps, channel) =>
      channel.secretsEncrypted
        ? testTwilioCredentials(deps.config, twilioCredentialsOf(deps, channel))
        : null,
    testNew: (deps, body) =>
      testTwilioCredentials(deps.config, {
        accountSid: body.account_sid,
        authToken: body.auth_token,
      }),
  },
  routes: (deps) => twilioVoiceRoutes(deps),
});
