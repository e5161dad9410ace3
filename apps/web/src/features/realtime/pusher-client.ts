import type Pusher from 'pusher-js';
import type { Options } from 'pusher-js';
import { HEADERS, PUSHER_AUTH_PATH, type RealtimeConfig } from '@parley/contracts';
import { readSessionCookies } from '../../lib/session';
import type { RealtimeConnector } from './realtime-context';

/**
 * docs/product/api.md: the channel authorisation call sends X-CSRFTOKEN, Authorization 'Token {auth_token}'
 * and x-dc-account-id, read from the cookies each time a channel is authorised (so a switched
 * account or a renewed token is picked up without a new client).
 */
export function pusherAuthHeaders(): Record<string, string> {
  const { authToken, accountId, csrfToken } = readSessionCookies();
  const headers: Record<string, string> = {};
  if (csrfToken) headers[HEADERS.csrf] = csrfToken;
  if (authToken) headers[HEADERS.authorization] = `Token ${authToken}`;
  if (accountId) headers[HEADERS.accountId] = accountId;
  return headers;
}

/** The pusher-js options for the server's realtime config (GET /dashboardapi/realtime/config). */
export function pusherOptions(config: RealtimeConfig): Options {
  return {
    cluster: config.cluster,
    wsHost: config.wsHost,
    // The server names one port; pusher-js picks wsPort or wssPort by forceTLS.
    wsPort: config.wsPort,
    wssPort: config.wsPort,
    forceTLS: config.forceTLS,
    enabledTransports: config.enabledTransports,
    // Our own server (or Soketi): no pings to Pusher's stats service.
    enableStats: false,
    channelAuthorization: {
      endpoint: PUSHER_AUTH_PATH,
      transport: 'ajax',
      headersProvider: pusherAuthHeaders,
    },
  };
}

/** The default connector: pusher-js arrives in its own chunk, only inside the logged-in shell. */
export const connectWithPusherJs: RealtimeConnector = async (key, options) => {
  const mod = await import('pusher-js');
  const PusherClass = (mod.default ?? mod) as typeof Pusher;
  return new PusherClass(key, options);
};
