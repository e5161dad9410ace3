import { and, desc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { channelOptOuts, messages, supportChannels } from '../../db/schema';
import type { Deps } from '../../lib/deps';

/**
 * A provider channel's new settings (merged into the saved ones) and credentials (sealed at
 * rest). New credentials: an old error, or a call to reconnect, no longer says anything about it.
 */
export async function saveProviderCredentials(
  deps: Pick<Deps, 'db' | 'secrets'>,
  channel: Pick<typeof supportChannels.$inferSelect, 'id' | 'accountId' | 'settings'>,
  v: { settings?: object | undefined; secrets: Record<string, unknown> },
) {
  await deps.db
    .update(supportChannels)
    .set({
      ...(v.settings ? { settings: { ...channel.settings, ...v.settings } } : {}),
      secretsEncrypted: deps.secrets.sealJson(v.secrets),
      needsReauthorization: false,
      lastError: null,
      lastErrorAt: null,
    })
    .where(
      and(eq(supportChannels.id, channel.id), eq(supportChannels.accountId, channel.accountId)),
    );
}

/**
 * A new provider channel of the account: its public settings as given, its credentials sealed at
 * rest. The caller has already checked the brand belongs to the account (assertOwnBrand).
 */
export async function insertProviderChannel(
  deps: Pick<Deps, 'db' | 'secrets'>,
  v: {
    accountId: number;
    brandId: number | null | undefined;
    type: string;
    name: string;
    settings: object;
    secrets: Record<string, unknown>;
  },
) {
  const [row] = await deps.db
    .insert(supportChannels)
    .values({
      accountId: v.accountId,
      brandId: v.brandId ?? null,
      type: v.type,
      name: v.name,
      settings: { ...v.settings },
      secretsEncrypted: deps.secrets.sealJson(v.secrets),
    })
    .returning();
  return row!;
}

/**
 * A channel by the id in a provider's callback URL. Not scoped by account on purpose: the caller
 * is the provider, and what it sends is filed only into this channel's own account after the
 * request is proven to come from this channel's credentials.
 */
export async function findChannelForCallback(db: Db, id: number, type: string) {
  const [row] = await db
    .select()
    .from(supportChannels)
    .where(and(eq(supportChannels.id, id), eq(supportChannels.type, type)))
    .limit(1);
  return row ?? null;
}

/** A message the channel already stored under the provider's id (retried webhook). */
export async function findByProviderId(
  db: Db,
  { supportChannelId, providerMessageId }: { supportChannelId: number; providerMessageId: string },
) {
  const [row] = await db
    .select({ id: messages.id })
    .from(messages)
    .where(
      and(
        eq(messages.supportChannelId, supportChannelId),
        eq(messages.providerMessageId, providerMessageId),
      ),
    )
    .limit(1);
  return row ?? null;
}

/** An agent's reply on the channel, by our id (status callback URL) or the provider's id. */
export async function findOutgoingMessage(
  db: Db,
  {
    accountId,
    supportChannelId,
    messageId,
    providerMessageId,
  }: {
    accountId: number;
    supportChannelId: number;
    messageId: number | null;
    providerMessageId: string | null;
  },
) {
  const byId = messageId !== null ? eq(messages.id, messageId) : undefined;
  const byProvider =
    providerMessageId !== null ? eq(messages.providerMessageId, providerMessageId) : undefined;
  const which = byId ?? byProvider;
  if (!which) return null;
  const [row] = await db
    .select()
    .from(messages)
    .where(
      and(
        which,
        eq(messages.accountId, accountId),
        eq(messages.supportChannelId, supportChannelId),
        eq(messages.direction, 'outgoing'),
      ),
    )
    .limit(1);
  return row ?? null;
}

export async function isOptedOut(db: Db, supportChannelId: number, address: string) {
  const [row] = await db
    .select({ keyword: channelOptOuts.keyword, at: channelOptOuts.createdAt })
    .from(channelOptOuts)
    .where(
      and(
        eq(channelOptOuts.supportChannelId, supportChannelId),
        eq(channelOptOuts.address, address),
      ),
    )
    .limit(1);
  return row ?? null;
}

export async function optOut(
  db: Db,
  v: { accountId: number; supportChannelId: number; address: string; keyword: string },
) {
  await db.insert(channelOptOuts).values(v).onConflictDoNothing();
}

export async function optIn(db: Db, supportChannelId: number, address: string) {
  await db
    .delete(channelOptOuts)
    .where(
      and(
        eq(channelOptOuts.supportChannelId, supportChannelId),
        eq(channelOptOuts.address, address),
      ),
    );
}

/** When the contact last wrote on the channel (WhatsApp's 24-hour customer service window). */
export async function lastIncomingAt(
  db: Db,
  { supportChannelId, contactId }: { supportChannelId: number; contactId: number },
) {
  const [row] = await db
    .select({ at: messages.createdAt })
    .from(messages)
    .where(
      and(
        eq(messages.supportChannelId, supportChannelId),
        eq(messages.senderContactId, contactId),
        eq(messages.direction, 'incoming'),
      ),
    )
    .orderBy(desc(messages.createdAt))
    .limit(1);
  return row?.at ?? null;
}
