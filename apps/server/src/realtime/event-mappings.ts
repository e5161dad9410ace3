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

/**
 * Domain events → channels (design.md §5). Modules add theirs, e.g.:
 *   app.realtime.eventMappings.map('conversation_updated', (e, deps) =>
 *     toAccountAgents(deps, e.accountId, 'conversation_updated', { ... }));
 */
export class EventMappings {
  private readonly offs: (() => void)[] = [];

  constructor(
    private readonly deps: Deps,
    private readonly publish: (p: Publication) => Promise<void>,
    private readonly log: RealtimeLog,
  ) {}

  map<K extends keyof DomainEvents>(name: K, mapper: EventMapper<K>): this {
    // The bus is synchronous and emitted from services: never throw back into them.
    const off = this.deps.events.on(name, (payload) => void this.run(name, mapper, payload));
    this.offs.push(off);
    return this;
  }

  private async run<K extends keyof DomainEvents>(
    name: K,
    mapper: EventMapper<K>,
    payload: DomainEvents[K],
  ) {
    try {
      const publications = await mapper(payload, this.deps);
      await Promise.all(publications.map((p) => this.publish(p)));
    } catch (err) {
      this.log.error({ err, event: name }, 'realtime: publishing a domain event failed');
    }
  }

  stop(): void {
    for (const off of this.offs.splice(0)) off();
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
