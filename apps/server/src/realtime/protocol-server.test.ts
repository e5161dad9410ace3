import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Duplex } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REALTIME_CLOSE_CODES as CODES, SOCKET_ID_PATTERN } from '@parley/contracts';
import { InProcessFanout, LocalHub } from './local-hub';
import { MemoryPresenceStore } from './presence-store';
import { signChannel } from './protocol';
import { ProtocolServer, type ProtocolServerOptions } from './protocol-server';
import { connectPusher, RawClient } from './pusher-test-client';

// The protocol endpoint alone, on a bare HTTP server: frames, codes, liveness, presence.

const APP = { key: 'parley', secret: 'test-secret' };
const silent = { debug() {}, info() {}, warn() {}, error() {} };

async function start(tuning: Partial<ProtocolServerOptions> = {}) {
  const hub = new LocalHub();
  const server = new ProtocolServer({
    app: APP,
    hub,
    fanout: new InProcessFanout(hub),
    presence: new MemoryPresenceStore(),
    isOriginAllowed: (o) => o === 'http://localhost:3000',
    log: silent,
    ...tuning,
  });
  const httpServer = http.createServer((_req, res) => res.writeHead(404).end());
  server.attach(httpServer);
  await new Promise<void>((resolve) => httpServer.listen(0, '127.0.0.1', resolve));
  const port = (httpServer.address() as AddressInfo).port;
  const clients: RawClient[] = [];
  return {
    server,
    hub,
    port,
    httpServer,
    raw(url = RawClient.url(port), headers: Record<string, string> = {}) {
      const c = new RawClient(url, headers);
      clients.push(c);
      return c;
    },
    async stop() {
      await server.close();
      for (const c of clients) c.ws.terminate();
      await new Promise<void>((resolve) => httpServer.close(() => resolve()));
    },
  };
}

type Started = Awaited<ReturnType<typeof start>>;
let s: Started;
beforeAll(async () => {
  s = await start();
});
afterAll(() => s.stop());

/** A connected raw client and its socket id. */
async function connected() {
  const c = s.raw();
  return { c, socketId: await c.socketId() };
}

async function stillUp(c: RawClient) {
  c.send({ event: 'pusher:ping', data: {} });
  await c.next('pusher:pong');
  expect(c.ws.readyState).toBe(c.ws.OPEN);
}

function joinPresence(c: RawClient, socketId: string, channel: string, userId: number) {
  const channelData = JSON.stringify({ user_id: userId, user_info: { name: `U${userId}` } });
  c.send({
    event: 'pusher:subscribe',
    data: {
      channel,
      auth: signChannel(APP, socketId, channel, channelData),
      channel_data: channelData,
    },
  });
  return c.next('pusher_internal:subscription_succeeded', (m) => m.channel === channel);
}

describe('handshake (Pusher protocol v7: transport and framing, events, close codes)', () => {
  it('sends pusher:connection_established with data as a JSON string holding socket_id and activity_timeout', async () => {
    const c = s.raw();
    const frame = await new Promise<string>((resolve) =>
      c.ws.once('message', (d) => resolve(d.toString())),
    );
    const parsed = JSON.parse(frame) as { event: string; data: unknown };
    expect(parsed.event).toBe('pusher:connection_established');
    expect(typeof parsed.data).toBe('string');
    const data = JSON.parse(parsed.data as string);
    expect(data).toEqual({
      socket_id: expect.stringMatching(SOCKET_ID_PATTERN),
      activity_timeout: 30,
    });
  });

  it('lets the real pusher-js client connect', async () => {
    const client = await connectPusher(s.port);
    expect(client.socketId).toMatch(SOCKET_ID_PATTERN);
    client.disconnect();
  });

  it('answers a wrong app key with pusher:error 4001 and closes with 4001', async () => {
    const c = s.raw(RawClient.url(s.port, 'wrong-key'));
    expect((await c.next('pusher:error')).data).toMatchObject({ code: CODES.appNotFound });
    expect((await c.closed).code).toBe(CODES.appNotFound);
  });

  it('closes with 4008 without a protocol version and 4007 for an unsupported one', async () => {
    const none = s.raw(RawClient.url(s.port, 'parley', 'client=js'));
    expect((await none.closed).code).toBe(CODES.noProtocol);
    const old = s.raw(RawClient.url(s.port, 'parley', 'protocol=5'));
    expect((await old.next('pusher:error')).data).toMatchObject({
      code: CODES.unsupportedProtocol,
    });
    expect((await old.closed).code).toBe(CODES.unsupportedProtocol);
  });

  it('checks Origin on the handshake (ASVS 4.4.2): a foreign origin is refused, ours and none are allowed', async () => {
    const foreign = s.raw(RawClient.url(s.port), { origin: 'https://evil.example' });
    await expect(foreign.opened).rejects.toMatchObject({ status: 403 });
    const ours = s.raw(RawClient.url(s.port), { origin: 'http://localhost:3000' });
    await ours.opened;
    expect(await ours.socketId()).toMatch(SOCKET_ID_PATTERN);
    const nonBrowser = s.raw();
    await nonBrowser.opened;
  });

  it('refuses upgrades on other paths with 404', async () => {
    const c = s.raw(`ws://127.0.0.1:${s.port}/elsewhere`);
    await expect(c.opened).rejects.toMatchObject({ status: 404 });
  });
});

