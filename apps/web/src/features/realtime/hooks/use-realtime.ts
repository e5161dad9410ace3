import { useContext, useEffect, useRef, useState } from 'react';
import type Pusher from 'pusher-js';
import {
  dcuserPanelChannel,
  type RealtimeEventName,
  type RealtimeEventPayloads,
} from '@parley/contracts';
import { RealtimeContext } from '../realtime-context';

/** The session's pusher-js client; null until connected (and outside the logged-in shell). */
export function useRealtime(): Pusher | null {
  return useContext(RealtimeContext).client;
}

/** The latest handler, so callers may pass inline functions without rebinding every render. */
function useLatest<T>(value: T) {
  const ref = useRef(value);
  useEffect(() => {
    ref.current = value;
  });
  return ref;
}

function belongsToOtherAccount(data: unknown, accountId: number | null): boolean {
  if (accountId === null || typeof data !== 'object' || data === null) return false;
  const owner = (data as { account_id?: unknown }).account_id;
  return typeof owner === 'number' && owner !== accountId;
}

/**
 * Listens to a server event on any channel (subscribing it if needed; the subscription lasts
 * as long as the connection). Pass null as the channel to listen to nothing.
 */
export function useChannelEvent<E extends RealtimeEventName>(
  channelName: string | null,
  event: E,
  handler: (data: RealtimeEventPayloads[E]) => void,
): void {
  const { client, accountId } = useContext(RealtimeContext);
  const latest = useLatest(handler);
  useEffect(() => {
    if (!client || !channelName) return;
    const channel = client.channel(channelName) ?? client.subscribe(channelName);
    const listener = (data: RealtimeEventPayloads[E]) => {
      // The user's channel is shared by all their accounts: only the current one counts.
      if (belongsToOtherAccount(data, accountId)) return;
      latest.current(data);
    };
    channel.bind(event, listener);
    return () => {
      channel.unbind(event, listener);
    };
  }, [client, channelName, event, accountId, latest]);
}

/** Listens to a server event on the signed-in user's `private-dcuser-{id}-panel0` channel. */
export function useUserChannelEvent<E extends RealtimeEventName>(
  event: E,
  handler: (data: RealtimeEventPayloads[E]) => void,
): void {
  const { userId } = useContext(RealtimeContext);
  useChannelEvent(userId === null ? null : dcuserPanelChannel(userId), event, handler);
}

/**
 * Runs after the connection comes back from a drop (not on the first connect): events may have
 * been missed meanwhile, so screens refetch what they show.
 */
export function useRealtimeReconnected(handler: () => void): void {
  const client = useRealtime();
  const latest = useLatest(handler);
  useEffect(() => {
    if (!client) return;
    let wasConnected = client.connection.state === 'connected';
    const onStateChange = ({ current }: { current: string }) => {
      if (current !== 'connected') return;
      if (wasConnected) latest.current();
      wasConnected = true;
    };
    client.connection.bind('state_change', onStateChange);
    return () => {
      client.connection.unbind('state_change', onStateChange);
    };
  }, [client, latest]);
}

/**
 * Runs once when the user's panel channel becomes subscribed after the screen mounted. A screen
 * opened by a full page load fetches its data while the connection is still being set up (its
 * config, pusher-js, the channel authorisation): events of that gap never reach it, so it
 * refetches then. A screen mounted while the channel was already subscribed never runs it; drops
 * of the connection are useRealtimeReconnected's.
 */
export function useRealtimeCaughtUp(handler: () => void): void {
  const { client, userId } = useContext(RealtimeContext);
  const latest = useLatest(handler);
  const [liveAtMount] = useState(
    () =>
      client !== null &&
      userId !== null &&
      client.channel(dcuserPanelChannel(userId))?.subscribed === true,
  );
  const done = useRef(liveAtMount);
  useEffect(() => {
    if (done.current || !client || userId === null) return;
    const channel = client.channel(dcuserPanelChannel(userId));
    if (!channel) return;
    const onSubscribed = () => {
      if (done.current) return;
      done.current = true;
      latest.current();
    };
    if (channel.subscribed) {
      onSubscribed();
      return;
    }
    channel.bind('pusher:subscription_succeeded', onSubscribed);
    return () => {
      channel.unbind('pusher:subscription_succeeded', onSubscribed);
    };
  }, [client, userId, latest]);
}
