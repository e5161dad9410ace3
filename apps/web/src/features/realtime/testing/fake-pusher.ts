import type Pusher from 'pusher-js';
import type { Options } from 'pusher-js';
import type { RealtimeEventName, RealtimeEventPayloads } from '@parley/contracts';
import type { RealtimeConnector } from '../realtime-context';

// Test support: a Pusher-like client with no network. Tests inject it through
// RealtimeConnectorContext (or RealtimeProvider's `connect`) and play server events with emit().

type Listener = (data: unknown) => void;

class Dispatcher {
  private readonly listeners = new Map<string, Set<Listener>>();

  bind(event: string, listener: Listener) {
    let set = this.listeners.get(event);
    if (!set) this.listeners.set(event, (set = new Set()));
    set.add(listener);
    return this;
  }

  unbind(event?: string, listener?: Listener) {
    if (event === undefined) this.listeners.clear();
    else if (listener === undefined) this.listeners.delete(event);
    else this.listeners.get(event)?.delete(listener);
    return this;
  }

  dispatch(event: string, data: unknown) {
    for (const listener of this.listeners.get(event) ?? []) listener(data);
  }

  count(event: string) {
    return this.listeners.get(event)?.size ?? 0;
  }
}

export class FakeChannel extends Dispatcher {
  /** Like pusher-js: true once the server confirmed the subscription (see succeed()). */
  subscribed = false;

  constructor(readonly name: string) {
    super();
  }

  /** The server confirmed the subscription. */
  succeed() {
    this.subscribed = true;
    this.dispatch('pusher:subscription_succeeded', {});
  }
}

class FakeConnection extends Dispatcher {
  state = 'connected';

  setState(next: string) {
    const previous = this.state;
    this.state = next;
    this.dispatch('state_change', { previous, current: next });
  }
}

export class FakePusher {
  readonly channels = new Map<string, FakeChannel>();
  readonly connection = new FakeConnection();
  disconnected = false;

  constructor(
    readonly key: string,
    readonly options: Options,
  ) {}

  subscribe(name: string) {
    let channel = this.channels.get(name);
    if (!channel) this.channels.set(name, (channel = new FakeChannel(name)));
    return channel;
  }

  channel(name: string) {
    return this.channels.get(name);
  }

  unsubscribe(name: string) {
    this.channels.delete(name);
  }

  disconnect() {
    this.disconnected = true;
    this.connection.setState('disconnected');
  }

  /** Plays a server event, as the realtime server would send it. */
  emit<E extends RealtimeEventName>(channel: string, event: E, data: RealtimeEventPayloads[E]) {
    const target = this.channels.get(channel);
    if (!target) throw new Error(`Not subscribed to ${channel}`);
    target.dispatch(event, data);
  }
}

/** A connector that records every client it creates. */
export function fakeRealtime() {
  const clients: FakePusher[] = [];
  const connect: RealtimeConnector = (key, options) => {
    const client = new FakePusher(key, options);
    clients.push(client);
    return client as unknown as Pusher;
  };
  return {
    connect,
    clients,
    /** The client in use now (the last one created). */
    get current(): FakePusher | undefined {
      return clients.at(-1);
    },
  };
}
