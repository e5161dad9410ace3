import { and, asc, desc, eq, inArray, isNull, lt, lte, max, sql } from 'drizzle-orm';
import { intArray, type Db } from '../../db/client';
import {
  attachments,
  brands,
  contactIdentities,
  contacts,
  conversationRatings,
  conversationReads,
  conversations,
  memberships,
  messages,
  supportChannels,
  users,
  widgetConversations,
  widgetVisitors,
  widgetVisitorUploads,
  widgets,
} from '../../db/schema';
import type { VisitorContext } from '../../lib/http-types';

export type VisitorRow = typeof widgetVisitors.$inferSelect;
type Scope = Pick<VisitorContext, 'accountId' | 'brandId'>;

/** Which conversations a visitor sees: a verified customer's follow them across browsers. */
export const ownerKeyOf = (v: Pick<VisitorRow, 'isVerified' | 'externalId' | 'publicId'>) =>
  v.isVerified && v.externalId ? `id:${v.externalId}` : `v:${v.publicId}`;

/** The contact identity (`widget_visitor`) of a visitor: `{brand}:{external id}` once verified. */
export const identityValueOf = (
  v: Pick<VisitorRow, 'isVerified' | 'externalId' | 'publicId' | 'brandId'>,
) => (v.isVerified && v.externalId ? `${v.brandId}:${v.externalId}` : `visitor:${v.publicId}`);

/** The store serving a myshopify domain, with its widget (public). */
export async function findStoreByShop(db: Db, myshopifyDomain: string) {
  const [row] = await db
    .select({ brand: brands, widget: widgets })
    .from(brands)
    .leftJoin(widgets, eq(widgets.brandId, brands.id))
    .where(eq(brands.myshopifyDomain, myshopifyDomain))
    .limit(1);
  return row ?? null;
}

export async function findStore(db: Db, { accountId, brandId }: Scope) {
  const [row] = await db
    .select({ brand: brands, widget: widgets })
    .from(brands)
    .leftJoin(widgets, eq(widgets.brandId, brands.id))
    .where(and(eq(brands.accountId, accountId), eq(brands.id, brandId)))
    .limit(1);
  return row ?? null;
}

export async function insertVisitor(
  db: Db,
  v: Scope & { publicId: string; tokenHash: string },
): Promise<VisitorRow> {
  const [row] = await db.insert(widgetVisitors).values(v).returning();
  return row!;
}

export async function findVisitor(db: Db, { accountId, id }: { accountId: number; id: number }) {
  const [row] = await db
    .select()
    .from(widgetVisitors)
    .where(and(eq(widgetVisitors.accountId, accountId), eq(widgetVisitors.id, id)))
    .limit(1);
  return row ?? null;
}

export async function updateVisitor(
  db: Db,
  { accountId, id }: { accountId: number; id: number },
  set: Partial<typeof widgetVisitors.$inferInsert>,
): Promise<VisitorRow> {
  const [row] = await db
    .update(widgetVisitors)
    .set(set)
    .where(and(eq(widgetVisitors.accountId, accountId), eq(widgetVisitors.id, id)))
    .returning();
  return row!;
}

/** The visitor's conversations, most recent activity first (their ids). */
export async function ownConversationIds(db: Db, visitor: VisitorRow, limit = 50) {
  const rows = await db
    .select({ id: conversations.id })
    .from(widgetConversations)
    .innerJoin(conversations, eq(conversations.id, widgetConversations.conversationId))
    .where(
      and(
        eq(widgetConversations.accountId, visitor.accountId),
        eq(widgetConversations.brandId, visitor.brandId),
        eq(widgetConversations.ownerKey, ownerKeyOf(visitor)),
      ),
    )
    .orderBy(desc(conversations.lastActivityAt), desc(conversations.id))
    .limit(limit);
  return rows.map((r) => r.id);
}

