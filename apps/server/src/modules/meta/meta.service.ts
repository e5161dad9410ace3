import {
  ATTACHMENT_TOTAL_LIMIT_BYTES,
  type ConnectionTestResult,
  type MetaChannelCreateBody,
  type MetaChannelType,
} from '@parley/contracts';
import {
  removeInboundFiles,
  storeInboundFiles,
  type InboundFile,
} from '../attachments/attachments.service';
import { safeEqual } from '../../lib/crypto';
import type { Deps } from '../../lib/deps';
import { AppError, apiText, badRequest, conflict, englishOf } from '../../lib/errors';
import { enqueueJob, RetryableError, type JobHandler } from '../../lib/jobs';
import { safeGet } from '../../lib/safe-fetch';
import {
  advanceDeliveryStatus,
  arr,
  obj,
  str,
  type ChannelDescription,
  type ChannelRow,
  type Obj,
} from '../channels/channels.public';
import {
  assertOwnBrand,
  createProviderChannel,
  findByProviderId,
  findChannelForCallback,
  findOutgoingMessage,
  saveProviderCredentials,
} from '../channels/channels.service';
import { recordProviderInbound } from '../channels/provider-inbound.public';
import { findContactByIdentity, type InboundIdentity } from '../conversations/inbound.service';
import { queueWhatsappCloudEntries } from '../whatsapp-cloud/whatsapp-cloud.service';
import { fetchSenderName, inspectPageToken } from './graph-api';
import { isValidMetaSignature } from './meta-signature';
import { META_WEBHOOK_PATH, receivedAt } from './meta.public';
import { recordReaction } from './reactions';
import {
  channelsConnectedTo,
  findChannelByMetaId,
  findCommentThread,
  insertCommentThread,
  insertEchoMessage,
  openDirectConversation,
  outgoingUpTo,
} from './meta.queries';

export const META_EVENT_JOB = 'meta_event';

/** Our replies carry this in Messenger's `metadata`; its echo comes back with it. */
export const ECHO_METADATA_PREFIX = 'parley:';

export const isMetaChannelType = (type: string): type is MetaChannelType =>
  type === 'facebook' || type === 'instagram' || type === 'instagram_dm';

export interface MetaSettings {
  page_id: string;
  page_name: string;
  instagram_account_id: string | null;
}

export const metaSettingsOf = (channel: ChannelRow): MetaSettings => ({
  page_id: String(channel.settings.page_id ?? ''),
  page_name: String(channel.settings.page_name ?? ''),
  instagram_account_id:
    typeof channel.settings.instagram_account_id === 'string'
      ? channel.settings.instagram_account_id
      : null,
});

export function pageTokenOf(deps: Deps, channel: ChannelRow): string {
  return deps.secrets.openJson<{ page_access_token: string }>(channel.secretsEncrypted)
    .page_access_token;
}

/** Which id in the settings routes a webhook entry to a channel of this type. */
const routingKeyOf = (type: MetaChannelType) =>
  type === 'facebook' ? ('page_id' as const) : ('instagram_account_id' as const);

/** Meta's reaction names, for an event that names no emoji. */
const REACTION_EMOJI: Record<string, string> = {
  like: '👍',
  dislike: '👎',
  love: '❤️',
  smile: '😆',
  wow: '😮',
  sad: '😢',
  angry: '😠',
};

/** The contact identity each channel type knows people by. */
const identityKindOf = (type: string): InboundIdentity['kind'] =>
  type === 'facebook' ? 'facebook_psid' : 'instagram_id';

const WEBHOOK_FIELDS: Record<MetaChannelType, string> = {
  facebook:
    'Page: messages, messaging_postbacks, message_echoes, message_deliveries, message_reads, message_reactions, feed',
  instagram_dm: 'Instagram: messages, messaging_postbacks, message_reactions',
  instagram: 'Instagram: comments',
};

function describeMeta(deps: Deps, type: MetaChannelType, s: MetaSettings) {
  return {
    details:
      type === 'facebook'
        ? `Facebook page "${s.page_name}" (${s.page_id})`
        : `Instagram account ${s.instagram_account_id ?? '?'} of the page "${s.page_name}"`,
    callbackUrls: [
      {
        label: `Callback URL of the Meta app's webhooks (verify token: META_VERIFY_TOKEN; fields ${WEBHOOK_FIELDS[type]})`,
        url: `${deps.config.publicUrl}${META_WEBHOOK_PATH}`,
      },
    ],
  };
}

