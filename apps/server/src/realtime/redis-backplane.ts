import crypto from 'node:crypto';
import type { Redis } from 'ioredis';
import type { Envelope, Fanout, LocalHub } from './local-hub';
import type { PresenceJoin, PresenceLeave, PresenceList, PresenceStore } from './presence-store';
import type { PresenceMember } from './protocol';
import type { RealtimeLog } from './protocol-server';

const CONNECT_TIMEOUT_MS = 5_000;
const INSTANCE_TTL_MS = 30_000;
const HEARTBEAT_MS = 10_000;
const PRESENCE_TTL_MS = 24 * 60 * 60 * 1000;

/**
 * One script for join, leave and list, so "first/last socket of this user" is decided atomically
 * across instances. Entries of instances whose heartbeat key expired are purged on the way, and
 * their users reported once as departed. Field: "<instance> <socket>"; value: "<user id>\t<member>".
 * (It reads instance keys not named in KEYS: fine on one Redis, not on Redis Cluster.)
 */
const PRESENCE_SCRIPT = `
local removed = 0
if ARGV[2] == 'join' then
  redis.call('HSET', KEYS[1], ARGV[3], ARGV[4])
  redis.call('PEXPIRE', KEYS[1], ARGV[6])
elseif ARGV[2] == 'leave' then
  removed = redis.call('HDEL', KEYS[1], ARGV[3])
end
local all = redis.call('HGETALL', KEYS[1])
local alive, members, live_users, dead = {}, {}, {}, {}
local same = 0
for i = 1, #all, 2 do
  local field, value = all[i], all[i + 1]
  local inst = string.match(field, '^(%S+) ') or ''
  local ok = alive[inst]
  if ok == nil then
    ok = redis.call('EXISTS', ARGV[1] .. inst) == 1
    alive[inst] = ok
  end
  local uid = string.match(value, '^([^\\t]*)\\t') or ''
  if ok then
    members[#members + 1] = value
    live_users[uid] = true
    if uid == ARGV[5] then same = same + 1 end
  else
    redis.call('HDEL', KEYS[1], field)
    dead[#dead + 1] = value
  end
end
local gone, seen = {}, {}
for _, value in ipairs(dead) do
  local uid = string.match(value, '^([^\\t]*)\\t') or ''
  if not live_users[uid] and not seen[uid] then
    seen[uid] = true
    gone[#gone + 1] = value
  end
end
return {same, removed, members, gone}
`;

function decodeMember(value: string): PresenceMember | null {
  const tab = value.indexOf('\t');
  try {
    return JSON.parse(value.slice(tab + 1)) as PresenceMember;
  } catch {
    return null;
  }
}
const decodeAll = (values: unknown): PresenceMember[] =>
  (Array.isArray(values) ? values : [])
    .map((v) => (typeof v === 'string' ? decodeMember(v) : null))
    .filter((m): m is PresenceMember => m !== null);

