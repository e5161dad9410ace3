import {
  ATTACHMENT_TOTAL_LIMIT_BYTES,
  type ConnectionTestResult,
  type WhatsappCloudChannelCreateBody,
  type WhatsappTemplate,
} from '@parley/contracts';
import { attachmentsOfMessages, type AttachmentRow } from '../attachments/attachments.service';
import {
  fileStoreOf,
  storeInboundFiles,
  type InboundFile,
} from '../attachments/attachments.service';
import type { Deps } from '../../lib/deps';
import { AppError, apiText, badRequest, conflict, englishOf } from '../../lib/errors';
import { readStored } from '../../lib/file-store';
import { enqueueJob, RetryableError, type JobHandler } from '../../lib/jobs';
import { safeGet } from '../../lib/safe-fetch';
import {
  advanceDeliveryStatus,
  arr,
  noteChannelError,
  obj,
  PermanentDeliveryError,
  str,
  type ChannelDescription,
  type ChannelRow,
  type Obj,
  type OutboundContext,
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
import {
  channelsConnectedTo,
  findChannelByMetaId,
  flagReauthorization,
  graphApi,
  graphErrorOf,
  graphErrorText,
  graphFailure,
  graphUpload,
  META_WEBHOOK_PATH,
  ReauthorizationRequiredError,
  receivedAt,
  recordReaction,
  type GraphAnswer,
} from '../meta/meta.public';

/**
 * WhatsApp through Meta's Cloud API: a provider option of the `whatsapp_gupshup_isv` channel
 * type (settings.provider = 'cloud_api'). Inbound comes on Meta's one webhook (object
 * `whatsapp_business_account`, signed like every Meta webhook), routed by phone_number_id;
 * replies go through POST /{phone_number_id}/messages with the number's permanent token.
 */
export const WHATSAPP_CHANNEL_TYPE = 'whatsapp_gupshup_isv';
export const WHATSAPP_CLOUD_EVENT_JOB = 'whatsapp_cloud_event';

export interface CloudSettings {
  provider: 'cloud_api';
  phone_number_id: string;
  business_account_id: string;
  display_phone_number: string;
  verified_name: string;
}

export const isCloudApiChannel = (channel: ChannelRow) => channel.settings.provider === 'cloud_api';

export const cloudSettingsOf = (channel: ChannelRow): CloudSettings => ({
  provider: 'cloud_api',
  phone_number_id: String(channel.settings.phone_number_id ?? ''),
  business_account_id: String(channel.settings.business_account_id ?? ''),
  display_phone_number: String(channel.settings.display_phone_number ?? ''),
  verified_name: String(channel.settings.verified_name ?? ''),
});

export function cloudTokenOf(deps: Deps, channel: ChannelRow): string {
  return deps.secrets.openJson<{ access_token: string }>(channel.secretsEncrypted).access_token;
}

export function describeCloudChannel(deps: Deps, channel: ChannelRow): ChannelDescription {
  const s = cloudSettingsOf(channel);
  return {
    details: `${s.display_phone_number || s.phone_number_id} · WhatsApp Cloud API (${s.verified_name || 'unverified name'})`,
    callbackUrls: [
      {
        label:
          "Callback URL of the Meta app's webhooks (verify token: META_VERIFY_TOKEN; WhatsApp Business Account field: messages)",
        url: `${deps.config.publicUrl}${META_WEBHOOK_PATH}`,
      },
    ],
  };
}

/** The number behind a phone_number_id and token (GET /{phone_number_id}), or Meta's refusal. */
async function inspectNumber(deps: Deps, phoneNumberId: string, token: string) {
  let answer: GraphAnswer;
  try {
    answer = await graphApi(
      deps.config,
      token,
      'GET',
      `/${encodeURIComponent(phoneNumberId)}?fields=display_phone_number,verified_name`,
      undefined,
      10_000,
    );
  } catch (err) {
    return {
      ok: false as const,
      message: apiText('Meta could not be reached: {reason}. Try again in a moment.', {
        reason: (err as Error).message,
      }),
    };
  }
  if (answer.status !== 200)
    return {
      ok: false as const,
      message: apiText('Meta refused: {reason}. Check the phone number ID and the access token.', {
        reason: graphErrorText(graphErrorOf(answer)),
      }),
    };
  return {
    ok: true as const,
    displayPhoneNumber: str(answer.json?.display_phone_number),
    verifiedName: str(answer.json?.verified_name),
  };
}

export async function testCloudCredentials(
  deps: Deps,
  v: { phoneNumberId: string; token: string },
): Promise<ConnectionTestResult> {
  const inspected = await inspectNumber(deps, v.phoneNumberId, v.token);
  if (!inspected.ok) return { ok: false, message: englishOf(inspected.message) };
  return {
    ok: true,
    message: `Connected to the WhatsApp number ${inspected.displayPhoneNumber} (${inspected.verifiedName}) through the Cloud API.`,
  };
}

/**
 * Connects a number: its phone_number_id and token are checked with Meta, the token sealed.
 * The phone_number_id routes webhook events, so it belongs to one workspace only.
 */
export async function createCloudChannel(
  deps: Deps,
  accountId: number,
  body: WhatsappCloudChannelCreateBody,
) {
  await assertOwnBrand(deps.db, accountId, body.brand_id);
  const inspected = await inspectNumber(deps, body.phone_number_id, body.access_token);
  if (!inspected.ok)
    throw badRequest(inspected.message, [{ path: 'access_token', message: inspected.message }]);
  const existing = await channelsConnectedTo(deps.db, {
    type: WHATSAPP_CHANNEL_TYPE,
    settingKey: 'phone_number_id',
    id: body.phone_number_id,
  });
  if (existing.some((c) => c.accountId === accountId))
    throw conflict(
      apiText(
        "The number {number} is already connected here; update that channel's token instead.",
        { number: inspected.displayPhoneNumber },
      ),
    );
  if (existing.length > 0)
    throw conflict(
      apiText('The number {number} is already connected to another workspace.', {
        number: inspected.displayPhoneNumber,
      }),
    );
  const settings: CloudSettings = {
    provider: 'cloud_api',
    phone_number_id: body.phone_number_id,
    business_account_id: body.business_account_id,
    display_phone_number: inspected.displayPhoneNumber,
    verified_name: inspected.verifiedName,
  };
  return createProviderChannel(
    deps,
    accountId,
    body,
    { type: WHATSAPP_CHANNEL_TYPE, settings, secrets: { access_token: body.access_token } },
    (row) => describeCloudChannel(deps, row).callbackUrls,
  );
}

/** A new token for the same number (after 190): checked, sealed, needs_reauthorization cleared. */
export async function updateCloudToken(deps: Deps, channel: ChannelRow, token: string) {
  const s = cloudSettingsOf(channel);
  const inspected = await inspectNumber(deps, s.phone_number_id, token);
  if (!inspected.ok)
    throw badRequest(inspected.message, [
      { path: 'provider.access_token', message: inspected.message },
    ]);
  await saveProviderCredentials(deps, channel, { secrets: { access_token: token } });
}

/**
 * The webhook's `whatsapp_business_account` entries (signature already checked by the meta
 * module): each change is routed by its metadata.phone_number_id — never by anything else —
 * and queued. Returns how many jobs were queued.
 */
export async function queueWhatsappCloudEntries(deps: Deps, entries: unknown[]) {
  let queued = 0;
  for (const item of entries) {
    for (const c of arr(obj(item).changes)) {
      const change = obj(c);
      if (str(change.field) !== 'messages') continue;
      const value = obj(change.value);
      const phoneNumberId = str(obj(value.metadata).phone_number_id);
      if (!phoneNumberId) continue;
      const channel = await findChannelByMetaId(deps.db, {
        type: WHATSAPP_CHANNEL_TYPE,
        settingKey: 'phone_number_id',
        id: phoneNumberId,
      });
      if (!channel || !isCloudApiChannel(channel)) continue;
      await enqueueJob(deps.db, {
        kind: WHATSAPP_CLOUD_EVENT_JOB,
        accountId: channel.accountId,
        payload: { channelId: channel.id, value },
        maxAttempts: 6,
      });
      queued++;
    }
  }
  return queued;
}

const MEDIA_TYPES = new Set(['image', 'document', 'audio', 'video', 'sticker']);

/** A media message's file: its URL from GET /{media-id}, then the bytes with the same token. */
async function fetchCloudMedia(deps: Deps, channel: ChannelRow, type: string, media: Obj) {
  const token = cloudTokenOf(deps, channel);
  try {
    const info = await graphApi(deps.config, token, 'GET', `/${encodeURIComponent(str(media.id))}`);
    if (info.status >= 500 || info.status === 429)
      throw new RetryableError(`Meta's media API answered HTTP ${info.status}`);
    const url = str(info.json?.url);
    if (info.status !== 200 || !url)
      throw new Error(graphErrorText(graphErrorOf(info)) || 'no link');
    const res = await safeGet(
      url,
      { authorization: `Bearer ${token}` },
      { allowPrivate: deps.config.outboundAllowPrivate, maxBytes: ATTACHMENT_TOTAL_LIMIT_BYTES },
    );
    if (res.status >= 500 || res.status === 429)
      throw new RetryableError(`Meta's media link answered HTTP ${res.status}`);
    if (res.status < 200 || res.status >= 300)
      throw new Error(`the link answered HTTP ${res.status}`);
    const contentType = (str(media.mime_type) || res.contentType || 'application/octet-stream')
      .split(';')[0]!
      .trim();
    const ext = contentType.split('/')[1]?.replace(/[^\w]/g, '') || 'bin';
    const [file] = await storeInboundFiles(deps, [
      {
        file_name: str(media.filename) || `whatsapp-${type}.${ext}`,
        content_type: contentType,
        data: res.bytes.toString('base64'),
      },
    ]);
    return { file: file!, note: null };
  } catch (err) {
    if (err instanceof RetryableError) throw err;
    return { file: null, note: `[The ${type} could not be stored: ${(err as Error).message}]` };
  }
}

/** The text an agent reads for each kind of Cloud API message. */
function textOf(message: Obj): string {
  const type = str(message.type);
  switch (type) {
    case 'text':
      return str(obj(message.text).body);
    case 'location': {
      const l = obj(message.location);
      const lat = str(l.latitude);
      const long = str(l.longitude);
      const place = [str(l.name), str(l.address)].filter(Boolean).join(', ');
      return `📍 Location${place ? `: ${place}` : ''} (${lat}, ${long}) https://www.openstreetmap.org/?mlat=${lat}&mlon=${long}`;
    }
    case 'contacts':
      return (
        arr(message.contacts)
          .map((c) => {
            const card = obj(c);
            const phones = arr(card.phones)
              .map((p) => str(obj(p).phone))
              .filter(Boolean);
            return `👤 ${str(obj(card.name).formatted_name) || 'Contact'}${phones.length ? `: ${phones.join(', ')}` : ''}`;
          })
          .join('\n') || '👤 A contact card'
      );
    case 'button':
      return str(obj(message.button).text);
    case 'interactive': {
      const i = obj(message.interactive);
      return str(obj(i.button_reply).title) || str(obj(i.list_reply).title);
    }
    default:
      return MEDIA_TYPES.has(type)
        ? str(obj(message[type]).caption)
        : `[A WhatsApp ${type || 'unknown'} message]`;
  }
}

async function processMessage(deps: Deps, channel: ChannelRow, message: Obj, profiles: Obj[]) {
  const id = str(message.id);
  const from = str(message.from).replace(/\D/g, '');
  if (!id || !from) return;
  if (await findByProviderId(deps.db, { supportChannelId: channel.id, providerMessageId: id }))
    return;
  const type = str(message.type);
  const profile = profiles.find((p) => str(p.wa_id) === from);
  const identity = {
    kind: 'whatsapp' as const,
    value: from,
    name: str(obj(profile?.profile).name) || null,
    phone: `+${from}`,
  };
  if (type === 'reaction') {
    // An empty emoji is WhatsApp's way of taking a reaction back.
    const reaction = obj(message.reaction);
    return recordReaction(deps, channel, {
      identity,
      onProviderMessageIds: [str(reaction.message_id)],
      emoji: str(reaction.emoji),
      receivedAt: receivedAt(Number(str(message.timestamp)) * 1000),
    });
  }
  const files: InboundFile[] = [];
  const lines = [textOf(message)];
  if (MEDIA_TYPES.has(type)) {
    const { file, note } = await fetchCloudMedia(deps, channel, type, obj(message[type]));
    if (file) files.push(file);
    if (note) lines.push(note);
  }
  await recordProviderInbound(deps, channel, {
    identity,
    // A photo on its own is the photo: only a message with nothing at all says so in words.
    body: lines.filter(Boolean).join('\n') || (files.length > 0 ? '' : '[An empty message]'),
    providerMessageId: id,
    // The 24-hour window counts from when the customer wrote (Cloud's timestamp, in seconds),
    // not from when a delayed or retried webhook reached us.
    receivedAt: receivedAt(Number(str(message.timestamp)) * 1000),
    attachments: files,
  });
}

/** A status of one of our messages: sent / delivered / read, or failed with WhatsApp's words. */
async function processStatus(deps: Deps, channel: ChannelRow, status: Obj) {
  const which = str(status.status);
  if (which !== 'sent' && which !== 'delivered' && which !== 'read' && which !== 'failed') return;
  const message = await findOutgoingMessage(deps.db, {
    accountId: channel.accountId,
    supportChannelId: channel.id,
    messageId: null,
    providerMessageId: str(status.id),
  });
  if (!message) return;
  let reason: string | null = null;
  if (which === 'failed') {
    const error = obj(arr(status.errors)[0]);
    const details = str(obj(error.error_data).details) || str(error.message) || str(error.title);
    reason = `WhatsApp could not deliver the message: ${details || 'no reason given'}${
      str(error.code) ? ` (error ${str(error.code)})` : ''
    }`;
    await noteChannelError(deps.db, channel.id, reason);
  }
  await advanceDeliveryStatus(deps, message, which, reason);
}

/** The job behind the webhook: one change of one number, idempotent on the wamid. */
export function whatsappCloudEventJob(deps: Deps): JobHandler {
  return {
    async run(job) {
      const channel = await findChannelForCallback(
        deps.db,
        Number(job.payload.channelId),
        WHATSAPP_CHANNEL_TYPE,
      );
      if (!channel || channel.accountId !== job.accountId || !isCloudApiChannel(channel)) return;
      const value = obj(job.payload.value);
      const profiles = arr(value.contacts).map(obj);
      for (const m of arr(value.messages)) await processMessage(deps, channel, obj(m), profiles);
      for (const s of arr(value.statuses)) await processStatus(deps, channel, obj(s));
    },
  };
}

/** Cloud API errors that are transient beyond Graph's usual ones: throttling of the number. */
const CLOUD_THROTTLING = [130429, 131048, 131056, 80007];
const RE_ENGAGEMENT = 131047;

/**
 * A refused Cloud API answer as the error the delivery job throws: 131047 (more than 24 hours
 * since the customer wrote) in words pointing to templates, the number's throttling retried,
 * otherwise as every Graph refusal (190-class → new token, 5xx / 429 → retry, other 4xx →
 * permanent with Meta's words).
 */
function cloudFailure(answer: GraphAnswer, what: string): Error {
  const error = graphErrorOf(answer);
  if (error.code === RE_ENGAGEMENT)
    return new PermanentDeliveryError(
      'WhatsApp refused the message: more than 24 hours have passed since the customer last wrote (error 131047). Send an approved template instead.',
    );
  if (CLOUD_THROTTLING.includes(error.code ?? 0))
    return new RetryableError(`WhatsApp is throttling this number: ${graphErrorText(error)}`);
  return graphFailure(answer, what);
}

/** Shows the failure on the channel (a dead token flags it for a new one), then throws it. */
async function failCloudCall(deps: Deps, ctx: OutboundContext, failure: Error): Promise<never> {
  if (failure instanceof ReauthorizationRequiredError)
    await flagReauthorization(
      deps,
      ctx.channel,
      failure.message.replace(
        'Reconnect the page',
        'Paste a new access token for this WhatsApp channel',
      ),
    );
  else await noteChannelError(deps.db, ctx.channel.id, failure.message);
  throw failure;
}

/** One send: POST /{phone_number_id}/messages; its wamid. */
async function sendCloudMessage(deps: Deps, ctx: OutboundContext, token: string, message: Obj) {
  const s = cloudSettingsOf(ctx.channel);
  let answer: GraphAnswer;
  try {
    answer = await graphApi(
      deps.config,
      token,
      'POST',
      `/${encodeURIComponent(s.phone_number_id)}/messages`,
      { messaging_product: 'whatsapp', recipient_type: 'individual', ...message },
    );
  } catch (err) {
    return failCloudCall(
      deps,
      ctx,
      new RetryableError(`Meta could not be reached: ${(err as Error).message}`),
    );
  }
  if (answer.status >= 200 && answer.status < 300)
    return str(obj(arr(answer.json?.messages)[0]).id) || undefined;
  return failCloudCall(deps, ctx, cloudFailure(answer, 'the WhatsApp message'));
}

/**
 * The message type WhatsApp shows a file as, by its MIME type (the Cloud API's supported media
 * types); anything else goes as a document.
 */
const CLOUD_MEDIA_TYPES: Record<string, 'image' | 'video' | 'audio'> = {
  'image/jpeg': 'image',
  'image/png': 'image',
  'video/mp4': 'video',
  'video/3gpp': 'video',
  'audio/aac': 'audio',
  'audio/amr': 'audio',
  'audio/mpeg': 'audio',
  'audio/mp4': 'audio',
  'audio/ogg': 'audio',
};
const cloudMediaTypeOf = (contentType: string) => CLOUD_MEDIA_TYPES[contentType] ?? 'document';

/** WhatsApp's longest media caption; a longer reply text goes as a message of its own. */
const CAPTION_LIMIT = 1024;

/**
 * One of the reply's files, uploaded as Meta's Cloud API takes it: POST /{phone_number_id}/media,
 * multipart `messaging_product=whatsapp`, `file`, `type` (its MIME type). Answers the media id.
 */
async function uploadCloudMedia(
  deps: Deps,
  ctx: OutboundContext,
  token: string,
  file: AttachmentRow,
): Promise<string> {
  let bytes: Buffer;
  try {
    bytes = Buffer.concat(await readStored(fileStoreOf(deps), file.storageKey).toArray());
  } catch {
    throw new PermanentDeliveryError(
      `The file "${file.fileName}" could not be read from storage, so the reply was not sent. Attach it again.`,
    );
  }
  const form = new FormData();
  form.append('messaging_product', 'whatsapp');
  form.append('type', file.contentType);
  form.append('file', new Blob([new Uint8Array(bytes)], { type: file.contentType }), file.fileName);
  const s = cloudSettingsOf(ctx.channel);
  let answer: GraphAnswer;
  try {
    answer = await graphUpload(
      deps.config,
      token,
      `/${encodeURIComponent(s.phone_number_id)}/media`,
      form,
    );
  } catch (err) {
    return failCloudCall(
      deps,
      ctx,
      new RetryableError(`Meta could not be reached: ${(err as Error).message}`),
    );
  }
  if (answer.status >= 200 && answer.status < 300) {
    const id = str(answer.json?.id);
    if (id) return id;
    return failCloudCall(
      deps,
      ctx,
      new RetryableError(`Meta accepted the file "${file.fileName}" but gave no media id`),
    );
  }
  return failCloudCall(deps, ctx, cloudFailure(answer, `the file "${file.fileName}"`));
}

/**
 * A free-form reply (the 24-hour window is checked by the caller, as for Gupshup): its text, or
 * its files as image / video / audio / document messages of uploaded media. The text is the
 * first file's caption when that type has one (not audio) and it fits; otherwise it goes first
 * as a text message. Every file is uploaded before anything is sent, so a retried upload never
 * repeats a message the customer already has. Answers the first message's wamid.
 */
export async function sendCloudReply(deps: Deps, ctx: OutboundContext, destination: string) {
  if (ctx.channel.needsReauthorization)
    throw new PermanentDeliveryError(
      'This WhatsApp channel needs a new access token (Settings → Support channels) before replies can be sent.',
    );
  const { message } = ctx;
  const files = await attachmentsOfMessages(deps.db, {
    accountId: message.accountId,
    messageIds: [message.id],
  });
  const text = message.body.trim() ? message.body : '';
  if (!text && files.length === 0)
    throw new PermanentDeliveryError('An empty message cannot be sent.');
  const token = cloudTokenOf(deps, ctx.channel);
  const textMessage = () =>
    sendCloudMessage(deps, ctx, token, {
      to: destination,
      type: 'text',
      text: { preview_url: false, body: text.slice(0, 4096) },
    });
  if (files.length === 0) return textMessage();

  const media: { file: AttachmentRow; type: string; id: string }[] = [];
  for (const file of files)
    media.push({
      file,
      type: cloudMediaTypeOf(file.contentType),
      id: await uploadCloudMedia(deps, ctx, token, file),
    });
  const captioned = Boolean(text) && media[0]!.type !== 'audio' && text.length <= CAPTION_LIMIT;
  let firstId = text && !captioned ? await textMessage() : undefined;
  for (const [i, m] of media.entries()) {
    const id = await sendCloudMessage(deps, ctx, token, {
      to: destination,
      type: m.type,
      [m.type]: {
        id: m.id,
        ...(i === 0 && captioned ? { caption: text } : {}),
        ...(m.type === 'document' ? { filename: m.file.fileName } : {}),
      },
    });
    firstId ??= id;
  }
  return firstId;
}

/** An approved template (`name:language`) with its body variables, allowed outside the window. */
export async function sendCloudTemplate(
  deps: Deps,
  ctx: OutboundContext,
  destination: string,
  templateId: string,
  params: string[],
) {
  if (ctx.channel.needsReauthorization)
    throw new PermanentDeliveryError(
      'This WhatsApp channel needs a new access token (Settings → Support channels) before templates can be sent.',
    );
  const [name, language] = splitCloudTemplateId(templateId);
  const token = cloudTokenOf(deps, ctx.channel);
  return sendCloudMessage(deps, ctx, token, {
    to: destination,
    type: 'template',
    template: {
      name,
      language: { code: language },
      components: params.length
        ? [{ type: 'body', parameters: params.map((text) => ({ type: 'text', text })) }]
        : [],
    },
  });
}

const splitCloudTemplateId = (id: string): [string, string] => {
  const at = id.lastIndexOf(':');
  return at > 0 ? [id.slice(0, at), id.slice(at + 1)] : [id, 'en_US'];
};

/** The number's approved templates: GET /{waba-id}/message_templates, their BODY component. */
export async function listCloudTemplates(
  deps: Deps,
  channel: ChannelRow,
  variableCount: (body: string) => number,
): Promise<WhatsappTemplate[]> {
  const s = cloudSettingsOf(channel);
  let answer: GraphAnswer;
  try {
    answer = await graphApi(
      deps.config,
      cloudTokenOf(deps, channel),
      'GET',
      `/${encodeURIComponent(s.business_account_id)}/message_templates?status=APPROVED&limit=200&fields=name,language,status,category,components`,
    );
  } catch (err) {
    throw new AppError(
      502,
      'provider_error',
      apiText('Meta could not be reached: {error}. Try again in a moment.', {
        error: (err as Error).message,
      }),
    );
  }
  if (answer.status !== 200)
    throw new AppError(
      502,
      'provider_error',
      apiText('Meta refused to list the templates: {error}.', {
        error: graphErrorText(graphErrorOf(answer)),
      }),
    );
  return arr(answer.json?.data)
    .map(obj)
    .filter((t) => str(t.status) === 'APPROVED')
    .map((t) => {
      const body = str(
        obj(arr(t.components).find((c) => str(obj(c).type).toUpperCase() === 'BODY')).text,
      );
      return {
        id: `${str(t.name)}:${str(t.language)}`,
        name: str(t.name),
        language: str(t.language) || null,
        category: str(t.category) || null,
        body,
        variable_count: variableCount(body),
      };
    });
}
