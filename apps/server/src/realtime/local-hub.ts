/** One message for every subscriber of a channel, serialised once; never sent to `excludeSocketId`. */
export interface Envelope {
  channel: string;
  frame: string;
  excludeSocketId?: string | undefined;
}

export interface HubSocket {
  readonly socketId: string;
  /** A frame's text, or its UTF-8 bytes when the same frame goes to many sockets. */
  send(frame: string | Buffer): void;
}

/** Carries envelopes to this instance's sockets, wherever they were published. */
export interface Fanout {
  send(envelope: Envelope): Promise<void>;
  close(): Promise<void>;
}

/** The sockets of this instance, by channel. */
export class LocalHub {
  private readonly channels = new Map<string, Set<HubSocket>>();

  join(channel: string, socket: HubSocket): void {
    let set = this.channels.get(channel);
    if (!set) {
      set = new Set();
      this.channels.set(channel, set);
    }
    set.add(socket);
  }

  leave(channel: string, socket: HubSocket): void {
    const set = this.channels.get(channel);
    if (!set) return;
    set.delete(socket);
    if (set.size === 0) this.channels.delete(channel);
  }

  /** Delivers to local subscribers; answers how many sockets got it. */
  deliver(envelope: Envelope): number {
    const set = this.channels.get(envelope.channel);
    if (!set) return 0;
    let sent = 0;
    // Encoded once for every subscriber (5,000 tabs on one channel: design.md §7 broadcast).
    const bytes = set.size > 1 ? Buffer.from(envelope.frame, 'utf8') : envelope.frame;
    for (const socket of set) {
      if (socket.socketId === envelope.excludeSocketId) continue;
      socket.send(bytes);
      sent += 1;
    }
    return sent;
  }

  subscriberCount(channel: string): number {
    return this.channels.get(channel)?.size ?? 0;
  }
}

/** The default: one process, so publishing is delivering. */
export class InProcessFanout implements Fanout {
  constructor(private readonly hub: LocalHub) {}

  async send(envelope: Envelope): Promise<void> {
    this.hub.deliver(envelope);
  }

  async close(): Promise<void> {}
}
