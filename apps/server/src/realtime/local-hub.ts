/** One message for every subscriber of a channel, serialised once; never sent to `excludeSocketId`. */
export interface Envelope {
  channel: string;
  frame: string;
  excludeSocketId?: string | undefined;
}

export interface HubSocket {
  readonly socketId: string;
  /**
   * Frames' texts, or their UTF-8 bytes when the same frames go to many sockets; the frames of
   * one call leave in one write.
   */
  send(...frames: (string | Buffer)[]): void;
}

/** Carries envelopes to this instance's sockets, wherever they were published. */
export interface Fanout {
  /** The envelopes of one call travel together: a socket gets its frames of them in one write. */
  send(envelopes: readonly Envelope[]): Promise<void>;
  close(): Promise<void>;
}

/**
 * Instance-to-instance messages (session-sockets.ts) travel the fan-out as envelopes of this
 * channel; no client can subscribe to it, since `#` is not allowed in channel names.
 */
export const CONTROL_CHANNEL = '#control';

/** The sockets of this instance, by channel. */
export class LocalHub {
  private readonly channels = new Map<string, Set<HubSocket>>();
  private controlListener: ((frame: string) => void) | null = null;

  /** Who handles this instance's control messages (the protocol server). */
  onControl(listener: (frame: string) => void): void {
    this.controlListener = listener;
  }

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

  /**
   * Delivers to local subscribers; answers how many frames went out. Each socket gets its frames
   * of the envelopes in one write (a message's `message_created` and `conversation_updated` on an
   * agent's 5,000 tabs: 5,000 writes, not 10,000 — the broadcast budget, docs/benchmarks.md), in envelope order.
   */
  deliver(envelopes: readonly Envelope[]): number {
    if (envelopes.some((e) => e.channel === CONTROL_CHANNEL)) {
      for (const e of envelopes) if (e.channel === CONTROL_CHANNEL) this.controlListener?.(e.frame);
      envelopes = envelopes.filter((e) => e.channel !== CONTROL_CHANNEL);
      if (envelopes.length === 0) return 0;
    }
    if (envelopes.length === 1) return this.deliverOne(envelopes[0]!);
    const framesOf = new Map<HubSocket, Buffer[]>();
    let sent = 0;
    for (const envelope of envelopes) {
      const set = this.channels.get(envelope.channel);
      if (!set) continue;
      const bytes = Buffer.from(envelope.frame, 'utf8');
      for (const socket of set) {
        if (socket.socketId === envelope.excludeSocketId) continue;
        const frames = framesOf.get(socket);
        if (frames) frames.push(bytes);
        else framesOf.set(socket, [bytes]);
        sent += 1;
      }
    }
    for (const [socket, frames] of framesOf) socket.send(...frames);
    return sent;
  }

  private deliverOne(envelope: Envelope): number {
    const set = this.channels.get(envelope.channel);
    if (!set) return 0;
    let sent = 0;
    // Encoded once for every subscriber.
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

  async send(envelopes: readonly Envelope[]): Promise<void> {
    this.hub.deliver(envelopes);
  }

  async close(): Promise<void> {}
}
