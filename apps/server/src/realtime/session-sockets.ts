import { CONTROL_CHANNEL, type Envelope } from './local-hub';

/**
 * Session end ends realtime access too (docs/security.md, sessions). A socket has no session of
 * its own: it holds channel signatures that the auth endpoint gave some agent session. So that
 * endpoint *binds* the socket to the session it signed for, and a sign-out, password change or
 * reset, or a membership or role change *revokes* the user's bound sockets: they are closed with
 * 4200, pusher-js reconnects and must authorise each channel again — which an ended session cannot.
 *
 * Both messages travel the fan-out (in process, or Redis to every instance), because the auth call
 * and the change may be served by an instance other than the one holding the socket.
 */
export type ControlMessage =
  | { t: 'bind'; socketId: string; userId: number; tokenId: number }
  /** Without tokenIds: every socket of the user (a membership or role changed). */
  | {
      t: 'revoke';
      userId: number;
      tokenIds?: number[];
      /** The session that changed the password goes on as `to`: its sockets stay, bound anew. */
      renewed?: { from: number; to: number };
    };

export interface SessionBinding {
  userId: number;
  tokenId: number;
}

export function controlEnvelope(message: ControlMessage): Envelope {
  return { channel: CONTROL_CHANNEL, frame: JSON.stringify(message) };
}

function parseControl(frame: string): ControlMessage | null {
  try {
    const m = JSON.parse(frame) as Record<string, unknown>;
    if (m.t === 'bind' && typeof m.socketId === 'string' && Number.isInteger(m.userId))
      return m as ControlMessage;
    if (m.t === 'revoke' && Number.isInteger(m.userId)) return m as ControlMessage;
  } catch {
    // not ours
  }
  return null;
}

/** Long enough for an auth call that began before the revocation to bind after it. */
const ENDED_MEMORY_MS = 60_000;

interface BoundSocket {
  readonly sessions: SessionBinding[];
}

/** This instance's side: remembers bindings on its sockets and closes the revoked ones. */
export class SessionSockets<S extends BoundSocket> {
  /** tokenId → when it ended. */
  private readonly ended = new Map<number, number>();

  constructor(
    private readonly sockets: ReadonlyMap<string, S>,
    private readonly close: (socket: S) => void,
  ) {}

  handle(frame: string): void {
    const m = parseControl(frame);
    if (!m) return;
    if (m.t === 'bind') {
      const socket = this.sockets.get(m.socketId);
      if (!socket) return;
      if (this.ended.has(m.tokenId)) return this.close(socket);
      if (!socket.sessions.some((b) => b.tokenId === m.tokenId))
        socket.sessions.push({ userId: m.userId, tokenId: m.tokenId });
      return;
    }
    if (m.renewed) {
      const { from, to } = m.renewed;
      for (const socket of this.sockets.values())
        for (const b of socket.sessions)
          if (b.userId === m.userId && b.tokenId === from) b.tokenId = to;
    }
    const now = Date.now();
    for (const [id, at] of this.ended) if (now - at > ENDED_MEMORY_MS) this.ended.delete(id);
    for (const id of m.tokenIds ?? []) this.ended.set(id, now);
    const tokens = m.tokenIds ? new Set(m.tokenIds) : null;
    for (const socket of this.sockets.values()) {
      const hit = socket.sessions.some(
        (b) => b.userId === m.userId && (tokens === null || tokens.has(b.tokenId)),
      );
      if (hit) this.close(socket);
    }
  }
}
