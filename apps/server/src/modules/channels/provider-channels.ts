import type {
  ConnectionTestBody,
  ConnectionTestResult,
  ProviderChannelSettingsResponse,
  ProviderSettingsPatch,
  SupportChannelCreateBody,
} from '@parley/contracts';
import type { Deps } from '../../lib/deps';
import { badRequest } from '../../lib/errors';
import type { ChannelKinds, CreatedChannel } from './channel-kind';
import { findOwnChannel, toChannelSummary } from './channels.service';

// The Support channels page's actions, each handed to the kind that owns the channel type
// (the table in src/channels.ts); this module imports no provider.

/** POST /dashboardapi/supportchannel: the kind of the typed body creates it. */
export async function createChannel(
  deps: Deps,
  kinds: ChannelKinds,
  accountId: number,
  body: SupportChannelCreateBody,
): Promise<CreatedChannel> {
  const setup = kinds.of(body.type)?.setup;
  if (!setup?.create) throw badRequest(`${body.type} channels are not created on this page.`);
  return setup.create(deps, accountId, body);
}

/** PATCH: new provider credentials for a channel of the caller's account, of the same type. */
export async function updateProviderSettings(
  deps: Deps,
  kinds: ChannelKinds,
  accountId: number,
  id: number,
  patch: ProviderSettingsPatch,
) {
  const channel = await findOwnChannel(deps.db, accountId, id);
  if (channel.type !== patch.type)
    throw badRequest(`This channel is not a ${patch.type} channel.`, [
      { path: 'provider.type', message: `The channel is of type ${channel.type}.` },
    ]);
  const setup = kinds.of(channel.type)?.setup;
  if (!setup?.update)
    throw badRequest(`There are no provider settings to change on ${channel.type} channels.`);
  await setup.update(deps, channel, patch);
}

/**
 * GET /dashboardapi/supportchannel/settings: what the edit form of a call or WhatsApp channel of
 * the caller's account loads (another account's id: 404). Credentials are never part of it.
 */
export async function providerChannelSettings(
  deps: Deps,
  kinds: ChannelKinds,
  accountId: number,
  id: number,
): Promise<ProviderChannelSettingsResponse> {
  const channel = await findOwnChannel(deps.db, accountId, id);
  const settings = kinds.of(channel.type)?.setup?.settings?.(channel);
  if (!settings)
    throw badRequest(`There are no provider settings to edit on ${channel.type} channels.`);
  return { ...toChannelSummary(channel), settings };
}

/** "Test connection": a cheap authenticated call to the provider, its answer in words. */
export async function testConnection(
  deps: Deps,
  kinds: ChannelKinds,
  accountId: number,
  body: ConnectionTestBody,
): Promise<ConnectionTestResult> {
  if ('id' in body) {
    const channel = await findOwnChannel(deps.db, accountId, body.id);
    const test = kinds.of(channel.type)?.setup?.testSaved?.(deps, channel);
    if (!test) throw badRequest(`There is no connection to test on ${channel.type} channels.`);
    return test;
  }
  const setup = kinds.of(body.type)?.setup;
  if (!setup?.testNew) throw badRequest(`There is no connection to test on ${body.type} channels.`);
  return setup.testNew(deps, body);
}