describe('frames (Zammad CVE-2020-10101, CVE-2026-102489)', () => {
  it('answers pusher:ping with pusher:pong', async () => {
    const { c } = await connected();
    c.send({ event: 'pusher:ping', data: {} });
    expect(await c.next('pusher:pong')).toMatchObject({ event: 'pusher:pong' });
  });

  it.each([
    ['non-JSON text', 'this is not json', CODES.invalidMessage],
    ['a JSON array', '[1,2]', CODES.invalidMessage],
    ['an object without event', '{"data":{}}', CODES.invalidMessage],
    [
      'a frame over 10 KB',
      JSON.stringify({ event: 'pusher:ping', data: 'x'.repeat(11 * 1024) }),
      CODES.messageTooLarge,
    ],
  ])('closes only the socket that sends %s, after a pusher:error', async (_case, frame, code) => {
    const bystander = await connected();
    const { c } = await connected();
    c.send(frame);
    expect((await c.next('pusher:error')).data).toMatchObject({ code });
    expect((await c.closed).code).toBe(code);
    await stillUp(bystander.c);
  });

  it('closes only the socket that sends a binary frame', async () => {
    const bystander = await connected();
    const { c } = await connected();
    c.ws.send(Buffer.from([1, 2, 3]), { binary: true });
    expect((await c.next('pusher:error')).data).toMatchObject({ code: CODES.invalidMessage });
    expect((await c.closed).code).toBe(CODES.invalidMessage);
    await stillUp(bystander.c);
  });

  it.each([
    'base',
    '__proto__',
    'constructor',
    'toString',
    'pusher:signin',
    'pusher_internal:member_added',
  ])(
    'refuses the event name %s from the allow-list table, keeping the socket open',
    async (event) => {
      const { c } = await connected();
      c.send({ event, data: {} });
      expect((await c.next('pusher:error')).data).toMatchObject({ message: 'Unsupported event' });
      await stillUp(c);
    },
  );
});

