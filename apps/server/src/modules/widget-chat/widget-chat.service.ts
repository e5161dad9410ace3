import crypto from 'node:crypto';
import { z } from 'zod';
import {
  ATTACHMENT_TOTAL_LIMIT_BYTES,
  MAX_ATTACHMENTS_PER_MESSAGE,
  WIDGET_EVENTS,
  widgetVisitorChannel,
  type PreChatFieldKey,
  type UiLocale,
  type WidgetChatSettings,
  type WidgetConversation,
  type WidgetMessage,
  type WidgetSession,
  type widgetAttributesBody,
  type widgetIdentifyBody,
  type widgetMessagesQuery,
  type widgetPostMessageBody,
  type widgetSessionBody,
  type widgetStartConversationBody,
} from '@parley/contracts';
import type { Db } from '../../db/client';
import { hashToken, randomToken, safeEqual } from '../../lib/crypto';
import type { Deps } from '../../lib/deps';
import { apiText, badRequest, conflict, forbidden, notFound, type ApiText } from '../../lib/errors';
import { chooseLocale, serverI18n } from '../../lib/i18n';
import type { VisitorContext } from '../../lib/http-types';
import type { Realtime } from '../../realtime/realtime';
import {
  claimForMessage,
  recordUpload,
  tooLarge,
  type StoredUpload,
} from '../attachments/attachments.service';
import { attachmentsPreview, preview } from '../conversations/conversations.service';
import { findContactByIdentity, recordInbound } from '../conversations/inbound.service';
import {
  rateClosedConversation,
  transcriptUrl,
} from '../conversation-feedback/conversation-feedback.service';
import { sendConversationMail } from '../email-channel/email-channel.public';
import { chatOf } from '../widgets/widgets.service';
import { isOpenAt } from './business-hours';
import { findVisitorByToken, widgetUnavailable } from './widget-chat.auth';
import {
  toWidgetAgent,
  toWidgetMessages,
  widgetConversations,
  widgetMessagesByIds,
} from './widget-chat.present';
import {
  addIdentity,
  findLiveChatChannel,
  findOwnedConversation,
  findStore,
  findStoreByShop,
  findVisitor,
  headerAgents,
  identityValueOf,
  claimOwnership,
  insertOwnership,
  insertSystemMessage,
  insertVisitor,
  liveChatChannelFor,
  markAgentRepliesRead,
  moveConversationsToContact,
  ownConversationIds,
  ownerKeyOf,
  recordVisitorUpload,
  rekeyConversations,
  setPreview,
  unclaimedVisitorUploads,
  updateContactFromVisitor,
  updateVisitor,
  visibleMessagesPage,
  visitorsOfConversation,
  type VisitorRow,
} from './widget-chat.queries';
import { publishToVisitors, publishVisitorTyping } from './widget-chat.realtime';

/** A visitor keeps at most this many custom attributes. */
const MAX_ATTRIBUTES = 100;
/** Unverified details are shown to agents as attributes, never merged into a contact's fields. */
const UNVERIFIED_EMAIL = 'Email (unverified)';
const UNVERIFIED_PHONE = 'Phone (unverified)';

const toVisitor = (v: VisitorRow) => ({
  public_id: v.publicId,
  name: v.name,
  email: v.email,
  is_verified: v.isVerified,
});

async function loadVisitor(deps: Deps, ctx: VisitorContext) {
  const visitor = await findVisitor(deps.db, { accountId: ctx.accountId, id: ctx.id });
  if (!visitor) throw notFound('Your chat session was not found.');
  return visitor;
}

async function loadStore(deps: Deps, visitor: Pick<VisitorRow, 'accountId' | 'brandId'>) {
  const store = await findStore(deps.db, visitor);
  if (!store?.widget?.isEnabled) throw widgetUnavailable();
  return { brand: store.brand, widget: store.widget, chat: chatOf(store.widget.chat) };
}

/** The language the widget shows the visitor: the store's choice, else their browser's (docs/i18n.md). */
function widgetLocale(chat: WidgetChatSettings, languages: string[]): UiLocale {
  return chooseLocale(chat.locale, languages);
}

async function ownConversation(deps: Deps, visitor: VisitorRow, conversationId: number) {
  const conversation = await findOwnedConversation(deps.db, visitor, conversationId);
  // Another visitor's (or account's) conversation is answered as if it did not exist.
  if (!conversation) throw notFound('That conversation was not found.');
  return conversation;
}

