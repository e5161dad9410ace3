import type {
  ConnectionTestBody,
  ConnectionTestResult,
  ProviderChannelSettingsResponse,
  ProviderSettingsPatch,
  SupportChannelCreateBody,
} from '@parley/contracts';
import type { Deps } from '../../lib/deps';
import { apiText, badRequest } from '../../lib/errors';
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
  if (!setup?.create)
    throw badRequest(apiText('{type} channels are not created on this page.', { type: body.type }));
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
    throw badRequest(apiText('This channel is not a {type} channel.', { type: patch.type }), [
      {
        path: 'provider.type',
        message: apiText('The channel is of type {type}.', { type: channel.type }),
      },
    ]);
  const setup = kinds.of(channel.type)?.setup;
  if (!setup?.update)
    throw badRequest(
      apiText('There are no provider settings to change on {type} channels.', {
        type: channel.type,
      }),
    );
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
    throw badRequest(
      apiText('There are no provider settings to edit on {type} channels.', { type: channel.type }),
    );
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
    if (!test)
      throw badRequest(
        apiText('There is no connection to test on {type} channels.', { type: channel.type }),
      );
    return test;
  }
  const setup = kinds.of(body.type)?.setup;
  if (!setup?.testNew)
    throw badRequest(
      apiText('There is no connection to test on {type} channels.', { type: body.type }),
    );
  return setup.testNew(deps, body);
}
