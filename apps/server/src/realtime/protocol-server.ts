import type { IncomingMessage, Server } from 'node:http';
import type { Duplex } from 'node:stream';
import { WebSocket, WebSocketServer, type RawData } from 'ws';
import type { FastifyBaseLogger } from 'fastify';
import { REALTIME_CLOSE_CODES as CODES } from '@parley/contracts';
import { WORKER_HEADER, workerNumber } from '../cluster';
import { relayClientEvent, type ClientEventLimits, type RelayedClientEvent } from './client-events';
import type { Fanout, HubSocket, LocalHub } from './local-hub';
import type { PresenceChange, PresenceStore } from './presence-store';
import {
  errorFrame,
  newSocketId,
  PROTOCOL_VERSION,
  serverFrame,
  type AppCredentials,
  type PresenceMember,
} from './protocol';
import { SessionSockets, type SessionBinding } from './session-sockets';
import { Subscriptions } from './subscriptions';

export type RealtimeLog = Pick<FastifyBaseLogger, 'debug' | 'info' | 'warn' | 'error'>;

export interface ProtocolServerOptions {
  app: AppCredentials;
  hub: LocalHub;
  fanout: Fanout;
  presence: PresenceStore;
  /** ASVS 4.4.2: a browser's Origin must be ours; no Origin (a non-browser client) is allowed. */
  isOriginAllowed: (origin: string) => boolean;
  log: RealtimeLog;
  /** Advertised to clients, in seconds: pusher-js pings after this much silence. */
  activityTimeoutSec?: number;
  /** Silence after which the server pings a socket itself. */
  idleBeforePingMs?: number;
  /** Time to answer a server ping before the socket is closed with 4201. */
  pongTimeoutMs?: number;
  sweepIntervalMs?: number;
  /** Bigger text frames get pusher:error and a close (Zammad CVE-2020-10101: close only that socket). */
  maxMessageBytes?: number;
  maxConnections?: number;
  maxChannelsPerSocket?: number;
  clientEvents?: Partial<ClientEventLimits>;
  /** Told of every client event relayed (after its subscribers got it). */
  onClientEvent?: (e: RelayedClientEvent) => void;
  /** Told when a user joins a presence channel, and when their last socket on it leaves. */
  onPresence?: (e: PresenceChange) => void;
}

/** One client connection. `channels` holds the presence member for presence channels. */
export interface Connection extends HubSocket {
  readonly ws: WebSocket;
  readonly channels: Map<string, PresenceMember | null>;
  lastSeen: number;
  pingSentAt: number | null;
  closed: boolean;
  /** Frames are handled one after the other, so a subscribe finishes before the next frame. */
  queue: Promise<void>;
  clientEventWindow: { start: number; count: number };
  /** The TCP connection under `ws`: corked while several frames are written, to send them at once. */
  readonly tcp: Duplex;
  /** The agent sessions the auth endpoint signed this socket's channels for. */
  readonly sessions: SessionBinding[];
}

type Message = { event: string; channel?: unknown; data?: unknown };
type Handler = (conn: Connection, message: Message) => void | Promise<void>;

const SLOW_CONSUMER_BYTES = 8 * 1024 * 1024;
// Frames past this are cut by `ws` itself (close 1009); between maxMessageBytes and this we
// answer with pusher:error first.
const HARD_FRAME_LIMIT = 64 * 1024;

/** The Pusher Channels protocol v7 endpoint `/app/{key}` on our HTTP server. */
export class ProtocolServer {
  private readonly wss = new WebSocketServer({
    noServer: true,
    maxPayload: HARD_FRAME_LIMIT,
    perMessageDeflate: false,
  });
  private readonly connections = new Map<string, Connection>();
  private readonly cleanups = new Set<Promise<void>>();
  private readonly o: Required<
    Omit<ProtocolServerOptions, 'clientEvents' | 'onClientEvent' | 'onPresence'>
  > & {
    clientEvents: ClientEventLimits;
    onClientEvent?: ((e: RelayedClientEvent) => void) | undefined;
    onPresence?: ((e: PresenceChange) => void) | undefined;
  };
  private sweeper: NodeJS.Timeout | undefined;
  private server: Server | undefined;

  /** Dispatch strictly from this table: never from a client-supplied name (Zammad CVE-2026-102489). */
  private readonly handlers = new Map<string, Handler>([
    ['pusher:ping', (conn) => conn.send(serverFrame('pusher:pong', {}))],
    ['pusher:pong', () => {}],
    ['pusher:subscribe', (conn, m) => this.subscriptions.subscribe(conn, m.data)],
    ['pusher:unsubscribe', (conn, m) => this.subscriptions.unsubscribe(conn, m.data)],
  ]);

