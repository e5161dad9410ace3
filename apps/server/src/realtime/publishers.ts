import type Pusher from 'pusher';
import type { Fanout } from './local-hub';
import { isValidChannelName, serverFrame } from './protocol';

/** One server event for a channel; `excludeSocketId` skips the socket that caused it. */
export interface ServerEvent {
  channel: string;
  event: string;
  data: unknown;
  excludeSocketId?: string | undefined;
}

/** The most envelopes one fan-out message carries (a burst's events for all the agents). */
const MAX_ENVELOPES = 500;

/** Sends server events to channels. */
export interface Publisher {
  publish(channel: string, event: string, data: unknown, excludeSocketId?: string): Promise<void>;
  /** Several events together: the built-in server writes a socket's frames of them at once. */
  publishAll(events: readonly ServerEvent[]): Promise<void>;
  /** Whether the channel has subscribers, as the provider knows it. */
  isOccupied(channel: string): Promise<boolean>;
  close(): Promise<void>;
}

function check(channel: string, event: string) {
  if (!isValidChannelName(channel)) throw new Error(`realtime: invalid channel name ${channel}`);
  if (event.length === 0 || event.length > 200) throw new Error('realtime: invalid event name');
}

/** The built-in server: in-process or over Redis, whatever the fan-out is. */
export class BuiltInPublisher implements Publisher {
  constructor(private readonly fanout: Fanout) {}

  async publish(channel: string, event: string, data: unknown, excludeSocketId?: string) {
    await this.publishAll([{ channel, event, data, excludeSocketId }]);
  }

  /** An invalid event fails alone: the others are sent, then the call rejects naming it. */
  async publishAll(events: readonly ServerEvent[]) {
    const envelopes = [];
    const refused = [];
    for (const e of events) {
      try {
        check(e.channel, e.event);
      } catch (err) {
        refused.push((err as Error).message);
        continue;
      }
      const frame = serverFrame(e.event, e.data, e.channel);
      envelopes.push({ channel: e.channel, frame, excludeSocketId: e.excludeSocketId });
    }
    const sends = [];
    for (let i = 0; i < envelopes.length; i += MAX_ENVELOPES) {
      sends.push(this.fanout.send(envelopes.slice(i, i + MAX_ENVELOPES)));
    }
    await Promise.all(sends);
    if (refused.length > 0) throw new Error(refused.join('; '));
  }

  /** The protocol server answers this from its own sockets (Realtime.isOccupied). */
  async isOccupied(): Promise<boolean> {
    return false;
  }

  async close() {
    await this.fanout.close();
  }
}

/** Hosted Pusher Channels or Soketi, through the official library's HTTP Events API. */
export class HostedPublisher implements Publisher {
  private constructor(private readonly pusher: Pusher) {}

  /** Loads the library on use: the built-in server never needs it (idle memory budget). */
  static async create(options: Pusher.Options): Promise<HostedPublisher> {
    const { default: PusherClient } = await import('pusher');
    return new HostedPublisher(new PusherClient(options));
  }

  async publish(channel: string, event: string, data: unknown, excludeSocketId?: string) {
    check(channel, event);
    await this.pusher.trigger(
      channel,
      event,
      data,
      excludeSocketId ? { socket_id: excludeSocketId } : undefined,
    );
  }

  /** One Events API call each: hosted Pusher does its own fan-out. */
  async publishAll(events: readonly ServerEvent[]) {
    await Promise.all(
      events.map((e) => this.publish(e.channel, e.event, e.data, e.excludeSocketId)),
    );
  }

  /** Pusher's HTTP API: GET /channels/{name} answers `{occupied}`. */
  async isOccupied(channel: string): Promise<boolean> {
    check(channel, 'info');
    const res = await this.pusher.get({ path: `/channels/${channel}` });
    const info = (await res.json()) as { occupied?: boolean };
    return info.occupied === true;
  }

  async close() {}
}
