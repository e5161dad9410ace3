import type { GlobalSettings, GlobalSettingsPatch } from '@parley/contracts';
import type { Deps } from '../../lib/deps';
import { notFound } from '../../lib/errors';
import { recordAudit } from '../audit-log/audit-log.service';
import { selectGlobalSettings, updateGlobalSettings } from './global-settings.queries';

export async function getGlobalSettings(deps: Deps, accountId: number): Promise<GlobalSettings> {
  const settings = await selectGlobalSettings(deps.db, { accountId });
  if (!settings) throw notFound('The global settings was not found.');
  return settings;
}

export async function patchGlobalSettings(
  deps: Deps,
  agent: { accountId: number; userId: number },
  patch: GlobalSettingsPatch,
): Promise<GlobalSettings> {
  const { accountId } = agent;
  const settings = await deps.db.transaction(async (tx) => {
    const saved = await updateGlobalSettings(tx, { accountId, patch });
    if (!saved) throw notFound('The global settings was not found.');
    await recordAudit(tx, {
      accountId,
      userId: agent.userId,
      action: 'global_settings_updated',
      details: { fields: Object.keys(patch) },
    });
    return saved;
  });
  deps.events.emit('global_settings_updated', { accountId, settings });
  return settings;
}

// Reads other modules may use: they come through this service, never through global-settings.queries.ts.
export { selectGlobalSettings } from './global-settings.queries';