/** The conversation when the visitor owns it; null for anyone else's (answered as 404). */
export async function findOwnedConversation(db: Db, visitor: VisitorRow, conversationId: number) {
  const [row] = await db
    .select({ conversation: conversations })
    .from(widgetConversations)
    .innerJoin(conversations, eq(conversations.id, widgetConversations.conversationId))
    .where(
      and(
        eq(widgetConversations.conversationId, conversationId),
        eq(widgetConversations.accountId, visitor.accountId),
        eq(widgetConversations.brandId, visitor.brandId),
        eq(widgetConversations.ownerKey, ownerKeyOf(visitor)),
      ),
    )
    .limit(1);
  return row?.conversation ?? null;
}

/** Conversation rows with their assignee and rating, for the widget's list. */
export async function conversationsWithAgents(db: Db, accountId: number, ids: number[]) {
  if (ids.length === 0) return [];
  return db
    .select({
      conversation: conversations,
      agentName: users.name,
      agentAvatar: users.avatar,
      agentColor: users.profileColor,
      rating: conversationRatings.rating,
    })
    .from(conversations)
    .leftJoin(users, eq(users.id, conversations.assigneeId))
    .leftJoin(conversationRatings, eq(conversationRatings.conversationId, conversations.id))
    .where(and(eq(conversations.accountId, accountId), inArray(conversations.id, ids)));
}

/** Messages a visitor may see: the customer's and the agents' replies — never notes or activity. */
const visitorVisible = and(
  eq(messages.kind, 'message'),
  inArray(messages.direction, ['incoming', 'outgoing']),
);

const messagesWithAgents = (db: Db) =>
  db
    .select({
      m: messages,
      agentName: users.name,
      agentAvatar: users.avatar,
      agentColor: users.profileColor,
    })
    .from(messages)
    .leftJoin(users, eq(users.id, messages.senderUserId));
export type VisibleMessageRow = Awaited<ReturnType<typeof visibleMessagesPage>>['rows'][number];

/** A page of the visitor-visible thread, newest first from the database (answered oldest first). */
export async function visibleMessagesPage(
  db: Db,
  {
    accountId,
    conversationId,
    before,
    limit,
  }: { accountId: number; conversationId: number; before?: number | undefined; limit: number },
) {
  const rows = await messagesWithAgents(db)
    .where(
      and(
        eq(messages.accountId, accountId),
        eq(messages.conversationId, conversationId),
        visitorVisible,
        before ? lt(messages.id, before) : undefined,
      ),
    )
    .orderBy(desc(messages.id))
    .limit(limit + 1);
  return { rows: rows.slice(0, limit).toReversed(), hasMore: rows.length > limit };
}

/** Visitor-visible messages by id (an event's message, a list's last messages). */
export async function visibleMessagesByIds(db: Db, accountId: number, ids: number[]) {
  if (ids.length === 0) return [];
  return messagesWithAgents(db).where(
    and(eq(messages.accountId, accountId), inArray(messages.id, ids), visitorVisible),
  );
}

/** The last visitor-visible message id of each conversation, and its agents' unread count. */
export async function lastMessagesAndUnread(db: Db, accountId: number, ids: number[]) {
  if (ids.length === 0) return [];
  return db
    .select({
      conversationId: messages.conversationId,
      lastId: max(messages.id),
      unread: sql<number>`(count(*) filter (where ${messages.direction} = 'outgoing'
        and coalesce(${messages.deliveryStatus}, '') <> 'read'))::int`,
    })
    .from(messages)
    .where(
      and(eq(messages.accountId, accountId), inArray(messages.conversationId, ids), visitorVisible),
    )
    .groupBy(messages.conversationId);
}

/** How far the agents have read each conversation (the furthest agent counts). */
export async function agentsReadAt(db: Db, ids: number[]) {
  if (ids.length === 0) return new Map<number, Date>();
  const rows = await db
    .select({
      conversationId: conversationReads.conversationId,
      at: max(conversationReads.lastReadAt),
    })
    .from(conversationReads)
    .where(inArray(conversationReads.conversationId, ids))
    .groupBy(conversationReads.conversationId);
  return new Map(rows.filter((r) => r.at).map((r) => [r.conversationId, r.at!]));
}

