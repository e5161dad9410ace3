import { and, asc, eq, inArray, isNotNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import {
  contactIdentities,
  contacts,
  conversations,
  messages,
  sendingDomains,
  supportChannels,
  type StoredEmailAuth,
} from '../../db/schema';

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
 * The account's email channel that speaks for a store: the store's own, else the account's first
 * (by id); only channels with an address. Null when the account has no email channel.
 */
export async function findEmailChannelOfBrand(
  db: Db,
  { accountId, brandId }: { accountId: number; brandId: number | null },
) {
  const [row] = await db
    .select()
    .from(supportChannels)
    .where(
      and(
        eq(supportChannels.accountId, accountId),
        eq(supportChannels.type, 'email'),
        sql`coalesce(${supportChannels.settings}->>'address', '') like '%@%'`,
      ),
    )
    .orderBy(
      sql`case when ${supportChannels.brandId} = ${brandId ?? null} then 0 else 1 end`,
      asc(supportChannels.id),
    )
    .limit(1);
  return row ?? null;
}

/**
 * The email channel that speaks for a conversation to its customer: the conversation's own when
 * it is an email conversation, else the one of its store (findEmailChannelOfBrand's choice).
 * Null when the account has no email channel with an address.
 */
export async function findEmailChannelOfConversation(
  db: Db,
  { accountId, conversationId }: { accountId: number; conversationId: number },
) {
  const [row] = await db
    .select({ channel: supportChannels })
    .from(supportChannels)
    .innerJoin(
      conversations,
      and(eq(conversations.accountId, accountId), eq(conversations.id, conversationId)),
    )
    .where(
      and(
        eq(supportChannels.accountId, accountId),
        eq(supportChannels.type, 'email'),
        sql`coalesce(${supportChannels.settings}->>'address', '') like '%@%'`,
      ),
    )
    .orderBy(
      sql`case when ${supportChannels.id} = ${conversations.supportChannelId} then 0
        when ${supportChannels.brandId} = ${conversations.brandId} then 1 else 2 end`,
      asc(supportChannels.id),
    )
    .limit(1);
  return row?.channel ?? null;
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
    .select({
      id: messages.providerMessageId,
      direction: messages.direction,
      automatic: messages.autoSubmitted,
    })
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

/**
 * The channel's outgoing message sent with one of these Message-IDs (what a bounce reports on),
 * or null. By the (channel, provider id) unique index.
 */
export async function findOutgoingByMessageIds(
  db: Db,
  { accountId, channelId, ids }: { accountId: number; channelId: number; ids: string[] },
) {
  if (ids.length === 0) return null;
  const [row] = await db
    .select()
    .from(messages)
    .where(
      and(
        eq(messages.accountId, accountId),
        eq(messages.supportChannelId, channelId),
        eq(messages.direction, 'outgoing'),
        inArray(messages.providerMessageId, ids.slice(0, 20)),
      ),
    )
    .limit(1);
  return row ?? null;
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

/** Keeps what the sender checks found on a received message (inside its filing transaction). */
export async function saveEmailAuth(
  db: Db,
  v: { accountId: number; messageId: number; emailAuth: StoredEmailAuth },
) {
  await db
    .update(messages)
    .set({ emailAuth: v.emailAuth })
    .where(and(eq(messages.accountId, v.accountId), eq(messages.id, v.messageId)));
}

/** Every address the account's email channels receive on (lower-case, as set up). */
export async function accountSupportAddresses(db: Db, accountId: number): Promise<string[]> {
  const rows = await db
    .select({ address: sql<string | null>`lower(${supportChannels.settings}->>'address')` })
    .from(supportChannels)
    .where(and(eq(supportChannels.accountId, accountId), eq(supportChannels.type, 'email')));
  return rows.flatMap((r) => (r.address ? [r.address] : []));
}

/**
 * The conversation's remembered Cc / Bcc and the addresses its customer is known by (the
 * contact's email and email identities), for deciding who else a received mail involved.
 */
export async function conversationParticipants(
  db: Db,
  v: { accountId: number; conversationId: number },
) {
  const [conv] = await db
    .select({
      contactId: conversations.contactId,
      emailRecipients: conversations.emailRecipients,
      contactEmail: contacts.email,
    })
    .from(conversations)
    .leftJoin(contacts, eq(contacts.id, conversations.contactId))
    .where(and(eq(conversations.accountId, v.accountId), eq(conversations.id, v.conversationId)))
    .limit(1);
  if (!conv) return null;
  const identities = await db
    .select({ value: contactIdentities.value })
    .from(contactIdentities)
    .where(
      and(
        eq(contactIdentities.accountId, v.accountId),
        eq(contactIdentities.contactId, conv.contactId),
        inArray(contactIdentities.kind, ['email', 'email_unverified']),
      ),
    );
  return {
    recipients: conv.emailRecipients ?? { cc: [], bcc: [] },
    customerAddresses: [conv.contactEmail, ...identities.map((i) => i.value)]
      .filter((a): a is string => Boolean(a))
      .map((a) => a.trim().toLowerCase()),
  };
}

/** Sets the Cc the conversation's next reply offers (its Bcc is kept). */
export async function saveConversationCc(
  db: Db,
  v: { accountId: number; conversationId: number; cc: string[]; bcc: string[] },
) {
  await db
    .update(conversations)
    .set({ emailRecipients: { cc: v.cc, bcc: v.bcc } })
    .where(and(eq(conversations.accountId, v.accountId), eq(conversations.id, v.conversationId)));
}
