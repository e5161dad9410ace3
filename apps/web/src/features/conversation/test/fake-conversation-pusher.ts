import type Pusher from 'pusher-js';
import type { PresenceUserInfo, RealtimeEventName, RealtimeEventPayloads } from '@parley/contracts';
import type { RealtimeConnector } from '../../realtime';

// Test support: a pusher-js stand-in with presence channels and client events, no network.
// Injected through RealtimeProvider's `connect`; tests play what the server would send.

type Listener = (data: unknown, metadata?: { user_id?: string }) => void;

class FakeEvents {
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

  protected fire(event: string, data: unknown, metadata?: { user_id?: string }) {
    for (const listener of Array.from(this.listeners.get(event) ?? [])) listener(data, metadata);
  }

  listenerCount(event: string) {
    return this.listeners.get(event)?.size ?? 0;
  }
}

export interface FakeMember {
  id: string;
  info: PresenceUserInfo;
}

export class FakeChannel extends FakeEvents {
  subscribed = false;
  /** Client events this client sent, in order. */
  readonly triggered: Array<{ event: string; data: unknown }> = [];
  readonly members = {
    myID: '',
    byId: new Map<string, FakeMember>(),
    each(callback: (member: FakeMember) => void) {
      for (const member of this.byId.values()) callback(member);
    },
  };

  constructor(readonly name: string) {
    super();
  }

  trigger(event: string, data: unknown) {
    this.triggered.push({ event, data });
    return true;
  }

  /** The server accepted the subscription; for presence, with these members (me included). */
  succeed(me: string, members: FakeMember[] = []) {
    this.members.myID = me;
    this.members.byId = new Map(members.map((m) => [m.id, m]));
    this.subscribed = true;
    this.fire('pusher:subscription_succeeded', this.members);
  }

  join(member: FakeMember) {
    this.members.byId.set(member.id, member);
    this.fire('pusher:member_added', member);
  }

  leave(id: string) {
    const member = this.members.byId.get(id);
    this.members.byId.delete(id);
    this.fire('pusher:member_removed', member ?? { id, info: {} });
  }

  /** A client event from another member (the server adds their user_id). */
  clientEvent(event: string, data: unknown, fromUserId: string) {
    this.fire(event, data, { user_id: fromUserId });
  }

  /** A server event on this channel. */
  serverEvent(event: string, data: unknown) {
    this.fire(event, data);
  }
}

class FakeConnection extends FakeEvents {
  state = 'connected';
}

export class FakeConversationPusher {
  readonly channels = new Map<string, FakeChannel>();
  /** Every channel name ever unsubscribed, in order. */
  readonly unsubscribed: string[] = [];
  readonly connection = new FakeConnection();

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
    this.unsubscribed.push(name);
  }

  disconnect() {
    this.connection.state = 'disconnected';
  }

  emit<E extends RealtimeEventName>(channel: string, event: E, data: RealtimeEventPayloads[E]) {
    const target = this.channels.get(channel);
    if (!target) throw new Error(`Not subscribed to ${channel}`);
    target.serverEvent(event, data);
  }
}

/** A connector for RealtimeProvider that hands out one fake client. */
export function fakeConversationRealtime() {
  const client = new FakeConversationPusher();
  const connect: RealtimeConnector = () => client as unknown as Pusher;
  return { client, connect };
}
