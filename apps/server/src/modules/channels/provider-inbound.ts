import type { Deps } from '../../lib/deps';
import { removeInboundFiles, type InboundFile } from '../attachments/attachments.service';
import { recordInbound, type InboundMessage } from '../conversations/inbound.service';
import type { ChannelRow } from './adapters';
import { noteChannelInbound } from './channel-health';

/**
 * Files a customer's message that came in on a provider channel, with the files already stored
 * for it. The files are removed again when the message is a retried duplicate or cannot be
 * filed, so nothing is left orphaned in the store; the channel's health notes the arrival.
 */
export async function recordProviderInbound(
  deps: Deps,
  channel: ChannelRow,
  message: Omit<InboundMessage, 'accountId' | 'supportChannelId' | 'brandId' | 'attachments'> & {
    attachments: InboundFile[];
  },
) {
  try {
    const result = await recordInbound(deps, {
      accountId: channel.accountId,
      supportChannelId: channel.id,
      brandId: channel.brandId,
      ...message,
    });
    if (result.duplicate) await removeInboundFiles(deps, message.attachments);
    await noteChannelInbound(deps.db, channel.id);
    return result;
  } catch (err) {
    await removeInboundFiles(deps, message.attachments);
    throw err;
  }
}
