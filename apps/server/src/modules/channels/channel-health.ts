import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { messages, supportChannels } from '../../db/schema';
import type { Deps } from '../../lib/deps';

/** Health: a customer message came in through the channel. */
export async function noteChannelInbound(db: Db, channelId: number, at = new Date()) {
  await db
    .update(supportChannels)
    .set({ lastInboundAt: at })
    .where(eq(supportChannels.id, channelId));
}

/** Health: the provider refused or failed something; the settings page shows it in words. */
export async function noteChannelError(db: Db, channelId: number, error: string, at = new Date()) {
  await db
    .update(supportChannels)
    .set({ lastError: error.slice(0, 500), lastErrorAt: at })
    .where(eq(supportChannels.id, channelId));
}

type DeliveryStatus = 'queued' | 'sent' | 'delivered' | 'read' | 'failed';
const RANK: Record<DeliveryStatus, number> = {
  queued: 0,
  sent: 1,
  delivered: 2,
  read: 3,
  failed: 4,
};

/**
 * A provider's delivery receipt for an agent's reply: the status only moves forward (receipts
 * arrive out of order; failed stays failed), and the agent sees it live (message_updated).
 */
export async function advanceDeliveryStatus(
  deps: Deps,
  message: typeof messages.$inferSelect,
  status: Exclude<DeliveryStatus, 'queued'>,
  failureReason: string | null = null,
): Promise<boolean> {
  const current = message.deliveryStatus ?? 'queued';
  if (current === 'failed' || RANK[status] <= RANK[current]) return false;
  await deps.db
    .update(messages)
    .set({ deliveryStatus: status, failureReason: status === 'failed' ? failureReason : null })
    .where(eq(messages.id, message.id));
  deps.events.emit('message_updated', {
    accountId: message.accountId,
    conversationId: message.conversationId,
    messageId: message.id,
  });
  return true;
}
