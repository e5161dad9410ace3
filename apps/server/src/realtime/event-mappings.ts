import {
  dcuserPanelChannel,
  globalSettingsChannel,
  reauthAlertChannel,
  REALTIME_EVENTS,
  type RealtimeEventName,
  type RealtimeEventPayloads,
} from '@parley/contracts';
import type { Deps } from '../lib/deps';
import type { DomainEvents } from '../lib/events';
import type { RealtimeLog } from './protocol-server';
import { accountUserIds } from './realtime.queries';

/** One server event on one channel, typed by the contracts' event → payload map. */
export type Publication = {
  [E in RealtimeEventName]: {
    channel: string;
    event: E;
    data: RealtimeEventPayloads[E];
    excludeSocketId?: string;
  };
}[RealtimeEventName];

export type EventMapper<K extends keyof DomainEvents> = (
  payload: DomainEvents[K],
  deps: Deps,
) => Publication[] | Promise<Publication[]>;

/** Maps a burst of one domain event at once (see EventMappings.mapBatch). */
export type BatchEventMapper<K extends keyof DomainEvents> = (
  payloads: DomainEvents[K][],
  deps: Deps,
) => Promise<Publication[]>;

type BurstQueue = {
  name: keyof DomainEvents;
  waiting: never[];
  mapper: BatchEventMapper<never>;
};

/** The most events one batch maps (its queries bind a parameter per event at most). */
const MAX_BATCH = 500;

/**
 * Domain events → channels (docs/ARCHITECTURE.md). Modules add theirs, e.g.:
 *   app.realtime.eventMappings.map('conversation_updated', (e, deps) =>
 *     toAccountAgents(deps, e.accountId, 'conversation_updated', { ... }));
 */
export class EventMappings {
  private readonly offs: (() => void)[] = [];
  /** The batch mappings, in the order they were added; one burst drains them all. */
  private readonly bursts: BurstQueue[] = [];
  private draining = false;
  /** Mappings and bursts under way: stop() lets them publish. */
  private readonly pending = new Set<Promise<void>>();

  constructor(
    private readonly deps: Deps,
    /** Publishes several events together (see Publisher.publishAll). */
    private readonly publish: (publications: readonly Publication[]) => Promise<void>,
    private readonly log: RealtimeLog,
  ) {}

  map<K extends keyof DomainEvents>(name: K, mapper: EventMapper<K>): this {
    // The bus is synchronous and emitted from services: never throw back into them.
    const off = this.deps.events.on(name, (payload) => this.track(this.run(name, mapper, payload)));
    this.offs.push(off);
    return this;
  }

  /**
   * Like `map`, for events that come in bursts (every inbound message makes two): the events
   * emitted while the previous burst is still being mapped and published wait and are mapped
   * together — one set of queries for the burst instead of a set per event (docs/benchmarks.md,
   * inbound throughput). A lone event goes at once. Bursts run one after another, so the
   * publications of one mapping keep the order of its events; the publications of all the
   * batch mappings of a burst are published together, in the order the mappings were added, so
   * a socket gets them in one write (a message's `message_created` and `conversation_updated`:
   * the broadcast budget, docs/benchmarks.md).
   */
  mapBatch<K extends keyof DomainEvents>(name: K, mapper: BatchEventMapper<K>): this {
    const queue: BurstQueue = { name, waiting: [], mapper };
    this.bursts.push(queue);
    const off = this.deps.events.on(name, (payload) => {
      queue.waiting.push(payload as never);
      // Events emitted in the same turn (many answers read at once) share the first burst.
      if (!this.draining) {
        this.draining = true;
        this.track(new Promise((next) => setImmediate(next)).then(() => this.drainBursts()));
      }
    });
    this.offs.push(off);
    return this;
  }

  private async drainBursts() {
    for (;;) {
      const taken = this.bursts
        .filter((q) => q.waiting.length > 0)
        .map((q) => ({ q, batch: q.waiting.splice(0, MAX_BATCH) }));
      if (taken.length === 0) break;
      const mapped = await Promise.all(taken.map(({ q, batch }) => this.mapBurst(q, batch)));
      const publications = mapped.flat();
      try {
        if (publications.length > 0) await this.publish(publications);
      } catch (err) {
        const events = taken.map(({ q }) => q.name);
        this.log.error({ err, events }, 'realtime: publishing a burst of domain events failed');
      }
    }
    this.draining = false;
  }

  /**
   * A burst the mapper fails on is mapped again event by event, so only the event it fails on is
   * lost (logged): one bad event never silences the others of its burst.
   */
  private async mapBurst(q: BurstQueue, batch: never[]): Promise<Publication[]> {
    try {
      return await q.mapper(batch, this.deps);
    } catch (err) {
      if (batch.length > 1)
        return (await Promise.all(batch.map((event) => this.mapBurst(q, [event])))).flat();
      this.log.error({ err, event: q.name }, 'realtime: publishing a domain event failed');
      return [];
    }
  }

  private async run<K extends keyof DomainEvents>(
    name: K,
    mapper: EventMapper<K>,
    payload: DomainEvents[K],
  ) {
    try {
      const publications = await mapper(payload, this.deps);
      if (publications.length > 0) await this.publish(publications);
    } catch (err) {
      this.log.error({ err, event: name }, 'realtime: publishing a domain event failed');
    }
  }

  private track(work: Promise<void>) {
    this.pending.add(work);
    void work.finally(() => this.pending.delete(work));
  }

  /** Maps no more events; resolves once those already emitted are published (or failed). */
  async stop(): Promise<void> {
    for (const off of this.offs.splice(0)) off();
    while (this.pending.size > 0) await Promise.allSettled(this.pending);
    this.bursts.length = 0;
  }
}

/** The same event on `private-dcuser-{id}-panel0` of every member of the account. */
export async function toAccountAgents<E extends RealtimeEventName>(
  deps: Deps,
  accountId: number,
  event: E,
  data: RealtimeEventPayloads[E],
): Promise<Publication[]> {
  const userIds = await accountUserIds(deps.db, { accountId });
  return userIds.map((id) => ({ channel: dcuserPanelChannel(id), event, data }) as Publication);
}

export function registerBuiltInMappings(mappings: EventMappings): void {
  mappings
    .map('global_settings_updated', (e) => [
      {
        channel: globalSettingsChannel(e.accountId),
        event: REALTIME_EVENTS.globalSettingsUpdated,
        data: e.settings,
      },
    ])
    .map('channel_reauth_required', (e) => [
      {
        channel: reauthAlertChannel(e.accountId),
        event: REALTIME_EVENTS.reauthAlert,
        data: { support_channel_id: e.supportChannelId, channel_type: e.channelType },
      },
    ]);
}
