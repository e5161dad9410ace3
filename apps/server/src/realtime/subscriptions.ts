import type { Envelope, Fanout, LocalHub } from './local-hub';
import type { PresenceChange, PresenceStore } from './presence-store';
import {
  channelKind,
  errorFrame,
  isUnsupportedChannel,
  isValidChannelName,
  parsePresenceMember,
  presenceData,
  serverFrame,
  subscriptionErrorFrame,
  verifyChannelAuth,
  type AppCredentials,
  type PresenceMember,
} from './protocol';
import type { Connection, RealtimeLog } from './protocol-server';

export interface SubscriptionOptions {
  app: AppCredentials;
  hub: LocalHub;
  fanout: Fanout;
  presence: PresenceStore;
  log: RealtimeLog;
  maxChannelsPerSocket: number;
  onPresence?: ((e: PresenceChange) => void) | undefined;
}

/** pusher:subscribe / unsubscribe for public, private and presence channels (Pusher protocol v7: events, channel authorisation). */
export class Subscriptions {
  constructor(private readonly o: SubscriptionOptions) {}

  async subscribe(conn: Connection, data: unknown) {
    const {
      channel,
      auth,
      channel_data: channelData,
    } = (typeof data === 'object' && data !== null ? data : {}) as Record<string, unknown>;
    if (!isValidChannelName(channel)) return conn.send(errorFrame(null, 'Invalid channel name'));
    const refuseChannel = (error: string, status: number) =>
      conn.send(subscriptionErrorFrame(channel, error, status));
    if (isUnsupportedChannel(channel))
      return refuseChannel('Encrypted channels are not supported', 400);

    const kind = channelKind(channel);
    if (conn.channels.has(channel)) {
      // pusher-js never does this; answer as if it were new, without a second member_added.
      let succeeded = {};
      if (kind === 'presence') {
        const list = await this.o.presence.members(channel);
        this.announceDeparted(channel, list.departed);
        succeeded = presenceData(list.members);
      }
      return conn.send(serverFrame('pusher_internal:subscription_succeeded', succeeded, channel));
    }
    if (conn.channels.size >= this.o.maxChannelsPerSocket)
      return refuseChannel('Too many channels', 429);

    if (kind === 'public') {
      conn.channels.set(channel, null);
      this.o.hub.join(channel, conn);
      return conn.send(serverFrame('pusher_internal:subscription_succeeded', {}, channel));
    }
    const signed = kind === 'presence' ? channelData : undefined;
    if (kind === 'presence' && typeof signed !== 'string')
      return refuseChannel('channel_data is required', 400);
    if (
      !verifyChannelAuth(this.o.app, auth, conn.socketId, channel, signed as string | undefined)
    ) {
      this.o.log.info({ channel, socketId: conn.socketId }, 'realtime: invalid signature');
      return refuseChannel('Invalid signature', 401);
    }
    if (kind === 'private') {
      conn.channels.set(channel, null);
      this.o.hub.join(channel, conn);
      return conn.send(serverFrame('pusher_internal:subscription_succeeded', {}, channel));
    }

    const member = parsePresenceMember(signed);
    if (!member) return refuseChannel('channel_data must carry a user_id', 400);
    conn.channels.set(channel, member);
    let joined;
    try {
      joined = await this.o.presence.join(channel, conn.socketId, member);
    } catch (err) {
      conn.channels.delete(channel);
      this.o.log.error({ err, channel }, 'realtime: presence join failed');
      return refuseChannel('Presence is unavailable, please retry', 503);
    }
    this.announceDeparted(channel, joined.departed);
    this.o.onPresence?.({ channel, userId: String(member.user_id), present: true });
    // Had it closed meanwhile, onClose's cleanup (queued after this) leaves again: added, then removed.
    this.o.hub.join(channel, conn);
    conn.send(
      serverFrame('pusher_internal:subscription_succeeded', presenceData(joined.members), channel),
    );
    if (joined.firstForUser) {
      await this.fan({
        channel,
        frame: serverFrame('pusher_internal:member_added', member, channel),
        excludeSocketId: conn.socketId,
      });
    }
  }

  async unsubscribe(conn: Connection, data: unknown) {
    const { channel } = (typeof data === 'object' && data !== null ? data : {}) as Record<
      string,
      unknown
    >;
    if (typeof channel !== 'string' || !conn.channels.has(channel)) return;
    await this.leave(conn, channel);
  }

  async leave(conn: Connection, channel: string) {
    const member = conn.channels.get(channel);
    conn.channels.delete(channel);
    this.o.hub.leave(channel, conn);
    if (!member) return;
    const left = await this.o.presence.leave(channel, conn.socketId, member);
    this.announceDeparted(channel, left.departed);
    if (left.lastForUser) {
      this.o.onPresence?.({ channel, userId: String(member.user_id), present: false });
      await this.fan({
        channel,
        frame: serverFrame('pusher_internal:member_removed', { user_id: member.user_id }, channel),
        excludeSocketId: conn.socketId,
      });
    }
  }

  private announceDeparted(channel: string, departed: PresenceMember[]) {
    for (const m of departed) {
      this.o.onPresence?.({ channel, userId: String(m.user_id), present: false });
      void this.fan({
        channel,
        frame: serverFrame('pusher_internal:member_removed', { user_id: m.user_id }, channel),
      });
    }
  }

  private async fan(envelope: Envelope) {
    try {
      await this.o.fanout.send([envelope]);
    } catch (err) {
      this.o.log.error({ err, channel: envelope.channel }, 'realtime: fan-out failed');
    }
  }
}