  private readonly subscriptions: Subscriptions;

  constructor(options: ProtocolServerOptions) {
    this.o = {
      activityTimeoutSec: 30,
      idleBeforePingMs: 60_000,
      pongTimeoutMs: 30_000,
      sweepIntervalMs: 5_000,
      maxMessageBytes: 10 * 1024,
      maxConnections: 10_000,
      maxChannelsPerSocket: 100,
      ...options,
      clientEvents: { perSecond: 10, ...options.clientEvents },
    };
    this.subscriptions = new Subscriptions(this.o);
    const sessions = new SessionSockets(this.connections, (conn) => {
      // No frame is written past this point (write() needs OPEN), whether or not the client answers.
      if (conn.ws.readyState === WebSocket.OPEN) conn.ws.close(CODES.reconnect, 'Session ended');
    });
    this.o.hub.onControl((frame) => sessions.handle(frame));
    // One of several workers (cluster.ts) names itself on the handshake, as on every response.
    const worker = workerNumber();
    if (worker !== null)
      this.wss.on('headers', (headers) => headers.push(`${WORKER_HEADER}: ${worker}`));
  }

  /** Sockets of this instance subscribed to the channel. */
  subscriberCount(channel: string): number {
    return this.o.hub.subscriberCount(channel);
  }

  get connectionCount(): number {
    return this.connections.size;
  }

  attach(server: Server): void {
    this.server = server;
    server.on('upgrade', this.onUpgrade);
    this.sweeper = setInterval(() => this.sweep(), this.o.sweepIntervalMs);
    this.sweeper.unref();
  }

  private readonly onUpgrade = (req: IncomingMessage, socket: Duplex, head: Buffer) => {
    const raw = req.url ?? '/';
    if (!URL.canParse(raw, 'http://localhost')) return refuseHandshake(socket, 400, 'Bad Request');
    const url = new URL(raw, 'http://localhost');
    const match = /^\/app\/([^/]+)$/.exec(url.pathname);
    if (!match) return refuseHandshake(socket, 404, 'Not Found');
    const origin = req.headers.origin;
    if (origin !== undefined && !this.o.isOriginAllowed(origin)) {
      this.o.log.warn({ origin }, 'realtime: handshake refused for origin');
      return refuseHandshake(socket, 403, 'Forbidden');
    }
    this.wss.handleUpgrade(req, socket, head, (ws) =>
      this.onConnection(ws, socket, match[1]!, url),
    );
  };

  private onConnection(ws: WebSocket, tcp: Duplex, key: string, url: URL) {
    const fail = (code: number, message: string) => {
      ws.send(errorFrame(code, message));
      ws.close(code, message);
    };
    if (key !== this.o.app.key) return fail(CODES.appNotFound, 'App key not found');
    const protocol = url.searchParams.get('protocol');
    if (!protocol) return fail(CODES.noProtocol, 'No protocol version supplied');
    if (protocol !== String(PROTOCOL_VERSION)) {
      return fail(CODES.unsupportedProtocol, `Only protocol ${PROTOCOL_VERSION} is supported`);
    }
    if (this.connections.size >= this.o.maxConnections) {
      return fail(CODES.overCapacity, 'Over capacity');
    }

    let socketId = newSocketId();
    while (this.connections.has(socketId)) socketId = newSocketId();
    const conn: Connection = {
      socketId,
      ws,
      channels: new Map(),
      lastSeen: Date.now(),
      pingSentAt: null,
      closed: false,
      queue: Promise.resolve(),
      clientEventWindow: { start: 0, count: 0 },
      tcp,
      sessions: [],
      send: (...frames) => this.write(conn, frames),
    };
    this.connections.set(socketId, conn);

    ws.on('message', (data, isBinary) => this.onMessage(conn, data, isBinary));
    ws.on('pong', () => this.touch(conn));
    ws.on('error', (err) => this.o.log.debug({ err: err.message, socketId }, 'realtime: socket'));
    ws.on('close', () => this.onClose(conn));

    const established = { socket_id: socketId, activity_timeout: this.o.activityTimeoutSec };
    conn.send(serverFrame('pusher:connection_established', established));
  }

  private write(conn: Connection, frames: (string | Buffer)[]) {
    if (conn.ws.readyState !== WebSocket.OPEN) return;
    if (conn.ws.bufferedAmount > SLOW_CONSUMER_BYTES) {
      // A client that never reads must not hold the server's memory.
      conn.ws.close(CODES.overCapacity, 'Slow consumer');
      return;
    }
    // Bytes are sent as the text frame they encode (a Pusher frame is always text).
    if (frames.length === 1) return conn.ws.send(frames[0]!, { binary: false });
    // Several frames leave in one write (one syscall, one packet).
    conn.tcp.cork();
    for (const frame of frames) conn.ws.send(frame, { binary: false });
    conn.tcp.uncork();
  }

