import { and, eq, ne, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { attachments, contactIdentities, contacts, conversations, messages } from '../../db/schema';
import type { Deps } from '../../lib/deps';
import type { InboundFile } from '../attachments/attachments.service';
import { attachmentsPreview, preview } from './conversations.service';
import { recordOnOpenConversationBatched } from './inbound-open-conversation';
import { mergedTarget, openMergeTargetOnChannel } from './merge-split.queries';

/** How the customer is known on the channel they wrote on. */
export interface InboundIdentity {
  kind:
    | 'email'
    // An email sender whose domain's DMARC check failed: never merged with the address's contact.
    | 'email_unverified'
    | 'phone'
    | 'facebook_psid'
    | 'instagram_id'
    | 'whatsapp'
    | 'widget_visitor'
    | 'api';
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
   * The explicit conversation takes the message even when its sender is not the conversation's
   * contact (email: another participant answers in the thread); the message names its sender.
   */
  anySender?: boolean | undefined;
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

/** What the common case needs of a message: not the channel's store (it never makes a conversation). */
export type OpenConversationMessage = Omit<InboundMessage, 'brandId'>;

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
  const at = m.receivedAt ?? new Date();
  const result =
    (await recordOnOpenConversation(deps.db, m, at, undefined, m.brandId)) ??
    (await recordInFull(deps, m, at));
  announce(deps, m, result);
  return result;
}

/**
 * The common case alone (see recordOnOpenConversation), for a route that has not loaded the
 * channel yet: the statement also checks that the channel is the account's and of `channelType`,
 * so the hottest path reads no channel row. Null when the message needs the full path: the
 * caller then loads the channel (answering 404 for another account's) and calls
 * recordInboundInFull.
 */
export async function recordInboundOnOpenConversation(
  deps: Deps,
  m: OpenConversationMessage,
  channelType: string,
): Promise<InboundResult | null> {
  const at = m.receivedAt ?? new Date();
  const result = await recordOnOpenConversation(deps.db, m, at, channelType);
  if (result) announce(deps, m, result);
  return result;
}

/** recordInbound without the common case, after recordInboundOnOpenConversation said null. */
export async function recordInboundInFull(deps: Deps, m: InboundMessage): Promise<InboundResult> {
  const result = await recordInFull(deps, m, m.receivedAt ?? new Date());
  announce(deps, m, result);
  return result;
}

/** A new message's domain events (none for a retried one). */
function announce(deps: Deps, m: OpenConversationMessage, result: InboundResult) {
  if (result.duplicate) return;
  deps.events.emit('message_created', {
    accountId: m.accountId,
    conversationId: result.conversationId,
    messageId: result.messageId,
    isPrivate: false,
    // Files come with the message, or inTransaction claims them (the widget's uploads).
    hasAttachments: Boolean(m.attachments?.length) || m.inTransaction !== undefined,
  });
  deps.events.emit('conversation_updated', {
    accountId: m.accountId,
    conversationId: result.conversationId,
  });
}

/** What a new customer message does to its conversation (see recordInFull). */
function conversationTouch(m: OpenConversationMessage, at: Date) {
  const atSql = sql`${at.toISOString()}::timestamptz`;
  // A new customer message reopens a pending or snoozed conversation and starts the wait
  // (an automatic one only shows up in the thread). inbound-open-conversation.ts does the same
  // for a batch.
  return sql.join(
    [
      ...(m.automatic
        ? []
        : [
            sql`status = 'open'`,
            sql`snoozed_until = null`,
            sql`waiting_since = coalesce(waiting_since, ${atSql})`,
          ]),
      sql`last_activity_at = ${atSql}`,
      sql`last_incoming_at = ${atSql}`,
      sql`last_message_preview = ${messagePreview(m)}`,
    ],
    sql`, `,
  );
}

const messagePreview = (m: OpenConversationMessage) =>
  preview(m.body || attachmentsPreview(m.attachments?.length ?? 0));

/**
 * The common case (the inbound throughput budget, docs/benchmarks.md): a contact the channel knows writes again in
 * their open conversation — one statement, shared with the messages that arrive meanwhile (see
 * inbound-open-conversation.ts). Anything else (a new contact or conversation, explicit
 * threading, files, a hook) answers null and takes the full path. A retried provider message is
 * answered as the duplicate it is.
 */
async function recordOnOpenConversation(
  db: Db,
  m: OpenConversationMessage,
  at: Date,
  channelType?: string,
  /** The new conversation's brand, when the caller has the channel (else the channel's). */
  brandId?: number | null,
): Promise<InboundResult | null> {
  if (m.conversationId || m.explicitThreadingOnly || m.attachments?.length || m.inTransaction)
    return null;
  const row = await recordOnOpenConversationBatched(db, {
    accountId: m.accountId,
    supportChannelId: m.supportChannelId,
    channelType: channelType ?? null,
    identityKind: m.identity.kind,
    identityValue: m.identity.value,
    body: m.body,
    bodyHtml: m.bodyHtml ?? null,
    providerMessageId: m.providerMessageId ?? null,
    automatic: m.automatic ?? false,
    at,
    preview: messagePreview(m),
    newCustomer: newCustomer(m, brandId),
  });
  if (!row.contactId || !row.conversationId) return null;
  if (row.messageId === null) return findDuplicate(db, m); // the provider sent it again
  return {
    conversationId: row.conversationId,
    messageId: row.messageId,
    contactId: row.contactId,
    duplicate: false,
  };
}

/**
 * The contact a new customer's first message makes (see resolveContact), for the batched path.
 * Email identities are left to the full path, whose rules decide which contact an address joins.
 */
function newCustomer(m: OpenConversationMessage, brandId: number | null | undefined) {
  const id = m.identity;
  if (id.kind === 'email' || id.kind.startsWith('email')) return null;
  return {
    name: id.name ?? null,
    email: id.email?.toLowerCase() ?? null,
    phone: id.phone ?? (id.kind === 'phone' || id.kind === 'whatsapp' ? id.value : null),
    subject: m.subject ?? null,
    brandId,
  };
}

/** The message already stored under this provider id on this channel, if any. */
async function findDuplicate(db: Db, m: OpenConversationMessage): Promise<InboundResult | null> {
  if (!m.providerMessageId) return null;
  const [dup] = await db
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
  return dup
    ? {
        conversationId: dup.conversationId,
        messageId: dup.id,
        contactId: dup.contactId,
        duplicate: true,
      }
    : null;
}

/**
 * The full path: contact (found or created, merged by email / phone), conversation (given, the
 * open one on this channel, the open one the contact's latest conversation on this channel was
 * merged into, or a new one), message and files, in one transaction.
 */
async function recordInFull(deps: Deps, m: InboundMessage, at: Date): Promise<InboundResult> {
  const known = await findDuplicate(deps.db, m);
  if (known) return known;
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
            m.anySender ? undefined : eq(conversations.contactId, contactId),
          ),
        )
        .limit(1);
      conversationId = own
        ? await mergedTarget(tx, { accountId: m.accountId, conversationId: own.id })
        : null;
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
      // None open on the channel: the contact's latest one there may have been merged into a
      // conversation still open on another channel, which takes the message.
      conversationId =
        open?.id ??
        (await openMergeTargetOnChannel(tx, {
          accountId: m.accountId,
          supportChannelId: m.supportChannelId,
          contactId,
        }));
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
    await tx.execute(
      sql`update conversations set ${conversationTouch(m, at)} where id = ${conversationId}`,
    );
    await m.inTransaction?.(tx, { conversationId, messageId: msg.id, contactId });
    return { conversationId, messageId: msg.id, contactId, duplicate: false };
  });
  // A concurrent retry of the same provider message won the race: answer what it stored.
  return result ?? (await findDuplicate(deps.db, m)) ?? recordInFull(deps, m, at);
}
