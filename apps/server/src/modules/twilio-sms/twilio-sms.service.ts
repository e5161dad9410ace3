import {
  ATTACHMENT_TOTAL_LIMIT_BYTES,
  type ProviderSettingsPatch,
  type SmsChannelCreateBody,
} from '@parley/contracts';
import { attachmentsOfMessages } from '../attachments/attachments.service';
import {
  signedDownloadPath,
  storeInboundFiles,
  type InboundFile,
} from '../attachments/attachments.service';
import type { Deps } from '../../lib/deps';
import { AppError, badRequest } from '../../lib/errors';
import { RetryableError } from '../../lib/jobs';
import { safeGet } from '../../lib/safe-fetch';
import {
  advanceDeliveryStatus,
  noteChannelError,
  PermanentDeliveryError,
  type ChannelAdapter,
  type ChannelDescription,
  type ChannelRow,
} from '../channels/channels.public';
import {
  assertOwnBrand,
  createProviderChannel,
  findByProviderId,
  findOutgoingMessage,
  isOptedOut,
  optIn,
  optOut,
  saveProviderCredentials,
} from '../channels/channels.service';
import { recordProviderInbound } from '../channels/provider-inbound.public';
import {
  basicAuth,
  twilioApi,
  twilioCredentialsOf,
  twilioErrorText,
  type TwilioCredentials,
} from './twilio-api';
import { param, type FormParams } from './twilio-signature';
import { verifyTwilioCallback, type TwilioWebhookRequest } from './twilio-webhook';

export const SMS = 'sms';

/** Twilio's default opt-out and opt-in keywords (Advanced Opt-Out), matched on the whole body. */
export const OPT_OUT_KEYWORDS = ['STOP', 'STOPALL', 'UNSUBSCRIBE', 'CANCEL', 'END', 'QUIT'];
export const OPT_IN_KEYWORDS = ['START', 'UNSTOP', 'YES'];

/** Twilio refuses at most 10 media per message. */
const MAX_MEDIA = 10;

interface SmsSettings {
  account_sid: string;
  phone_number: string;
  messaging_service_sid: string | null;
}

export const smsInboundPath = (channelId: number) => `/dashboardapi/twilio/sms/${channelId}`;
export const smsStatusPath = (channelId: number) => `/dashboardapi/twilio/sms/${channelId}/status`;

function settingsOf(channel: ChannelRow): SmsSettings {
  const s = channel.settings;
  return {
    account_sid: String(s.account_sid ?? ''),
    phone_number: String(s.phone_number ?? ''),
    messaging_service_sid:
      typeof s.messaging_service_sid === 'string' ? s.messaging_service_sid : null,
  };
}

export function smsCallbackUrls(deps: Deps, channelId: number) {
  return [
    {
      label: "A message comes in (the number's Messaging webhook, HTTP POST)",
      url: `${deps.config.publicUrl}${smsInboundPath(channelId)}`,
    },
    {
      label:
        'Status callback (Parley sets it on every reply; paste it only for a Messaging Service)',
      url: `${deps.config.publicUrl}${smsStatusPath(channelId)}`,
    },
  ];
}

export function describeSmsChannel(deps: Deps, channel: ChannelRow): ChannelDescription {
  const s = settingsOf(channel);
  const via = s.messaging_service_sid ? ` via ${s.messaging_service_sid}` : '';
  return {
    details: `${s.phone_number}${via} · Twilio ${s.account_sid}`,
    callbackUrls: smsCallbackUrls(deps, channel.id),
  };
}

/** An SMS channel: the Twilio number, its account, and the auth token sealed at rest. */
export async function createSmsChannel(deps: Deps, accountId: number, body: SmsChannelCreateBody) {
  await assertOwnBrand(deps.db, accountId, body.brand_id);
  const settings: SmsSettings = {
    account_sid: body.account_sid,
    phone_number: body.phone_number,
    messaging_service_sid: body.messaging_service_sid ?? null,
  };
  return createProviderChannel(
    deps,
    accountId,
    body,
    { type: SMS, settings, secrets: { auth_token: body.auth_token } },
    (row) => smsCallbackUrls(deps, row.id),
  );
}

