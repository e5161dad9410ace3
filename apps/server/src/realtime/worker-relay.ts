import type { Envelope, Fanout, LocalHub } from './local-hub';
import type { PresenceJoin, PresenceLeave, PresenceList, PresenceStore } from './presence-store';
import type { PresenceMember } from './protocol';

/**
 * The workers of one instance (cluster.ts) without Redis: the primary process carries each
 * worker's envelopes to the others and keeps the presence membership of all of them, as Redis
 * does between instances. With REDIS_URL set, workers use Redis like any instance.
 */

/** Messages between a worker and the primary over the cluster's IPC channel. */
export type RelayMessage =
  | { parley: 'fanout'; envelopes: Envelope[] }
  | {
      parley: 'presence';
      id: number;
      op: 'join' | 'leave' | 'list';
      channel: string;
      socketId: string;
      member: PresenceMember | null;
    }
  | { parley: 'presence-result'; id: number; result: PresenceResult }
  /** The worker listens: the primary counts a later exit as a crash, not a failed start. */
  | { parley: 'ready' };

export interface PresenceResult {
  /** The user's sockets on the channel after the operation. */
  same: number;
  removed: boolean;
  members: PresenceMember[];
  departed: PresenceMember[];
}

export function isRelayMessage(message: unknown): message is RelayMessage {
  return typeof message === 'object' && message !== null && 'parley' in message;
}

/** An answer the primary does not give within this time fails the operation (as Redis would). */
const PRESENCE_TIMEOUT_MS = 5_000;

/** A worker's side: envelopes reach its own sockets at once and the other workers' via the primary. */
export class WorkerRelay implements Fanout, PresenceStore {
  private nextId = 1;
  private readonly pending = new Map<
    number,
    { resolve: (r: PresenceResult) => void; reject: (e: Error) => void; timer: NodeJS.Timeout }
  >();
  private readonly onMessage = (message: unknown) => {
    if (!isRelayMessage(message)) return;
    if (message.parley === 'fanout') this.hub.deliver(message.envelopes);
    else if (message.parley === 'presence-result') {
      const waiting = this.pending.get(message.id);
      if (!waiting) return;
      this.pending.delete(message.id);
      clearTimeout(waiting.timer);
      waiting.resolve(message.result);
    }
  };

  constructor(
    private readonly hub: LocalHub,
    private readonly channel: Pick<NodeJS.Process, 'send' | 'on' | 'off' | 'connected'> = process,
  ) {
    if (!channel.send) throw new Error('WorkerRelay: this process has no IPC channel');
    channel.on('message', this.onMessage);
  }

  private post(message: RelayMessage): boolean {
    try {
      return this.channel.send!(message);
    } catch {
      // The primary is gone: this worker exits too (node:cluster ends orphaned workers).
      return false;
    }
  }

  async send(envelopes: readonly Envelope[]): Promise<void> {
    this.hub.deliver(envelopes);
    this.post({ parley: 'fanout', envelopes: [...envelopes] });
  }

  private run(
    op: 'join' | 'leave' | 'list',
    channel: string,
    socketId = '',
    member: PresenceMember | null = null,
  ): Promise<PresenceResult> {
    const id = this.nextId++;
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => {
        this.pending.delete(id);
        reject(new Error('presence: the primary process did not answer'));
      }, PRESENCE_TIMEOUT_MS);
      this.pending.set(id, { resolve, reject, timer });
      if (!this.post({ parley: 'presence', id, op, channel, socketId, member })) {
        // false also means "queued behind a backlog": only a closed channel fails at once.
        if (!this.channel.connected) {
          clearTimeout(timer);
          this.pending.delete(id);
          reject(new Error('presence: the primary process is gone'));
        }
      }
    });
  }

  async join(channel: string, socketId: string, member: PresenceMember): Promise<PresenceJoin> {
    const r = await this.run('join', channel, socketId, member);
    return { firstForUser: r.same === 1, members: r.members, departed: r.departed };
  }

  async leave(channel: string, socketId: string, member: PresenceMember): Promise<PresenceLeave> {
    const r = await this.run('leave', channel, socketId, member);
    return { lastForUser: r.removed && r.same === 0, departed: r.departed };
  }

  async members(channel: string): Promise<PresenceList> {
    const r = await this.run('list', channel);
    return { members: r.members, departed: r.departed };
  }

  async close(): Promise<void> {
    this.channel.off('message', this.onMessage);
    for (const [id, waiting] of this.pending) {
      clearTimeout(waiting.timer);
      waiting.reject(new Error('presence: closed'));
      this.pending.delete(id);
    }
  }
}

/**
 * The primary's side of presence: who is on each presence channel, on which worker. A worker that
 * exits leaves its members behind as departed; the next operation on the channel reports the
 * users who have no other socket left there (the others then get member_removed), once.
 */
export class ClusterPresence {
  /** channel → "<worker> <socket>" → member. */
  private readonly channels = new Map<
    string,
    Map<string, { worker: number; member: PresenceMember }>
  >();
  private readonly departed = new Map<string, PresenceMember[]>();

  run(
    worker: number,
    op: 'join' | 'leave' | 'list',
    channel: string,
    socketId: string,
    member: PresenceMember | null,
  ): PresenceResult {
    let sockets = this.channels.get(channel);
    let removed = false;
    if (op === 'join' && member) {
      if (!sockets) {
        sockets = new Map();
        this.channels.set(channel, sockets);
      }
      sockets.set(`${worker} ${socketId}`, { worker, member });
    } else if (op === 'leave') {
      removed = sockets?.delete(`${worker} ${socketId}`) ?? false;
      if (sockets?.size === 0) {
        this.channels.delete(channel);
        sockets = undefined;
      }
    }
    const members = [...(sockets?.values() ?? [])].map((e) => e.member);
    const userId = member ? String(member.user_id) : null;
    const same = userId === null ? 0 : members.filter((m) => String(m.user_id) === userId).length;
    return { same, removed, members, departed: this.takeDeparted(channel, members) };
  }

  private takeDeparted(channel: string, live: PresenceMember[]): PresenceMember[] {
    const dead = this.departed.get(channel);
    if (!dead) return [];
    this.departed.delete(channel);
    const liveUsers = new Set(live.map((m) => String(m.user_id)));
    const gone = new Map<string, PresenceMember>();
    for (const m of dead) {
      const id = String(m.user_id);
      if (!liveUsers.has(id) && !gone.has(id)) gone.set(id, m);
    }
    return [...gone.values()];
  }

  /** The worker exited: its sockets are gone with it. */
  workerExited(worker: number): void {
    for (const [channel, sockets] of this.channels) {
      for (const [field, entry] of sockets) {
        if (entry.worker !== worker) continue;
        sockets.delete(field);
        const dead = this.departed.get(channel);
        if (dead) dead.push(entry.member);
        else this.departed.set(channel, [entry.member]);
      }
      // Nobody is left to tell.
      if (sockets.size === 0) {
        this.channels.delete(channel);
        this.departed.delete(channel);
      }
    }
  }
}