async function withTimeout<T>(promise: Promise<T>, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${what} timed out`)), CONNECT_TIMEOUT_MS);
  });
  try {
    return await Promise.race([promise, timeout]);
  } finally {
    clearTimeout(timer);
  }
}

/**
 * REDIS_URL: every instance publishes envelopes to one pub/sub channel and delivers what it
 * receives to its own sockets; presence membership lives in a Redis hash per channel.
 */
export class RedisBackplane implements Fanout, PresenceStore {
  /** This instance's id in presence fields and in its heartbeat key. */
  readonly instanceId = crypto.randomBytes(8).toString('hex');
  private heartbeat: NodeJS.Timeout | undefined;

  private constructor(
    private readonly pub: Redis,
    private readonly sub: Redis,
    private readonly prefix: string,
    private readonly hub: LocalHub,
    private readonly log: RealtimeLog,
  ) {}

  private get topic() {
    return `${this.prefix}realtime`;
  }
  private get instancePrefix() {
    return `${this.prefix}instance:`;
  }
  private get instanceKey() {
    return `${this.instancePrefix}${this.instanceId}`;
  }

  /** Connects, subscribes and registers this instance; a Redis that cannot be reached stops the start. */
  static async connect(
    url: string,
    prefix: string,
    hub: LocalHub,
    log: RealtimeLog,
  ): Promise<RedisBackplane> {
    // Loaded on use: only the scale-out mode talks to Redis (idle memory budget).
    const { Redis } = await import('ioredis');
    const options = { lazyConnect: true, maxRetriesPerRequest: 3 };
    const pub = new Redis(url, options);
    const sub = new Redis(url, options);
    for (const client of [pub, sub]) {
      client.on('error', (err: Error) => log.warn({ err: err.message }, 'realtime: redis error'));
    }
    const backplane = new RedisBackplane(pub, sub, prefix, hub, log);
    try {
      await withTimeout(Promise.all([pub.connect(), sub.connect()]), `Connecting to REDIS_URL`);
      sub.on('message', (_topic: string, message: string) => backplane.receive(message));
      await withTimeout(sub.subscribe(backplane.topic), 'Subscribing on REDIS_URL');
      await backplane.beat();
    } catch (err) {
      pub.disconnect();
      sub.disconnect();
      throw err;
    }
    backplane.heartbeat = setInterval(() => {
      backplane.beat().catch((err: Error) => log.warn({ err: err.message }, 'realtime: heartbeat'));
    }, HEARTBEAT_MS);
    backplane.heartbeat.unref();
    return backplane;
  }

  private async beat() {
    await this.pub.set(this.instanceKey, '1', 'PX', INSTANCE_TTL_MS);
  }

  /** A message is one envelope `{c, f, x}`, or an array of them that travel together. */
  private receive(message: string) {
    let parsed: unknown;
    try {
      parsed = JSON.parse(message);
    } catch {
      return;
    }
    const envelopes = (Array.isArray(parsed) ? parsed : [parsed]).flatMap((item: unknown) => {
      const { c, f, x } = (item ?? {}) as Record<string, unknown>;
      if (typeof c !== 'string' || typeof f !== 'string') return [];
      return [{ channel: c, frame: f, excludeSocketId: typeof x === 'string' ? x : undefined }];
    });
    if (envelopes.length > 0) this.hub.deliver(envelopes);
  }

  async send(envelopes: readonly Envelope[]): Promise<void> {
    const items = envelopes.map((e) => ({ c: e.channel, f: e.frame, x: e.excludeSocketId }));
    // One envelope keeps the single-object shape every instance has always read.
    await this.pub.publish(this.topic, JSON.stringify(items.length === 1 ? items[0] : items));
  }

  private async run(
    op: 'join' | 'leave' | 'list',
    channel: string,
    socketId = '',
    member?: PresenceMember,
  ) {
    const userId = member ? String(member.user_id) : '';
    const result = (await this.pub.eval(
      PRESENCE_SCRIPT,
      1,
      `${this.prefix}presence:${channel}`,
      this.instancePrefix,
      op,
      `${this.instanceId} ${socketId}`,
      member ? `${userId}\t${JSON.stringify(member)}` : '',
      userId,
      PRESENCE_TTL_MS,
    )) as [number, number, unknown, unknown];
    const [same, removed, members, gone] = result;
    return { same, removed, members: decodeAll(members), departed: decodeAll(gone) };
  }

  async join(channel: string, socketId: string, member: PresenceMember): Promise<PresenceJoin> {
    const r = await this.run('join', channel, socketId, member);
    return { firstForUser: r.same === 1, members: r.members, departed: r.departed };
  }

  async leave(channel: string, socketId: string, member: PresenceMember): Promise<PresenceLeave> {
    const r = await this.run('leave', channel, socketId, member);
    return { lastForUser: r.removed === 1 && r.same === 0, departed: r.departed };
  }

  async members(channel: string): Promise<PresenceList> {
    const r = await this.run('list', channel);
    return { members: r.members, departed: r.departed };
  }

  /** After the sockets have left: this instance's heartbeat goes, then the connections. */
  async close(): Promise<void> {
    clearInterval(this.heartbeat);
    try {
      await this.pub.del(this.instanceKey);
      await Promise.all([this.sub.quit(), this.pub.quit()]);
    } catch (err) {
      this.log.warn({ err: (err as Error).message }, 'realtime: redis close');
      this.pub.disconnect();
      this.sub.disconnect();
    }
  }
}
