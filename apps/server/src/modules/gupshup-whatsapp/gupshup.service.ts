import { and, eq } from 'drizzle-orm';
import {
  ATTACHMENT_TOTAL_LIMIT_BYTES,
  type GupshupCallbackRotation,
  type GupshupChannelCreateBody,
  type GupshupChannelSettings,
  type ProviderSettingsPatch,
} from '@parley/contracts';
import { attachmentsOfMessages } from '../attachments/attachments.service';
import {
  signedDownloadPath,
  storeInboundFiles,
  type InboundFile,
} from '../attachments/attachments.service';
import { supportChannels } from '../../db/schema';
import { randomToken, safeEqual } from '../../lib/crypto';
import type { Deps } from '../../lib/deps';
import { AppError, badRequest } from '../../lib/errors';
import { enqueueJob, RetryableError, type JobHandler } from '../../lib/jobs';
import { safeGet } from '../../lib/safe-fetch';
import {
  advanceDeliveryStatus,
  noteChannelError,
  obj,
  PermanentDeliveryError,
  str,
  type ChannelAdapter,
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
  findOwnChannel,
  isOptedOut,
  lastIncomingAt,
  optIn,
  optOut,
  saveProviderCredentials,
} from '../channels/channels.service';
import { recordProviderInbound } from '../channels/provider-inbound.public';
import { receivedAt, recordReaction } from '../meta/meta.public';
import {
  describeCloudChannel,
  isCloudApiChannel,
  sendCloudReply,
  sendCloudTemplate,
  updateCloudToken,
} from '../whatsapp-cloud/whatsapp-cloud.service';
import { gupshupApi, gupshupCredentialsOfChannel, gupshupErrorText } from './gupshup-api';
import { SESSION_WINDOW_MS, templateOfMessage } from './whatsapp-templates';

export const WHATSAPP_GUPSHUP = 'whatsapp_gupshup_isv';
export const GUPSHUP_EVENT_JOB = 'gupshup_event';

export { SESSION_WINDOW_MS };

interface GupshupSettings {
  app_name: string;
  source_number: string;
}

const settingsOf = (channel: ChannelRow): GupshupSettings => ({
  app_name: String(channel.settings.app_name ?? ''),
  source_number: String(channel.settings.source_number ?? ''),
});

export const gupshupCallbackPath = (channelId: number, secret: string) =>
  `/dashboardapi/gupshup/${channelId}/${secret}`;

/** The callback URL with its secret: shown at creation and after a rotation, never listed. */
const callbackUrlOf = (deps: Deps, channelId: number, secret: string) => ({
  label: "Callback URL: paste it in the Gupshup app's Webhooks settings (payload v2)",
  url: `${deps.config.publicUrl}${gupshupCallbackPath(channelId, secret)}`,
});

export function describeWhatsappChannel(deps: Deps, channel: ChannelRow): ChannelDescription {
  if (isCloudApiChannel(channel)) return describeCloudChannel(deps, channel);
  const s = settingsOf(channel);
  return {
    details: `+${s.source_number} · Gupshup app ${s.app_name}`,
    callbackUrls: [
      {
        label:
          "Callback URL (contains a secret: shown once; rotate it on the channel's edit form to get a new one)",
        url: `${deps.config.publicUrl}${gupshupCallbackPath(channel.id, '…')}`,
      },
    ],
  };
}

/**
 * A WhatsApp number through Gupshup. Gupshup signs nothing, so its callback URL carries a
 * per-channel secret (128 bits), sealed at rest with the API key and checked in constant time.
 */
export async function createGupshupChannel(
  deps: Deps,
  accountId: number,
  body: GupshupChannelCreateBody,
) {
  await assertOwnBrand(deps.db, accountId, body.brand_id);
  const callbackSecret = randomToken(16);
  return createProviderChannel(
    deps,
    accountId,
    body,
    {
      type: WHATSAPP_GUPSHUP,
      settings: { app_name: body.app_name, source_number: body.source_number },
      secrets: { api_key: body.api_key, callback_secret: callbackSecret },
    },
    (row) => [callbackUrlOf(deps, row.id, callbackSecret)],
  );
}

