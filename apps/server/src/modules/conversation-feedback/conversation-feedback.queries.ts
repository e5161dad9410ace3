import { and, desc, eq, ne, or } from 'drizzle-orm';
import type { Db } from '../../db/client';
import {
  accounts,
  brands,
  contacts,
  conversationRatings,
  conversations,
  messages,
  users,
  widgets,
} from '../../db/schema';

/** The most messages a transcript shows (the newest ones). */
export const TRANSCRIPT_MESSAGE_LIMIT = 2000;

/** A conversation of the account with what its public pages show: subject, brand (or account) name, contact email. */
export async function findConversationForCustomer(
  db: Db,
  { accountId, conversationId }: { accountId: number; conversationId: number },
) {
  const [row] = await db
    .select({
      id: conversations.id,
      accountId: conversations.accountId,
      subject: conversations.subject,
      status: conversations.status,
      resolvedAt: conversations.resolvedAt,
      createdAt: conversations.createdAt,
      brandName: brands.name,
      accountName: accounts.name,
      contactEmail: contacts.email,
      contactName: contacts.name,
      contactLocale: contacts.locale,
      // The store's widget settings, for the language it speaks to customers.
      widgetChat: widgets.chat,
    })
    .from(conversations)
    .innerJoin(accounts, eq(accounts.id, conversations.accountId))
    .innerJoin(contacts, eq(contacts.id, conversations.contactId))
    .leftJoin(brands, eq(brands.id, conversations.brandId))
    .leftJoin(widgets, eq(widgets.brandId, conversations.brandId))
    .where(and(eq(conversations.id, conversationId), eq(conversations.accountId, accountId)))
    .limit(1);
  return row ?? null;
}

/**
 * The messages a customer saw: incoming and outgoing messages only, never the customer's own
 * automatic mail (an out-of-office), which they did not write. Notes and activities are
 * `internal` and never selected; newest first from the index, answered oldest first.
 */
export async function customerVisibleMessages(
  db: Db,
  { accountId, conversationId }: { accountId: number; conversationId: number },
) {
  const rows = await db
    .select({
      id: messages.id,
      conversationId: messages.conversationId,
      direction: messages.direction,
      body: messages.body,
      deliveryStatus: messages.deliveryStatus,
      createdAt: messages.createdAt,
      agentName: users.name,
      agentAvatar: users.avatar,
      agentColor: users.profileColor,
    })
    .from(messages)
    .leftJoin(users, eq(users.id, messages.senderUserId))
    .where(
      and(
        eq(messages.accountId, accountId),
        eq(messages.conversationId, conversationId),
        ne(messages.direction, 'internal'),
        eq(messages.kind, 'message'),
        or(ne(messages.direction, 'incoming'), eq(messages.autoSubmitted, false)),
      ),
    )
    .orderBy(desc(messages.createdAt), desc(messages.id))
    .limit(TRANSCRIPT_MESSAGE_LIMIT);
  return rows.toReversed();
}

export async function findRating(
  db: Db,
  { accountId, conversationId }: { accountId: number; conversationId: number },
) {
  const [row] = await db
    .select({ rating: conversationRatings.rating, comment: conversationRatings.comment })
    .from(conversationRatings)
    .where(
      and(
        eq(conversationRatings.accountId, accountId),
        eq(conversationRatings.conversationId, conversationId),
      ),
    )
    .limit(1);
  return row ?? null;
}

/** One rating per conversation: a later one replaces the earlier (a link can change its answer). */
export async function upsertRating(
  db: Db,
  v: { accountId: number; conversationId: number; rating: number; comment: string | null },
) {
  const now = new Date();
  await db
    .insert(conversationRatings)
    .values({ ...v, createdAt: now, updatedAt: now })
    .onConflictDoUpdate({
      target: conversationRatings.conversationId,
      set: { rating: v.rating, comment: v.comment, updatedAt: now },
    });
}
