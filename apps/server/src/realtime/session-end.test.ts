import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dcuserPanelChannel, globalSettingsChannel, PUSHER_AUTH_PATH } from '@parley/contracts';
import {
  as,
  createTestContext,
  linkFromMail,
  sessionFrom,
  signUp,
  type Session,
  type TestContext,
} from '../test/harness';
import { ownerAndTeammate } from '../test/inbox-fixtures';
import { listen, RawClient } from './pusher-test-client';

// Session end ends realtime access (docs/security.md, sessions): a raw socket — one that never
// goes away by itself, as an attacker's would — stops receiving at once.

let ctx: TestContext;
let port: number;
const sockets: RawClient[] = [];

beforeAll(async () => {
  ctx = await createTestContext({ AUTH_RATE_LIMIT_PER_MINUTE: '1000' });
  port = await listen(ctx.app);
});
afterAll(async () => {
  for (const s of sockets) s.ws.terminate();
  await ctx.close();
});

async function signIn(email: string, password: string): Promise<Session> {
  const res = await ctx.app.inject({
    method: 'POST',
    url: '/dashboardapi/auth/login',
    payload: { email, password },
  });
  expect(res.statusCode).toBe(200);
  return sessionFrom(res);
}

/** A raw socket subscribed to `channel` with a signature the session got from the auth endpoint. */
async function listening(s: Session, channel: string) {
  const socket = new RawClient(RawClient.url(port));
  sockets.push(socket);
  const socketId = await socket.socketId();
  const res = await ctx.app.inject({
    method: 'POST',
    url: PUSHER_AUTH_PATH,
    headers: {
      authorization: `Token ${s.token}`,
      'x-dc-account-id': String(s.accountId),
      'x-csrftoken': s.csrf,
      cookie: `csrftoken=${s.csrf}`,
    },
    payload: { socket_id: socketId, channel_name: channel },
  });
  expect(res.statusCode).toBe(200);
  socket.send({ event: 'pusher:subscribe', data: { channel, auth: res.json().auth } });
  await socket.next('pusher_internal:subscription_succeeded');
  return socket;
}

/** Publishes a marker on the channel; answers whether the socket got it. */
async function hears(socket: RawClient, channel: string, marker: string) {
  if (socket.ws.readyState !== socket.ws.OPEN) return false;
  const got = socket.next(
    'conversation_updated',
    (m) => (m.data as { marker?: string })?.marker === marker,
  );
  await ctx.app.realtime.publish(channel, 'conversation_updated', { marker } as never);
  return Promise.race([
    got.then(() => true),
    new Promise<boolean>((resolve) => setTimeout(() => resolve(false), 1_000)),
  ]);
}

describe('session end closes the realtime sockets of that session', () => {
  it('signing a session out closes its socket and no other', async () => {
    const ada = await signUp(ctx);
    const second = await signIn(ada.email, ada.password);
    const panel = dcuserPanelChannel(ada.userId);
    const mine = await listening(ada, panel);
    const theirs = await listening(second, panel);
    expect(await hears(theirs, panel, 'before')).toBe(true);

    expect((await as(ctx, second).post('/dashboardapi/auth/logout')).statusCode).toBe(200);
    expect(await theirs.closed).toEqual({ code: 4200, reason: 'Session ended' });
    expect(await hears(theirs, panel, 'after')).toBe(false);
    expect(await hears(mine, panel, 'still')).toBe(true);
  });

  it("a password change in one session closes the other session's socket: no event arrives after it; the asking session's socket goes on", async () => {
    const ada = await signUp(ctx);
    const second = await signIn(ada.email, ada.password);
    const panel = dcuserPanelChannel(ada.userId);
    const theirs = await listening(second, panel);
    const mine = await listening(ada, panel);
    const res = await as(ctx, ada).post('/dashboardapi/auth/password/change', {
      current_password: ada.password,
      new_password: 'a fresh and long passphrase',
    });
    expect(res.statusCode).toBe(200);
    expect((await theirs.closed).code).toBe(4200);
    expect(await hears(theirs, panel, 'after')).toBe(false);

    // The asking tab goes on as the new session: its socket stays, and ends with that session.
    const renewed = sessionFrom(res);
    expect(await hears(mine, panel, 'mine')).toBe(true);
    expect(await hears(await listening(renewed, panel), panel, 'renewed')).toBe(true);
    expect((await as(ctx, renewed).post('/dashboardapi/auth/logout')).statusCode).toBe(200);
    expect((await mine.closed).code).toBe(4200);
    const retry = new RawClient(RawClient.url(port));
    sockets.push(retry);
    const auth = await ctx.app.inject({
      method: 'POST',
      url: PUSHER_AUTH_PATH,
      headers: {
        authorization: `Token ${second.token}`,
        'x-dc-account-id': String(second.accountId),
        'x-csrftoken': second.csrf,
        cookie: `csrftoken=${second.csrf}`,
      },
      payload: { socket_id: await retry.socketId(), channel_name: panel },
    });
    expect(auth.statusCode).toBe(401);
  });

  it('a password reset closes every socket of the user', async () => {
    const ada = await signUp(ctx);
    const panel = dcuserPanelChannel(ada.userId);
    const socket = await listening(ada, panel);
    await ctx.app.inject({
      method: 'POST',
      url: '/dashboardapi/auth/password/forgot',
      payload: { email: ada.email },
    });
    const link = await linkFromMail(ctx, ada.email, '/login/resetpassword');
    const token = new URL(link).searchParams.get('token');
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/dashboardapi/auth/password/reset',
      payload: { token, password: 'another long passphrase' },
    });
    expect(res.statusCode).toBe(200);
    expect((await socket.closed).code).toBe(4200);
    expect(await hears(socket, panel, 'after')).toBe(false);
  });

  it("a removed member's socket on the account's channel closes, and so does one after a role change", async () => {
    const { owner, mate } = await ownerAndTeammate(ctx);
    const channel = globalSettingsChannel(owner.accountId);
    const ownerSocket = await listening(owner, channel);

    const demoted = await listening(mate, channel);
    const role = await as(ctx, owner).patch(`/dashboardapi/teammembers/${mate.userId}`, {
      permission_level: 'admin',
    });
    expect(role.statusCode).toBe(200);
    expect((await demoted.closed).code).toBe(4200);

    const removed = await listening(mate, channel);
    const res = await as(ctx, owner).delete(`/dashboardapi/teammembers/${mate.userId}`);
    expect(res.statusCode).toBeLessThan(300);
    expect((await removed.closed).code).toBe(4200);
    expect(await hears(removed, channel, 'after')).toBe(false);
    expect(await hears(ownerSocket, channel, 'owner')).toBe(true);
  });
});
