import { and, asc, eq, isNotNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { messages, sendingDomains, supportChannels } from '../../db/schema';

export type EmailChannelRow = typeof supportChannels.$inferSelect;

/**
 * The email channels, in every account, whose address is `address` (lower-case, without +tag),
 * each with whether its domain is verified there. Across accounts on purpose: an SMTP envelope
 * names an address, not an account. The callers decide which of them get the mail.
 */
export async function findChannelsByAddress(db: Db, address: string) {
  return db
    .select({
      channel: supportChannels,
      domainVerified: sql<boolean>`${sendingDomains.verifiedAt} is not null`,
    })
    .from(supportChannels)
    .leftJoin(
      sendingDomains,
      and(
        eq(sendingDomains.accountId, supportChannels.accountId),
        eq(
          sendingDomains.domain,
          sql`lower(split_part(${supportChannels.settings}->>'address', '@', 2))`,
        ),
      ),
    )
    .where(
      and(
        eq(supportChannels.type, 'email'),
        sql`lower(${supportChannels.settings}->>'address') = ${address}`,
      ),
    )
    .orderBy(asc(supportChannels.id));
}

/**
 * An email channel by id, in whatever account: the inbound HTTP endpoint names the channel and
 * proves it with the channel's secret, and the account is the channel's.
 */
export async function findEmailChannelById(db: Db, id: number) {
  const [row] = await db
    .select()
    .from(supportChannels)
    .where(and(eq(supportChannels.id, id), eq(supportChannels.type, 'email')))
    .limit(1);
  return row ?? null;
}

/**
 * The Message-IDs of the conversation's email messages (customer's and ours), oldest first, with
 * their direction: the References and In-Reply-To of the next reply.
 */
export async function threadMessageIds(
  db: Db,
  { accountId, conversationId }: { accountId: number; conversationId: number },
) {
  return db
    .select({ id: messages.providerMessageId, direction: messages.direction })
    .from(messages)
    .where(
      and(
        eq(messages.accountId, accountId),
        eq(messages.conversationId, conversationId),
        isNotNull(messages.providerMessageId),
        sql`${messages.providerMessageId} like '<%>'`,
      ),
    )
    .orderBy(asc(messages.createdAt), asc(messages.id));
}

/** Saves the channel's sealed secrets (inbound secret, SMTP password). */
export async function saveChannelSecrets(
  db: Db,
  { accountId, id, secretsEncrypted }: { accountId: number; id: number; secretsEncrypted: string },
) {
  await db
    .update(supportChannels)
    .set({ secretsEncrypted })
    .where(and(eq(supportChannels.accountId, accountId), eq(supportChannels.id, id)));
}
