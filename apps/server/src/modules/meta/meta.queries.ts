import { and, desc, eq, inArray, lte, ne, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import {
  contactIdentities,
  conversations,
  messages,
  metaCommentThreads,
  supportChannels,
} from '../../db/schema';
import { preview } from '../conversations/conversations.service';

/** The setting a webhook entry is routed by (WhatsApp Cloud API: the number's id). */
export type MetaRoutingKey = 'page_id' | 'instagram_account_id' | 'phone_number_id';

/**
 * The channel of a webhook entry, by the page id (`facebook`) or Instagram account id
 * (`instagram`, `instagram_dm`) in its settings — never by anything else in the payload. Not
 * scoped by account on purpose: the caller is Meta (signature already checked), and a page is
 * connected to one workspace only (refused at connection).
 */
export async function findChannelByMetaId(
  db: Db,
  { type, settingKey, id }: { type: string; settingKey: MetaRoutingKey; id: string },
) {
  const [row] = await db
    .select()
    .from(supportChannels)
    .where(
      and(
        eq(supportChannels.type, type),
        sql`${supportChannels.settings} ->> ${settingKey} = ${id}`,
      ),
    )
    .orderBy(supportChannels.id)
    .limit(1);
  return row ?? null;
}

/** Every account's channel of this type already connected to the page / Instagram account. */
export async function channelsConnectedTo(
  db: Db,
  { type, settingKey, id }: { type: string; settingKey: MetaRoutingKey; id: string },
) {
  return db
    .select({ id: supportChannels.id, accountId: supportChannels.accountId })
    .from(supportChannels)
    .where(
      and(
        eq(supportChannels.type, type),
        sql`${supportChannels.settings} ->> ${settingKey} = ${id}`,
      ),
    );
}

async function oneCommentThread(db: Db, where: SQL | undefined) {
  const [row] = await db.select().from(metaCommentThreads).where(where).limit(1);
  return row ?? null;
}

/** The thread of a comment on the channel (a reply under it joins its conversation). */
export const findCommentThread = (
  db: Db,
  { supportChannelId, commentId }: { supportChannelId: number; commentId: string },
) =>
  oneCommentThread(
    db,
    and(
      eq(metaCommentThreads.supportChannelId, supportChannelId),
      eq(metaCommentThreads.commentId, commentId),
    ),
  );

/** The comment a conversation of the account answers, if it is a comment conversation. */
export const commentThreadOfConversation = (
  db: Db,
  { accountId, conversationId }: { accountId: number; conversationId: number },
) =>
  oneCommentThread(
    db,
    and(
      eq(metaCommentThreads.accountId, accountId),
      eq(metaCommentThreads.conversationId, conversationId),
    ),
  );

export async function insertCommentThread(db: Db, v: typeof metaCommentThreads.$inferInsert) {
  await db.insert(metaCommentThreads).values(v).onConflictDoNothing();
}

const notACommentThread = sql`not exists (select 1 from ${metaCommentThreads} where ${metaCommentThreads.conversationId} = ${conversations.id})`;

/**
 * The contact's open Messenger / Instagram DM conversation on the channel (comment
 * conversations of the same person stay apart), by their page-scoped id.
 */
export async function openDirectConversation(
  db: Db,
  v: { accountId: number; supportChannelId: number; kind: string; value: string },
) {
  const [row] = await db
    .select({ id: conversations.id, contactId: conversations.contactId })
    .from(conversations)
    .innerJoin(contactIdentities, eq(contactIdentities.contactId, conversations.contactId))
    .where(
      and(
        eq(contactIdentities.accountId, v.accountId),
        eq(contactIdentities.kind, v.kind),
        eq(contactIdentities.value, v.value),
        eq(conversations.accountId, v.accountId),
        eq(conversations.supportChannelId, v.supportChannelId),
        ne(conversations.status, 'closed'),
        notACommentThread,
      ),
    )
    .orderBy(desc(conversations.lastActivityAt))
    .limit(1);
  return row ?? null;
}

/**
 * When the contact last wrote a direct message on the channel (Meta's messaging windows count
 * from it; comments do not open them).
 */
export async function lastDirectIncomingAt(
  db: Db,
  { supportChannelId, contactId }: { supportChannelId: number; contactId: number },
) {
  const [row] = await db
    .select({ at: messages.createdAt })
    .from(messages)
    .innerJoin(conversations, eq(conversations.id, messages.conversationId))
    .where(
      and(
        eq(messages.supportChannelId, supportChannelId),
        eq(messages.senderContactId, contactId),
        eq(messages.direction, 'incoming'),
        notACommentThread,
      ),
    )
    .orderBy(desc(messages.createdAt))
    .limit(1);
  return row?.at ?? null;
}

/**
 * Agents' replies to the contact (by page-scoped id) on the channel sent up to a receipt's
 * watermark whose status is below `status`: Messenger's read / delivery receipts cover every
 * message before the watermark.
 */
export async function outgoingUpTo(
  db: Db,
  v: {
    accountId: number;
    supportChannelId: number;
    kind: string;
    value: string;
    watermark: Date;
    below: ('sent' | 'delivered')[];
  },
) {
  return db
    .select({ message: messages })
    .from(messages)
    .innerJoin(conversations, eq(conversations.id, messages.conversationId))
    .innerJoin(contactIdentities, eq(contactIdentities.contactId, conversations.contactId))
    .where(
      and(
        eq(contactIdentities.accountId, v.accountId),
        eq(contactIdentities.kind, v.kind),
        eq(contactIdentities.value, v.value),
        eq(messages.accountId, v.accountId),
        eq(messages.supportChannelId, v.supportChannelId),
        eq(messages.direction, 'outgoing'),
        inArray(messages.deliveryStatus, v.below),
        lte(messages.createdAt, v.watermark),
        notACommentThread,
      ),
    )
    .limit(500);
}

/** A reply the page sent from Meta's own apps (an echo), stored as the page's outgoing message. */
export async function insertEchoMessage(
  db: Db,
  v: {
    accountId: number;
    supportChannelId: number;
    conversationId: number;
    body: string;
    providerMessageId: string;
    at: Date;
  },
) {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(messages)
      .values({
        accountId: v.accountId,
        conversationId: v.conversationId,
        supportChannelId: v.supportChannelId,
        direction: 'outgoing',
        kind: 'message',
        body: v.body,
        providerMessageId: v.providerMessageId,
        deliveryStatus: 'sent',
        createdAt: v.at,
      })
      .onConflictDoNothing()
      .returning({ id: messages.id });
    if (!row) return null;
    // Someone answered the customer (from Meta's inbox): they no longer wait.
    await tx
      .update(conversations)
      .set({
        lastActivityAt: v.at,
        lastMessagePreview: preview(v.body),
        waitingSince: null,
      })
      .where(and(eq(conversations.id, v.conversationId), eq(conversations.accountId, v.accountId)));
    return row.id;
  });
}

