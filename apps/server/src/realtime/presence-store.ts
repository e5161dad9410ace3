import type { PresenceMember } from './protocol';

export interface PresenceJoin {
  /** The user's first socket on the channel: the others get member_added. */
  firstForUser: boolean;
  /** Every member socket now on the channel (one entry per socket). */
  members: PresenceMember[];
  /** Users whose only sockets belonged to a dead instance, purged now: the others get member_removed. */
  departed: PresenceMember[];
}

export interface PresenceLeave {
  /** The user's last socket left: the others get member_removed. */
  lastForUser: boolean;
  departed: PresenceMember[];
}

/** A user is on a presence channel (joined), or their last socket on it left (or died with its instance). */
export interface PresenceChange {
  channel: string;
  userId: string;
  present: boolean;
}

/** Who is on each presence channel: in memory (one instance) or in Redis (many). */
export interface PresenceStore {
  join(channel: string, socketId: string, member: PresenceMember): Promise<PresenceJoin>;
  leave(channel: string, socketId: string, member: PresenceMember): Promise<PresenceLeave>;
  members(channel: string): Promise<PresenceList>;
}

export interface PresenceList {
  members: PresenceMember[];
  departed: PresenceMember[];
}

export class MemoryPresenceStore implements PresenceStore {
  private readonly channels = new Map<string, Map<string, PresenceMember>>();

  private socketsOf(channel: string, userId: string): number {
    let n = 0;
    for (const m of this.channels.get(channel)?.values() ?? []) {
      if (String(m.user_id) === userId) n += 1;
    }
    return n;
  }

  async join(channel: string, socketId: string, member: PresenceMember): Promise<PresenceJoin> {
    let sockets = this.channels.get(channel);
    if (!sockets) {
      sockets = new Map();
      this.channels.set(channel, sockets);
    }
    sockets.set(socketId, member);
    return {
      firstForUser: this.socketsOf(channel, String(member.user_id)) === 1,
      members: [...sockets.values()],
      departed: [],
    };
  }

  async leave(channel: string, socketId: string, member: PresenceMember): Promise<PresenceLeave> {
    const sockets = this.channels.get(channel);
    const removed = sockets?.delete(socketId) ?? false;
    if (sockets && sockets.size === 0) this.channels.delete(channel);
    return {
      lastForUser: removed && this.socketsOf(channel, String(member.user_id)) === 0,
      departed: [],
    };
  }

  async members(channel: string): Promise<PresenceList> {
    return { members: [...(this.channels.get(channel)?.values() ?? [])], departed: [] };
  }
}