/** Read receipt: the agents' replies up to `upTo` become 'read'; answers the ids that changed. */
export async function markAgentRepliesRead(
  db: Db,
  { accountId, conversationId, upTo }: { accountId: number; conversationId: number; upTo: number },
) {
  const rows = await db
    .update(messages)
    .set({ deliveryStatus: 'read' })
    .where(
      and(
        eq(messages.accountId, accountId),
        eq(messages.conversationId, conversationId),
        eq(messages.direction, 'outgoing'),
        eq(messages.kind, 'message'),
        inArray(messages.deliveryStatus, ['sent', 'delivered']),
        lte(messages.id, upTo),
      ),
    )
    .returning({ id: messages.id });
  return rows.map((r) => r.id);
}

/** The account's agents for the widget header (owners and admins first). */
export async function headerAgents(db: Db, accountId: number, limit = 3) {
  return db
    .select({ name: users.name, avatar: users.avatar, profileColor: users.profileColor })
    .from(memberships)
    .innerJoin(users, eq(users.id, memberships.userId))
    .where(eq(memberships.accountId, accountId))
    .orderBy(sql`case ${memberships.permissionLevel} when 'agent' then 1 else 0 end`, asc(users.id))
    .limit(limit);
}

export async function findAgent(
  db: Db,
  { accountId, userId }: { accountId: number; userId: number },
) {
  const [row] = await db
    .select({ name: users.name, avatar: users.avatar, profileColor: users.profileColor })
    .from(memberships)
    .innerJoin(users, eq(users.id, memberships.userId))
    .where(and(eq(memberships.accountId, accountId), eq(memberships.userId, userId)))
    .limit(1);
  return row ?? null;
}

/**
 * The store's live-chat support channel, created on first use. The store row is locked so two
 * first chats at once make one channel.
 */
export async function liveChatChannelFor(db: Db, scope: Scope & { brandName: string }) {
  return db.transaction(async (tx) => {
    await tx
      .select({ id: brands.id })
      .from(brands)
      .where(and(eq(brands.accountId, scope.accountId), eq(brands.id, scope.brandId)))
      .for('update');
    const [existing] = await tx
      .select()
      .from(supportChannels)
      .where(
        and(
          eq(supportChannels.accountId, scope.accountId),
          eq(supportChannels.brandId, scope.brandId),
          eq(supportChannels.type, 'live_chat'),
        ),
      )
      .orderBy(asc(supportChannels.id))
      .limit(1);
    if (existing) return existing;
    const [created] = await tx
      .insert(supportChannels)
      .values({
        accountId: scope.accountId,
        brandId: scope.brandId,
        type: 'live_chat',
        name: `${scope.brandName} live chat`,
      })
      .returning();
    return created!;
  });
}

/** The store's live-chat channel if it has one (no creation). */
export async function findLiveChatChannel(db: Db, { accountId, brandId }: Scope) {
  const [row] = await db
    .select()
    .from(supportChannels)
    .where(
      and(
        eq(supportChannels.accountId, accountId),
        eq(supportChannels.brandId, brandId),
        eq(supportChannels.type, 'live_chat'),
      ),
    )
    .orderBy(asc(supportChannels.id))
    .limit(1);
  return row ?? null;
}

export async function insertOwnership(
  db: Db,
  v: Scope & { conversationId: number; visitorId: number; ownerKey: string },
) {
  await db.insert(widgetConversations).values(v);
}

/**
 * The visitor takes a conversation unless another visitor has it (a chat merged into a
 * conversation of theirs, or of no one's chat). True when it is the visitor's now.
 */
