import { CLIENT_EVENT_SCHEMAS, REALTIME_CLOSE_CODES } from '@parley/contracts';
import type { z } from 'zod';
import type { Fanout } from './local-hub';
import { channelKind, errorFrame } from './protocol';
import type { Connection } from './protocol-server';

export interface ClientEventLimits {
  /** Per socket, like Pusher's 10 client events per second. */
  perSecond: number;
}

/** A client event the server relayed (e.g. an agent's typing, forwarded to a widget visitor). */
export interface RelayedClientEvent {
  channel: string;
  event: string;
  data: unknown;
  /** The sender's presence user id (presence channels only). */
  userId: string | number | null;
}

/** The allow-list: a Map, so names like `__proto__` or `constructor` find nothing. */
const ALLOWED = new Map<string, z.ZodType>(Object.entries(CLIENT_EVENT_SCHEMAS));

const rejected = (conn: Connection, message: string) =>
  conn.send(errorFrame(REALTIME_CLOSE_CODES.clientEventRejected, message));

/**
 * Relays an allow-listed client event to the other subscribers of a private or presence channel
 * the sender is on; never back to the sender. Presence events carry the sender's user_id.
 */
export async function relayClientEvent(
  conn: Connection,
  message: { event: string; channel?: unknown; data?: unknown },
  limits: ClientEventLimits,
  fanout: Fanout,
  onRelayed?: (e: RelayedClientEvent) => void,
): Promise<void> {
  const schema = ALLOWED.get(message.event);
  if (!schema) return rejected(conn, 'Client event not allowed');
  const { channel } = message;
  if (typeof channel !== 'string' || !conn.channels.has(channel)) {
    return rejected(conn, 'Client events need a channel you are subscribed to');
  }
  const kind = channelKind(channel);
  if (kind === 'public') {
    return rejected(conn, 'Client events are only supported on private and presence channels');
  }

  const now = Date.now();
  const window = conn.clientEventWindow;
  if (now - window.start >= 1000) {
    window.start = now;
    window.count = 0;
  }
  window.count += 1;
  if (window.count > limits.perSecond) return rejected(conn, 'Client event rate limit exceeded');

  const parsed = schema.safeParse(message.data);
  if (!parsed.success) return rejected(conn, 'Client event data is not valid');

  const member = conn.channels.get(channel);
  const frame = JSON.stringify({
    event: message.event,
    channel,
    data: JSON.stringify(parsed.data),
    ...(member ? { user_id: member.user_id } : {}),
  });
  await fanout.send([{ channel, frame, excludeSocketId: conn.socketId }]);
  onRelayed?.({
    channel,
    event: message.event,
    data: parsed.data,
    userId: member?.user_id ?? null,
  });
}
