import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  dcuserPanelChannel,
  globalSettingsChannel,
  PUSHER_AUTH_PATH,
  REALTIME_CONFIG_PATH,
  reauthAlertChannel,
} from '@parley/contracts';
import { loadConfig } from '../config';
import { as, createTestContext, signUp, type Session, type TestContext } from '../test/harness';
import { ChannelRules } from './channel-rules';
import { verifyChannelAuth } from './protocol';
import { resolveRealtimeSettings } from './realtime-settings';

let ctx: TestContext;
let me: Session;
let other: Session;
beforeAll(async () => {
  ctx = await createTestContext({ AUTH_RATE_LIMIT_PER_MINUTE: '1000' });
  me = await signUp(ctx, { name: 'Ada Lovelace' });
  other = await signUp(ctx);
  // What a module does to open its presence channels (here: any agent may join a test room).
  ctx.app.realtime.channelRules.add({
    name: 'test-room',
    pattern: /^presence-test-room-(\d+)$/,
    authorize: () => true,
  });
});
afterAll(() => ctx.close());

const SOCKET = '123.456';

/** As pusher-js posts it: form-encoded, with the session headers (docs/product/api.md) (each can be left out). */
function auth(
  s: Session,
  body: Record<string, string>,
  drop: ('authorization' | 'x-csrftoken' | 'x-dc-account-id')[] = [],
) {
  const headers: Record<string, string> = {
    'content-type': 'application/x-www-form-urlencoded',
    authorization: `Token ${s.token}`,
    'x-dc-account-id': String(s.accountId),
    'x-csrftoken': s.csrf,
    cookie: `csrftoken=${s.csrf}; auth_token=${s.token}; account_id=${s.accountId}`,
  };
  for (const h of drop) delete headers[h];
  return ctx.app.inject({
    method: 'POST',
    url: PUSHER_AUTH_PATH,
    headers,
    payload: new URLSearchParams(body).toString(),
  });
}

describe('POST /dashboardapi/pusher/auth (docs/product/api.md)', () => {
  it('answers 401 without a token', async () => {
    const res = await auth(me, { socket_id: SOCKET, channel_name: dcuserPanelChannel(me.userId) }, [
      'authorization',
    ]);
    expect(res.statusCode).toBe(401);
    expect(res.json()).toMatchObject({ code: 'unauthenticated' });
  });

  it('answers 403 csrf_failed without the X-CSRFTOKEN header', async () => {
    const res = await auth(me, { socket_id: SOCKET, channel_name: dcuserPanelChannel(me.userId) }, [
      'x-csrftoken',
    ]);
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({ code: 'csrf_failed' });
  });

  it('answers 403 not_a_member for an account the caller does not belong to', async () => {
    const res = await auth(
      { ...me, accountId: other.accountId },
      {
        socket_id: SOCKET,
        channel_name: globalSettingsChannel(other.accountId),
      },
    );
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({ code: 'not_a_member' });
  });

  it.each(['abc', '1234', '1.2.3', '1.2 ', '-1.2', ''])(
    'answers 400 validation_error for the malformed socket_id %j',
    async (socketId) => {
      const res = await auth(me, {
        socket_id: socketId,
        channel_name: dcuserPanelChannel(me.userId),
      });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ code: 'validation_error' });
    },
  );

  it.each(['private-bad name', `private-${'x'.repeat(160)}`, 'private-a/b', ''])(
    'answers 400 validation_error for the channel name %j',
    async (channel) => {
      const res = await auth(me, { socket_id: SOCKET, channel_name: channel });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ code: 'validation_error' });
    },
  );

  it('signs my own panel channel: auth = key:HMAC-SHA256(secret, socket_id:channel)', async () => {
    const channel = dcuserPanelChannel(me.userId);
    const res = await auth(me, { socket_id: SOCKET, channel_name: channel });
    expect(res.statusCode).toBe(200);
    const body = res.json() as { auth: string; channel_data?: string };
    expect(body.channel_data).toBeUndefined();
    expect(body.auth.startsWith('parley:')).toBe(true);
    expect(verifyChannelAuth(ctx.app.realtime.app, body.auth, SOCKET, channel)).toBe(true);
  });

  it('also takes a JSON body', async () => {
    const res = await as(ctx, me).post(PUSHER_AUTH_PATH, {
      socket_id: SOCKET,
      channel_name: globalSettingsChannel(me.accountId),
    });
    expect(res.statusCode).toBe(200);
  });

  it("signs my account's global-settings and re-authentication channels", async () => {
    for (const channel of [globalSettingsChannel(me.accountId), reauthAlertChannel(me.accountId)]) {
      const res = await auth(me, { socket_id: SOCKET, channel_name: channel });
      expect([channel, res.statusCode]).toEqual([channel, 200]);
    }
  });

  it.each([
    ["someone else's panel", () => dcuserPanelChannel(other.userId)],
    ["another account's global settings", () => globalSettingsChannel(other.accountId)],
    ["another account's re-authentication alerts", () => reauthAlertChannel(other.accountId)],
    ['a panel id with a leading zero', () => `private-dcuser-0${me.userId}-panel0`],
    ['a suffixed panel name', () => `${dcuserPanelChannel(me.userId)}-x`],
    ['an unknown private channel', () => 'private-anything'],
    ['a conversation presence channel no module has opened yet', () => 'presence-conversation-1'],
    ['an encrypted channel', () => `private-encrypted-dcuser-${me.userId}-panel0`],
  ])('refuses %s with 403 forbidden', async (_case, channel) => {
    const res = await auth(me, { socket_id: SOCKET, channel_name: channel() });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({ code: 'forbidden' });
  });

  it('answers presence channels with the signed channel_data read from the database', async () => {
    const channel = 'presence-test-room-7';
    const res = await auth(me, { socket_id: SOCKET, channel_name: channel });
    expect(res.statusCode).toBe(200);
    const body = res.json() as { auth: string; channel_data: string };
    const data = JSON.parse(body.channel_data);
    expect(data).toEqual({
      user_id: me.userId,
      user_info: { name: 'Ada Lovelace', initials: 'AL', profile_color: expect.any(String) },
    });
    expect(
      verifyChannelAuth(ctx.app.realtime.app, body.auth, SOCKET, channel, body.channel_data),
    ).toBe(true);
  });
});