describe('subscriptions (Pusher protocol v7: events, channel authorisation)', () => {
  it('subscribes to a public channel without auth', async () => {
    const { c } = await connected();
    c.send({ event: 'pusher:subscribe', data: { channel: 'news' } });
    expect(await c.next('pusher_internal:subscription_succeeded')).toMatchObject({
      channel: 'news',
    });
  });

  it('refuses a private channel without auth or with a forged signature, accepts a valid one', async () => {
    const { c, socketId } = await connected();
    const channel = 'private-dcuser-1-panel0';
    c.send({ event: 'pusher:subscribe', data: { channel } });
    expect(await c.next('pusher:subscription_error')).toMatchObject({
      channel,
      data: { status: 401 },
    });
    const forged = signChannel({ key: APP.key, secret: 'guessed' }, socketId, channel);
    c.send({ event: 'pusher:subscribe', data: { channel, auth: forged } });
    expect(await c.next('pusher:subscription_error')).toMatchObject({ channel });
    // A signature for another socket does not transfer.
    c.send({
      event: 'pusher:subscribe',
      data: { channel, auth: signChannel(APP, '1.2', channel) },
    });
    expect(await c.next('pusher:subscription_error')).toMatchObject({ channel });
    c.send({
      event: 'pusher:subscribe',
      data: { channel, auth: signChannel(APP, socketId, channel) },
    });
    expect(await c.next('pusher_internal:subscription_succeeded')).toMatchObject({ channel });
  });

  it('refuses invalid channel names and encrypted channels', async () => {
    const { c, socketId } = await connected();
    c.send({ event: 'pusher:subscribe', data: { channel: 'bad name!' } });
    expect((await c.next('pusher:error')).data).toMatchObject({ message: 'Invalid channel name' });
    const enc = 'private-encrypted-x';
    c.send({
      event: 'pusher:subscribe',
      data: { channel: enc, auth: signChannel(APP, socketId, enc) },
    });
    expect(await c.next('pusher:subscription_error')).toMatchObject({ channel: enc });
  });

  it('presence: member_added only for a user’s first socket and not to the causing socket; member_removed on the last', async () => {
    const channel = 'presence-room-1';
    const a = await connected();
    const first = await joinPresence(a.c, a.socketId, channel, 1);
    expect(first.data).toEqual({ presence: { ids: [1], hash: { 1: { name: 'U1' } }, count: 1 } });

    const b = await connected();
    const second = await joinPresence(b.c, b.socketId, channel, 2);
    expect(second.data).toMatchObject({ presence: { count: 2 } });
    expect(await a.c.next('pusher_internal:member_added')).toMatchObject({
      channel,
      data: { user_id: 2, user_info: { name: 'U2' } },
    });

    // User 2 opens a second tab: nobody hears of it, and the hash still counts 2 users.
    const b2 = await connected();
    expect((await joinPresence(b2.c, b2.socketId, channel, 2)).data).toMatchObject({
      presence: { count: 2 },
    });
    b2.c.ws.close();
    await b2.c.closed;
    await stillUp(a.c);
    b.c.send({ event: 'pusher:unsubscribe', data: { channel } });
    expect(await a.c.next('pusher_internal:member_removed')).toMatchObject({
      channel,
      data: { user_id: 2 },
    });

    const events = [...a.c.received, ...b.c.received].map((m) => m.event);
    expect(events.filter((e) => e === 'pusher_internal:member_added')).toHaveLength(0);
    expect(b.c.received.some((m) => m.event === 'pusher_internal:member_added')).toBe(false);
  });
});

describe('broadcast (docs/benchmarks.md: 5,000 sockets on one channel)', () => {
  it('delivers one event to every subscriber of a channel as the same text frame, except the excluded socket', async () => {
    const subscribers = await Promise.all([connected(), connected(), connected()]);
    const frames = subscribers.map(({ c }) => {
      const got: { text: string; isBinary: boolean }[] = [];
      c.ws.on('message', (raw, isBinary) => got.push({ text: raw.toString(), isBinary }));
      return got;
    });
    for (const { c } of subscribers) {
      c.send({ event: 'pusher:subscribe', data: { channel: 'broadcast' } });
      await c.next('pusher_internal:subscription_succeeded');
    }
    const frame = JSON.stringify({
      event: 'announcement',
      channel: 'broadcast',
      data: JSON.stringify({ text: 'Grüße — ✓ 你好' }),
    });
    expect(
      s.hub.deliver([{ channel: 'broadcast', frame, excludeSocketId: subscribers[2]!.socketId }]),
    ).toBe(2);
    for (const { c } of subscribers.slice(0, 2)) {
      expect((await c.next('announcement')).data).toEqual({ text: 'Grüße — ✓ 你好' });
    }
    await stillUp(subscribers[2]!.c);
    for (const got of frames.slice(0, 2)) {
      expect(got.filter((f) => f.text.includes('announcement'))).toEqual([
        { text: frame, isBinary: false },
      ]);
    }
    expect(frames[2]!.some((f) => f.text.includes('announcement'))).toBe(false);
  });

  it("writes a socket's frames of one delivery at once, in order, and each to its own subscribers", async () => {
    const upgraded: Duplex[] = [];
    const capture = (_req: http.IncomingMessage, socket: Duplex) => upgraded.push(socket);
    s.httpServer.on('upgrade', capture);
    const both = await connected();
    const rowOnly = await connected();
    s.httpServer.off('upgrade', capture);
    const subscribe = async (c: RawClient, channel: string) => {
      c.send({ event: 'pusher:subscribe', data: { channel } });
      await c.next('pusher_internal:subscription_succeeded', (m) => m.channel === channel);
    };
    await subscribe(both.c, 'burst-message');
    await subscribe(both.c, 'burst-row');
    await subscribe(rowOnly.c, 'burst-row');
    // Counts the writes the server's socket makes (Node's stream hooks; nothing is changed).
    const tcp = upgraded[0]! as Duplex & Record<'_write' | '_writev', (...a: unknown[]) => void>;
    let writes = 0;
    for (const hook of ['_write', '_writev'] as const) {
      const original = tcp[hook].bind(tcp);
      tcp[hook] = (...args: unknown[]) => {
        writes += 1;
        original(...args);
      };
    }
    const frame = (channel: string) =>
      JSON.stringify({ event: 'changed', channel, data: JSON.stringify({ channel }) });
    expect(
      s.hub.deliver([
        { channel: 'burst-message', frame: frame('burst-message') },
        { channel: 'burst-row', frame: frame('burst-row') },
      ]),
    ).toBe(3);
    expect(writes).toBe(1);
    const changed = (c: RawClient) =>
      c.received.filter((m) => m.event === 'changed').map((m) => m.channel);
    for (const { c } of [both, rowOnly]) await stillUp(c);
    expect(changed(both.c)).toEqual(['burst-message', 'burst-row']);
    expect(changed(rowOnly.c)).toEqual(['burst-row']);
  });
});