/** What the channel's edit form loads (the API key and the callback secret never leave). */
export function gupshupChannelSettingsOf(channel: ChannelRow): GupshupChannelSettings {
  return { kind: 'gupshup', ...settingsOf(channel) };
}

/**
 * A new callback secret for a Gupshup channel of the account (another account's id: 404): the
 * new URL is returned once; from then on the old one is refused (acceptGupshupCallback).
 */
export async function rotateGupshupCallbackSecret(
  deps: Deps,
  accountId: number,
  channelId: number,
): Promise<GupshupCallbackRotation> {
  const channel = await findOwnChannel(deps.db, accountId, channelId);
  if (channel.type !== WHATSAPP_GUPSHUP)
    throw badRequest('Only WhatsApp (Gupshup) channels have a callback secret.');
  if (isCloudApiChannel(channel))
    throw badRequest(
      "This WhatsApp channel uses the Cloud API: Meta's webhook has no per-channel secret.",
    );
  const secrets = deps.secrets.openJson<{ api_key: string; callback_secret: string }>(
    channel.secretsEncrypted,
  );
  const callbackSecret = randomToken(16);
  await deps.db
    .update(supportChannels)
    .set({
      secretsEncrypted: deps.secrets.sealJson({ ...secrets, callback_secret: callbackSecret }),
    })
    .where(and(eq(supportChannels.id, channel.id), eq(supportChannels.accountId, accountId)));
  return { callback_url: callbackUrlOf(deps, channel.id, callbackSecret) };
}

export async function updateGupshupSettings(
  deps: Deps,
  channel: ChannelRow,
  patch: Extract<ProviderSettingsPatch, { type: 'whatsapp_gupshup_isv' }>,
) {
  if (isCloudApiChannel(channel)) {
    if (patch.app_name || patch.api_key || patch.source_number)
      throw badRequest(
        'This WhatsApp channel uses the Cloud API: only its access token can be changed.',
      );
    if (patch.access_token) await updateCloudToken(deps, channel, patch.access_token);
    return;
  }
  if (patch.access_token)
    throw badRequest('This WhatsApp channel uses Gupshup: change its API key instead.');
  const current = settingsOf(channel);
  const secrets = deps.secrets.openJson<{ api_key: string; callback_secret: string }>(
    channel.secretsEncrypted,
  );
  await saveProviderCredentials(deps, channel, {
    settings: {
      app_name: patch.app_name ?? current.app_name,
      source_number: patch.source_number ?? current.source_number,
    },
    secrets: { ...secrets, api_key: patch.api_key ?? secrets.api_key },
  });
}

/**
 * The callback: the secret in the URL must be this channel's (constant time), else 403 and
 * nothing stored. The event is queued as a durable job and acknowledged at once (Gupshup wants
 * an answer within 10 s and retries otherwise).
 */
export async function acceptGupshupCallback(
  deps: Deps,
  channelId: number,
  secret: string,
  event: unknown,
) {
  const channel = await findChannelForCallback(deps.db, channelId, WHATSAPP_GUPSHUP);
  const expected = channel
    ? deps.secrets.openJson<{ callback_secret?: string }>(channel.secretsEncrypted).callback_secret
    : undefined;
  if (!channel || !expected || !safeEqual(secret, expected))
    throw new AppError(403, 'forbidden', 'This callback URL is not valid for any channel.');
  if (!event || typeof event !== 'object') return;
  await enqueueJob(deps.db, {
    kind: GUPSHUP_EVENT_JOB,
    accountId: channel.accountId,
    payload: { channelId: channel.id, event },
    maxAttempts: 6,
  });
  deps.jobs.wake();
}

const MEDIA_TYPES = new Set(['image', 'file', 'audio', 'video', 'sticker']);
const EXTENSIONS: Record<string, string> = {
  'image/jpeg': 'jpg',
  'image/png': 'png',
  'image/webp': 'webp',
  'video/mp4': 'mp4',
  'audio/ogg': 'ogg',
  'audio/mpeg': 'mp3',
  'audio/aac': 'aac',
  'application/pdf': 'pdf',
};

