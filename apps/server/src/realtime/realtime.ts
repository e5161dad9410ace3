import cluster from 'node:cluster';
import type { FastifyInstance } from 'fastify';
import type { RealtimeConfig, RealtimeEventName, RealtimeEventPayloads } from '@parley/contracts';
import type { Deps } from '../lib/deps';
import { BUILT_IN_CHANNEL_RULES, ChannelRules } from './channel-rules';
import type { RelayedClientEvent } from './client-events';
import { EventMappings, registerBuiltInMappings, type Publication } from './event-mappings';
import { InProcessFanout, LocalHub, type Fanout } from './local-hub';
import { MemoryPresenceStore, type PresenceChange, type PresenceStore } from './presence-store';
import type { AppCredentials } from './protocol';
import { ProtocolServer, type ProtocolServerOptions } from './protocol-server';
import { BuiltInPublisher, HostedPublisher, type Publisher } from './publishers';
import { RedisBackplane } from './redis-backplane';
import { resolveRealtimeSettings, type RealtimeMode } from './realtime-settings';
import { realtimeRoutes } from './realtime.routes';
import { controlEnvelope, type SessionBinding } from './session-sockets';
import { WorkerRelay } from './worker-relay';

export interface PublishOptions {
  /** The socket that caused the change (pusher's `socket_id`): it does not get the event. */
  excludeSocketId?: string | undefined;
}

/** The realtime gateway of one app instance, as `app.realtime`. */
export interface Realtime {
  readonly mode: RealtimeMode;
  readonly app: AppCredentials;
  readonly clientConfig: RealtimeConfig;
  /** Who may listen to which private/presence channel; modules add rules. */
  readonly channelRules: ChannelRules;
  /** Domain events → channels; modules add mappings. */
  readonly eventMappings: EventMappings;
  /** The built-in protocol server; null in hosted mode. */
  readonly server: ProtocolServer | null;
  publish<E extends RealtimeEventName>(
    channel: string,
    event: E,
    data: RealtimeEventPayloads[E],
    options?: PublishOptions,
  ): Promise<void>;
  /** Several events together: a socket gets its frames of them in one write (docs/benchmarks.md). */
  publishAll(publications: readonly Publication[]): Promise<void>;
  /**
   * Whether someone listens to the channel: hosted Pusher's channel info; the built-in server
   * counts this instance's sockets (with Redis, other instances' sockets are not seen).
   */
  isOccupied(channel: string): Promise<boolean>;
  /** Listens to presence joins and last leaves of the built-in server (none in hosted mode). */
  onPresence(listener: (e: PresenceChange) => void): () => void;
  /** Listens to the client events the built-in server relays (none in hosted mode); answers `off`. */
  onClientEvent(listener: (e: RelayedClientEvent) => void): () => void;
  /**
   * Records that a socket's channels were signed for this agent session, on whichever instance
   * holds the socket, so the session's end closes it (session-sockets.ts). Hosted Pusher: nothing.
   */
  bindSocket(socketId: string, session: SessionBinding): Promise<void>;
}

declare module 'fastify' {
  interface FastifyInstance {
    realtime: Realtime;
  }
}

/** Server tuning beyond the environment (tests shorten the liveness timers). */
export type RealtimeTuning = Partial<
  Omit<ProtocolServerOptions, 'app' | 'hub' | 'fanout' | 'presence' | 'log' | 'isOriginAllowed'>
>;

/**
 * Sets up realtime on the root instance: the publisher for the configured mode, the built-in
 * `/app/{key}` endpoint (not in hosted mode), the auth and config routes, and the event mappings.
 */