describe('GET /dashboardapi/realtime/config', () => {
  it('answers the pusher-js options for the built-in server at PUBLIC_URL', async () => {
    const res = await as(ctx, me).get(REALTIME_CONFIG_PATH);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      key: 'parley',
      wsHost: 'localhost',
      wsPort: 3000,
      forceTLS: false,
      cluster: expect.any(String),
      enabledTransports: ['ws', 'wss'],
    });
  });

  it('needs a signed-in agent', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: REALTIME_CONFIG_PATH });
    expect(res.statusCode).toBe(401);
  });

  it('follows PUBLIC_URL (TLS, default port) and the PUSHER_* settings', () => {
    const tls = resolveRealtimeSettings(loadConfig({ PUBLIC_URL: 'https://help.example.com' }));
    expect(tls.client).toMatchObject({ wsHost: 'help.example.com', wsPort: 443, forceTLS: true });
    expect(tls.mode).toBe('in-process');

    const soketi = resolveRealtimeSettings(
      loadConfig({
        PUSHER_APP_ID: '1',
        PUSHER_KEY: 'k',
        PUSHER_SECRET: 's',
        PUSHER_HOST: 'http://soketi:6001',
      }),
    );
    expect(soketi.mode).toBe('hosted');
    expect(soketi.client).toMatchObject({
      key: 'k',
      wsHost: 'soketi',
      wsPort: 6001,
      forceTLS: false,
    });
    expect(soketi.app).toEqual({ key: 'k', secret: 's' });

    const hosted = resolveRealtimeSettings(
      loadConfig({ PUSHER_APP_ID: '1', PUSHER_KEY: 'k', PUSHER_SECRET: 's', PUSHER_CLUSTER: 'eu' }),
    );
    expect(hosted.client).toMatchObject({
      wsHost: 'ws-eu.pusher.com',
      cluster: 'eu',
      forceTLS: true,
    });
  });

  it('derives the built-in secret from SECRET_KEY, or uses PUSHER_KEY/PUSHER_SECRET', () => {
    const key = 'a'.repeat(64);
    const one = resolveRealtimeSettings(loadConfig({ SECRET_KEY: key }));
    const two = resolveRealtimeSettings(loadConfig({ SECRET_KEY: key }));
    expect(one.app.secret).toBe(two.app.secret);
    expect(one.app.secret).not.toContain(key);
    expect(resolveRealtimeSettings(loadConfig({ SECRET_KEY: 'b'.repeat(64) })).app.secret).not.toBe(
      one.app.secret,
    );
    const own = resolveRealtimeSettings(
      loadConfig({ PUSHER_KEY: 'mykey', PUSHER_SECRET: 'mysecret' }),
    );
    expect(own).toMatchObject({ mode: 'in-process', app: { key: 'mykey', secret: 'mysecret' } });
  });

  it('checks Origin against PUBLIC_URL and REALTIME_ALLOWED_ORIGINS; loopback only outside production', () => {
    const prod = resolveRealtimeSettings(
      loadConfig({
        NODE_ENV: 'production',
        PUBLIC_URL: 'https://help.example.com',
        REALTIME_ALLOWED_ORIGINS: 'https://admin.example.com, https://other.example.com',
      }),
    );
    expect(prod.isOriginAllowed('https://help.example.com')).toBe(true);
    expect(prod.isOriginAllowed('https://admin.example.com')).toBe(true);
    expect(prod.isOriginAllowed('https://evil.example.com')).toBe(false);
    expect(prod.isOriginAllowed('http://localhost:5173')).toBe(false);
    expect(prod.isOriginAllowed('null')).toBe(false);
    const dev = resolveRealtimeSettings(loadConfig({}));
    expect(dev.isOriginAllowed('http://localhost:5173')).toBe(true);
    expect(dev.isOriginAllowed('http://localhost.evil.com')).toBe(false);
  });

  it('stops the server on a bad realtime setting', () => {
    expect(() => loadConfig({ REALTIME_ALLOWED_ORIGINS: 'https://a.example.com/path' })).toThrow(
      /REALTIME_ALLOWED_ORIGINS/,
    );
    expect(() => loadConfig({ PUSHER_APP_ID: '1' })).toThrow(/PUSHER_APP_ID/);
  });
});

describe('channel rules', () => {
  it('refuses unanchored patterns, so a rule cannot match a longer name by accident', () => {
    const rules = new ChannelRules();
    expect(() =>
      rules.add({ name: 'loose', pattern: /private-dcuser-(\d+)/, authorize: () => true }),
    ).toThrow(/anchored/);
  });

  it('keeps form-encoded bodies to the auth route: other routes still answer 415', async () => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/dashboardapi/auth/login',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'email=a%40b.c&password=x',
    });
    expect(res.statusCode).toBe(415);
  });

  it('lists both routes in the OpenAPI document', async () => {
    const doc = (await ctx.app.inject({ method: 'GET', url: '/dashboardapi/docs/json' })).json();
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining([PUSHER_AUTH_PATH, REALTIME_CONFIG_PATH]),
    );
  });
});