/** New Twilio credentials or number for a channel the caller's account owns (already checked). */
export async function updateSmsSettings(
  deps: Deps,
  channel: ChannelRow,
  patch: Extract<ProviderSettingsPatch, { type: 'sms' }>,
) {
  const current = settingsOf(channel);
  const next: SmsSettings = {
    account_sid: patch.account_sid ?? current.account_sid,
    phone_number: patch.phone_number ?? current.phone_number,
    messaging_service_sid:
      patch.messaging_service_sid === undefined
        ? current.messaging_service_sid
        : patch.messaging_service_sid,
  };
  const token = patch.auth_token ?? twilioCredentialsOf(deps, channel).authToken;
  await saveProviderCredentials(deps, channel, { settings: next, secrets: { auth_token: token } });
}

/** The SMS channel a Twilio callback names, proven by X-Twilio-Signature (else 403). */
const authenticateCallback = (deps: Deps, webhook: TwilioWebhookRequest) =>
  verifyTwilioCallback(
    deps,
    { type: SMS, credentialsOf: (channel) => twilioCredentialsOf(deps, channel) },
    webhook,
  );

const MEDIA_EXTENSIONS: Record<string, string> = {
  'image/jpeg': 'jpg',
  'image/png': 'png',
  'image/gif': 'gif',
  'image/webp': 'webp',
  'video/mp4': 'mp4',
  'video/3gpp': '3gp',
  'audio/mpeg': 'mp3',
  'audio/ogg': 'ogg',
  'audio/amr': 'amr',
  'application/pdf': 'pdf',
  'text/vcard': 'vcf',
  'text/x-vcard': 'vcf',
  'text/plain': 'txt',
};

/**
 * One media file: asked of Twilio with the account's credentials; Twilio answers with a
 * redirect to its CDN, which is followed once without them, through the egress guard.
 */
async function downloadTwilioMedia(
  deps: Deps,
  creds: TwilioCredentials,
  mediaUrl: string,
  maxBytes: number,
): Promise<{ bytes: Buffer; contentType: string | null }> {
  const first = await fetch(mediaUrl, {
    headers: { authorization: basicAuth(creds) },
    redirect: 'manual',
    signal: AbortSignal.timeout(20_000),
  });
  const location = first.headers.get('location');
  if (first.status >= 300 && first.status < 400 && location) {
    await first.body?.cancel();
    const cdn = await safeGet(
      new URL(location, mediaUrl).toString(),
      {},
      {
        allowPrivate: deps.config.outboundAllowPrivate,
        maxBytes,
      },
    );
    if (cdn.status !== 200) throw new Error(`Twilio's media store answered HTTP ${cdn.status}`);
    return { bytes: cdn.bytes, contentType: cdn.contentType };
  }
  if (first.status !== 200) {
    await first.body?.cancel();
    throw new Error(`Twilio answered HTTP ${first.status}`);
  }
  const bytes = Buffer.from(await first.arrayBuffer());
  if (bytes.length > maxBytes) throw new Error('the files are too large');
  return { bytes, contentType: first.headers.get('content-type') };
}

/**
 * MMS media: fetched from Twilio's own API (TWILIO_API_BASE, never another host a payload
 * names) with the account's basic auth, and stored as the message's attachments. A file that
 * cannot be fetched or is refused leaves a line in the body instead of losing the message.
 */