export const describeMetaChannel = (deps: Deps, channel: ChannelRow): ChannelDescription =>
  describeMeta(deps, channel.type as MetaChannelType, metaSettingsOf(channel));

/** The page (and Instagram account) of a token, or 400 with Meta's refusal in words. */
async function inspectForType(deps: Deps, type: MetaChannelType, token: string) {
  const inspected = await inspectPageToken(deps.config, token);
  if (!inspected.ok)
    throw badRequest(inspected.message, [
      { path: 'page_access_token', message: inspected.message },
    ]);
  const { page } = inspected;
  if (type !== 'facebook' && !page.instagramAccountId) {
    const message = apiText(
      'The page "{pageName}" has no Instagram professional account linked. Link one in the page\'s settings on Facebook first.',
      { pageName: page.pageName },
    );
    throw badRequest(message, [{ path: 'page_access_token', message }]);
  }
  return page;
}

/**
 * Connects a page (Messenger and comments) or its Instagram account (comments or DMs) with a
 * Page access token, checked with Meta and sealed at rest. A page routes webhook events, so it
 * belongs to one workspace only.
 */
export async function createMetaChannel(
  deps: Deps,
  accountId: number,
  body: MetaChannelCreateBody,
) {
  await assertOwnBrand(deps.db, accountId, body.brand_id);
  const page = await inspectForType(deps, body.type, body.page_access_token);
  const settingKey = routingKeyOf(body.type);
  const routingId = settingKey === 'page_id' ? page.pageId : page.instagramAccountId!;
  const existing = await channelsConnectedTo(deps.db, {
    type: body.type,
    settingKey,
    id: routingId,
  });
  if (existing.some((c) => c.accountId === accountId))
    throw conflict(
      apiText(
        '"{pageName}" is already connected as a {type} channel here; reconnect that channel instead.',
        { pageName: page.pageName, type: body.type },
      ),
    );
  if (existing.length > 0)
    throw conflict(
      apiText('"{pageName}" is already connected to another workspace.', {
        pageName: page.pageName,
      }),
    );
  const settings: MetaSettings = {
    page_id: page.pageId,
    page_name: page.pageName,
    instagram_account_id: page.instagramAccountId,
  };
  return createProviderChannel(
    deps,
    accountId,
    body,
    { type: body.type, settings, secrets: { page_access_token: body.page_access_token } },
    () => describeMeta(deps, body.type, settings).callbackUrls,
  );
}

/**
 * Reconnect (docs/product/screens.md /settings/supportchannels/addchannel/fb): a new token of the same
 * page replaces the old one and clears needs_reauthorization. The caller's ownership of the
 * channel is checked before (findOwnChannel).
 */
export async function reconnectMetaChannel(deps: Deps, channel: ChannelRow, token: string) {
  const type = channel.type as MetaChannelType;
  const current = metaSettingsOf(channel);
  const page = await inspectForType(deps, type, token);
  if (page.pageId !== current.page_id) {
    const message = apiText(
      'This token is for the page "{pageName}" ({pageId}), not "{currentPageName}" ({currentPageId}). Paste a token of that page.',
      {
        pageName: page.pageName,
        pageId: page.pageId,
        currentPageName: current.page_name,
        currentPageId: current.page_id,
      },
    );
    throw badRequest(message, [{ path: 'page_access_token', message }]);
  }
  if (type !== 'facebook' && page.instagramAccountId !== current.instagram_account_id) {
    const message = apiText(
      "The page's Instagram account is now {instagramAccountId}, not {currentInstagramAccountId}. Add it as a new channel instead.",
      {
        instagramAccountId: String(page.instagramAccountId),
        currentInstagramAccountId: String(current.instagram_account_id),
      },
    );
    throw badRequest(message, [{ path: 'page_access_token', message }]);
  }
  await saveProviderCredentials(deps, channel, {
    settings: { page_name: page.pageName },
    secrets: { page_access_token: token },
  });
}

