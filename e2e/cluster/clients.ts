import { WebSocket } from 'ws';
import { PUSHER_AUTH_PATH } from '../../packages/contracts/src/realtime-constants';
import { sleep } from './cluster';

// The clients of the cluster test: an agent's API session and a Pusher-protocol socket, both
// through the balancer, each telling which instance answered (HAProxy's X-Served-By).

export interface Answer<T> {
  status: number;
  body: T;
  servedBy: string | null;
}

export class AgentSession {
  private constructor(
    readonly baseURL: string,
    readonly token: string,
    readonly accountId: number,
    readonly userId: number,
    readonly csrf: string,
  ) {}

  /** Signs up (signUp: true) or in, answering the session the dashboard API asks for. */
  static async start(
    baseURL: string,
    path: '/dashboardapi/auth/signup' | '/dashboardapi/auth/login',
    body: Record<string, string>,
  ): Promise<{ session: AgentSession; servedBy: string | null }> {
    const res = await fetch(`${baseURL}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    if (!res.ok) throw new Error(`${path} answered ${res.status}: ${await res.text()}`);
    const json = (await res.json()) as { token: string; account_id: number; user: { id: number } };
    const csrf = res.headers
      .getSetCookie()
      .map((c) => /^csrftoken=([^;]+)/.exec(c)?.[1])
      .find(Boolean);
    if (!csrf) throw new Error(`${path} set no csrftoken cookie`);
    return {
      session: new AgentSession(baseURL, json.token, json.account_id, json.user.id, csrf),
      servedBy: res.headers.get('x-served-by'),
    };
  }

  get headers(): Record<string, string> {
    return {
      authorization: `Token ${this.token}`,
      'x-dc-account-id': String(this.accountId),
      'x-csrftoken': this.csrf,
      cookie: `csrftoken=${this.csrf}; auth_token=${this.token}; account_id=${this.accountId}`,
    };
  }

  async call<T = unknown>(method: string, path: string, body?: unknown): Promise<Answer<T>> {
    const isForm = body instanceof FormData || body instanceof URLSearchParams;
    const res = await fetch(`${this.baseURL}${path}`, {
      method,
      headers: {
        ...this.headers,
        ...(body !== undefined && !isForm ? { 'content-type': 'application/json' } : {}),
      },
      body: body === undefined ? undefined : isForm ? body : JSON.stringify(body),
    });
    const text = await res.text();
    let parsed: unknown = text;
    try {
      parsed = JSON.parse(text);
    } catch {
      // not JSON: kept as text
    }
    return { status: res.status, body: parsed as T, servedBy: res.headers.get('x-served-by') };
  }

  /** The same call, failing the test unless it answers `expected`. */
  async ok<T = unknown>(method: string, path: string, body?: unknown, expected = [200, 201]) {
    const answer = await this.call<T>(method, path, body);
    if (!expected.includes(answer.status))
      throw new Error(
        `${method} ${path} answered ${answer.status}: ${JSON.stringify(answer.body)}`,
      );
    return answer;
  }
}

export interface ReceivedEvent {
  channel: string;
  event: string;
  data: unknown;
  servedBy: string | null;
}

/**
 * A Pusher Channels protocol 7 client over `ws`, reconnecting as pusher-js does: at once after a
 * 4200-4299 close, after a second after any other (a dropped connection too), never after
 * 4000-4099. Private channels are authorised through the server's auth endpoint on each connection.
 */
export class RealtimeClient {
  /** The instance holding the current connection (null while reconnecting). */
  servedBy: string | null = null;
  socketId: string | null = null;
  readonly closes: { code: number; servedBy: string | null }[] = [];
  readonly events: ReceivedEvent[] = [];
  private ws: WebSocket | null = null;
  private ready = false;
  private stopped = false;
  private readonly channels = new Set<string>();

  constructor(
    private readonly baseURL: string,
    private readonly session: AgentSession,
    private readonly key = 'parley',
  ) {}

  static async open(baseURL: string, session: AgentSession, channels: string[]) {
    const client = new RealtimeClient(baseURL, session);
    for (const channel of channels) client.channels.add(channel);
    client.connect();
    await client.waitReady();
    return client;
  }

  private connect() {
    if (this.stopped) return;
    this.ready = false;
    this.servedBy = null;
    const url = `${this.baseURL.replace(/^http/, 'ws')}/app/${this.key}?protocol=7&client=js&version=8.6.0`;
    const ws = new WebSocket(url);
    this.ws = ws;
    let servedBy: string | null = null;
    ws.on('upgrade', (res) => {
      const header = res.headers['x-served-by'];
      servedBy = typeof header === 'string' ? header : null;
    });
    ws.on('error', () => {}); // the close that follows reconnects
    ws.on('close', (code) => {
      this.closes.push({ code, servedBy });
      this.ready = false;
      this.servedBy = null;
      if (this.stopped || (code >= 4000 && code < 4100)) return;
      setTimeout(() => this.connect(), code >= 4200 && code < 4300 ? 0 : 1000);
    });
    ws.on('message', (raw) => {
      const frame = JSON.parse(raw.toString()) as {
        event: string;
        channel?: string;
        data?: unknown;
      };
      let data = frame.data;
      if (typeof data === 'string') {
        try {
          data = JSON.parse(data);
        } catch {
          // a plain string stays as it is
        }
      }
      if (frame.event === 'pusher:ping')
        return ws.send(JSON.stringify({ event: 'pusher:pong', data: {} }));
      if (frame.event === 'pusher:connection_established') {
        this.socketId = (data as { socket_id: string }).socket_id;
        void this.subscribeAll(ws, servedBy);
        return;
      }
      if (frame.channel && !frame.event.startsWith('pusher'))
        this.events.push({ channel: frame.channel, event: frame.event, data, servedBy });
    });
  }

  private async subscribeAll(ws: WebSocket, servedBy: string | null) {
    const socketId = this.socketId!;
    const pending = [...this.channels].map(
      (channel) =>
        new Promise<void>((resolve, reject) => {
          const onFrame = (raw: Buffer) => {
            const frame = JSON.parse(raw.toString()) as { event: string; channel?: string };
            if (frame.channel !== channel) return;
            if (frame.event === 'pusher_internal:subscription_succeeded') {
              ws.off('message', onFrame);
              resolve();
            } else if (frame.event === 'pusher:subscription_error') {
              ws.off('message', onFrame);
              reject(new Error(`subscription_error on ${channel}`));
            }
          };
          ws.on('message', onFrame);
          void this.authorize(socketId, channel)
            .then((auth) =>
              ws.send(JSON.stringify({ event: 'pusher:subscribe', data: { channel, auth } })),
            )
            .catch(reject);
        }),
    );
    try {
      await Promise.all(pending);
      if (this.ws === ws && ws.readyState === WebSocket.OPEN) {
        this.servedBy = servedBy;
        this.ready = true;
      }
    } catch {
      ws.close(); // a fresh connection tries again
    }
  }

  private async authorize(socketId: string, channel: string): Promise<string> {
    // Retried: the auth request may meet an instance that is going away, like any request.
    for (let attempt = 0; ; attempt++) {
      const res = await fetch(`${this.baseURL}${PUSHER_AUTH_PATH}`, {
        method: 'POST',
        headers: { ...this.session.headers, 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ socket_id: socketId, channel_name: channel }).toString(),
      }).catch(() => null);
      if (res?.ok) return ((await res.json()) as { auth: string }).auth;
      if (attempt >= 5) throw new Error(`channel auth answered ${res?.status ?? 'nothing'}`);
      await sleep(300);
    }
  }

  /** Until the client is connected and subscribed (on an instance `where` accepts). */
  async waitReady(where: (servedBy: string | null) => boolean = () => true, timeoutMs = 15_000) {
    const until = Date.now() + timeoutMs;
    while (Date.now() < until) {
      if (this.ready && where(this.servedBy)) return;
      await sleep(50);
    }
    throw new Error(
      `realtime client not ready in ${timeoutMs} ms (on ${this.servedBy}, closes ${JSON.stringify(this.closes)})`,
    );
  }

  /** The first event received (or coming) that `matches`. */
  async waitForEvent(matches: (e: ReceivedEvent) => boolean, timeoutMs = 15_000) {
    const until = Date.now() + timeoutMs;
    while (Date.now() < until) {
      const found = this.events.find(matches);
      if (found) return found;
      await sleep(50);
    }
    throw new Error(
      `no matching realtime event in ${timeoutMs} ms (on ${this.servedBy}; got ${JSON.stringify(this.events.map((e) => [e.event, e.servedBy]))}, closes ${JSON.stringify(this.closes)})`,
    );
  }

  close() {
    this.stopped = true;
    this.ws?.close();
  }
}
