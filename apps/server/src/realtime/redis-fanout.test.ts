import crypto from 'node:crypto';
import { Redis } from 'ioredis';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  dcuserPanelChannel,
  GLOBAL_SETTINGS_DEFAULTS,
  globalSettingsChannel,
  PUSHER_AUTH_PATH,
} from '@parley/contracts';
import { buildApp } from '../app';
import { EventBus } from '../lib/events';
import { JobWorker } from '../lib/jobs';
import {
  as,
  createTestContext,
  sessionFrom,
  signUp,
  type Session,
  type TestContext,
} from '../test/harness';
import { CONTROL_CHANNEL, LocalHub } from './local-hub';
import {
  connectPusher,
  listen,
  nextEvent,
  RawClient,
  subscribe,
  type TestPusher,
} from './pusher-test-client';
import { RedisBackplane } from './redis-backplane';

// Scale-out (docs/ARCHITECTURE.md): two app instances on one database and one Redis. CI has Redis on
// loopback; elsewhere the suite is skipped when none answers.
const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
const PREFIX = `parley-test-${crypto.randomBytes(4).toString('hex')}:`;

async function redisAnswers(): Promise<boolean> {
  const probe = new Redis(REDIS_URL, {
    lazyConnect: true,
    maxRetriesPerRequest: 0,
    retryStrategy: () => null,
  });
  probe.on('error', () => {});
  try {
    await probe.connect();
    return (await probe.ping()) === 'PONG';
  } catch {
    return false;
  } finally {
    probe.disconnect();
  }
}
const available = (await redisAnswers()) || Boolean(process.env.CI);
const silent = { debug() {}, info() {}, warn() {}, error() {} };

