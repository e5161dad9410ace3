import { AGENT_AVAILABILITY_EVENT, availabilityPresenceChannel } from '@parley/contracts';
import type { Deps } from '../../lib/deps';
import { toAccountAgents } from '../../realtime/event-mappings';
import type { Realtime } from '../../realtime/realtime';
import { listAvailability } from './assignment.queries';
import { noteSocket } from './assignment.service';

const AVAILABILITY_CHANNEL = /^presence-account-([1-9]\d{0,9})-availability$/;

/**
 * Availability over realtime: every agent's app stays on the account's availability presence
 * channel, so the realtime server (shared by every instance through its presence store) knows
 * who still has a socket; each change reaches every agent's `private-dcuser-{id}-panel0`.
 */
export function registerAssignmentRealtime(
  deps: Deps,
  realtime: Realtime,
  onError: (err: unknown) => void,
): () => void {
  realtime.channelRules.add({
    name: 'account-availability',
    pattern: AVAILABILITY_CHANNEL,
    authorize: ({ agent }, m) => Number(m[1]) === agent.accountId,
  });
  realtime.eventMappings.map('agent_availability_changed', async (e, d) => {
    const all = await listAvailability(d.db, { accountId: e.accountId });
    const agent = all.find((a) => a.user_id === e.userId);
    if (!agent) return [];
    return toAccountAgents(d, e.accountId, AGENT_AVAILABILITY_EVENT, {
      account_id: e.accountId,
      agent,
    });
  });
  return realtime.onPresence(({ channel, userId, present }) => {
    const m = AVAILABILITY_CHANNEL.exec(channel);
    const user = Number(userId);
    if (!m || !Number.isInteger(user)) return;
    if (channel !== availabilityPresenceChannel(Number(m[1]))) return;
    noteSocket(deps, { accountId: Number(m[1]), userId: user, connected: present }).catch(onError);
  });
}
