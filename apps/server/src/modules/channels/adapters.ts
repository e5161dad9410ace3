import type { Deps } from '../../lib/deps';
import type { contacts, conversations, messages, supportChannels } from '../../db/schema';

export type ChannelRow = typeof supportChannels.$inferSelect;

export interface OutboundContext {
  channel: ChannelRow;
  conversation: typeof conversations.$inferSelect;
  contact: typeof contacts.$inferSelect;
  message: typeof messages.$inferSelect;
  /** The identities the contact has on this channel (e.g. the API channel's identifier). */
  identities: { kind: string; value: string }[];
  /** A comment conversation (Facebook / Instagram): under the comment, or a private message. */
  commentReply?: 'public' | 'private' | undefined;
  /** An email reply's Cc and Bcc as the agent chose them for this reply. */
  emailRecipients?: { cc: string[]; bcc: string[] } | undefined;
}

/** A delivery failure that retrying will not fix (bad address, revoked token, window closed). */
export class PermanentDeliveryError extends Error {}

/**
 * One per channel type: sends an agent's reply to the customer. Throw RetryableError for
 * transient failures (retried with back-off), PermanentDeliveryError with a reason a person
 * can act on otherwise.
 */
export interface ChannelAdapter {
  send(
    deps: Deps,
    ctx: OutboundContext,
  ): Promise<{
    providerMessageId?: string | undefined;
    /** 'delivered' when the channel knows the customer has it (a connected live-chat visitor). */
    deliveryStatus?: 'sent' | 'delivered' | undefined;
  }>;
}