  private touch(conn: Connection) {
    conn.lastSeen = Date.now();
    conn.pingSentAt = null;
  }

  /** A bad frame costs the sender its socket, and nobody else anything. */
  private reject(conn: Connection, code: number, message: string) {
    conn.send(errorFrame(code, message));
    conn.ws.close(code, message);
  }

  private onMessage(conn: Connection, data: RawData, isBinary: boolean) {
    this.touch(conn);
    if (isBinary) return this.reject(conn, CODES.invalidMessage, 'Binary frames are not supported');
    const bytes = Array.isArray(data)
      ? Buffer.concat(data)
      : Buffer.isBuffer(data)
        ? data
        : Buffer.from(data);
    if (bytes.length > this.o.maxMessageBytes) {
      return this.reject(
        conn,
        CODES.messageTooLarge,
        `Messages are limited to ${this.o.maxMessageBytes} bytes`,
      );
    }
    let message: unknown;
    try {
      message = JSON.parse(bytes.toString('utf8'));
    } catch {
      return this.reject(conn, CODES.invalidMessage, 'Messages must be JSON');
    }
    if (
      typeof message !== 'object' ||
      message === null ||
      Array.isArray(message) ||
      typeof (message as Message).event !== 'string'
    ) {
      return this.reject(conn, CODES.invalidMessage, 'Messages must be objects with an event');
    }
    const m = message as Message;
    conn.queue = conn.queue
      .then(() => this.dispatch(conn, m))
      .catch((err: Error) => this.o.log.error({ err, socketId: conn.socketId }, 'realtime: frame'));
  }

  private async dispatch(conn: Connection, message: Message) {
    if (conn.closed) return;
    const handler = this.handlers.get(message.event);
    if (handler) return handler(conn, message);
    if (message.event.startsWith('client-')) {
      return relayClientEvent(
        conn,
        message,
        this.o.clientEvents,
        this.o.fanout,
        this.o.onClientEvent,
      );
    }
    conn.send(errorFrame(null, 'Unsupported event'));
  }

  private onClose(conn: Connection) {
    if (conn.closed) return;
    conn.closed = true;
    this.connections.delete(conn.socketId);
    const channels = [...conn.channels.keys()];
    const cleanup = conn.queue
      .then(async () => {
        for (const channel of channels) await this.subscriptions.leave(conn, channel);
      })
      .catch((err: Error) => this.o.log.error({ err }, 'realtime: cleanup'));
    this.cleanups.add(cleanup);
    void cleanup.finally(() => this.cleanups.delete(cleanup));
  }

  /** pusher:ping a silent socket; close it with 4201 when the pong does not come. */
  private sweep() {
    const now = Date.now();
    for (const conn of this.connections.values()) {
      if (conn.pingSentAt !== null) {
        if (now - conn.pingSentAt > this.o.pongTimeoutMs) {
          conn.ws.close(CODES.pongNotReceived, 'Pong reply not received');
        }
      } else if (now - conn.lastSeen > this.o.idleBeforePingMs) {
        conn.pingSentAt = now;
        conn.send(serverFrame('pusher:ping', {}));
      }
    }
  }

  /** Graceful shutdown: 4200 tells pusher-js to reconnect at once (to another instance). */
  async close(): Promise<void> {
    clearInterval(this.sweeper);
    this.server?.off('upgrade', this.onUpgrade);
    const closed = [...this.connections.values()].map(
      (conn) =>
        new Promise<void>((resolve) => {
          conn.ws.once('close', () => resolve());
          conn.ws.close(CODES.reconnect, 'Server shutting down');
        }),
    );
    const deadline = new Promise<void>((resolve) => setTimeout(resolve, 2_000).unref());
    await Promise.race([Promise.all(closed), deadline]);
    for (const conn of this.connections.values()) {
      conn.ws.terminate();
      this.onClose(conn);
    }
    await Promise.race([Promise.all(this.cleanups), deadline]);
    await new Promise<void>((resolve) => this.wss.close(() => resolve()));
  }
}

function refuseHandshake(socket: Duplex, status: number, text: string) {
  socket.on('error', () => socket.destroy());
  socket.once('finish', () => socket.destroy());
  socket.end(`HTTP/1.1 ${status} ${text}\r\nConnection: close\r\nContent-Length: 0\r\n\r\n`);
}