/** POST /widgetapi/sessions: resume the visitor of a valid token, or start a new one. */
export async function startSession(
  deps: Deps,
  realtime: Realtime,
  body: z.infer<typeof widgetSessionBody>,
): Promise<WidgetSession> {
  const store = await findStoreByShop(deps.db, body.myshopify_domain.toLowerCase());
  if (!store?.widget?.isEnabled) throw widgetUnavailable();
  const given = body.visitor_token ? await findVisitorByToken(deps.db, body.visitor_token) : null;
  let token = body.visitor_token ?? '';
  let visitor = given?.visitor.brandId === store.brand.id ? given.visitor : null;
  if (!visitor) {
    // A token from another store (or none, or a stale one) starts a new visitor.
    token = randomToken(16);
    visitor = await insertVisitor(deps.db, {
      accountId: store.brand.accountId,
      brandId: store.brand.id,
      publicId: crypto.randomBytes(16).toString('hex'),
      tokenHash: hashToken(token),
    });
  } else {
    visitor = await updateVisitor(deps.db, visitor, { lastSeenAt: new Date() });
  }
  const chat = chatOf(store.widget.chat);
  const agents = await headerAgents(deps.db, visitor.accountId);
  const ids = await ownConversationIds(deps.db, visitor);
  const { key, wsHost, wsPort, forceTLS } = realtime.clientConfig;
  return {
    visitor_token: token,
    visitor: toVisitor(visitor),
    brand_name: store.brand.name,
    chat,
    is_open_now: isOpenAt(chat),
    agents: agents.flatMap((a) => toWidgetAgent(a) ?? []),
    conversations: await widgetConversations(deps, visitor.accountId, ids),
    realtime: { key, wsHost, wsPort, forceTLS, channel: widgetVisitorChannel(visitor.publicId) },
  };
}

/** Details agents see on the contact: attributes, plus unverified email / phone as attributes. */
function contactAttributesOf(v: VisitorRow): Record<string, unknown> {
  return {
    ...v.attributes,
    ...(!v.isVerified && v.email ? { [UNVERIFIED_EMAIL]: v.email } : {}),
    ...(!v.isVerified && v.phone ? { [UNVERIFIED_PHONE]: v.phone } : {}),
  };
}

/**
 * `typedEmail`: the unverified email the visitor gave before identify() verified them — the
 * store's verified email replaces it on the contact (it was only ever the visitor's word).
 */
async function syncContact(
  db: Db,
  v: VisitorRow,
  removed: string[] = [],
  typedEmail: string | null = null,
  locale: UiLocale | null = null,
) {
  if (!v.contactId) return;
  await updateContactFromVisitor(db, {
    accountId: v.accountId,
    contactId: v.contactId,
    locale,
    replacesEmail: v.isVerified ? typedEmail : null,
    attributes: { ...Object.fromEntries(removed.map((k) => [k, null])), ...contactAttributesOf(v) },
    name: v.name,
    // The email the visitor gave (pre-chat form, identify()) fills the contact's email only while
    // it has none — so agents can search by it and CSAT / transcript mail reach the visitor — and
    // never replaces one already there. It still never matches the visitor to another contact
    // (fileVisitorMessage), and stays marked "(unverified)" in the attributes.
    email: v.email,
    // Only a verified identity may fill the contact's own phone.
    phone: v.isVerified ? v.phone : null,
  });
}

/** hex HMAC-SHA256(secret, id), compared in constant time. */
export function identityHash(secret: string, id: string) {
  return crypto.createHmac('sha256', secret).update(id).digest('hex');
}

/**
 * identify(): with a hash that matches the widget's identity secret, the visitor becomes that
 * customer — linked to the contact identity `widget_visitor` = `{brand}:{id}`, so their history
 * follows them to any browser. Without a hash, name / email / phone are stored as unverified.
 */