export async function claimOwnership(
  db: Db,
  v: Scope & { conversationId: number; visitorId: number; ownerKey: string },
): Promise<boolean> {
  await db.insert(widgetConversations).values(v).onConflictDoNothing();
  const [row] = await db
    .select({ ownerKey: widgetConversations.ownerKey })
    .from(widgetConversations)
    .where(
      and(
        eq(widgetConversations.accountId, v.accountId),
        eq(widgetConversations.conversationId, v.conversationId),
      ),
    )
    .limit(1);
  return row?.ownerKey === v.ownerKey;
}

/** identify(): an anonymous visitor's conversations follow them to their verified identity. */
export async function rekeyConversations(
  db: Db,
  { accountId, brandId, from, to }: Scope & { from: string; to: string },
) {
  const rows = await db
    .update(widgetConversations)
    .set({ ownerKey: to })
    .where(
      and(
        eq(widgetConversations.accountId, accountId),
        eq(widgetConversations.brandId, brandId),
        eq(widgetConversations.ownerKey, from),
      ),
    )
    .returning({ conversationId: widgetConversations.conversationId });
  return rows.map((r) => r.conversationId);
}

export async function moveConversationsToContact(
  db: Db,
  { accountId, ids, contactId }: { accountId: number; ids: number[]; contactId: number },
) {
  if (ids.length === 0) return;
  await db
    .update(conversations)
    .set({ contactId })
    .where(and(eq(conversations.accountId, accountId), inArray(conversations.id, ids)));
}

export async function addIdentity(
  db: Db,
  v: { accountId: number; contactId: number; value: string; supportChannelId: number | null },
) {
  await db
    .insert(contactIdentities)
    .values({ ...v, kind: 'widget_visitor' })
    .onConflictDoNothing();
}

/**
 * What agents see of the visitor on the contact: custom attributes merged in (null removes one),
 * and name / email / phone filled where the contact has none. `replacesEmail`: a contact email
 * equal to it (the visitor's unverified word) gives way to `email` (the store's verified one).
 */
export async function updateContactFromVisitor(
  db: Db,
  {
    accountId,
    contactId,
    attributes,
    name,
    email,
    replacesEmail,
    phone,
    locale,
  }: {
    accountId: number;
    contactId: number;
    attributes: Record<string, unknown>;
    name?: string | null | undefined;
    email?: string | null | undefined;
    replacesEmail?: string | null | undefined;
    phone?: string | null | undefined;
    /** The language the widget showed the visitor: the latest wins. */
    locale?: string | null | undefined;
  },
) {
  const removed = Object.keys(attributes).filter((k) => attributes[k] === null);
  const kept = Object.fromEntries(Object.entries(attributes).filter(([, v]) => v !== null));
  await db
    .update(contacts)
    .set({
      attributes: sql`(${contacts.attributes}
        - array(select jsonb_array_elements_text(${JSON.stringify(removed)}::jsonb)))
        || ${JSON.stringify(kept)}::jsonb`,
      name: sql`coalesce(${contacts.name}, ${name ?? null})`,
      email:
        replacesEmail && email
          ? sql`case when lower(${contacts.email}) = ${replacesEmail.toLowerCase()} then ${email}
              else coalesce(${contacts.email}, ${email}) end`
          : sql`coalesce(${contacts.email}, ${email ?? null})`,
      phone: sql`coalesce(${contacts.phone}, ${phone ?? null})`,
      ...(locale ? { locale } : {}),
    })
    .where(and(eq(contacts.accountId, accountId), eq(contacts.id, contactId)));
}

/** The language a conversation's customer reads (contacts.locale), if known. */
export async function contactLocaleOf(
  db: Db,
  { accountId, conversationId }: { accountId: number; conversationId: number },
): Promise<string | null> {
  const [row] = await db
    .select({ locale: contacts.locale })
    .from(conversations)
    .innerJoin(contacts, eq(contacts.id, conversations.contactId))
    .where(and(eq(conversations.accountId, accountId), eq(conversations.id, conversationId)))
    .limit(1);
  return row?.locale ?? null;
}