async function fetchMedia(deps: Deps, creds: TwilioCredentials, params: FormParams) {
  const count = Math.min(Number(param(params, 'NumMedia') ?? '0') || 0, MAX_MEDIA);
  const files: InboundFile[] = [];
  const notes: string[] = [];
  const twilioOrigin = new URL(deps.config.twilio.apiBase).origin;
  let total = 0;
  for (let i = 0; i < count; i++) {
    const mediaUrl = param(params, `MediaUrl${i}`);
    const declaredType = param(params, `MediaContentType${i}`) ?? 'application/octet-stream';
    if (!mediaUrl) continue;
    let origin: string | null = null;
    try {
      origin = new URL(mediaUrl).origin;
    } catch {
      origin = null;
    }
    if (origin !== twilioOrigin) {
      notes.push(`[Attachment ${i + 1} was not fetched: it is not on Twilio's API.]`);
      continue;
    }
    try {
      const { bytes, contentType: servedType } = await downloadTwilioMedia(
        deps,
        creds,
        mediaUrl,
        ATTACHMENT_TOTAL_LIMIT_BYTES - total,
      );
      total += bytes.length;
      const contentType = (servedType ?? declaredType).split(';')[0]!.trim();
      const ext = MEDIA_EXTENSIONS[contentType] ?? 'bin';
      const [stored] = await storeInboundFiles(deps, [
        {
          file_name: `mms-${i + 1}.${ext}`,
          content_type: contentType,
          data: bytes.toString('base64'),
        },
      ]);
      files.push(stored!);
    } catch (err) {
      const why = err instanceof AppError ? err.message : (err as Error).message;
      notes.push(`[Attachment ${i + 1} (${declaredType}) could not be stored: ${why}]`);
    }
  }
  return { files, notes };
}

/**
 * An inbound SMS/MMS: verified, de-duplicated on MessageSid, media stored, opt-out and opt-in
 * keywords honoured, then filed like any customer message (recordProviderInbound).
 */
export async function handleInboundSms(deps: Deps, webhook: TwilioWebhookRequest) {
  const { channel, creds } = await authenticateCallback(deps, webhook);
  const params = webhook.form;
  const messageSid = param(params, 'MessageSid') ?? param(params, 'SmsSid');
  const from = param(params, 'From');
  if (!messageSid || !from) throw badRequest('MessageSid and From are required.');
  // A retried webhook: already stored, so its media is not fetched again.
  if (
    await findByProviderId(deps.db, { supportChannelId: channel.id, providerMessageId: messageSid })
  )
    return { duplicate: true };

  const text = param(params, 'Body') ?? '';
  const keyword = text.trim().toUpperCase();
  if (OPT_OUT_KEYWORDS.includes(keyword))
    await optOut(deps.db, {
      accountId: channel.accountId,
      supportChannelId: channel.id,
      address: from,
      keyword,
    });
  else if (OPT_IN_KEYWORDS.includes(keyword)) await optIn(deps.db, channel.id, from);

  const { files, notes } = await fetchMedia(deps, creds, params);
  const body = [text, ...notes].filter((s) => s.length > 0).join('\n');
  const result = await recordProviderInbound(deps, channel, {
    identity: { kind: 'phone', value: from, phone: from },
    body,
    providerMessageId: messageSid,
    attachments: files,
  });
  return { duplicate: result.duplicate };
}

/** Twilio's MessageStatus → ours; statuses before "sent" change nothing (we are at "sent"). */
const STATUS_MAP: Record<string, 'sent' | 'delivered' | 'read' | 'failed'> = {
  sent: 'sent',
  delivered: 'delivered',
  read: 'read',
  undelivered: 'failed',
  failed: 'failed',
  canceled: 'failed',
};

/** Twilio's delivery error codes in words (www.twilio.com/docs/api/errors). */
const DELIVERY_ERRORS: Record<string, string> = {
  '21610': 'The customer has unsubscribed (texted STOP) from this number.',
  '30003': "The customer's phone is unreachable (switched off or out of coverage).",
  '30004': 'The message was blocked by the carrier or the customer.',
  '30005': 'The number does not exist or is no longer in service.',
  '30006': 'The number is a landline or cannot receive texts.',
  '30007': 'The carrier filtered the message as spam.',
  '30008': 'The carrier could not deliver the message (unknown error).',
};

