import { useContext, useEffect } from 'react';
import { AGENT_AVAILABILITY_EVENT, availabilityPresenceChannel } from '@parley/contracts';
import { useAppDispatch } from '../../../app/hooks';
import { RealtimeContext, useRealtimeReconnected, useUserChannelEvent } from '../../realtime';
import {
  agentChanged,
  useGetAvailabilityQuery,
  useReportIdleMutation,
} from '../api/availability-api';
import { useIdleDetector } from '../hooks/use-idle-detector';

/**
 * Mounted once in the signed-in shell; shows nothing. While the app is open it stays on the
 * account's availability presence channel (no socket for a while = offline), reports when the
 * person goes idle and comes back (away), and keeps everyone's availability current.
 */
export function AvailabilityKeeper() {
  const dispatch = useAppDispatch();
  const { client, accountId } = useContext(RealtimeContext);
  const { refetch } = useGetAvailabilityQuery();
  const [reportIdle] = useReportIdleMutation();

  useEffect(() => {
    if (!client || accountId === null) return;
    const name = availabilityPresenceChannel(accountId);
    client.subscribe(name);
    return () => {
      client.unsubscribe(name);
    };
  }, [client, accountId]);

  // A new page is a person at the screen: forget an idle state an earlier page left behind.
  useEffect(() => {
    void reportIdle(false);
  }, [reportIdle]);

  useUserChannelEvent(AGENT_AVAILABILITY_EVENT, (event) => {
    dispatch(agentChanged(event.agent));
  });
  // Changes made while the connection was down are read again.
  useRealtimeReconnected(() => void refetch());
  useIdleDetector((idle) => {
    void reportIdle(idle);
  });
  return null;
}