/** Which of these conversations (each in its own account) are widget chats, by id. */
export async function widgetChatsAmong(
  db: Db,
  refs: readonly { accountId: number; conversationId: number }[],
): Promise<Set<number>> {
  if (refs.length === 0) return new Set();
  const rows = await db
    .select({
      conversationId: widgetConversations.conversationId,
      accountId: widgetConversations.accountId,
    })
    .from(widgetConversations)
    .where(
      sql`${widgetConversations.conversationId} = any(${intArray(refs.map((r) => r.conversationId))})`,
    );
  const accountOf = new Map(refs.map((r) => [r.conversationId, r.accountId]));
  return new Set(
    rows
      .filter((r) => accountOf.get(r.conversationId) === r.accountId)
      .map((r) => r.conversationId),
  );
}

/** The visitors who see a conversation (each browser of a verified customer), for publishing. */
export async function visitorsOfConversation(
  db: Db,
  { accountId, conversationId }: { accountId: number; conversationId: number },
) {
  const [own] = await db
    .select()
    .from(widgetConversations)
    .where(
      and(
        eq(widgetConversations.accountId, accountId),
        eq(widgetConversations.conversationId, conversationId),
      ),
    )
    .limit(1);
  if (!own) return [];
  const key = own.ownerKey;
  const externalId = key.startsWith('id:') ? key.slice(3) : null;
  return db
    .select()
    .from(widgetVisitors)
    .where(
      and(
        eq(widgetVisitors.accountId, accountId),
        eq(widgetVisitors.brandId, own.brandId),
        externalId !== null
          ? and(eq(widgetVisitors.isVerified, true), eq(widgetVisitors.externalId, externalId))
          : eq(widgetVisitors.publicId, key.slice(2)),
      ),
    )
    .orderBy(desc(widgetVisitors.lastSeenAt))
    .limit(20);
}

export async function recordVisitorUpload(
  db: Db,
  { attachmentId, visitorId }: { attachmentId: number; visitorId: number },
) {
  await db.insert(widgetVisitorUploads).values({ attachmentId, visitorId });
}

/** Among `ids`, the visitor's own uploads that no message has claimed yet. */
export async function unclaimedVisitorUploads(
  db: Db,
  { accountId, visitorId, ids }: { accountId: number; visitorId: number; ids: number[] },
) {
  if (ids.length === 0) return [];
  return db
    .select({ id: attachments.id, size: attachments.size })
    .from(widgetVisitorUploads)
    .innerJoin(attachments, eq(attachments.id, widgetVisitorUploads.attachmentId))
    .where(
      and(
        eq(widgetVisitorUploads.visitorId, visitorId),
        eq(attachments.accountId, accountId),
        inArray(attachments.id, ids),
        isNull(attachments.messageId),
        isNull(attachments.fastReplyId),
      ),
    );
}

/** The away notice: a system message (no author) the visitor sees; it is never "sent" anywhere. */
export async function insertSystemMessage(
  db: Db,
  v: { accountId: number; conversationId: number; supportChannelId: number; body: string },
) {
  const [row] = await db
    .insert(messages)
    .values({
      ...v,
      direction: 'outgoing',
      kind: 'message',
      deliveryStatus: 'delivered',
    })
    .returning({ id: messages.id });
  return row!.id;
}

export async function accountOfConversation(db: Db, conversationId: number) {
  const [row] = await db
    .select({ accountId: conversations.accountId })
    .from(conversations)
    .where(eq(conversations.id, conversationId))
    .limit(1);
  return row?.accountId ?? null;
}

export async function setPreview(
  db: Db,
  v: { accountId: number; conversationId: number; preview: string },
) {
  await db
    .update(conversations)
    .set({ lastMessagePreview: v.preview })
    .where(and(eq(conversations.accountId, v.accountId), eq(conversations.id, v.conversationId)));
}