describe.skipIf(!available)('Redis fan-out across instances (REDIS_URL)', () => {
  let ctx: TestContext;
  let appB: FastifyInstance;
  let portA: number;
  let portB: number;
  let ada: Session & { email: string; password: string };
  let bob: Session;
  const clients: TestPusher[] = [];

  beforeAll(async () => {
    ctx = await createTestContext({
      REDIS_URL,
      REDIS_KEY_PREFIX: PREFIX,
      AUTH_RATE_LIMIT_PER_MINUTE: '1000',
    });
    // Instance B: same database and Redis, its own event bus and jobs, as another process would.
    appB = await buildApp(
      { ...ctx.deps, events: new EventBus(), jobs: new JobWorker(ctx.deps.db) },
      { logger: false },
    );
    await appB.ready();
    for (const app of [ctx.app, appB]) {
      app.realtime.channelRules.add({
        name: 'test-room',
        pattern: /^presence-test-room-(\d+)$/,
        authorize: () => true,
      });
    }
    portA = await listen(ctx.app);
    portB = await listen(appB);
    ada = await signUp(ctx, { name: 'Ada Lovelace' });
    bob = await signUp(ctx, { name: 'Bob Builder' });
  });

  afterAll(async () => {
    for (const c of clients) c.disconnect();
    await appB?.close();
    await ctx?.close();
    const redis = new Redis(REDIS_URL);
    const keys = await redis.keys(`${PREFIX}*`);
    if (keys.length) await redis.del(...keys);
    await redis.quit();
  });

  async function client(port: number, session: Session) {
    const c = await connectPusher(port, { session });
    clients.push(c);
    return c;
  }

  it('runs both instances in redis mode', () => {
    expect(ctx.app.realtime.mode).toBe('redis');
    expect(appB.realtime.mode).toBe('redis');
  });

  it('an event published on instance A reaches a pusher-js socket connected to instance B', async () => {
    const atB = await client(portB, ada);
    const { channel } = await subscribe(atB, globalSettingsChannel(ada.accountId));
    const received = nextEvent(channel, 'global_settings_updated');
    const res = await as(ctx, ada).patch('/dashboardapi/global/settings', {
      default_fonts: ['Georgia'],
    });
    expect(res.statusCode).toBe(200);
    expect(await received).toEqual({ ...GLOBAL_SETTINGS_DEFAULTS, default_fonts: ['Georgia'] });
  });

  it('events published together on instance A travel as one Redis message and reach a socket on B in their order; a lone event keeps the one-envelope shape', async () => {
    const listener = new Redis(REDIS_URL);
    const messages: unknown[] = [];
    listener.on('message', (_topic: string, m: string) => {
      const parsed = JSON.parse(m) as { c?: string };
      // Session bindings share the topic (session-sockets.ts).
      if (parsed.c !== CONTROL_CHANNEL) messages.push(parsed);
    });
    await listener.subscribe(`${PREFIX}realtime`);
    try {
      const atB = await client(portB, ada);
      const { channel } = await subscribe(atB, globalSettingsChannel(ada.accountId));
      const order: string[] = [];
      const both = new Promise<void>((resolve) => {
        channel.bind_global((event: string, data: { default_fonts?: string[] }) => {
          if (event.startsWith('pusher')) return;
          order.push(`${event}:${data.default_fonts?.[0] ?? ''}`);
          if (order.length === 2) resolve();
        });
      });
      const name = globalSettingsChannel(ada.accountId);
      const settings = (font: string) => ({ ...GLOBAL_SETTINGS_DEFAULTS, default_fonts: [font] });
      await ctx.app.realtime.publishAll([
        { channel: name, event: 'global_settings_updated', data: settings('Arial') },
        { channel: name, event: 'global_settings_updated', data: settings('Verdana') },
      ]);
      await both;
      expect(order).toEqual(['global_settings_updated:Arial', 'global_settings_updated:Verdana']);
      await ctx.app.realtime.publish(name, 'global_settings_updated', settings('Georgia'));
      await expect.poll(() => messages.length).toBe(2);
      expect(messages[0]).toEqual([
        expect.objectContaining({ c: name }),
        expect.objectContaining({ c: name }),
      ]);
      expect(messages[1]).toEqual(expect.objectContaining({ c: name }));
    } finally {
      await listener.quit();
    }
  });

  it('presence spans instances: member_added / member_removed and one shared member hash', async () => {
    const room = 'presence-test-room-1';
    const a = await client(portA, ada);
    const b = await client(portB, bob);
    const joinedA = await subscribe(a, room);
    const added = nextEvent<{ id: number }>(joinedA.channel, 'pusher:member_added');
    const joinedB = await subscribe(b, room);
    expect(joinedB.data).toMatchObject({ count: 2 });
    expect((await added).id).toBe(bob.userId);

    const removed = nextEvent<{ id: number }>(joinedA.channel, 'pusher:member_removed');
    b.pusher.unsubscribe(room);
    expect((await removed).id).toBe(bob.userId);
  });

  it('client events cross instances and are not echoed', async () => {
    const room = 'presence-test-room-2';
    const a = await client(portA, ada);
    const b = await client(portB, bob);
    const { channel: ca } = await subscribe(a, room);
    const { channel: cb } = await subscribe(b, room);
    const echoed: unknown[] = [];
    ca.bind('client-viewing', (d: unknown) => echoed.push(d));
    const atB = nextEvent(cb, 'client-viewing');
    ca.trigger('client-viewing', { viewing: true });
    expect(await atB).toEqual({ viewing: true });
    expect(echoed).toEqual([]);
  });

  it('a sign-out on one instance closes the socket on another that a third call authorised', async () => {
    const second = sessionFrom(
      await appB.inject({
        method: 'POST',
        url: '/dashboardapi/auth/login',
        payload: { email: ada.email, password: ada.password },
      }),
    );
    const socket = new RawClient(RawClient.url(portB));
    try {
      const channel = dcuserPanelChannel(ada.userId);
      // Signed on A for the socket on B; signed out on B.
      const auth = await ctx.app.inject({
        method: 'POST',
        url: PUSHER_AUTH_PATH,
        headers: {
          authorization: `Token ${second.token}`,
          'x-dc-account-id': String(second.accountId),
          'x-csrftoken': second.csrf,
          cookie: `csrftoken=${second.csrf}`,
        },
        payload: { socket_id: await socket.socketId(), channel_name: channel },
      });
      socket.send({ event: 'pusher:subscribe', data: { channel, auth: auth.json().auth } });
      await socket.next('pusher_internal:subscription_succeeded');
      const out = await appB.inject({
        method: 'POST',
        url: '/dashboardapi/auth/logout',
        headers: {
          authorization: `Token ${second.token}`,
          'x-dc-account-id': String(second.accountId),
          'x-csrftoken': second.csrf,
          cookie: `csrftoken=${second.csrf}`,
        },
      });
      expect(out.statusCode).toBe(200);
      expect(await socket.closed).toEqual({ code: 4200, reason: 'Session ended' });
    } finally {
      socket.ws.terminate();
    }
  });

  it("drops a dead instance's members and reports them departed once", async () => {
    const one = await RedisBackplane.connect(REDIS_URL, PREFIX, new LocalHub(), silent);
    const two = await RedisBackplane.connect(REDIS_URL, PREFIX, new LocalHub(), silent);
    const redis = new Redis(REDIS_URL);
    try {
      const channel = 'presence-dead-instance';
      await two.join(channel, '2.2', { user_id: 2 });
      const joined = await one.join(channel, '1.1', { user_id: 1 });
      expect(joined.members.map((m) => m.user_id).sort()).toEqual([1, 2]);
      expect(joined.firstForUser).toBe(true);

      await redis.del(`${PREFIX}instance:${two.instanceId}`); // its heartbeat expired
      const list = await one.members(channel);
      expect(list.members).toEqual([{ user_id: 1 }]);
      expect(list.departed).toEqual([{ user_id: 2 }]);
      expect((await one.members(channel)).departed).toEqual([]);

      const left = await one.leave(channel, '1.1', { user_id: 1 });
      expect(left.lastForUser).toBe(true);
    } finally {
      await redis.quit();
      await one.close();
      await two.close();
    }
  });
});