/** A media message's file: fetched from the URL Gupshup gives (public addresses only) and stored. */
async function fetchGupshupMedia(deps: Deps, type: string, inner: Obj) {
  const url = str(inner.url);
  if (!url) return { file: null, note: `[A ${type} without a link was not stored.]` };
  try {
    const res = await safeGet(
      url,
      {},
      {
        allowPrivate: deps.config.outboundAllowPrivate,
        maxBytes: ATTACHMENT_TOTAL_LIMIT_BYTES,
      },
    );
    if (res.status < 200 || res.status >= 300) {
      // The provider's file store failing is transient: the job retries.
      if (res.status >= 500 || res.status === 429)
        throw new RetryableError(`Gupshup's media link answered HTTP ${res.status}`);
      throw new Error(`the link answered HTTP ${res.status}`);
    }
    const contentType = (str(inner.contentType) || res.contentType || 'application/octet-stream')
      .split(';')[0]!
      .trim();
    const name = str(inner.name) || `whatsapp-${type}.${EXTENSIONS[contentType] ?? 'bin'}`;
    const [file] = await storeInboundFiles(deps, [
      { file_name: name, content_type: contentType, data: res.bytes.toString('base64') },
    ]);
    return { file: file!, note: null };
  } catch (err) {
    if (err instanceof RetryableError) throw err;
    return { file: null, note: `[The ${type} could not be stored: ${(err as Error).message}]` };
  }
}

/** The text an agent reads for each kind of WhatsApp message. */
function textOf(type: string, inner: Obj): string {
  switch (type) {
    case 'text':
      return str(inner.text);
    case 'location': {
      const lat = str(inner.latitude);
      const long = str(inner.longitude);
      const place = [str(inner.name), str(inner.address)].filter(Boolean).join(', ');
      return `📍 Location${place ? `: ${place}` : ''} (${lat}, ${long}) https://www.openstreetmap.org/?mlat=${lat}&mlon=${long}`;
    }
    case 'contact': {
      const contacts = Array.isArray(inner.contacts) ? inner.contacts : [];
      const lines = contacts.map((c) => {
        const card = obj(c);
        const name = str(obj(card.name).formatted_name) || 'Contact';
        const phones = (Array.isArray(card.phones) ? card.phones : [])
          .map((p) => str(obj(p).phone))
          .filter(Boolean);
        return `👤 ${name}${phones.length ? `: ${phones.join(', ')}` : ''}`;
      });
      return lines.join('\n') || '👤 A contact card';
    }
    case 'button_reply':
    case 'quick_reply':
    case 'list_reply':
      return str(inner.title) || str(inner.text) || str(inner.postbackText) || str(inner.reply);
    default:
      return MEDIA_TYPES.has(type) ? str(inner.caption) : `[A WhatsApp ${type} message]`;
  }
}

async function processMessage(deps: Deps, channel: ChannelRow, payload: Obj, at: Date) {
  const id = str(payload.id);
  const sender = obj(payload.sender);
  const phone = str(sender.phone) || str(payload.source);
  if (!id || !phone) return;
  if (await findByProviderId(deps.db, { supportChannelId: channel.id, providerMessageId: id }))
    return;
  const type = str(payload.type);
  const inner = obj(payload.payload);
  const identity = {
    kind: 'whatsapp' as const,
    value: phone.replace(/^\+/, ''),
    name: str(sender.name) || null,
    phone: `+${phone.replace(/^\+/, '')}`,
  };
  if (type === 'reaction') {
    // The message reacted to: Gupshup's id of our reply (context.gsId, or msgId), else
    // WhatsApp's; an empty emoji takes the reaction back.
    const context = obj(payload.context);
    return recordReaction(deps, channel, {
      identity,
      onProviderMessageIds: [str(context.gsId), str(inner.msgId), str(context.id)],
      emoji: str(inner.emoji),
      receivedAt: at,
    });
  }
  const files: InboundFile[] = [];
  const lines = [textOf(type, inner)];
  if (MEDIA_TYPES.has(type)) {
    const { file, note } = await fetchGupshupMedia(deps, type, inner);
    if (file) files.push(file);
    if (note) lines.push(note);
  }
  await recordProviderInbound(deps, channel, {
    identity,
    body: lines.filter(Boolean).join('\n'),
    providerMessageId: id,
    receivedAt: at,
    attachments: files,
  });
}