/** "Test connection" of a token (before saving) or a saved channel's token. */
export async function testMetaToken(
  deps: Deps,
  type: MetaChannelType,
  token: string,
): Promise<ConnectionTestResult> {
  const inspected = await inspectPageToken(deps.config, token);
  if (!inspected.ok) return { ok: false, message: englishOf(inspected.message) };
  const { page } = inspected;
  if (type === 'facebook')
    return { ok: true, message: `Connected to the Facebook page "${page.pageName}".` };
  if (!page.instagramAccountId)
    return {
      ok: false,
      message: `The page "${page.pageName}" has no Instagram professional account linked.`,
    };
  return {
    ok: true,
    message: `Connected to the Instagram account ${page.instagramAccountId} of the page "${page.pageName}".`,
  };
}

/** GET verification: Meta's hub.challenge is echoed only for our verify token. */
export function verifyMetaSubscription(
  deps: Deps,
  q: { mode: string | undefined; token: string | undefined; challenge: string | undefined },
): string {
  const expected = deps.config.meta.verifyToken;
  if (
    !expected ||
    q.mode !== 'subscribe' ||
    !q.token ||
    !safeEqual(q.token, expected) ||
    !q.challenge
  )
    throw new AppError(403, 'forbidden', 'The verify token does not match META_VERIFY_TOKEN.');
  return q.challenge;
}

/**
 * POST: the signature over the raw bytes must be the app secret's (401 when missing, 403 when
 * wrong, nothing stored either way). Each entry is routed to its channel by the page /
 * Instagram account id and queued as a durable job; Meta gets its 200 at once.
 */
export async function acceptMetaWebhook(deps: Deps, raw: Buffer, signature: string | undefined) {
  const secret = deps.config.meta.appSecret;
  if (!secret)
    throw new AppError(403, 'forbidden', 'Meta webhooks are not configured (META_APP_SECRET).');
  if (!signature)
    throw new AppError(401, 'unauthenticated', 'The X-Hub-Signature-256 header is missing.');
  if (!isValidMetaSignature(raw, signature, secret))
    throw new AppError(403, 'forbidden', 'The X-Hub-Signature-256 signature does not match.');
  let payload: Obj;
  try {
    payload = obj(JSON.parse(raw.toString('utf8')));
  } catch {
    throw new AppError(400, 'invalid_json', 'The body is not JSON.');
  }
  const object = str(payload.object);
  if (object === 'whatsapp_business_account') {
    // WhatsApp Cloud API numbers share this webhook; routed by phone_number_id.
    if (await queueWhatsappCloudEntries(deps, arr(payload.entry))) deps.jobs.wake();
    return;
  }
  if (object !== 'page' && object !== 'instagram') return;
  let queued = 0;
  for (const item of arr(payload.entry)) {
    const entry = obj(item);
    const entryId = str(entry.id);
    if (!entryId) continue;
    // Messaging events and comment changes of one entry may belong to different channel types.
    const parts: { type: MetaChannelType; entry: Obj }[] = [];
    const messaging = [...arr(entry.messaging), ...arr(entry.standby)];
    if (messaging.length)
      parts.push({
        type: object === 'page' ? 'facebook' : 'instagram_dm',
        entry: { id: entryId, messaging },
      });
    if (arr(entry.changes).length)
      parts.push({
        type: object === 'page' ? 'facebook' : 'instagram',
        entry: { id: entryId, changes: entry.changes },
      });
    for (const part of parts) {
      const channel = await findChannelByMetaId(deps.db, {
        type: part.type,
        settingKey: routingKeyOf(part.type),
        id: entryId,
      });
      if (!channel) continue; // not connected (any more): nothing to file
      await enqueueJob(deps.db, {
        kind: META_EVENT_JOB,
        accountId: channel.accountId,
        payload: { channelId: channel.id, type: part.type, entry: part.entry },
        maxAttempts: 6,
      });
      queued++;
    }
  }
  if (queued) deps.jobs.wake();
}

const EXTENSIONS: Record<string, string> = {
  'image/jpeg': 'jpg',
  'image/png': 'png',
  'image/gif': 'gif',
  'image/webp': 'webp',
  'video/mp4': 'mp4',
  'audio/mpeg': 'mp3',
  'audio/mp4': 'm4a',
  'application/pdf': 'pdf',
};

