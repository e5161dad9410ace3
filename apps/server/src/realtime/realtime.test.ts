import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  dcuserPanelChannel,
  GLOBAL_SETTINGS_DEFAULTS,
  globalSettingsChannel,
  reauthAlertChannel,
} from '@parley/contracts';
import { as, createTestContext, signUp, type Session, type TestContext } from '../test/harness';
import { connectPusher, listen, nextEvent, subscribe, type TestPusher } from './pusher-test-client';

// End to end: the real pusher-js client, the auth endpoint and the built-in server, in-process.

let ctx: TestContext;
let port: number;
let ada: Session;
let bob: Session;
let eve: Session;
const clients: TestPusher[] = [];

beforeAll(async () => {
  ctx = await createTestContext({ AUTH_RATE_LIMIT_PER_MINUTE: '1000' });
  ctx.app.realtime.channelRules.add({
    name: 'test-room',
    pattern: /^presence-test-room-(\d+)$/,
    authorize: () => true,
  });
  port = await listen(ctx.app);
  ada = await signUp(ctx, { name: 'Ada Lovelace' });
  eve = await signUp(ctx, { name: 'Eve Other' });
  bob = await signUp(ctx, { name: 'Bob Builder' });
});
afterAll(async () => {
  for (const c of clients) c.disconnect();
  await ctx.close();
});

async function client(session: Session) {
  const c = await connectPusher(port, { session });
  clients.push(c);
  return c;
}

describe('channel authorisation through pusher-js (docs/product/api.md)', () => {
  it('subscribes to my own private-dcuser-{me}-panel0', async () => {
    const c = await client(ada);
    await expect(subscribe(c, dcuserPanelChannel(ada.userId))).resolves.toBeDefined();
  });

  it("gets subscription_error for someone else's panel and another account's global settings", async () => {
    const c = await client(ada);
    await expect(subscribe(c, dcuserPanelChannel(eve.userId))).rejects.toMatchObject({
      detail: { type: 'AuthError' },
    });
    await expect(subscribe(c, globalSettingsChannel(eve.accountId))).rejects.toMatchObject({
      detail: { type: 'AuthError' },
    });
  });
});

describe('domain events reach subscribed clients (docs/ARCHITECTURE.md)', () => {
  it('a PATCH of /dashboardapi/global/settings delivers global_settings_updated to the account only', async () => {
    const mine = await client(ada);
    const theirs = await client(eve);
    const { channel } = await subscribe(mine, globalSettingsChannel(ada.accountId));
    const { channel: eveChannel } = await subscribe(theirs, globalSettingsChannel(eve.accountId));
    const heardByEve: unknown[] = [];
    eveChannel.bind('global_settings_updated', (d: unknown) => heardByEve.push(d));

    const received = nextEvent(channel, 'global_settings_updated');
    const res = await as(ctx, ada).patch('/dashboardapi/global/settings', {
      are_keyboard_shortcuts_disabled: true,
    });
    expect(res.statusCode).toBe(200);
    expect(await received).toEqual({
      ...GLOBAL_SETTINGS_DEFAULTS,
      are_keyboard_shortcuts_disabled: true,
    });

    // Eve's own account event arrives, and Ada's never did.
    const eveOwn = nextEvent(eveChannel, 'global_settings_updated');
    await as(ctx, eve).patch('/dashboardapi/global/settings', { live_chat_notification_sound: 2 });
    await eveOwn;
    expect(heardByEve).toHaveLength(1);
    expect(heardByEve[0]).toMatchObject({ live_chat_notification_sound: 2 });
  });

  it('channel_reauth_required reaches private-re-authentication-alert-{account}', async () => {
    const c = await client(ada);
    const { channel } = await subscribe(c, reauthAlertChannel(ada.accountId));
    const received = nextEvent(channel, 're-authentication-alert-for-ctwa');
    ctx.deps.events.emit('channel_reauth_required', {
      accountId: ada.accountId,
      supportChannelId: 12,
      channelType: 'facebook',
    });
    expect(await received).toEqual({ support_channel_id: 12, channel_type: 'facebook' });
  });

  it('publish() skips the socket named by excludeSocketId', async () => {
    const a = await client(ada);
    const b = await client(ada);
    const name = dcuserPanelChannel(ada.userId);
    const { channel: ca } = await subscribe(a, name);
    const { channel: cb } = await subscribe(b, name);
    const heardByA: unknown[] = [];
    ca.bind('global_settings_updated', (d: unknown) => heardByA.push(d));
    const atB = nextEvent(cb, 'global_settings_updated');
    await ctx.app.realtime.publish(name, 'global_settings_updated', GLOBAL_SETTINGS_DEFAULTS, {
      excludeSocketId: a.socketId,
    });
    await atB;
    expect(heardByA).toEqual([]);
  });

  it('publishAll() sends the valid events and then rejects naming an invalid channel', async () => {
    const c = await client(ada);
    const name = dcuserPanelChannel(ada.userId);
    const { channel } = await subscribe(c, name);
    const received = nextEvent(channel, 'global_settings_updated');
    await expect(
      ctx.app.realtime.publishAll([
        { channel: 'not a channel!', event: 'global_settings_updated', data: {} as never },
        { channel: name, event: 'global_settings_updated', data: GLOBAL_SETTINGS_DEFAULTS },
      ]),
    ).rejects.toThrow('invalid channel name not a channel!');
    expect(await received).toEqual(GLOBAL_SETTINGS_DEFAULTS);
  });
});

describe('presence and client events with two pusher-js clients', () => {
  it('sends member_added and member_removed with user_info from the database', async () => {
    const room = 'presence-test-room-1';
    const a = await client(ada);
    const b = await client(bob);
    const joinedA = await subscribe(a, room);
    expect(joinedA.data).toMatchObject({ count: 1, me: { id: ada.userId } });

    const added = nextEvent<{ id: number; info: unknown }>(joinedA.channel, 'pusher:member_added');
    const joinedB = await subscribe(b, room);
    expect(joinedB.data).toMatchObject({ count: 2 });
    expect(await added).toEqual({
      id: bob.userId,
      info: { name: 'Bob Builder', initials: 'BB', profile_color: expect.any(String) },
    });

    const removed = nextEvent<{ id: number }>(joinedA.channel, 'pusher:member_removed');
    b.pusher.unsubscribe(room);
    expect((await removed).id).toBe(bob.userId);
  });

  it('delivers an allow-listed client event to the other member only, and rejects other names', async () => {
    const room = 'presence-test-room-2';
    const a = await client(ada);
    const b = await client(bob);
    const { channel: ca } = await subscribe(a, room);
    const { channel: cb } = await subscribe(b, room);
    const echoed: unknown[] = [];
    ca.bind('client-typing', (d: unknown) => echoed.push(d));

    const atB = new Promise<{ data: unknown; meta: unknown }>((resolve) =>
      cb.bind('client-typing', (data: unknown, meta: unknown) => resolve({ data, meta })),
    );
    ca.trigger('client-typing', { typing: true });
    expect(await atB).toEqual({ data: { typing: true }, meta: { user_id: ada.userId } });

    const refused = new Promise<unknown>((resolve) =>
      a.pusher.connection.bind('error', (err: unknown) => resolve(err)),
    );
    ca.trigger('client-evil', { run: 'Sessions::Event::Base' });
    expect(await refused).toMatchObject({ data: { code: 4301 } });
    expect(echoed).toEqual([]);
  });
});