/** A message of the channel by the provider's id, in either direction (what a reaction is on). */
export async function findChannelMessage(
  db: Db,
  v: { accountId: number; supportChannelId: number; providerMessageId: string },
) {
  const [row] = await db
    .select({ id: messages.id, conversationId: messages.conversationId, body: messages.body })
    .from(messages)
    .where(
      and(
        eq(messages.accountId, v.accountId),
        eq(messages.supportChannelId, v.supportChannelId),
        eq(messages.providerMessageId, v.providerMessageId),
      ),
    )
    .limit(1);
  return row ?? null;
}

/**
 * Marks a just-filed customer message as a reaction (inside its filing transaction). `kind` is
 * plain text in the database; the reaction kind is the contract's (MESSAGE_KINDS).
 */
export async function markAsReaction(db: Db, v: { accountId: number; messageId: number }) {
  await db
    .update(messages)
    .set({ kind: 'reaction' })
    .where(and(eq(messages.accountId, v.accountId), eq(messages.id, v.messageId)));
}

/** Changes a stored reaction's emoji ('' once it is taken back). */
export async function saveReactionEmoji(
  db: Db,
  v: { accountId: number; messageId: number; emoji: string },
) {
  await db
    .update(messages)
    .set({ body: v.emoji })
    .where(and(eq(messages.accountId, v.accountId), eq(messages.id, v.messageId)));
}