/** An attachment's file from Meta's CDN link (public addresses only), stored with the message. */
async function fetchAttachment(deps: Deps, type: string, url: string) {
  try {
    const res = await safeGet(
      url,
      {},
      { allowPrivate: deps.config.outboundAllowPrivate, maxBytes: ATTACHMENT_TOTAL_LIMIT_BYTES },
    );
    if (res.status >= 500 || res.status === 429)
      throw new RetryableError(`Meta's attachment link answered HTTP ${res.status}`);
    if (res.status < 200 || res.status >= 300)
      throw new Error(`the link answered HTTP ${res.status}`);
    const contentType = (res.contentType || 'application/octet-stream').split(';')[0]!.trim();
    const fromUrl = decodeURIComponent(new URL(url).pathname.split('/').pop() ?? '');
    const name = /\.\w{2,5}$/.test(fromUrl)
      ? fromUrl
      : `${type}.${EXTENSIONS[contentType] ?? 'bin'}`;
    const [file] = await storeInboundFiles(deps, [
      { file_name: name, content_type: contentType, data: res.bytes.toString('base64') },
    ]);
    return { file: file!, note: null };
  } catch (err) {
    if (err instanceof RetryableError) throw err;
    return { file: null, note: `[The ${type} could not be stored: ${(err as Error).message}]` };
  }
}

/** A message's text and files: text, attachments (fetched), shared links and locations in words. */
async function contentOf(deps: Deps, message: Obj) {
  const lines = [str(message.text)];
  const files: InboundFile[] = [];
  for (const a of arr(message.attachments)) {
    const att = obj(a);
    const type = str(att.type) || 'file';
    const payload = obj(att.payload);
    const url = str(payload.url);
    if (type === 'location') {
      const c = obj(payload.coordinates);
      lines.push(`📍 Location (${str(c.lat)}, ${str(c.long)})`);
    } else if (type === 'fallback' || type === 'share' || type === 'story_mention') {
      lines.push(`🔗 ${str(payload.title) || str(att.title) || type}${url ? `: ${url}` : ''}`);
    } else if (url) {
      const { file, note } = await fetchAttachment(deps, type, url);
      if (file) files.push(file);
      if (note) lines.push(note);
    }
  }
  const quick = str(obj(message.quick_reply).payload);
  if (quick && !str(message.text)) lines.push(`Quick reply: ${quick}`);
  return { body: lines.filter(Boolean).join('\n'), files };
}

/**
 * The name a sender the account does not know yet gets: their Messenger / Instagram profile,
 * asked of Graph with the page's token. A known sender is never looked up again (their contact
 * keeps whatever name it has), and a failed lookup only leaves the new contact nameless.
 */
async function nameOfNewSender(
  deps: Deps,
  channel: ChannelRow,
  kind: InboundIdentity['kind'],
  senderId: string,
): Promise<string | null> {
  if (channel.needsReauthorization) return null; // the token is known to be dead
  if (channel.type !== 'facebook' && channel.type !== 'instagram_dm') return null;
  if ((await findContactByIdentity(deps.db, channel.accountId, { kind, value: senderId })) !== null)
    return null;
  let token: string;
  try {
    token = pageTokenOf(deps, channel);
  } catch {
    return null;
  }
  return fetchSenderName(deps.config, token, channel.type, senderId);
}

async function fileCustomerMessage(
  deps: Deps,
  channel: ChannelRow,
  v: { senderId: string; mid: string; body: string; files: InboundFile[]; at: Date; name?: string },
) {
  if (await findByProviderId(deps.db, { supportChannelId: channel.id, providerMessageId: v.mid })) {
    await removeInboundFiles(deps, v.files);
    return;
  }
  const kind = identityKindOf(channel.type);
  const open = await openDirectConversation(deps.db, {
    accountId: channel.accountId,
    supportChannelId: channel.id,
    kind,
    value: v.senderId,
  });
  const name = v.name ?? (open ? null : await nameOfNewSender(deps, channel, kind, v.senderId));
  await recordProviderInbound(deps, channel, {
    identity: { kind, value: v.senderId, name },
    body: v.body,
    providerMessageId: v.mid,
    // Messenger / DM threads only: the same person's comment conversations stay apart.
    conversationId: open?.id ?? null,
    explicitThreadingOnly: true,
    receivedAt: v.at,
    attachments: v.files,
  });
}

/**
 * An echo: a message the page sent. Ours (our mid, or our metadata) is already in the thread;
 * one sent from Meta's own apps (Page inbox, Business Suite, Instagram app) is stored as an
 * outgoing message of the customer's conversation and never sent again.
 */
