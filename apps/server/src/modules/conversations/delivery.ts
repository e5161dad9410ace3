import { and, eq } from 'drizzle-orm';
import {
  contactIdentities,
  contacts,
  conversations,
  messages,
  supportChannels,
} from '../../db/schema';
import type { Deps } from '../../lib/deps';
import type { JobHandler, JobRow } from '../../lib/jobs';
import { PermanentDeliveryError, type ChannelKinds } from '../channels/channels.public';

async function setStatus(
  deps: Deps,
  message: { id: number; accountId: number; conversationId: number },
  v: Partial<typeof messages.$inferInsert>,
) {
  await deps.db.update(messages).set(v).where(eq(messages.id, message.id));
  deps.events.emit('message_updated', {
    accountId: message.accountId,
    conversationId: message.conversationId,
    messageId: message.id,
  });
}

/** Delivers a queued reply through its channel's adapter; the job table makes it survive restarts. */
export function deliveryJob(deps: Deps, kinds: ChannelKinds): JobHandler {
  return {
    async run(job: JobRow) {
      const messageId = Number(job.payload.messageId);
      const [row] = await deps.db
        .select({
          message: messages,
          conversation: conversations,
          channel: supportChannels,
          contact: contacts,
        })
        .from(messages)
        .innerJoin(conversations, eq(conversations.id, messages.conversationId))
        .innerJoin(supportChannels, eq(supportChannels.id, messages.supportChannelId))
        .innerJoin(contacts, eq(contacts.id, conversations.contactId))
        .where(and(eq(messages.id, messageId), eq(messages.accountId, job.accountId ?? -1)))
        .limit(1);
      if (!row || row.message.deliveryStatus !== 'queued') return;
      const adapter = kinds.of(row.channel.type)?.outbound;
      if (!adapter) {
        // Never a fake "sent": without an adapter the reply fails with a reason the agent can read.
        throw new PermanentDeliveryError(
          `Parley cannot send replies on ${row.channel.type} channels yet, so this reply was not delivered.`,
        );
      }
      const identities = await deps.db
        .select({ kind: contactIdentities.kind, value: contactIdentities.value })
        .from(contactIdentities)
        .where(
          and(
            eq(contactIdentities.contactId, row.contact.id),
            eq(contactIdentities.supportChannelId, row.channel.id),
          ),
        );
      const { commentReply, cc, bcc } = job.payload;
      const sent = await adapter.send(deps, {
        ...row,
        identities,
        ...(commentReply === 'public' || commentReply === 'private' ? { commentReply } : {}),
        ...(Array.isArray(cc) && Array.isArray(bcc)
          ? { emailRecipients: { cc: cc.map(String), bcc: bcc.map(String) } }
          : {}),
      });
      await setStatus(deps, row.message, {
        deliveryStatus: sent.deliveryStatus ?? 'sent',
        providerMessageId: sent.providerMessageId ?? null,
        failureReason: null,
      });
    },
    async onGiveUp(job, reason) {
      const messageId = Number(job.payload.messageId);
      const [message] = await deps.db
        .select({
          id: messages.id,
          accountId: messages.accountId,
          conversationId: messages.conversationId,
        })
        .from(messages)
        .where(eq(messages.id, messageId))
        .limit(1);
      if (message)
        await setStatus(deps, message, {
          deliveryStatus: 'failed',
          failureReason: reason.slice(0, 500),
        });
    },
  };
}