/** A status callback: the reply's delivery status moves forward, live for the agent. */
export async function handleSmsStatus(
  deps: Deps,
  webhook: TwilioWebhookRequest,
  messageIdInUrl: number | null,
) {
  const { channel } = await authenticateCallback(deps, webhook);
  const params = webhook.form;
  const sid = param(params, 'MessageSid') ?? param(params, 'SmsSid') ?? null;
  const twilioStatus = (
    param(params, 'MessageStatus') ??
    param(params, 'SmsStatus') ??
    ''
  ).toLowerCase();
  const status = STATUS_MAP[twilioStatus];
  if (!status) return { updated: false };
  const message = await findOutgoingMessage(deps.db, {
    accountId: channel.accountId,
    supportChannelId: channel.id,
    messageId: messageIdInUrl,
    providerMessageId: messageIdInUrl === null ? sid : null,
  });
  if (!message || message.deliveryStatus === 'failed') return { updated: false };
  let failureReason: string | null = null;
  if (status === 'failed') {
    const code = param(params, 'ErrorCode');
    const words = param(params, 'ErrorMessage') ?? (code ? DELIVERY_ERRORS[code] : undefined);
    failureReason = `Twilio could not deliver the text: ${words ?? `status ${twilioStatus}`}${
      code ? ` (error ${code})` : ''
    }`;
    await noteChannelError(deps.db, channel.id, failureReason);
    if (code === '21610') {
      const to = param(params, 'To');
      if (to)
        await optOut(deps.db, {
          accountId: channel.accountId,
          supportChannelId: channel.id,
          address: to,
          keyword: 'STOP',
        });
    }
  }
  return { updated: await advanceDeliveryStatus(deps, message, status, failureReason) };
}

/**
 * Replies go out through Twilio's Messages API. 5xx, 429 and timeouts are retried with back-off
 * by the delivery job; any other refusal fails the reply with Twilio's own words.
 */
export const smsAdapter: ChannelAdapter = {
  async send(deps, { channel, contact, message, identities }) {
    const settings = settingsOf(channel);
    const creds = twilioCredentialsOf(deps, channel);
    const to = identities.find((i) => i.kind === 'phone')?.value ?? contact.phone?.trim() ?? '';
    if (!/^\+?\d{6,15}$/.test(to.replace(/[\s().-]/g, '')))
      throw new PermanentDeliveryError(
        'This contact has no phone number to text: add one to the contact first.',
      );
    const optedOut = await isOptedOut(deps.db, channel.id, to);
    if (optedOut)
      throw new PermanentDeliveryError(
        `The customer texted ${optedOut.keyword} to unsubscribe, so Twilio will not deliver replies to ${to}. They can text START to receive messages again.`,
      );
    const files = await attachmentsOfMessages(deps.db, {
      accountId: message.accountId,
      messageIds: [message.id],
    });
    if (files.length > MAX_MEDIA)
      throw new PermanentDeliveryError(`A text can carry at most ${MAX_MEDIA} files.`);
    if (!message.body.trim() && files.length === 0)
      throw new PermanentDeliveryError('An empty text cannot be sent.');

    const form = new URLSearchParams();
    form.set('To', to);
    if (settings.messaging_service_sid)
      form.set('MessagingServiceSid', settings.messaging_service_sid);
    else form.set('From', settings.phone_number);
    if (message.body) form.set('Body', message.body);
    // Twilio downloads each file from a signed, expiring link to Parley.
    for (const f of files)
      form.append('MediaUrl', `${deps.config.publicUrl}${signedDownloadPath(deps, f.id)}`);
    form.set(
      'StatusCallback',
      `${deps.config.publicUrl}${smsStatusPath(channel.id)}?message_id=${message.id}`,
    );

    let answer;
    try {
      answer = await twilioApi(
        deps.config,
        creds,
        'POST',
        `/2010-04-01/Accounts/${encodeURIComponent(creds.accountSid)}/Messages.json`,
        form,
      );
    } catch (err) {
      const why = `Twilio could not be reached: ${(err as Error).message}`;
      await noteChannelError(deps.db, channel.id, why);
      throw new RetryableError(why);
    }
    if (answer.status >= 200 && answer.status < 300) {
      const sid = typeof answer.json?.sid === 'string' ? answer.json.sid : undefined;
      return { providerMessageId: sid };
    }
    const words = twilioErrorText(answer);
    await noteChannelError(deps.db, channel.id, `Twilio refused a reply: ${words}`);
    if (answer.status === 429 || answer.status >= 500)
      throw new RetryableError(`Twilio is unavailable (HTTP ${answer.status}): ${words}`);
    if (answer.json?.code === 21610)
      await optOut(deps.db, {
        accountId: channel.accountId,
        supportChannelId: channel.id,
        address: to,
        keyword: 'STOP',
      });
    throw new PermanentDeliveryError(`Twilio refused the text: ${words}`);
  },
};