export async function registerRealtime(
  app: FastifyInstance,
  deps: Deps,
  tuning: RealtimeTuning = {},
): Promise<Realtime> {
  const settings = resolveRealtimeSettings(deps.config);
  const log = app.log.child({ module: 'realtime' });

  let publisher: Publisher;
  let server: ProtocolServer | null = null;
  let control: Fanout | null = null;
  const clientEventListeners = new Set<(e: RelayedClientEvent) => void>();
  const onClientEvent = (e: RelayedClientEvent) => {
    for (const listener of clientEventListeners) {
      try {
        listener(e);
      } catch (err) {
        log.error({ err, event: e.event }, 'realtime: client event listener failed');
      }
    }
  };
  const presenceListeners = new Set<(e: PresenceChange) => void>();
  const onPresence = (e: PresenceChange) => {
    for (const listener of presenceListeners) {
      try {
        listener(e);
      } catch (err) {
        log.error({ err, channel: e.channel }, 'realtime: presence listener failed');
      }
    }
  };
  if (settings.hosted) {
    publisher = await HostedPublisher.create(settings.hosted);
  } else {
    const hub = new LocalHub();
    let fanout: Fanout;
    let presence: PresenceStore;
    if (deps.config.redisUrl) {
      const backplane = await RedisBackplane.connect(
        deps.config.redisUrl,
        deps.config.redisKeyPrefix,
        hub,
        log,
      );
      fanout = backplane;
      presence = backplane;
    } else if (cluster.isWorker) {
      // Several workers of one instance (cluster.ts): the primary process relays between them.
      const relay = new WorkerRelay(hub);
      fanout = relay;
      presence = relay;
    } else {
      fanout = new InProcessFanout(hub);
      presence = new MemoryPresenceStore();
    }
    server = new ProtocolServer({
      ...tuning,
      app: settings.app,
      hub,
      fanout,
      presence,
      log,
      isOriginAllowed: settings.isOriginAllowed,
      onClientEvent,
      onPresence,
    });
    server.attach(app.server);
    publisher = new BuiltInPublisher(fanout);
    control = fanout;
  }

  const publish: Realtime['publish'] = (channel, event, data, options = {}) =>
    publisher.publish(channel, event, data, options.excludeSocketId);
  const channelRules = new ChannelRules();
  for (const rule of BUILT_IN_CHANNEL_RULES) channelRules.add(rule);
  const publishAll: Realtime['publishAll'] = (publications) => publisher.publishAll(publications);
  const eventMappings = new EventMappings(deps, publishAll, log);
  registerBuiltInMappings(eventMappings);

  const realtime: Realtime = {
    mode: settings.mode,
    app: settings.app,
    clientConfig: settings.client,
    channelRules,
    eventMappings,
    server,
    publish,
    publishAll,
    isOccupied: async (channel) =>
      server ? server.subscriberCount(channel) > 0 : publisher.isOccupied(channel),
    onPresence(listener) {
      presenceListeners.add(listener);
      return () => presenceListeners.delete(listener);
    },
    onClientEvent(listener) {
      clientEventListeners.add(listener);
      return () => clientEventListeners.delete(listener);
    },
    bindSocket: async (socketId, session) => {
      await control?.send([controlEnvelope({ t: 'bind', socketId, ...session })]);
    },
  };
  app.decorate('realtime', realtime);

  const offRevoked = deps.events.on('access_revoked', (revoked) => {
    control
      ?.send([controlEnvelope({ t: 'revoke', ...revoked })])
      .catch((err: Error) =>
        log.error({ err, userId: revoked.userId }, 'realtime: revoking sockets failed'),
      );
  });

  // Sockets first (4200, so pusher-js reconnects elsewhere), while Redis can still record leaves.
  app.addHook('preClose', async () => {
    await server?.close();
  });
  // The requests in flight have finished: what they changed is published before the publisher
  // closes (their clients reconnected elsewhere and hear it there).
  app.addHook('onClose', async () => {
    offRevoked();
    await eventMappings.stop();
    await publisher.close();
  });

  await app.register(realtimeRoutes(deps, realtime));
  log.debug({ mode: settings.mode }, 'realtime ready');
  return realtime;
}
