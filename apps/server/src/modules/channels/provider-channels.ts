import type {
  ConnectionTestBody,
  ConnectionTestResult,
  ProviderChannelSettingsResponse,
  ProviderSettingsPatch,
  SupportChannelCreateBody,
} from '@parley/contracts';
import type { Deps } from '../../lib/deps';
import { badRequest } from '../../lib/errors';
import {
  createGupshupChannel,
  gupshupChannelSettingsOf,
  updateGupshupSettings,
} from '../gupshup-whatsapp/gupshup.service';
import {
  gupshupCredentialsOfChannel,
  testGupshupCredentials,
} from '../gupshup-whatsapp/gupshup-api';
import { testTwilioCredentials } from '../twilio-sms/twilio-api';
import {
  createSmsChannel,
  twilioCredentialsOfChannel,
  updateSmsSettings,
} from '../twilio-sms/twilio-sms.service';
import {
  createMetaChannel,
  isMetaChannelType,
  pageTokenOf,
  reconnectMetaChannel,
  testMetaToken,
} from '../meta/meta.service';
import {
  callChannelSettingsOf,
  createCallChannel,
  twilioVoiceCredentialsOfChannel,
  updateCallSettings,
} from '../twilio-voice/twilio-voice.service';
import {
  cloudSettingsOf,
  cloudTokenOf,
  createCloudChannel,
  isCloudApiChannel,
  testCloudCredentials,
} from '../whatsapp-cloud/whatsapp-cloud.service';
import { createApiChannel, findOwnChannel, toChannelSummary } from './channels.service';

/** POST /dashboardapi/supportchannel: one creator per channel type of the typed body. */
export async function createChannel(deps: Deps, accountId: number, body: SupportChannelCreateBody) {
  switch (body.type) {
    case 'api':
      return { ...(await createApiChannel(deps, accountId, body)), callback_urls: [] };
    case 'sms':
      return createSmsChannel(deps, accountId, body);
    case 'call':
      return createCallChannel(deps, accountId, body);
    case 'whatsapp_gupshup_isv':
      return body.provider === 'cloud_api'
        ? createCloudChannel(deps, accountId, body)
        : createGupshupChannel(deps, accountId, body);
    case 'facebook':
    case 'instagram':
    case 'instagram_dm':
      return createMetaChannel(deps, accountId, body);
  }
}

/** PATCH: new provider credentials for a channel of the caller's account, of the same type. */
export async function updateProviderSettings(
  deps: Deps,
  accountId: number,
  id: number,
  patch: ProviderSettingsPatch,
) {
  const channel = await findOwnChannel(deps.db, accountId, id);
  if (channel.type !== patch.type)
    throw badRequest(`This channel is not a ${patch.type} channel.`, [
      { path: 'provider.type', message: `The channel is of type ${channel.type}.` },
    ]);
  if (patch.type === 'sms') await updateSmsSettings(deps, channel, patch);
  else if (patch.type === 'call') await updateCallSettings(deps, channel, patch);
  else if (patch.type === 'whatsapp_gupshup_isv') await updateGupshupSettings(deps, channel, patch);
  else await reconnectMetaChannel(deps, channel, patch.page_access_token);
}

/**
 * GET /dashboardapi/supportchannel/settings: what the edit form of a call or WhatsApp channel of
 * the caller's account loads (another account's id: 404). Credentials are never part of it.
 */
export async function providerChannelSettings(
  deps: Deps,
  accountId: number,
  id: number,
): Promise<ProviderChannelSettingsResponse> {
  const channel = await findOwnChannel(deps.db, accountId, id);
  const summary = toChannelSummary(channel);
  if (channel.type === 'call') return { ...summary, settings: callChannelSettingsOf(channel) };
  if (channel.type === 'whatsapp_gupshup_isv') {
    if (!isCloudApiChannel(channel))
      return { ...summary, settings: gupshupChannelSettingsOf(channel) };
    const { provider: _provider, ...cloud } = cloudSettingsOf(channel);
    return { ...summary, settings: { kind: 'cloud_api', ...cloud } };
  }
  throw badRequest(`There are no provider settings to edit on ${channel.type} channels.`);
}

/** "Test connection": a cheap authenticated call to the provider, its answer in words. */
export async function testConnection(
  deps: Deps,
  accountId: number,
  body: ConnectionTestBody,
): Promise<ConnectionTestResult> {
  if ('id' in body) {
    const channel = await findOwnChannel(deps.db, accountId, body.id);
    if (channel.type === 'sms')
      return testTwilioCredentials(deps.config, twilioCredentialsOfChannel(deps, channel));
    if (channel.type === 'call' && channel.secretsEncrypted)
      return testTwilioCredentials(deps.config, twilioVoiceCredentialsOfChannel(deps, channel));
    if (channel.type === 'whatsapp_gupshup_isv' && isCloudApiChannel(channel))
      return testCloudCredentials(deps, {
        phoneNumberId: cloudSettingsOf(channel).phone_number_id,
        token: cloudTokenOf(deps, channel),
      });
    if (channel.type === 'whatsapp_gupshup_isv')
      return testGupshupCredentials(deps.config, gupshupCredentialsOfChannel(deps, channel));
    if (isMetaChannelType(channel.type))
      return testMetaToken(deps, channel.type, pageTokenOf(deps, channel));
    throw badRequest(`There is no connection to test on ${channel.type} channels.`);
  }
  if (body.type === 'sms' || body.type === 'call')
    return testTwilioCredentials(deps.config, {
      accountSid: body.account_sid,
      authToken: body.auth_token,
    });
  if (body.type === 'whatsapp_gupshup_isv' && 'provider' in body)
    return testCloudCredentials(deps, {
      phoneNumberId: body.phone_number_id,
      token: body.access_token,
    });
  if (body.type === 'whatsapp_gupshup_isv')
    return testGupshupCredentials(deps.config, { appName: body.app_name, apiKey: body.api_key });
  return testMetaToken(deps, body.type, body.page_access_token);
}
