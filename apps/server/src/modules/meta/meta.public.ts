// What other modules may use of meta besides its service (WhatsApp Cloud rides on the same Graph
// API, webhook and tokens); everything else in the folder is its own (checked by `npm run check:bounds`).
import { eq } from 'drizzle-orm';
import type { ChannelType } from '@parley/contracts';
import { supportChannels } from '../../db/schema';
import type { Deps } from '../../lib/deps';
import { noteChannelError, type ChannelRow } from '../channels/channels.public';

export {
  graphApi,
  graphErrorOf,
  graphErrorText,
  graphFailure,
  graphUpload,
  ReauthorizationRequiredError,
} from './graph-api';
export type { GraphAnswer } from './graph-api';
export { channelsConnectedTo, findChannelByMetaId } from './meta.queries';
export { recordReaction, type CustomerReaction } from './reactions';

export const META_WEBHOOK_PATH = '/dashboardapi/meta/webhook';

/**
 * A token stopped working (Graph error 190 and kin): the channel is flagged, its error shown,
 * and every agent of the account is asked to reconnect (re-authentication-alert-for-ctwa).
 */
export async function flagReauthorization(deps: Deps, channel: ChannelRow, reason: string) {
  await deps.db
    .update(supportChannels)
    .set({ needsReauthorization: true })
    .where(eq(supportChannels.id, channel.id));
  await noteChannelError(deps.db, channel.id, reason);
  deps.events.emit('channel_reauth_required', {
    accountId: channel.accountId,
    supportChannelId: channel.id,
    channelType: channel.type as ChannelType,
  });
}

/**
 * A Meta timestamp (ms) when plausible, else now: the messaging window counts from it (Meta
 * retries a webhook for days, so arrival is not when the customer wrote).
 */
export function receivedAt(ms: unknown): Date {
  const n = typeof ms === 'number' ? ms : Number.NaN;
  const now = Date.now();
  return Number.isFinite(n) && n <= now + 60_000 && n > now - 7 * 24 * 3600_000
    ? new Date(Math.min(n, now))
    : new Date(now);
}
