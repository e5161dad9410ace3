import crypto from 'node:crypto';
import {
  CHANNEL_NAME_MAX_LENGTH,
  CHANNEL_NAME_PATTERN,
  SOCKET_ID_PATTERN,
} from '@parley/contracts';

/** Pusher Channels protocol v7 helpers: names, signatures, socket ids, frames. */

export const PROTOCOL_VERSION = 7;

/** The key and secret channel authorisations are signed with. */
export interface AppCredentials {
  key: string;
  secret: string;
}

export type ChannelKind = 'public' | 'private' | 'presence';

export function isValidChannelName(name: unknown): name is string {
  return (
    typeof name === 'string' &&
    name.length > 0 &&
    name.length <= CHANNEL_NAME_MAX_LENGTH &&
    CHANNEL_NAME_PATTERN.test(name)
  );
}

export function isValidSocketId(id: unknown): id is string {
  return typeof id === 'string' && id.length <= 64 && SOCKET_ID_PATTERN.test(id);
}

export function channelKind(name: string): ChannelKind {
  if (name.startsWith('presence-')) return 'presence';
  if (name.startsWith('private-')) return 'private';
  return 'public';
}

/** End-to-end encrypted channels need a shared secret we do not hand out: refused. */
export const isUnsupportedChannel = (name: string) => name.startsWith('private-encrypted-');

/** A socket id from a CSPRNG (soketi uses Math.random): `<digits>.<digits>`. */
const socketIdPart = () => crypto.randomInt(1, 281_474_976_710_655).toString();
export function newSocketId(): string {
  return `${socketIdPart()}.${socketIdPart()}`;
}

/** The string Pusher signs: `socket_id:channel[:channel_data]`. */
function stringToSign(socketId: string, channel: string, channelData?: string): string {
  return channelData === undefined
    ? `${socketId}:${channel}`
    : `${socketId}:${channel}:${channelData}`;
}

export function channelSignature(
  secret: string,
  socketId: string,
  channel: string,
  channelData?: string,
): string {
  return crypto
    .createHmac('sha256', secret)
    .update(stringToSign(socketId, channel, channelData))
    .digest('hex');
}

/** The `auth` value the auth endpoint answers: `<key>:<hex signature>`. */
export function signChannel(
  app: AppCredentials,
  socketId: string,
  channel: string,
  channelData?: string,
): string {
  return `${app.key}:${channelSignature(app.secret, socketId, channel, channelData)}`;
}

/** Checks a client's `auth` in constant time (soketi compares with ===). */
export function verifyChannelAuth(
  app: AppCredentials,
  auth: unknown,
  socketId: string,
  channel: string,
  channelData?: string,
): boolean {
  if (typeof auth !== 'string') return false;
  const colon = auth.indexOf(':');
  if (colon < 0) return false;
  const key = Buffer.from(auth.slice(0, colon));
  const signature = Buffer.from(auth.slice(colon + 1));
  const expectedKey = Buffer.from(app.key);
  const expected = Buffer.from(channelSignature(app.secret, socketId, channel, channelData));
  const keyOk = key.length === expectedKey.length && crypto.timingSafeEqual(key, expectedKey);
  const sigOk = signature.length === expected.length && crypto.timingSafeEqual(signature, expected);
  return keyOk && sigOk;
}

/** A server → client frame; `data` is JSON-encoded a second time, as Pusher does. */
export function serverFrame(event: string, data: unknown, channel?: string): string {
  const encoded = typeof data === 'string' ? data : JSON.stringify(data);
  return JSON.stringify(
    channel === undefined ? { event, data: encoded } : { event, channel, data: encoded },
  );
}

/** `pusher:error` carries a plain object, not a string (pusher-js reads data.code). */
export function errorFrame(code: number | null, message: string): string {
  return JSON.stringify({ event: 'pusher:error', data: { code, message } });
}

export function subscriptionErrorFrame(channel: string, error: string, status: number): string {
  return JSON.stringify({
    event: 'pusher:subscription_error',
    channel,
    data: { type: 'AuthError', error, status },
  });
}

/** A presence member as channel_data carries it. */
export interface PresenceMember {
  user_id: string | number;
  user_info?: unknown;
}

/** Parses signed channel_data; `user_id` must be a non-empty string or a finite number. */
export function parsePresenceMember(channelData: unknown): PresenceMember | null {
  if (typeof channelData !== 'string') return null;
  let parsed: unknown;
  try {
    parsed = JSON.parse(channelData);
  } catch {
    return null;
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) return null;
  const { user_id: userId, user_info: userInfo } = parsed as Record<string, unknown>;
  const idOk =
    (typeof userId === 'string' && userId.length > 0 && userId.length <= 128) ||
    (typeof userId === 'number' && Number.isFinite(userId));
  if (!idOk) return null;
  return userInfo === undefined ? { user_id: userId } : { user_id: userId, user_info: userInfo };
}

/** The presence hash of `subscription_succeeded`: one entry per user, whatever their socket count. */
export function presenceData(members: PresenceMember[]) {
  // No prototype: a user id like `__proto__` stays an ordinary key.
  const hash: Record<string, unknown> = Object.create(null);
  const ids: (string | number)[] = [];
  for (const m of members) {
    const id = String(m.user_id);
    if (Object.hasOwn(hash, id)) continue;
    hash[id] = m.user_info ?? null;
    ids.push(m.user_id);
  }
  return { presence: { ids, hash, count: ids.length } };
}
