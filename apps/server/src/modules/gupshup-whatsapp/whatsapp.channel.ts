import { defineChannelKind } from '../channels/channels.public';
import {
  cloudSettingsOf,
  cloudTokenOf,
  createCloudChannel,
  isCloudApiChannel,
  testCloudCredentials,
  WHATSAPP_CLOUD_EVENT_JOB,
  whatsappCloudEventJob,
} from '../whatsapp-cloud/whatsapp-cloud.service';
import { gupshupCredentialsOfChannel, testGupshupCredentials } from './gupshup-api';
import { gupshupRoutes } from './gupshup.routes';
import {
  createGupshupChannel,
  describeWhatsappChannel,
  GUPSHUP_EVENT_JOB,
  gupshupChannelSettingsOf,
  gupshupEventJob,
  updateGupshupSettings,
  whatsappAdapter,
} from './gupshup.service';

/**
 * WhatsApp: one channel type, two providers chosen per channel (settings.provider): Gupshup
 * (its callback carries the channel's secret) or Meta's Cloud API (events arrive on Meta's
 * webhook, modules/meta, and are filed by the Cloud API job).
 */
export const whatsappChannel = defineChannelKind({
  name: 'WhatsApp (Gupshup or Cloud API)',
  types: ['whatsapp_gupshup_isv'],
  setup: {
    create: (deps, accountId, body) =>
      body.provider === 'cloud_api'
        ? createCloudChannel(deps, accountId, body)
        : createGupshupChannel(deps, accountId, body),
    describe: describeWhatsappChannel,
    settings(channel) {
      if (!isCloudApiChannel(channel)) return gupshupChannelSettingsOf(channel);
      const { provider: _provider, ...cloud } = cloudSettingsOf(channel);
      return { kind: 'cloud_api', ...cloud };
    },
    update: updateGupshupSettings,
    testSaved: (deps, channel) =>
      isCloudApiChannel(channel)
        ? testCloudCredentials(deps, {
            phoneNumberId: cloudSettingsOf(channel).phone_number_id,
            token: cloudTokenOf(deps, channel),
          })
        : testGupshupCredentials(deps.config, gupshupCredentialsOfChannel(deps, channel)),
    testNew: (deps, body) =>
      'provider' in body
        ? testCloudCredentials(deps, {
            phoneNumberId: body.phone_number_id,
            token: body.access_token,
          })
        : testGupshupCredentials(deps.config, { appName: body.app_name, apiKey: body.api_key }),
  },
  outbound: whatsappAdapter,
  routes: (deps) => gupshupRoutes(deps),
  inbound: {
    [GUPSHUP_EVENT_JOB]: gupshupEventJob,
    [WHATSAPP_CLOUD_EVENT_JOB]: whatsappCloudEventJob,
  },
});
