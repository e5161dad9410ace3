import { describe, expect, it } from 'vitest';
import {
  channelSignature,
  isValidChannelName,
  isValidSocketId,
  newSocketId,
  parsePresenceMember,
  presenceData,
  signChannel,
  verifyChannelAuth,
} from './protocol';

// Test vectors of Pusher protocol v7: channel authorisation (pusher-http-node), recomputed independently there.
const APP = { key: '278d425bdf160c739803', secret: '7ad3773142a6692b25b8' };
const SOCKET = '1234.1234';

describe('channel signatures (Pusher protocol v7: channel authorisation)', () => {
  it('signs a private channel as HMAC-SHA256(secret, socket_id:channel)', () => {
    expect(signChannel(APP, SOCKET, 'private-foobar')).toBe(
      '278d425bdf160c739803:58df8b0c36d6982b82c3ecf6b4662e34fe8c25bba48f5369f135bf843651c3a4',
    );
  });

  it('signs a presence channel over socket_id:channel:channel_data', () => {
    const channelData = '{"user_id":10,"user_info":{"name":"Mr. Channels"}}';
    expect(channelSignature(APP.secret, SOCKET, 'presence-foobar', channelData)).toBe(
      '31935e7d86dba64c2a90aed31fdc61869f9b22ba9d8863bba239c03ca481bc80',
    );
  });

  it('verifies a good auth and refuses a wrong key, signature, socket, channel or channel_data', () => {
    const data = '{"user_id":10}';
    const auth = signChannel(APP, SOCKET, 'presence-foobar', data);
    expect(verifyChannelAuth(APP, auth, SOCKET, 'presence-foobar', data)).toBe(true);
    expect(verifyChannelAuth(APP, auth, '1234.1235', 'presence-foobar', data)).toBe(false);
    expect(verifyChannelAuth(APP, auth, SOCKET, 'presence-foobaz', data)).toBe(false);
    expect(verifyChannelAuth(APP, auth, SOCKET, 'presence-foobar', '{"user_id":11}')).toBe(false);
    expect(
      verifyChannelAuth(APP, auth.replace(/^[^:]+/, 'other'), SOCKET, 'presence-foobar', data),
    ).toBe(false);
    expect(verifyChannelAuth(APP, auth.slice(0, -2), SOCKET, 'presence-foobar', data)).toBe(false);
    expect(verifyChannelAuth(APP, undefined, SOCKET, 'presence-foobar', data)).toBe(false);
    expect(verifyChannelAuth(APP, 'no-colon', SOCKET, 'presence-foobar', data)).toBe(false);
  });
});

describe('names and ids (Pusher protocol v7: events)', () => {
  it('allows only [A-Za-z0-9_-=@,.;] up to 164 characters in channel names', () => {
    expect(isValidChannelName('private-dcuser-1-panel0')).toBe(true);
    expect(isValidChannelName('a_b-c=d@e,f.g;h')).toBe(true);
    expect(isValidChannelName('x'.repeat(164))).toBe(true);
    expect(isValidChannelName('x'.repeat(165))).toBe(false);
    for (const bad of ['', 'with space', 'slash/', 'colon:', 'ünï', 'a*b', 'quote"']) {
      expect([bad, isValidChannelName(bad)]).toEqual([bad, false]);
    }
    expect(isValidChannelName(42)).toBe(false);
  });

  it('makes socket ids <digits>.<digits> that do not repeat', () => {
    const ids = new Set(Array.from({ length: 1000 }, () => newSocketId()));
    expect(ids.size).toBe(1000);
    for (const id of ids) expect(isValidSocketId(id)).toBe(true);
    expect(isValidSocketId('1.2.3')).toBe(false);
    expect(isValidSocketId('abc.1')).toBe(false);
  });

  it('reads presence channel_data only with a user_id', () => {
    expect(parsePresenceMember('{"user_id":7,"user_info":{"name":"A"}}')).toEqual({
      user_id: 7,
      user_info: { name: 'A' },
    });
    expect(parsePresenceMember('{"user_info":{}}')).toBeNull();
    expect(parsePresenceMember('{"user_id":""}')).toBeNull();
    expect(parsePresenceMember('[1]')).toBeNull();
    expect(parsePresenceMember('not json')).toBeNull();
  });

  it('builds the presence hash with one entry per user, whatever their socket count', () => {
    const data = presenceData([
      { user_id: 1, user_info: { name: 'A' } },
      { user_id: 1, user_info: { name: 'A' } },
      { user_id: '__proto__', user_info: { name: 'P' } },
    ]);
    expect(data.presence.count).toBe(2);
    expect(data.presence.ids).toEqual([1, '__proto__']);
    // `__proto__` is an ordinary key of the hash, not its prototype.
    expect(JSON.stringify(data.presence.hash)).toBe('{"1":{"name":"A"},"__proto__":{"name":"P"}}');
  });
});