export async function identify(
  deps: Deps,
  ctx: VisitorContext,
  body: z.infer<typeof widgetIdentifyBody>,
) {
  let visitor = await loadVisitor(deps, ctx);
  const { widget } = await loadStore(deps, visitor);
  if (!body.hash) {
    if (!visitor.isVerified) {
      visitor = await updateVisitor(deps.db, visitor, {
        name: body.name ?? visitor.name,
        email: body.email?.toLowerCase() ?? visitor.email,
        phone: body.phone ?? visitor.phone,
      });
      await syncContact(deps.db, visitor);
    }
    return { visitor: toVisitor(visitor) };
  }
  const secret = widget.identitySecretEncrypted
    ? deps.secrets.open(widget.identitySecretEncrypted)
    : null;
  if (!secret || !safeEqual(identityHash(secret, body.id), body.hash.toLowerCase()))
    throw forbidden(
      'We could not confirm who you are, so this chat stays anonymous. Please reload the page.',
    );

  const wasVerified = visitor.isVerified;
  const sameCustomer = wasVerified && visitor.externalId === body.id;
  const previousKey = ownerKeyOf(visitor);
  const previousContact = visitor.contactId;
  const typedEmail = wasVerified ? null : visitor.email;
  const verified = { ...visitor, isVerified: true, externalId: body.id };
  const identity = identityValueOf(verified);

  visitor = await deps.db.transaction(async (tx) => {
    // An anonymous visitor's chats follow them once signed in; another customer's never do.
    const moved = wasVerified
      ? []
      : await rekeyConversations(tx, { ...visitor!, from: previousKey, to: ownerKeyOf(verified) });
    let contactId = await findContactByIdentity(tx, visitor!.accountId, {
      kind: 'widget_visitor',
      value: identity,
    });
    if (contactId === null && !wasVerified && previousContact !== null) {
      const channel = await findLiveChatChannel(tx, visitor!);
      await addIdentity(tx, {
        accountId: visitor!.accountId,
        contactId: previousContact,
        value: identity,
        supportChannelId: channel?.id ?? null,
      });
      contactId = previousContact;
    } else if (contactId !== null && moved.length > 0 && contactId !== previousContact) {
      await moveConversationsToContact(tx, {
        accountId: visitor!.accountId,
        ids: moved,
        contactId,
      });
    }
    return updateVisitor(tx, visitor!, {
      isVerified: true,
      externalId: body.id,
      contactId: sameCustomer ? (contactId ?? previousContact) : contactId,
      name: body.name ?? (sameCustomer || !wasVerified ? visitor!.name : null),
      email: body.email?.toLowerCase() ?? (sameCustomer || !wasVerified ? visitor!.email : null),
      phone: body.phone ?? (sameCustomer || !wasVerified ? visitor!.phone : null),
    });
  });
  // Unverified copies leave the contact now that the details are the store's.
  await syncContact(deps.db, visitor, [UNVERIFIED_EMAIL, UNVERIFIED_PHONE], typedEmail);
  return { visitor: toVisitor(visitor) };
}

/** setAttributes(): merged into the visitor's (null removes one), and shown on their contact. */
export async function setAttributes(
  deps: Deps,
  ctx: VisitorContext,
  body: z.infer<typeof widgetAttributesBody>,
) {
  const visitor = await loadVisitor(deps, ctx);
  const merged: Record<string, unknown> = { ...visitor.attributes };
  const removed: string[] = [];
  for (const [key, value] of Object.entries(body.attributes)) {
    if (value === null) {
      delete merged[key];
      removed.push(key);
    } else merged[key] = value;
  }
  if (Object.keys(merged).length > MAX_ATTRIBUTES)
    throw badRequest(`A visitor can have at most ${MAX_ATTRIBUTES} attributes.`, {
      attributes: 'Too many attributes.',
    });
  const saved = await updateVisitor(deps.db, visitor, { attributes: merged });
  await syncContact(deps.db, saved, removed);
  return { attributes: saved.attributes as Record<string, string | number | boolean> };
}

export async function listConversations(deps: Deps, ctx: VisitorContext) {
  const visitor = await loadVisitor(deps, ctx);
  const ids = await ownConversationIds(deps.db, visitor);
  return { conversations: await widgetConversations(deps, visitor.accountId, ids) };
}

/** What a required pre-chat field left empty asks for, as whole sentences to translate. */
const FILL_IN: Record<PreChatFieldKey, ApiText> = {
  name: apiText('Please fill in your name.'),
  email: apiText('Please fill in your email.'),
  phone: apiText('Please fill in your phone number.'),
  order_number: apiText('Please fill in your order number.'),
  message: apiText('Please fill in your message.'),
};