describe('client events (Pusher protocol v7: events)', () => {
  it('relays an allow-listed client event to the other members with user_id, never echoing it', async () => {
    const channel = 'presence-room-2';
    const a = await connected();
    const b = await connected();
    await joinPresence(a.c, a.socketId, channel, 1);
    await joinPresence(b.c, b.socketId, channel, 2);
    a.c.send({ event: 'client-typing', channel, data: { typing: true } });
    expect(await b.c.next('client-typing')).toMatchObject({
      channel,
      data: { typing: true },
      user_id: 1,
    });
    await stillUp(a.c);
    expect(a.c.received.some((m) => m.event === 'client-typing')).toBe(false);
  });

  it('rejects with 4301 names off the allow-list, bad data, public or unsubscribed channels', async () => {
    const { c, socketId } = await connected();
    await joinPresence(c, socketId, 'presence-room-3', 1);
    c.send({ event: 'pusher:subscribe', data: { channel: 'public-news' } });
    await c.next('pusher_internal:subscription_succeeded', (m) => m.channel === 'public-news');
    for (const frame of [
      { event: 'client-base', channel: 'presence-room-3', data: {} },
      { event: 'client-typing', channel: 'presence-room-3', data: { typing: 'yes', extra: 1 } },
      { event: 'client-typing', channel: 'public-news', data: { typing: true } },
      { event: 'client-typing', channel: 'presence-room-other', data: { typing: true } },
    ]) {
      c.send(frame);
      expect((await c.next('pusher:error')).data).toMatchObject({
        code: CODES.clientEventRejected,
      });
    }
    await stillUp(c);
  });

  it('rate-limits client events per socket with 4301', async () => {
    const channel = 'presence-room-4';
    const a = await connected();
    const b = await connected();
    await joinPresence(a.c, a.socketId, channel, 1);
    await joinPresence(b.c, b.socketId, channel, 2);
    for (let i = 0; i < 11; i += 1)
      a.c.send({ event: 'client-typing', channel, data: { typing: true } });
    expect((await a.c.next('pusher:error')).data).toMatchObject({
      code: CODES.clientEventRejected,
      message: 'Client event rate limit exceeded',
    });
    await stillUp(a.c);
    await stillUp(b.c);
    expect(b.c.received.filter((m) => m.event === 'client-typing')).toHaveLength(10);
  });
});

describe('liveness and shutdown (Pusher protocol v7: close codes, liveness)', () => {
  it('pings a silent socket and closes it with 4201 when no pong comes, keeping a responsive one', async () => {
    const fast = await start({ idleBeforePingMs: 100, pongTimeoutMs: 150, sweepIntervalMs: 25 });
    try {
      const mute = fast.raw();
      const alive = fast.raw();
      alive.ws.on('message', (raw) => {
        if (JSON.parse(raw.toString()).event === 'pusher:ping')
          alive.send({ event: 'pusher:pong', data: {} });
      });
      await mute.next('pusher:ping');
      expect((await mute.closed).code).toBe(CODES.pongNotReceived);
      await alive.next('pusher:ping');
      expect(alive.ws.readyState).toBe(alive.ws.OPEN);
    } finally {
      await fast.stop();
    }
  });

  it('closes sockets with 4200 on shutdown so pusher-js reconnects at once', async () => {
    const other = await start();
    const c = other.raw();
    await c.socketId();
    await other.stop();
    expect((await c.closed).code).toBe(CODES.reconnect);
  });
});
