import type { GlobalSettings, GlobalSettingsPatch } from '@parley/contracts';
import type { Deps } from '../../lib/deps';
import { notFound } from '../../lib/errors';
import { selectGlobalSettings, updateGlobalSettings } from './global-settings.queries';

export async function getGlobalSettings(deps: Deps, accountId: number): Promise<GlobalSettings> {
  const settings = await selectGlobalSettings(deps.db, { accountId });
  if (!settings) throw notFound('The global settings was not found.');
  return settings;
}

export async function patchGlobalSettings(
  deps: Deps,
  accountId: number,
  patch: GlobalSettingsPatch,
): Promise<GlobalSettings> {
  const settings = await updateGlobalSettings(deps.db, { accountId, patch });
  if (!settings) throw notFound('The global settings was not found.');
  deps.events.emit('global_settings_updated', { accountId, settings });
  return settings;
}

// Reads other modules may use: they come through this service, never through global-settings.queries.ts.
export { selectGlobalSettings } from './global-settings.queries';