/** The pre-chat answers checked against the widget's form: only its fields, required ones given. */
export function checkPreChat(
  chat: WidgetChatSettings,
  answers: Record<string, string>,
  known: Partial<Record<string, string | null>> = {},
) {
  const clean = Object.fromEntries(Object.entries(answers).map(([k, v]) => [k, v.trim()] as const));
  if (!chat.pre_chat.enabled) return {};
  const fields = new Map(chat.pre_chat.fields.map((f) => [f.key as string, f]));
  for (const key of Object.keys(clean)) {
    if (!fields.has(key))
      throw badRequest(apiText('The chat form has no "{key}" question.', { key }), {
        [`pre_chat.${key}`]: 'Not a question of this form.',
      });
  }
  for (const field of fields.values()) {
    // The first message is the form's `message`; what the visitor told us before still counts.
    if (field.required && field.key !== 'message' && !clean[field.key] && !known[field.key])
      throw badRequest(FILL_IN[field.key], {
        [`pre_chat.${field.key}`]: 'Required.',
      });
  }
  if (clean.email && !z.email().safeParse(clean.email).success)
    throw badRequest('Please enter a valid email address, like name@example.com.', {
      'pre_chat.email': 'Not an email address.',
    });
  return clean;
}

async function checkUploads(deps: Deps, visitor: VisitorRow, ids: number[]) {
  const unique = [...new Set(ids)];
  if (unique.length > MAX_ATTACHMENTS_PER_MESSAGE)
    throw badRequest(apiText('Attach at most {max} files.', { max: MAX_ATTACHMENTS_PER_MESSAGE }));
  const rows = await unclaimedVisitorUploads(deps.db, {
    accountId: visitor.accountId,
    visitorId: visitor.id,
    ids: unique,
  });
  if (rows.length !== unique.length)
    throw badRequest(
      'One of the files was not found or was already sent. Please attach it again.',
      {
        attachment_ids: 'Unknown or already used attachment.',
      },
    );
  if (rows.reduce((sum, r) => sum + r.size, 0) > ATTACHMENT_TOTAL_LIMIT_BYTES) throw tooLarge();
  return unique;
}

/**
 * Files the visitor's message through recordInbound on the store's live_chat channel (created on
 * first use), as the visitor's contact identity. New conversations record who owns them.
 */
async function fileVisitorMessage(
  deps: Deps,
  visitor: VisitorRow,
  brandName: string,
  m: { body: string; attachmentIds: number[]; conversationId?: number; locale: UiLocale },
) {
  const channel = await liveChatChannelFor(deps.db, { ...visitor, brandName });
  const result = await recordInbound(deps, {
    accountId: visitor.accountId,
    supportChannelId: channel.id,
    brandId: visitor.brandId,
    identity: {
      kind: 'widget_visitor',
      value: identityValueOf(visitor),
      name: visitor.name,
      // Unverified email / phone never reach contact matching (they could merge into a stranger).
      email: visitor.isVerified ? visitor.email : null,
      phone: visitor.isVerified ? visitor.phone : null,
    },
    body: m.body,
    conversationId: m.conversationId,
    // "New conversation" in the widget: never joins the contact's open one.
    explicitThreadingOnly: true,
    async inTransaction(tx, stored) {
      const ownership = {
        accountId: visitor.accountId,
        brandId: visitor.brandId,
        conversationId: stored.conversationId,
        visitorId: visitor.id,
        ownerKey: ownerKeyOf(visitor),
      };
      if (m.conversationId === undefined) await insertOwnership(tx, ownership);
      else if (stored.conversationId !== m.conversationId) {
        // The chat was merged into another conversation: it goes on there, in the widget too,
        // unless that conversation is another visitor's chat (then nothing is stored).
        if (!(await claimOwnership(tx, ownership)))
          throw conflict(
            'This conversation was merged into another one. Start a new conversation to write to us.',
          );
      }
      await claimForMessage(tx, {
        accountId: visitor.accountId,
        ids: m.attachmentIds,
        messageId: stored.messageId,
      });
      // Only files: the list shows how many, as for agents' replies.
      if (!m.body && m.attachmentIds.length > 0)
        await setPreview(tx, {
          accountId: visitor.accountId,
          conversationId: stored.conversationId,
          preview: preview(attachmentsPreview(m.attachmentIds.length)),
        });
    },
  });
  if (visitor.contactId !== result.contactId) {
    visitor = await updateVisitor(deps.db, visitor, { contactId: result.contactId });
  }
  // Mails to the visitor later (rating, transcript, replies by email) speak the widget's language.
  await syncContact(deps.db, visitor, [], null, m.locale);
  return { ...result, channel, visitor };
}