async function fileEcho(deps: Deps, channel: ChannelRow, event: Obj, message: Obj) {
  const mid = str(message.mid);
  if (!mid || str(message.metadata).startsWith(ECHO_METADATA_PREFIX)) return;
  if (await findByProviderId(deps.db, { supportChannelId: channel.id, providerMessageId: mid }))
    return;
  const customerId = str(obj(event.recipient).id);
  const open = await openDirectConversation(deps.db, {
    accountId: channel.accountId,
    supportChannelId: channel.id,
    kind: identityKindOf(channel.type),
    value: customerId,
  });
  // A chat the page started outside Parley shows up once the customer answers.
  if (!open) return;
  // The page's own files stay in Meta's inbox; the thread says they were sent.
  const count = arr(message.attachments).length;
  const text = [str(message.text), count ? `[${count} attachment${count > 1 ? 's' : ''}]` : '']
    .filter(Boolean)
    .join('\n');
  const id = await insertEchoMessage(deps.db, {
    accountId: channel.accountId,
    supportChannelId: channel.id,
    conversationId: open.id,
    body: `${text}\n— sent from Meta's apps`.trim(),
    providerMessageId: mid,
    at: receivedAt(event.timestamp),
  });
  if (id === null) return;
  deps.events.emit('message_created', {
    accountId: channel.accountId,
    conversationId: open.id,
    messageId: id,
    isPrivate: false,
  });
  deps.events.emit('conversation_updated', {
    accountId: channel.accountId,
    conversationId: open.id,
  });
}

/** Delivery and read receipts: named mids, or every reply up to the watermark. */
async function applyReceipt(
  deps: Deps,
  channel: ChannelRow,
  event: Obj,
  status: 'delivered' | 'read',
) {
  const receipt = obj(status === 'read' ? event.read : event.delivery);
  const mids = [...arr(receipt.mids).map(str), str(receipt.mid)].filter(Boolean);
  for (const mid of mids) {
    const message = await findOutgoingMessage(deps.db, {
      accountId: channel.accountId,
      supportChannelId: channel.id,
      messageId: null,
      providerMessageId: mid,
    });
    if (message) await advanceDeliveryStatus(deps, message, status);
  }
  const watermark = typeof receipt.watermark === 'number' ? receipt.watermark : null;
  if (watermark === null) return;
  const rows = await outgoingUpTo(deps.db, {
    accountId: channel.accountId,
    supportChannelId: channel.id,
    kind: identityKindOf(channel.type),
    value: str(obj(event.sender).id),
    watermark: new Date(watermark),
    below: status === 'read' ? ['sent', 'delivered'] : ['sent'],
  });
  for (const { message } of rows) await advanceDeliveryStatus(deps, message, status);
}

async function processMessaging(deps: Deps, channel: ChannelRow, event: Obj) {
  const senderId = str(obj(event.sender).id);
  const at = receivedAt(event.timestamp);
  if (event.message) {
    const message = obj(event.message);
    if (message.is_echo === true) return fileEcho(deps, channel, event, message);
    if (message.is_deleted === true || !senderId) return;
    const mid = str(message.mid);
    if (!mid) return;
    const { body, files } = await contentOf(deps, message);
    return fileCustomerMessage(deps, channel, {
      senderId,
      mid,
      // A photo on its own is the photo: only a message with nothing at all says so in words.
      body: body || (files.length > 0 ? '' : '[An empty message]'),
      files,
      at,
    });
  }
  if (event.postback) {
    const postback = obj(event.postback);
    const title = str(postback.title) || str(postback.payload);
    return fileCustomerMessage(deps, channel, {
      senderId,
      mid: str(postback.mid) || `postback:${senderId}:${str(event.timestamp)}`,
      body: `Clicked "${title}"`,
      files: [],
      at,
    });
  }
  if (event.reaction && senderId) {
    // Messenger's and Instagram's `message_reactions`: react names the emoji, unreact takes it back.
    const reaction = obj(event.reaction);
    return recordReaction(deps, channel, {
      identity: { kind: identityKindOf(channel.type), value: senderId },
      onProviderMessageIds: [str(reaction.mid)],
      emoji:
        str(reaction.action) === 'unreact'
          ? ''
          : str(reaction.emoji) || (REACTION_EMOJI[str(reaction.reaction)] ?? ''),
      receivedAt: at,
    });
  }
  if (event.delivery) return applyReceipt(deps, channel, event, 'delivered');
  if (event.read) return applyReceipt(deps, channel, event, 'read');
}

