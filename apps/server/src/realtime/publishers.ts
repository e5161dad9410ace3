import Pusher from 'pusher';
import type { Fanout } from './local-hub';
import { isValidChannelName, serverFrame } from './protocol';

/** Sends one server event to a channel; `excludeSocketId` skips the socket that caused it. */
export interface Publisher {
  publish(channel: string, event: string, data: unknown, excludeSocketId?: string): Promise<void>;
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
    check(channel, event);
    await this.fanout.send({ channel, frame: serverFrame(event, data, channel), excludeSocketId });
  }

  async close() {
    await this.fanout.close();
  }
}

/** Hosted Pusher Channels or Soketi, through the official library's HTTP Events API. */
export class HostedPublisher implements Publisher {
  private readonly pusher: Pusher;

  constructor(options: Pusher.Options) {
    this.pusher = new Pusher(options);
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

  async close() {}
}
