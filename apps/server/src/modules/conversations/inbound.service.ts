import { and, eq, ne, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { attachments, contactIdentities, contacts, conversations, messages } from '../../db/schema';
import type { Deps } from '../../lib/deps';
import type { InboundFile } from '../attachments/attachments.service';
import { attachmentsPreview, preview } from './conversations.service';

/** How the customer is known on the channel they wrote on. */
export interface InboundIdentity {
  kind:
    'email' | 'phone' | 'facebook_psid' | 'instagram_id' | 'whatsapp' | 'widget_visitor' | 'api';
  value: string;
  name?: string | null | undefined;
  email?: string | null | undefined;
  phone?: string | null | undefined;
}

export interface InboundMessage {
  accountId: number;
  supportChannelId: number;
  brandId: number | null;
  identity: InboundIdentity;
  body: string;
  bodyHtml?: string | null | undefined;
  subject?: string | null | undefined;
  /** The provider's id: unique per channel, so a retried webhook never makes a duplicate. */
  providerMessageId?: string | null | undefined;
  /** When the channel threads explicitly (email References, a given conversation id). */
  conversationId?: number | null | undefined;
  /**
   * Email: a message that is not threaded explicitly starts a new conversation (instead of
   * joining the contact's open one on the channel).
   */
  explicitThreadingOnly?: boolean | undefined;
  /**
   * An automatic message (auto-reply, bounce): stored, but it neither reopens the conversation
   * nor starts the customer's wait, so nothing ever answers it (no reply loops).
   */
  automatic?: boolean | undefined;
  receivedAt?: Date | undefined;
  /** Files already in the store; their rows are written with the message. */
  attachments?: InboundFile[] | undefined;
  /** Runs inside the message's transaction (e.g. the widget records who owns the conversation). */
  inTransaction?: ((tx: Db, stored: Omit<InboundResult, 'duplicate'>) => Promise<void>) | undefined;
}

export interface InboundResult {
  conversationId: number;
  messageId: number;
  contactId: number;
  duplicate: boolean;
}

/** The contact the account knows by this channel identity, or null. */
export async function findContactByIdentity(
  db: Db,
  accountId: number,
  id: Pick<InboundIdentity, 'kind' | 'value'>,
): Promise<number | null> {
  const [known] = await db
    .select({ contactId: contactIdentities.contactId })
    .from(contactIdentities)
    .where(
      and(
        eq(contactIdentities.accountId, accountId),
        eq(contactIdentities.kind, id.kind),
        eq(contactIdentities.value, id.value),
      ),
    )
    .limit(1);
  return known?.contactId ?? null;
}

/**
 * Finds or creates the contact: first by this channel identity; else by the same email or phone
 * in the account (the same person writing on a second channel is merged into one contact).
 */
async function resolveContact(db: Db, accountId: number, channelId: number, id: InboundIdentity) {
  const known = await findContactByIdentity(db, accountId, id);
  if (known !== null) return known;
  const email = id.email?.toLowerCase() ?? (id.kind === 'email' ? id.value.toLowerCase() : null);
  const phone = id.phone ?? (id.kind === 'phone' || id.kind === 'whatsapp' ? id.value : null);
  const digits = phone?.replace(/\D/g, '') ?? '';
  const [same] =
    email || digits.length >= 6
      ? await db
          .select({ id: contacts.id })
          .from(contacts)
          .where(
            and(
              eq(contacts.accountId, accountId),
              sql`(${email ? sql`lower(${contacts.email}) = ${email}` : sql`false`}
                or ${digits.length >= 6 ? sql`regexp_replace(coalesce(${contacts.phone}, ''), '\\D', '', 'g') = ${digits}` : sql`false`})`,
            ),
          )
          .orderBy(contacts.id)
          .limit(1)
      : [];
  const contactId =
    same?.id ??
    (
      await db
        .insert(contacts)
        .values({ accountId, name: id.name ?? null, email, phone })
        .returning({ id: contacts.id })
    )[0]!.id;
  await db
    .insert(contactIdentities)
    .values({ accountId, contactId, kind: id.kind, value: id.value, supportChannelId: channelId })
    .onConflictDoNothing();
  return contactId;
}

/**
 * Stores one customer message: contact, conversation (the open one on this channel, or a new
 * one), message, and the conversation's waiting / unread state — atomically and idempotently.
 */
export async function recordInbound(deps: Deps, m: InboundMessage): Promise<InboundResult> {
  if (m.providerMessageId) {
    const [dup] = await deps.db
      .select({
        id: messages.id,
        conversationId: messages.conversationId,
        contactId: conversations.contactId,
      })
      .from(messages)
      .innerJoin(conversations, eq(conversations.id, messages.conversationId))
      .where(
        and(
          eq(messages.supportChannelId, m.supportChannelId),
          eq(messages.providerMessageId, m.providerMessageId),
        ),
      )
      .limit(1);
    if (dup)
      return {
        conversationId: dup.conversationId,
        messageId: dup.id,
        contactId: dup.contactId,
        duplicate: true,
      };
  }
  const at = m.receivedAt ?? new Date();
  const result = await deps.db.transaction(async (tx) => {
    const contactId = await resolveContact(tx, m.accountId, m.supportChannelId, m.identity);
    let conversationId = m.conversationId ?? null;
    if (conversationId) {
      const [own] = await tx
        .select({ id: conversations.id })
        .from(conversations)
        .where(
          and(
            eq(conversations.id, conversationId),
            eq(conversations.accountId, m.accountId),
            eq(conversations.contactId, contactId),
          ),
        )
        .limit(1);
      conversationId = own?.id ?? null;
    }
    if (!conversationId && !m.explicitThreadingOnly) {
      const [open] = await tx
        .select({ id: conversations.id })
        .from(conversations)
        .where(
          and(
            eq(conversations.accountId, m.accountId),
            eq(conversations.supportChannelId, m.supportChannelId),
            eq(conversations.contactId, contactId),
            ne(conversations.status, 'closed'),
          ),
        )
        .orderBy(sql`${conversations.lastActivityAt} desc`)
        .limit(1);
      conversationId = open?.id ?? null;
    }
    if (!conversationId) {
      const [created] = await tx
        .insert(conversations)
        .values({
          accountId: m.accountId,
          supportChannelId: m.supportChannelId,
          brandId: m.brandId,
          contactId,
          subject: m.subject ?? null,
          createdAt: at,
        })
        .returning({ id: conversations.id });
      conversationId = created!.id;
    }
    const [msg] = await tx
      .insert(messages)
      .values({
        accountId: m.accountId,
        conversationId,
        supportChannelId: m.supportChannelId,
        direction: 'incoming',
        kind: 'message',
        body: m.body,
        bodyHtml: m.bodyHtml ?? null,
        senderContactId: contactId,
        providerMessageId: m.providerMessageId ?? null,
        autoSubmitted: m.automatic ?? false,
        createdAt: at,
      })
      .onConflictDoNothing()
      .returning({ id: messages.id });
    if (!msg) return null; // a concurrent retry of the same provider message won the race
    if (m.attachments?.length) {
      await tx.insert(attachments).values(
        m.attachments.map((f) => ({
          accountId: m.accountId,
          messageId: msg.id,
          fileName: f.fileName,
          contentType: f.contentType,
          size: f.size,
          storageKey: f.key,
          isEmbedded: f.isEmbedded ?? false,
        })),
      );
    }
    // A new customer message reopens a pending or snoozed conversation and starts the wait
    // (an automatic one only shows up in the thread).
    await tx
      .update(conversations)
      .set({
        ...(m.automatic
          ? {}
          : {
              status: 'open' as const,
              snoozedUntil: null,
              waitingSince: sql`coalesce(${conversations.waitingSince}, ${at.toISOString()}::timestamptz)`,
            }),
        lastActivityAt: at,
        lastIncomingAt: at,
        lastMessagePreview: preview(m.body || attachmentsPreview(m.attachments?.length ?? 0)),
      })
      .where(eq(conversations.id, conversationId));
    await m.inTransaction?.(tx, { conversationId, messageId: msg.id, contactId });
    return { conversationId, messageId: msg.id, contactId, duplicate: false };
  });
  if (!result) return recordInbound(deps, m);
  deps.events.emit('message_created', {
    accountId: m.accountId,
    conversationId: result.conversationId,
    messageId: result.messageId,
    isPrivate: false,
  });
  deps.events.emit('conversation_updated', {
    accountId: m.accountId,
    conversationId: result.conversationId,
  });
  return result;
}
