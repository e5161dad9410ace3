import {
  widgetVisitorChannel,
  type PusherAuthBody,
  type PusherAuthResponse,
} from '@parley/contracts';
import type { Deps } from '../lib/deps';
import { badRequest, forbidden, notFound } from '../lib/errors';
import type { AgentContext, VisitorContext } from '../lib/http-types';
import { channelKind, isUnsupportedChannel, signChannel } from './protocol';
import type { RealtimeLog } from './protocol-server';
import type { Realtime } from './realtime';
import { presenceUserInfo } from './realtime.queries';

/** POST /dashboardapi/pusher/auth: a channel rule must allow it, then we sign (Pusher protocol v7: channel authorisation). */
export async function authorizeChannel(
  deps: Deps,
  realtime: Realtime,
  agent: AgentContext,
  { socket_id: socketId, channel_name: channel }: PusherAuthBody,
  log: RealtimeLog,
): Promise<PusherAuthResponse> {
  const kind = channelKind(channel);
  if (kind === 'public') throw badRequest('Public channels need no authorisation.');
  const rule = isUnsupportedChannel(channel)
    ? null
    : await realtime.channelRules.authorize({ deps, agent, channel, socketId });
  if (!rule) {
    // ASVS 16.3.2: authorisation failures are logged.
    log.warn(
      { channel, userId: agent.userId, accountId: agent.accountId },
      'realtime: channel refused',
    );
    throw forbidden('You cannot listen to this channel.');
  }
  // Before the signature leaves: the socket is then known to hold this session's channels.
  await realtime.bindSocket(socketId, { userId: agent.userId, tokenId: agent.tokenId });
  if (kind === 'private') return { auth: signChannel(realtime.app, socketId, channel) };

  const userInfo = await presenceUserInfo(deps.db, { userId: agent.userId });
  if (!userInfo) throw notFound('Your profile was not found.');
  // The client must send back exactly these bytes: they are what we signed.
  const channelData = JSON.stringify({ user_id: agent.userId, user_info: userInfo });
  return {
    auth: signChannel(realtime.app, socketId, channel, channelData),
    channel_data: channelData,
  };
}

/**
 * POST /widgetapi/pusher/auth: a live-chat visitor may listen to their own widget channel and
 * nothing else. Separate from the agents' channel rules, so neither side can borrow the other's.
 */
export function authorizeVisitorChannel(
  realtime: Realtime,
  visitor: VisitorContext,
  { socket_id: socketId, channel_name: channel }: PusherAuthBody,
  log: RealtimeLog,
): PusherAuthResponse {
  if (channel !== widgetVisitorChannel(visitor.publicId)) {
    log.warn(
      { channel, visitorId: visitor.id, accountId: visitor.accountId },
      'realtime: widget channel refused',
    );
    throw forbidden('You cannot listen to this channel.');
  }
  return { auth: signChannel(realtime.app, socketId, channel) };
}
