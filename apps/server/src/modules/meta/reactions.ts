import { REACTION_ID_PREFIX } from '@parley/contracts';
import type { Deps } from '../../lib/deps';
import type { ChannelRow } from '../channels/channels.public';
import { recordProviderInbound } from '../channels/provider-inbound.public';
import type { InboundIdentity } from '../conversations/inbound.service';
import { findChannelMessage, markAsReaction, saveReactionEmoji } from './meta.queries';

export interface CustomerReaction {
  identity: InboundIdentity;
  /**
   * The provider's ids of the message reacted to, in the order to try them (Gupshup names both
   * its own id of our reply and WhatsApp's).
   */
  onProviderMessageIds: string[];
  /** The emoji; '' when the customer took the reaction back. */
  emoji: string;
  receivedAt: Date;
}

/**
 * Keeps a customer's reaction (WhatsApp, Messenger, Instagram) as a reaction: a message of kind
 * `reaction` whose body is the emoji, beside the message it is on, in that message's
 * conversation — even one closed since. One reaction per message: a new emoji replaces the one
 * before, and taking it back empties it. It asks for no answer, so it never reopens the
 * conversation nor starts a wait. A reaction to a message Parley never had is not kept: there
 * is nothing to show it beside.
 */
export async function recordReaction(deps: Deps, channel: ChannelRow, reaction: CustomerReaction) {
  const scope = { accountId: channel.accountId, supportChannelId: channel.id };
  let target: { id: number; conversationId: number; providerMessageId: string } | null = null;
  for (const providerMessageId of new Set(reaction.onProviderMessageIds.filter(Boolean))) {
    const found = await findChannelMessage(deps.db, { ...scope, providerMessageId });
    if (found) {
      target = { ...found, providerMessageId };
      break;
    }
  }
  if (!target) return;
  const key = `${REACTION_ID_PREFIX}${target.providerMessageId}`;
  const stored = await findChannelMessage(deps.db, { ...scope, providerMessageId: key });
  if (stored) {
    if (stored.body === reaction.emoji) return; // a retried webhook
    await saveReactionEmoji(deps.db, {
      accountId: channel.accountId,
      messageId: stored.id,
      emoji: reaction.emoji,
    });
    deps.events.emit('message_updated', {
      accountId: channel.accountId,
      conversationId: stored.conversationId,
      messageId: stored.id,
    });
    return;
  }
  if (!reaction.emoji) return; // taken back before we kept it
  await recordProviderInbound(deps, channel, {
    identity: reaction.identity,
    body: reaction.emoji,
    providerMessageId: key,
    conversationId: target.conversationId,
    // Beside the message it is on, whichever contact the conversation is filed under.
    anySender: true,
    explicitThreadingOnly: true,
    automatic: true,
    receivedAt: reaction.receivedAt,
    attachments: [],
    inTransaction: (tx, filed) =>
      markAsReaction(tx, { accountId: channel.accountId, messageId: filed.messageId }),
  });
}
