import { createContext } from 'react';
import type Pusher from 'pusher-js';
import type { Options } from 'pusher-js';

/** Creates the pusher-js client; the app's default loads pusher-js on demand (see pusher-client). */
export type RealtimeConnector = (key: string, options: Options) => Pusher | Promise<Pusher>;

export interface RealtimeContextValue {
  /** The session's pusher-js client, or null while connecting / signed out. */
  client: Pusher | null;
  /** Whose `private-dcuser-{id}-panel0` channel the client listens on. */
  userId: number | null;
  /** The account the connection was authorised for; events of other accounts are dropped. */
  accountId: number | null;
}

export const RealtimeContext = createContext<RealtimeContextValue>({
  client: null,
  userId: null,
  accountId: null,
});

/**
 * How the shell creates its pusher-js client. Tests put a fake Pusher here; the default is set
 * by RealtimeProvider (a lazy import, so pusher-js never ships with the /login chunk).
 */
export const RealtimeConnectorContext = createContext<RealtimeConnector | null>(null);