const EVENT_STATUS: Record<string, 'sent' | 'delivered' | 'read' | 'failed'> = {
  sent: 'sent',
  delivered: 'delivered',
  read: 'read',
  failed: 'failed',
};

/** A delivery receipt: Gupshup's messageId is `gsId` (or `id` on the early events). */
async function processMessageEvent(deps: Deps, channel: ChannelRow, payload: Obj) {
  const status = EVENT_STATUS[str(payload.type)];
  if (!status) return; // enqueued: Gupshup has it, which "sent" already says
  const gupshupId = str(payload.gsId) || str(payload.id);
  const message = await findOutgoingMessage(deps.db, {
    accountId: channel.accountId,
    supportChannelId: channel.id,
    messageId: null,
    providerMessageId: gupshupId,
  });
  if (!message) return;
  let reason: string | null = null;
  if (status === 'failed') {
    const inner = obj(payload.payload);
    const code = str(inner.code);
    reason = `WhatsApp could not deliver the message: ${str(inner.reason) || 'no reason given'}${
      code ? ` (error ${code})` : ''
    }`;
    await noteChannelError(deps.db, channel.id, reason);
  }
  await advanceDeliveryStatus(deps, message, status, reason);
}

/** user-event: the customer opted in or out of the business's messages. */
async function processUserEvent(deps: Deps, channel: ChannelRow, payload: Obj) {
  const phone = str(payload.phone).replace(/^\+/, '');
  if (!phone) return;
  if (str(payload.type) === 'opted-out')
    await optOut(deps.db, {
      accountId: channel.accountId,
      supportChannelId: channel.id,
      address: phone,
      keyword: 'opted-out',
    });
  else if (str(payload.type) === 'opted-in') await optIn(deps.db, channel.id, phone);
}

/** The job behind the callback: one Gupshup v2 event, idempotent on the message id. */
export function gupshupEventJob(deps: Deps): JobHandler {
  return {
    async run(job) {
      const channel = await findChannelForCallback(
        deps.db,
        Number(job.payload.channelId),
        WHATSAPP_GUPSHUP,
      );
      if (!channel || channel.accountId !== job.accountId) return; // removed since
      const event = obj(job.payload.event);
      const payload = obj(event.payload);
      switch (str(event.type)) {
        case 'message':
          // The 24-hour window counts from the event's own time (ms), not its late arrival.
          return processMessage(deps, channel, payload, receivedAt(event.timestamp));
        case 'message-event':
          return processMessageEvent(deps, channel, payload);
        case 'user-event':
          return processUserEvent(deps, channel, payload);
        default:
          return; // billing-event and others carry nothing for the inbox
      }
    },
  };
}

/** Gupshup's message JSON for one of the reply's files. */
function mediaMessage(contentType: string, url: string, fileName: string, caption: string) {
  if (contentType.startsWith('image/'))
    return { type: 'image', originalUrl: url, previewUrl: url, caption };
  if (contentType.startsWith('video/')) return { type: 'video', url, caption };
  if (contentType.startsWith('audio/')) return { type: 'audio', url };
  return { type: 'file', url, filename: fileName };
}

