import { useMemo } from 'react';
import type { AgentAvailability } from '@parley/contracts';
import { useGetAvailabilityQuery } from '../api/availability-api';

/**
 * Every team member's availability by user id, from one shared query; the availability keeper
 * keeps it current from realtime events.
 */
export function useTeamAvailability(): Map<number, AgentAvailability> {
  const { data } = useGetAvailabilityQuery();
  return useMemo(() => new Map((data?.agents ?? []).map((a) => [a.user_id, a])), [data]);
}

/** One member's availability; undefined while loading or for someone not in the account. */
export function useAgentAvailability(userId: number | null | undefined) {
  const all = useTeamAvailability();
  return userId == null ? undefined : all.get(userId);
}