/** POST /widgetapi/conversations: the pre-chat answers, then the first message. */
export async function startConversation(
  deps: Deps,
  ctx: VisitorContext,
  body: z.infer<typeof widgetStartConversationBody>,
  /** The visitor's browser languages (Accept-Language), best first. */
  languages: string[] = [],
): Promise<{ conversation: WidgetConversation; messages: WidgetMessage[] }> {
  let visitor = await loadVisitor(deps, ctx);
  const { brand, chat } = await loadStore(deps, visitor);
  const answers = checkPreChat(chat, body.pre_chat, {
    name: visitor.name,
    email: visitor.email,
    phone: visitor.phone,
    order_number:
      typeof visitor.attributes.order_number === 'string' ? visitor.attributes.order_number : null,
  });
  const attachmentIds = await checkUploads(deps, visitor, body.attachment_ids);
  // What the visitor typed in the form; a verified customer's details are the store's.
  visitor = await updateVisitor(deps.db, visitor, {
    name: visitor.isVerified ? (visitor.name ?? answers.name) : (answers.name ?? visitor.name),
    email: visitor.isVerified
      ? (visitor.email ?? answers.email?.toLowerCase())
      : (answers.email?.toLowerCase() ?? visitor.email),
    phone: visitor.isVerified ? (visitor.phone ?? answers.phone) : (answers.phone ?? visitor.phone),
    ...(answers.order_number
      ? { attributes: { ...visitor.attributes, order_number: answers.order_number } }
      : {}),
  });
  const filed = await fileVisitorMessage(deps, visitor, brand.name, {
    body: body.body,
    attachmentIds,
    locale: widgetLocale(chat, languages),
  });
  const ids = [filed.messageId];
  if (!isOpenAt(chat)) {
    // Outside business hours: the away notice, as a system message in the thread.
    const awayId = await insertSystemMessage(deps.db, {
      accountId: visitor.accountId,
      conversationId: filed.conversationId,
      supportChannelId: filed.channel.id,
      body: chat.away_message,
    });
    ids.push(awayId);
    deps.events.emit('message_created', {
      accountId: visitor.accountId,
      conversationId: filed.conversationId,
      messageId: awayId,
      isPrivate: false,
    });
  }
  const messages = await widgetMessagesByIds(deps, visitor.accountId, ids);
  await tellOtherTabs(deps, visitor.accountId, filed.conversationId, messages);
  const [conversation] = await widgetConversations(deps, visitor.accountId, [filed.conversationId]);
  return { conversation: conversation!, messages };
}

/** The visitor's own messages reach their other tabs and browsers too. */
async function tellOtherTabs(
  deps: Deps,
  accountId: number,
  conversationId: number,
  messages: WidgetMessage[],
) {
  const visitors = await visitorsOfConversation(deps.db, { accountId, conversationId });
  for (const message of messages)
    await publishToVisitors(deps, visitors, WIDGET_EVENTS.message, { message });
}

export async function listMessages(
  deps: Deps,
  ctx: VisitorContext,
  conversationId: number,
  query: z.infer<typeof widgetMessagesQuery>,
) {
  const visitor = await loadVisitor(deps, ctx);
  await ownConversation(deps, visitor, conversationId);
  const page = await visibleMessagesPage(deps.db, {
    accountId: visitor.accountId,
    conversationId,
    before: query.before,
    limit: query.limit,
  });
  return {
    messages: await toWidgetMessages(deps, visitor.accountId, page.rows),
    has_more: page.hasMore,
  };
}

