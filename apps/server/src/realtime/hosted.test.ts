import crypto from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  dcuserPanelChannel,
  GLOBAL_SETTINGS_DEFAULTS,
  globalSettingsChannel,
  PUSHER_AUTH_PATH,
  REALTIME_CONFIG_PATH,
} from '@parley/contracts';
import { as, createTestContext, signUp, type Session, type TestContext } from '../test/harness';
import { verifyChannelAuth } from './protocol';
import { listen, RawClient } from './pusher-test-client';

// Hosted Pusher / Soketi (PUSHER_*): the official library posts to the HTTP Events API. A local
// server speaks that API and checks its signatures as Pusher's HTTP events API describes.

const APP_ID = '42';
const KEY = 'hosted-key';
const SECRET = 'hosted-secret';

/** Pusher's HTTP events API signature: HMAC-SHA256(secret, METHOD\npath\nsorted query without auth_signature). */
function apiSignature(secret: string, method: string, path: string, query: URLSearchParams) {
  const sorted = [...query.entries()]
    .filter(([k]) => k !== 'auth_signature')
    .map(([k, v]) => [k.toLowerCase(), v] as const)
    .sort(([a], [b]) => (a < b ? -1 : 1))
    .map(([k, v]) => `${k}=${v}`)
    .join('&');
  return crypto.createHmac('sha256', secret).update(`${method}\n${path}\n${sorted}`).digest('hex');
}

interface Received {
  path: string;
  body: { name: string; channels: string[]; data: string; socket_id?: string };
  signatureOk: boolean;
  md5Ok: boolean;
}

let api: http.Server;
let apiPort: number;
const received: Received[] = [];
const waiters: ((r: Received) => void)[] = [];
let ctx: TestContext;
let me: Session;

beforeAll(async () => {
  api = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const raw = Buffer.concat(chunks).toString();
      const url = new URL(req.url ?? '/', 'http://x');
      const r: Received = {
        path: url.pathname,
        body: JSON.parse(raw),
        signatureOk:
          url.searchParams.get('auth_key') === KEY &&
          apiSignature(SECRET, req.method ?? '', url.pathname, url.searchParams) ===
            url.searchParams.get('auth_signature'),
        md5Ok:
          crypto.createHash('md5').update(raw).digest('hex') === url.searchParams.get('body_md5'),
      };
      received.push(r);
      waiters.splice(0).forEach((w) => w(r));
      res.writeHead(200, { 'content-type': 'application/json' }).end('{}');
    });
  });
  await new Promise<void>((resolve) => api.listen(0, '127.0.0.1', resolve));
  apiPort = (api.address() as AddressInfo).port;
  ctx = await createTestContext({
    AUTH_RATE_LIMIT_PER_MINUTE: '1000',
    PUSHER_APP_ID: APP_ID,
    PUSHER_KEY: KEY,
    PUSHER_SECRET: SECRET,
    PUSHER_HOST: `http://127.0.0.1:${apiPort}`,
  });
  me = await signUp(ctx);
});
afterAll(async () => {
  await ctx.close();
  await new Promise<void>((resolve) => api.close(() => resolve()));
});

const nextRequest = () => new Promise<Received>((resolve) => waiters.push(resolve));

describe('hosted Pusher / Soketi (PUSHER_APP_ID, PUSHER_KEY, PUSHER_SECRET, PUSHER_HOST)', () => {
  it("our test server's signature check reproduces the Pusher docs' worked example", () => {
    const body = '{"name":"foo","channels":["project-3"],"data":"{\\"some\\":\\"data\\"}"}';
    const md5 = crypto.createHash('md5').update(body).digest('hex');
    expect(md5).toBe('ec365a775a4cd0599faeb73354201b6f');
    const query = new URLSearchParams({
      auth_key: '278d425bdf160c739803',
      auth_timestamp: '1353088179',
      auth_version: '1.0',
      body_md5: md5,
    });
    expect(apiSignature('7ad3773142a6692b25b8', 'POST', '/apps/3/events', query)).toBe(
      'da454824c97ba181a32ccc17a72625ba02771f50b50e1e7430e47a1f3f457e6c',
    );
  });

  it('does not mount the built-in endpoint', async () => {
    expect(ctx.app.realtime.mode).toBe('hosted');
    expect(ctx.app.realtime.server).toBeNull();
    const port = await listen(ctx.app);
    const c = new RawClient(RawClient.url(port, KEY));
    await expect(c.opened).rejects.toBeDefined();
  });

  it('publishes domain events through the Events API, signed with PUSHER_SECRET', async () => {
    const request = nextRequest();
    await as(ctx, me).patch('/dashboardapi/global/settings', { auto_assign_user_on_reply: true });
    const r = await request;
    expect(r.path).toBe(`/apps/${APP_ID}/events`);
    expect(r.signatureOk).toBe(true);
    expect(r.md5Ok).toBe(true);
    expect(r.body.name).toBe('global_settings_updated');
    expect(r.body.channels).toEqual([globalSettingsChannel(me.accountId)]);
    expect(JSON.parse(r.body.data)).toEqual({
      ...GLOBAL_SETTINGS_DEFAULTS,
      auto_assign_user_on_reply: true,
    });
  });

  it('passes excludeSocketId on as socket_id', async () => {
    const request = nextRequest();
    await ctx.app.realtime.publish(
      dcuserPanelChannel(me.userId),
      'global_settings_updated',
      GLOBAL_SETTINGS_DEFAULTS,
      {
        excludeSocketId: '123.456',
      },
    );
    expect((await request).body.socket_id).toBe('123.456');
  });

  it('signs channel auth with PUSHER_SECRET and tells the web app the PUSHER_HOST', async () => {
    const res = await as(ctx, me).post(PUSHER_AUTH_PATH, {
      socket_id: '1.2',
      channel_name: dcuserPanelChannel(me.userId),
    });
    expect(res.statusCode).toBe(200);
    const { auth } = res.json() as { auth: string };
    expect(
      verifyChannelAuth({ key: KEY, secret: SECRET }, auth, '1.2', dcuserPanelChannel(me.userId)),
    ).toBe(true);
    expect((await as(ctx, me).get(REALTIME_CONFIG_PATH)).json()).toMatchObject({
      key: KEY,
      wsHost: '127.0.0.1',
      wsPort: apiPort,
      forceTLS: false,
    });
  });
});