/**
 * A comment (Facebook `feed` item `comment`, Instagram `comments`): a conversation of its own.
 * The commenter's later replies under it join it; anybody else's comment opens another one.
 * The page's own comments are our public replies (deduplicated by id) or answers written on
 * Facebook / Instagram, stored as outgoing messages.
 */
async function processComment(deps: Deps, channel: ChannelRow, value: Obj) {
  const isFacebook = channel.type === 'facebook';
  const commentId = isFacebook ? str(value.comment_id) : str(value.id);
  const from = obj(value.from);
  const authorId = str(from.id);
  if (!commentId || !authorId) return;
  if (isFacebook && str(value.verb) && str(value.verb) !== 'add') return; // edits, removals
  if (
    await findByProviderId(deps.db, { supportChannelId: channel.id, providerMessageId: commentId })
  )
    return;
  const settings = metaSettingsOf(channel);
  const ownId = isFacebook ? settings.page_id : settings.instagram_account_id;
  const postId = isFacebook ? str(value.post_id) : str(obj(value.media).id);
  const parentId = str(value.parent_id);
  const parent =
    parentId && parentId !== postId
      ? await findCommentThread(deps.db, { supportChannelId: channel.id, commentId: parentId })
      : null;
  const text = str(value.message) || str(value.text);

  if (authorId === ownId) {
    if (!parent) return;
    const id = await insertEchoMessage(deps.db, {
      accountId: channel.accountId,
      supportChannelId: channel.id,
      conversationId: parent.conversationId,
      body: `${text}\n— replied on ${isFacebook ? 'Facebook' : 'Instagram'}`.trim(),
      providerMessageId: commentId,
      at: new Date(),
    });
    if (id !== null)
      deps.events.emit('message_created', {
        accountId: channel.accountId,
        conversationId: parent.conversationId,
        messageId: id,
        isPrivate: false,
      });
    return;
  }

  const sameThread = parent && parent.commenterId === authorId ? parent : null;
  const photo = str(value.photo) || str(value.video);
  const lines = [text];
  const files: InboundFile[] = [];
  if (photo) {
    const { file, note } = await fetchAttachment(deps, 'photo', photo);
    if (file) files.push(file);
    if (note) lines.push(note);
  }
  const kind = identityKindOf(channel.type);
  await recordProviderInbound(deps, channel, {
    identity: { kind, value: authorId, name: str(from.name) || str(from.username) || null },
    body: lines.filter(Boolean).join('\n') || '[An empty comment]',
    subject: sameThread
      ? null
      : `${isFacebook ? 'Facebook' : 'Instagram'} comment${postId ? ` on ${postId}` : ''}`,
    providerMessageId: commentId,
    conversationId: sameThread?.conversationId ?? null,
    explicitThreadingOnly: true,
    attachments: files,
    inTransaction: sameThread
      ? undefined
      : (tx, stored) =>
          insertCommentThread(tx, {
            accountId: channel.accountId,
            supportChannelId: channel.id,
            conversationId: stored.conversationId,
            commentId,
            postId: postId || null,
            commenterId: authorId,
          }),
  });
}

async function processChange(deps: Deps, channel: ChannelRow, change: Obj) {
  const field = str(change.field);
  const value = obj(change.value);
  if (channel.type === 'facebook' && field === 'feed' && str(value.item) === 'comment')
    return processComment(deps, channel, value);
  if (channel.type === 'instagram' && field === 'comments')
    return processComment(deps, channel, value);
}

/** The job behind the webhook: one entry of one channel, idempotent on mid / comment id. */
export function metaEventJob(deps: Deps): JobHandler {
  return {
    async run(job) {
      const type = str(job.payload.type);
      if (!isMetaChannelType(type)) return;
      const channel = await findChannelForCallback(deps.db, Number(job.payload.channelId), type);
      if (!channel || channel.accountId !== job.accountId) return; // removed since
      const entry = obj(job.payload.entry);
      for (const event of arr(entry.messaging)) await processMessaging(deps, channel, obj(event));
      for (const change of arr(entry.changes)) await processChange(deps, channel, obj(change));
    },
  };
}
