import { setUpApiChannel } from './inbound.bench';
import { BenchSocket } from './raw-websocket';
import {
  channelAuth,
  fmt,
  HttpClient,
  percentile,
  record,
  rssMb,
  signup,
  startServer,
  stopServer,
  type AgentSession,
} from './lib';

/**
 * Realtime (docs/benchmarks.md): `sockets` Pusher protocol connections on one instance, each
 * subscribed to the agent's `private-dcuser-{id}-panel0` (as many open tabs), then customer
 * messages posted to the API channel, one every 250 ms (after five that warm the server up);
 * each message's `message_created` event is timed from the POST until it reached each socket.
 * The sockets are minimal WebSocket clients speaking the protocol (`BenchSocket`: 5,000
 * pusher-js or even `ws` clients would measure the load generator), and a receipt is timed on
 * arrival, before anything parses it.
 */
export async function benchRealtime(opts: {
  env: Record<string, string>;
  port: number;
  sockets: number;
  broadcasts: number;
}) {
  const server = await startServer({ DEMO: 'off', ...opts.env }, opts.port);
  const http = new HttpClient(server.base, 16);
  const sockets: BenchSocket[] = [];
  try {
    const agent = await signup(server.base, {
      name: 'Realtime Bench',
      email: `realtime-${Date.now()}@bench.localhost`,
      password: 'bench-password',
      account_name: 'Realtime bench',
    });
    const { channelId, key } = await setUpApiChannel(http, agent);
    const config = (await (
      await fetch(`${server.base}/dashboardapi/realtime/config`, { headers: agent.headers })
    ).json()) as { key: string; wsHost: string; wsPort: number };
    const url = `ws://${config.wsHost}:${config.wsPort}/app/${config.key}?protocol=7&client=bench&version=1`;

    // receipts[tag] = arrival times on every socket
    const receipts = new Map<string, number[]>();
    const started = performance.now();
    for (let i = 0; i < opts.sockets; i += 100) {
      const batch = Array.from({ length: Math.min(100, opts.sockets - i) }, () =>
        openSubscribed(url, server.base, agent, (raw, at) => {
          const tag = /⟨(\d+)⟩/.exec(raw)?.[1];
          if (tag) receipts.get(tag)?.push(at);
        }),
      );
      sockets.push(...(await Promise.all(batch)));
    }
    const connectSeconds = (performance.now() - started) / 1000;
    const connected = sockets.filter((s) => s.open).length;
    record(
      `realtime: ${opts.sockets.toLocaleString('en')} sockets on one instance`,
      `${connected.toLocaleString('en')} connected and subscribed in ${connectSeconds.toFixed(1)} s; server RSS ${Math.round(rssMb(server.child.pid!))} MB`,
      `${opts.sockets.toLocaleString('en')} sockets`,
      connected === opts.sockets,
    );

    const latencies: number[] = [];
    let missing = 0;
    // The first messages warm the server up (JIT, prepared statements) and are not counted,
    // as the inbox bench measures a server that has been running all day.
    const warmUp = 5;
    for (let n = 1; n <= warmUp + opts.broadcasts; n++) {
      const tag = String(n);
      const arrivals: number[] = [];
      receipts.set(tag, arrivals);
      const sentAt = performance.now();
      const res = await http.request(
        'POST',
        `/api/v1/channels/${channelId}/messages`,
        { authorization: `Bearer ${key}` },
        JSON.stringify({
          contact: { identifier: 'realtime-customer', name: 'Realtime Customer' },
          message: { body: `Is anyone there? ⟨${tag}⟩` },
        }),
      );
      if (res.status !== 201) throw new Error(`inbound answered ${res.status}: ${res.body}`);
      const deadline = sentAt + 5_000;
      while (arrivals.length < connected && performance.now() < deadline) {
        await new Promise((r) => setTimeout(r, 5));
      }
      if (n > warmUp) {
        missing += connected - arrivals.length;
        latencies.push(...arrivals.map((at) => at - sentAt));
      }
      receipts.delete(tag);
      await new Promise((r) => setTimeout(r, 250));
    }
    latencies.sort((a, b) => a - b);
    const p99 = percentile(latencies, 99);
    record(
      `realtime: inbound message → event on ${connected.toLocaleString('en')} sockets (${opts.broadcasts} messages)`,
      `p50 ${fmt(percentile(latencies, 50))} · p99 ${fmt(p99)} · max ${fmt(latencies.at(-1) ?? NaN)}${missing ? ` · ${missing} never arrived` : ''}`,
      '≤ 150 ms p99',
      p99 <= 150 && missing === 0,
    );
  } finally {
    for (const s of sockets) s.destroy();
    http.close();
    await stopServer(server.child);
  }
}

const MESSAGE_CREATED = Buffer.from('"message_created"');

/** One socket: connection_established, channel auth as the web app asks it, subscribed. */
function openSubscribed(
  url: string,
  base: string,
  agent: AgentSession,
  onEvent: (raw: string, at: number) => void,
): Promise<BenchSocket> {
  const channel = `private-dcuser-${agent.userId}-panel0`;
  let subscribed = false;
  return new Promise((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new Error('a socket was not subscribed within 30 s')),
      30_000,
    );
    const ws: BenchSocket = new BenchSocket(
      new URL(url),
      (data, at) => {
        if (data.includes(MESSAGE_CREATED)) return onEvent(data.toString('utf8'), at);
        if (subscribed) return;
        const raw = data.toString('utf8');
        const frame = JSON.parse(raw) as { event: string; data?: string };
        if (frame.event === 'pusher:connection_established') {
          const socketId = (JSON.parse(frame.data ?? '{}') as { socket_id: string }).socket_id;
          channelAuth(base, agent, socketId, channel)
            .then((auth) =>
              ws.sendText(JSON.stringify({ event: 'pusher:subscribe', data: { channel, auth } })),
            )
            .catch(reject);
        } else if (frame.event === 'pusher_internal:subscription_succeeded') {
          subscribed = true;
          clearTimeout(timer);
          resolve(ws);
        } else if (frame.event === 'pusher:error') {
          reject(new Error(`socket error: ${raw}`));
        }
      },
      reject,
    );
  });
}