export async function postVisitorMessage(
  deps: Deps,
  ctx: VisitorContext,
  conversationId: number,
  body: z.infer<typeof widgetPostMessageBody>,
  languages: string[] = [],
) {
  const visitor = await loadVisitor(deps, ctx);
  const { brand, chat } = await loadStore(deps, visitor);
  await ownConversation(deps, visitor, conversationId);
  if (!body.body && body.attachment_ids.length === 0)
    throw badRequest('Write a message or attach a file.', { body: 'Empty message.' });
  const attachmentIds = await checkUploads(deps, visitor, body.attachment_ids);
  const filed = await fileVisitorMessage(deps, visitor, brand.name, {
    body: body.body,
    attachmentIds,
    conversationId,
    locale: widgetLocale(chat, languages),
  });
  const [message] = await widgetMessagesByIds(deps, visitor.accountId, [filed.messageId]);
  await tellOtherTabs(deps, visitor.accountId, conversationId, [message!]);
  return { message: message! };
}

/** Read receipts: the agents' replies up to the given one become 'read' (agents see it live). */
export async function markRead(
  deps: Deps,
  ctx: VisitorContext,
  conversationId: number,
  lastReadMessageId: number,
) {
  const visitor = await loadVisitor(deps, ctx);
  await ownConversation(deps, visitor, conversationId);
  const changed = await markAgentRepliesRead(deps.db, {
    accountId: visitor.accountId,
    conversationId,
    upTo: lastReadMessageId,
  });
  if (changed.length === 0) return;
  for (const messageId of changed)
    deps.events.emit('message_updated', {
      accountId: visitor.accountId,
      conversationId,
      messageId,
    });
  const visitors = await visitorsOfConversation(deps.db, {
    accountId: visitor.accountId,
    conversationId,
  });
  for (const message of await widgetMessagesByIds(deps, visitor.accountId, changed))
    await publishToVisitors(deps, visitors, WIDGET_EVENTS.messageUpdated, { message });
  deps.events.emit('conversation_updated', { accountId: visitor.accountId, conversationId });
}

export async function visitorTyping(
  deps: Deps,
  ctx: VisitorContext,
  conversationId: number,
  typing: boolean,
) {
  const visitor = await loadVisitor(deps, ctx);
  await ownConversation(deps, visitor, conversationId);
  await publishVisitorTyping(deps, conversationId, typing);
}

/**
 * The widget's rating prompt: the visitor rates their own closed conversation (the /feedback
 * page's rule); answers the conversation as the widget lists it, its rating filled.
 */
export async function rateConversation(
  deps: Deps,
  ctx: VisitorContext,
  conversationId: number,
  body: { rating: number; comment?: string | undefined },
) {
  const visitor = await loadVisitor(deps, ctx);
  const conversation = await ownConversation(deps, visitor, conversationId);
  await rateClosedConversation(deps, conversation, body);
  const [rated] = await widgetConversations(deps, visitor.accountId, [conversationId]);
  return { conversation: rated! };
}

/** A visitor's upload: the agents' limits and refusals (attachments service), owned by the visitor. */
export async function uploadAttachment(deps: Deps, ctx: VisitorContext, upload: StoredUpload) {
  const attachment = await recordUpload(deps, { accountId: ctx.accountId, userId: null }, upload);
  await recordVisitorUpload(deps.db, { attachmentId: attachment.id, visitorId: ctx.id });
  const { id, file_name, content_type, size, url } = attachment;
  return { id, file_name, content_type, size, url };
}

/** Emails the visitor a signed link to the conversation's transcript. */
export async function sendTranscript(
  deps: Deps,
  ctx: VisitorContext,
  conversationId: number,
  email: string | undefined,
  languages: string[] = [],
) {
  const visitor = await loadVisitor(deps, ctx);
  const { brand, chat } = await loadStore(deps, visitor);
  await ownConversation(deps, visitor, conversationId);
  const to = email?.toLowerCase() ?? visitor.email;
  if (!to)
    throw badRequest('Tell us the email address to send the transcript to.', {
      email: 'Required.',
    });
  const i18n = serverI18n(widgetLocale(chat, languages));
  const brandName = brand.name;
  await sendConversationMail(
    deps,
    { accountId: visitor.accountId, conversationId, fromName: brandName },
    {
      to,
      subject: i18n._('Your conversation with {brandName}', { brandName }),
      text: [
        i18n._('Here is your conversation with {brandName}:', { brandName }),
        '',
        transcriptUrl(deps, visitor.accountId, conversationId),
        '',
        i18n._('The link works for 30 days.'),
      ].join('\n'),
    },
  );
  return { sent_to: to };
}