/** One Gupshup submission (message or template API); its messageId, or why it failed. */
async function submitToGupshup(
  deps: Deps,
  channel: ChannelRow,
  path: string,
  form: URLSearchParams,
) {
  const { apiKey } = gupshupCredentialsOfChannel(deps, channel);
  let answer;
  try {
    answer = await gupshupApi(deps.config, apiKey, 'POST', path, form);
  } catch (err) {
    const why = `Gupshup could not be reached: ${(err as Error).message}`;
    await noteChannelError(deps.db, channel.id, why);
    throw new RetryableError(why);
  }
  if (answer.status >= 200 && answer.status < 300 && answer.json?.status !== 'error')
    return str(answer.json?.messageId) || undefined;
  const words = gupshupErrorText(answer);
  await noteChannelError(deps.db, channel.id, `Gupshup refused a reply: ${words}`);
  if (answer.status === 429 || answer.status >= 500)
    throw new RetryableError(`Gupshup is unavailable (HTTP ${answer.status}): ${words}`);
  throw new PermanentDeliveryError(`Gupshup refused the message: ${words}`);
}

/**
 * Replies on WhatsApp, through Gupshup's message API or the Cloud API (settings.provider). A
 * reply sent as an approved template goes out as that template, inside or outside the window.
 * Otherwise: text, then each file (the text as the first image's or video's caption); outside
 * the 24-hour window WhatsApp refuses free-form messages, so the reply fails at once, pointing
 * to templates.
 */
export const whatsappAdapter: ChannelAdapter = {
  async send(deps, ctx) {
    const { channel, contact, message, identities } = ctx;
    const cloud = isCloudApiChannel(channel);
    const settings = settingsOf(channel);
    const destination = (
      identities.find((i) => i.kind === 'whatsapp')?.value ??
      contact.phone ??
      ''
    ).replace(/\D/g, '');
    if (destination.length < 8)
      throw new PermanentDeliveryError('This contact has no WhatsApp number to write to.');
    if (await isOptedOut(deps.db, channel.id, destination))
      throw new PermanentDeliveryError(
        'The customer opted out of WhatsApp messages from this number, so the reply was not sent.',
      );
    const template = await templateOfMessage(deps.db, message);
    if (template) {
      const id = cloud
        ? await sendCloudTemplate(deps, ctx, destination, template.templateId, template.params)
        : await submitToGupshup(
            deps,
            channel,
            '/wa/api/v1/template/msg',
            new URLSearchParams({
              channel: 'whatsapp',
              source: settings.source_number,
              destination,
              'src.name': settings.app_name,
              template: JSON.stringify({ id: template.templateId, params: template.params }),
            }),
          );
      return { providerMessageId: id };
    }
    const last = await lastIncomingAt(deps.db, {
      supportChannelId: channel.id,
      contactId: contact.id,
    });
    if (!last || Date.now() - last.getTime() > SESSION_WINDOW_MS)
      throw new PermanentDeliveryError(
        `WhatsApp allows free-form replies only within 24 hours of the customer's last message${
          last ? ` (theirs was ${last.toISOString().slice(0, 16).replace('T', ' ')} UTC)` : ''
        }. Outside that window only an approved template can be sent: use "Send a template" in the composer.`,
      );
    if (cloud) return { providerMessageId: await sendCloudReply(deps, ctx, destination) };
    const files = await attachmentsOfMessages(deps.db, {
      accountId: message.accountId,
      messageIds: [message.id],
    });
    const parts: Obj[] = [];
    const captionFirst =
      files.length > 0 &&
      /^(image|video)\//.test(files[0]!.contentType) &&
      message.body.length <= 1024;
    if (message.body.trim() && !captionFirst) parts.push({ type: 'text', text: message.body });
    files.forEach((f, i) =>
      parts.push(
        mediaMessage(
          f.contentType,
          `${deps.config.publicUrl}${signedDownloadPath(deps, f.id)}`,
          f.fileName,
          i === 0 && captionFirst ? message.body : '',
        ),
      ),
    );
    if (parts.length === 0) throw new PermanentDeliveryError('An empty message cannot be sent.');

    let firstId: string | undefined;
    for (const part of parts) {
      const form = new URLSearchParams({
        channel: 'whatsapp',
        source: settings.source_number,
        destination,
        message: JSON.stringify(part),
        'src.name': settings.app_name,
      });
      const id = await submitToGupshup(deps, channel, '/wa/api/v1/msg', form);
      firstId ??= id;
    }
    return { providerMessageId: firstId };
  },
};
