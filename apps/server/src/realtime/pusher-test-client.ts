import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import Pusher, { type Channel, type ChannelAuthorizationHandler } from 'pusher-js';
import { WebSocket } from 'ws';
import { PUSHER_AUTH_PATH } from '@parley/contracts';
import type { Session } from '../test/harness';

// Test helpers: the real pusher-js client in Node, and raw `ws` sockets for malformed traffic.

export async function listen(app: FastifyInstance): Promise<number> {
  await app.listen({ port: 0, host: '127.0.0.1' });
  return (app.server.address() as AddressInfo).port;
}

/** pusher-js's channel authorizer as the web app uses it: the three session headers + cookies (docs/product/api.md). */
export function sessionAuthorizer(port: number, s: Session): ChannelAuthorizationHandler {
  return ({ socketId, channelName }, callback) => {
    fetch(`http://127.0.0.1:${port}${PUSHER_AUTH_PATH}`, {
      method: 'POST',
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        authorization: `Token ${s.token}`,
        'x-dc-account-id': String(s.accountId),
        'x-csrftoken': s.csrf,
        cookie: `csrftoken=${s.csrf}; auth_token=${s.token}; account_id=${s.accountId}`,
      },
      body: new URLSearchParams({ socket_id: socketId, channel_name: channelName }).toString(),
    })
      .then(async (res) => {
        if (!res.ok) throw new Error(`auth answered ${res.status}`);
        callback(null, (await res.json()) as { auth: string; channel_data?: string });
      })
      .catch((err: Error) => callback(err, null));
  };
}

export interface TestPusher {
  pusher: Pusher;
  socketId: string;
  disconnect(): void;
}

export async function connectPusher(
  port: number,
  options: { session?: Session; key?: string; authorizer?: ChannelAuthorizationHandler } = {},
): Promise<TestPusher> {
  const authorizer =
    options.authorizer ??
    (options.session
      ? sessionAuthorizer(port, options.session)
      : (_p: unknown, cb: Parameters<ChannelAuthorizationHandler>[1]) =>
          cb(new Error('no session'), null));
  const pusher = new Pusher(options.key ?? 'parley', {
    cluster: 'parley',
    wsHost: '127.0.0.1',
    wsPort: port,
    forceTLS: false,
    enabledTransports: ['ws'],
    channelAuthorization: { customHandler: authorizer },
  });
  await new Promise<void>((resolve, reject) => {
    pusher.connection.bind('connected', () => resolve());
    pusher.connection.bind('failed', () => reject(new Error('pusher-js: connection failed')));
  });
  return { pusher, socketId: pusher.connection.socket_id, disconnect: () => pusher.disconnect() };
}

/** Subscribes and waits for pusher:subscription_succeeded (resolves its data) or _error (rejects). */
export function subscribe(
  client: TestPusher,
  name: string,
): Promise<{ channel: Channel; data: unknown }> {
  const channel = client.pusher.subscribe(name);
  return new Promise((resolve, reject) => {
    channel.bind('pusher:subscription_succeeded', (data: unknown) => resolve({ channel, data }));
    channel.bind('pusher:subscription_error', (err: unknown) =>
      reject(Object.assign(new Error(`subscription_error on ${name}`), { detail: err })),
    );
  });
}

/**
 * The next `event` on the channel (that `matches`, when given: an earlier action's event may
 * still be on its way when the test starts listening).
 */
export function nextEvent<T = unknown>(
  channel: Channel,
  event: string,
  matches: (data: T) => boolean = () => true,
): Promise<T> {
  return new Promise((resolve) => {
    const handler = (data: T) => {
      if (!matches(data)) return;
      channel.unbind(event, handler);
      resolve(data);
    };
    channel.bind(event, handler);
  });
}

export interface RawMessage {
  event: string;
  channel?: string;
  data?: unknown;
  user_id?: unknown;
}

/** A raw socket that records every frame, for protocol-level checks pusher-js would never send. */
export class RawClient {
  readonly ws: WebSocket;
  readonly received: RawMessage[] = [];
  readonly closed: Promise<{ code: number; reason: string }>;
  readonly opened: Promise<void>;
  private waiters: { match: (m: RawMessage) => boolean; resolve: (m: RawMessage) => void }[] = [];

  constructor(url: string, headers: Record<string, string> = {}) {
    this.ws = new WebSocket(url, { headers });
    this.opened = new Promise((resolve, reject) => {
      this.ws.once('open', () => resolve());
      this.ws.once('error', reject);
      this.ws.once('unexpected-response', (_req, res) =>
        reject(
          Object.assign(new Error(`handshake answered ${res.statusCode}`), {
            status: res.statusCode,
          }),
        ),
      );
    });
    this.opened.catch(() => {});
    this.closed = new Promise((resolve) => {
      this.ws.once('close', (code, reason) => resolve({ code, reason: reason.toString() }));
    });
    this.ws.on('message', (raw) => {
      const m = JSON.parse(raw.toString()) as RawMessage;
      if (typeof m.data === 'string') {
        try {
          m.data = JSON.parse(m.data);
        } catch {
          // a plain string stays as it is
        }
      }
      // The first waiter for it takes the frame; otherwise it waits in `received`.
      const waiter = this.waiters.find((w) => w.match(m));
      if (!waiter) return void this.received.push(m);
      this.waiters.splice(this.waiters.indexOf(waiter), 1);
      waiter.resolve(m);
    });
  }

  static url(port: number, key = 'parley', query = 'protocol=7&client=js&version=8.6.0') {
    return `ws://127.0.0.1:${port}/app/${key}?${query}`;
  }

  /** The first frame (already received or coming) with this event name. */
  next(event: string, match: (m: RawMessage) => boolean = () => true): Promise<RawMessage> {
    const test = (m: RawMessage) => m.event === event && match(m);
    const found = this.received.find(test);
    if (found) {
      this.received.splice(this.received.indexOf(found), 1);
      return Promise.resolve(found);
    }
    return new Promise((resolve) => this.waiters.push({ match: test, resolve }));
  }

  send(message: unknown) {
    this.ws.send(typeof message === 'string' ? message : JSON.stringify(message));
  }

  async socketId(): Promise<string> {
    const m = await this.next('pusher:connection_established');
    return (m.data as { socket_id: string }).socket_id;
  }
}
