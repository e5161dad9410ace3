import crypto from 'node:crypto';
import type { AddressObject, Attachment as MailAttachment, ParsedMail } from 'mailparser';
import { ATTACHMENT_TOTAL_LIMIT_BYTES, MAX_ATTACHMENTS_PER_MESSAGE } from '@parley/contracts';
import type { Deps } from '../../lib/deps';
import { AppError } from '../../lib/errors';
import { htmlToText, sanitizeHtml, type ImageSourcePolicy } from '../../lib/html-sanitizer';
import {
  removeInboundFiles,
  storeInboundFiles,
  type InboundFile,
} from '../attachments/attachments.service';
import { findEmailThread } from '../conversations/conversations.public';
import {
  findContactByIdentity,
  recordInbound,
  type InboundResult,
} from '../conversations/inbound.service';
import { selectGlobalSettings } from '../global-settings/global-settings.service';
import { advanceDeliveryStatus } from '../channels/channels.public';
import { isAutomaticEmail } from './auto-reply';
import { readBounce } from './bounces';
import { readEmailSettings } from './channel-settings';
import type { SenderChecks } from './email-auth';
import {
  findOutgoingByMessageIds,
  saveEmailAuth,
  type EmailChannelRow,
} from './email-channel.queries';
import { INLINE_IMAGE_PATH, inlineImagePath } from './inline-images';
import { rememberParticipants } from './participants';
import { rawBodyText, repairHeaderBytes, withoutNul } from './mail-repair';
import { baseAddress, conversationFromMessageIds, conversationFromRecipients } from './reply-token';

/**
 * Mail larger than this is refused (SMTP SIZE, and the inbound HTTP endpoint's body limit): the
 * 25 MB most mail providers allow, room for the 18 MB of files a message may keep once they are
 * base64-encoded (docs/email.md).
 */
export const MAX_EMAIL_BYTES = 25 * 1024 * 1024;
/** Longer plain text is cut (the full HTML is kept). */
const MAX_BODY_CHARS = 100_000;
/** Types shown inline in the thread frame; other cid parts stay ordinary attachments. */
const INLINE_IMAGE_TYPES = new Set(['image/png', 'image/jpeg', 'image/gif', 'image/webp']);
/**
 * Other renderings of the body a mail program adds beside text/plain and text/html (Apple
 * Mail's for the Watch, Gmail's AMP): the same message again, never a file the customer sent.
 */
const ALTERNATIVE_BODIES = new Set(['text/watch-html', 'text/x-amp-html']);

/** A message that cannot be filed at all (no sender): the SMTP server answers 550 to it. */
export class UnfileableEmailError extends Error {}

export interface IncomingEmail {
  channel: EmailChannelRow;
  raw: Buffer;
  /** The addresses it was sent to (SMTP RCPT TO; empty for the HTTP endpoint). */
  envelopeRecipients: string[];
  /** MAIL FROM ('' for the null return path of bounces); null when unknown (HTTP). */
  envelopeFrom: string | null;
  /**
   * The sender checks of the built-in SMTP server; absent for the HTTP endpoint, whose provider
   * received the mail from the internet and checked it itself.
   */
  senderChecks?: SenderChecks | null | undefined;
}

function addresses(field: AddressObject | AddressObject[] | undefined): string[] {
  const list = Array.isArray(field) ? field : field ? [field] : [];
  return list.flatMap((a) => a.value.map((v) => v.address ?? '')).filter(Boolean);
}

function headerAddresses(mail: ParsedMail, name: string): string[] {
  const v: unknown = mail.headers.get(name);
  if (typeof v === 'string') return v.split(',').map((s) => s.replace(/^.*<|>.*$/g, '').trim());
  return v && typeof v === 'object' && 'value' in v ? addresses(v as AddressObject) : [];
}

/**
 * Who the mail is from as far as the conversation goes: a contact form or store platform sends
 * From its own address (`mailer@shopify.com`) with the customer in Reply-To, so a single Reply-To
 * address that differs from From names the customer — and the reply goes there. From stays when
 * Reply-To is absent, lists several addresses (a group, not one customer), is our own support
 * address (an answer to us must not become a contact of its own), or is the mailing list the
 * mail came through. Sender never decides: it names the platform that sent, not the customer.
 */
function customerOf(mail: ParsedMail, supportAddress: string | undefined | null) {
  const from = mail.from?.value.find((v) => v.address) ?? null;
  const replyTo = (mail.replyTo?.value ?? []).filter((v) => v.address);
  if (replyTo.length !== 1) return from;
  const candidate = replyTo[0]!;
  const lower = candidate.address!.trim().toLowerCase();
  if (!lower.includes('@') || lower === from?.address?.trim().toLowerCase()) return from;
  if (supportAddress && baseAddress(lower) === supportAddress.toLowerCase()) return from;
  // A mailing list that sets Reply-To to itself names the list, not a customer.
  if (listAddresses(mail).includes(lower)) return from;
  return candidate;
}

/** The addresses a mailing list's mail names as the list's (List-Post, List-Id's mailto). */
function listAddresses(mail: ParsedMail): string[] {
  const list: unknown = mail.headers.get('list');
  if (!list || typeof list !== 'object') return [];
  return Object.values(list as Record<string, unknown>).flatMap((entry) => {
    const address =
      entry && typeof entry === 'object' && 'mail' in entry
        ? (entry as { mail: unknown }).mail
        : null;
    return typeof address === 'string' ? [address.trim().toLowerCase()] : [];
  });
}

/** Message-IDs named by In-Reply-To and References (with their angle brackets, as stored). */
function referencedIds(mail: ParsedMail): string[] {
  const refs = Array.isArray(mail.references)
    ? mail.references
    : mail.references
      ? mail.references.split(/\s+/)
      : [];
  const all = [...(mail.inReplyTo ? mail.inReplyTo.split(/\s+/) : []), ...refs];
  return all.map((r) => r.trim()).filter((r) => /^<[^<>\s]+>$/.test(r));
}

/**
 * Keeps the mail's files as attachments (the same refusals as uploads: a file a browser could
 * run is left out, and said so in the text) and maps each inline image's Content-ID to the
 * stored file, for the HTML's cid: links. An image is embedded (shown in the HTML, not listed
 * again as a file) only when the HTML shows it; one it never names stays an ordinary file.
 */
async function storeMailFiles(deps: Deps, parts: MailAttachment[], html: string | null) {
  const files: InboundFile[] = [];
  const skipped: string[] = [];
  const cidLinks = new Map<string, string>();
  let total = 0;
  for (const part of parts) {
    if (ALTERNATIVE_BODIES.has(part.contentType.toLowerCase())) continue;
    const fileName =
      part.filename ?? (part.contentType === 'message/rfc822' ? 'message.eml' : 'attachment');
    if (
      files.length >= MAX_ATTACHMENTS_PER_MESSAGE ||
      total + part.content.length > ATTACHMENT_TOTAL_LIMIT_BYTES ||
      part.content.length === 0
    ) {
      if (part.content.length > 0) skipped.push(`${fileName} (over the attachment limits)`);
      continue;
    }
    try {
      const [stored] = await storeInboundFiles(deps, [
        {
          file_name: fileName,
          content_type: part.contentType,
          data: part.content.toString('base64'),
        },
      ]);
      const cid = part.cid ?? part.contentId?.replace(/^<|>$/g, '');
      const inline = Boolean(
        cid && INLINE_IMAGE_TYPES.has(stored!.contentType) && html?.includes(`cid:${cid}`),
      );
      files.push({ ...stored!, isEmbedded: inline });
      total += stored!.size;
      if (inline) cidLinks.set(cid!, inlineImagePath(deps, stored!.key, stored!.contentType));
    } catch (err) {
      if (!(err instanceof AppError)) {
        await removeInboundFiles(deps, files);
        throw err;
      }
      skipped.push(`${fileName} (${err.message})`);
    }
  }
  return { files, skipped, cidLinks };
}

/**
 * Where each image of a mail may load from. Our inline-image links load. A remote (http/https)
 * image is held back (data-remote-src) until the agent chooses to load the message's images: a
 * sender's tracking pixel must not learn when and where an agent opened the mail. Any other
 * address would load from Parley's own origin in the agent's browser, so it is dropped.
 */
const mailImageSource: ImageSourcePolicy = (src) =>
  src.startsWith(`${INLINE_IMAGE_PATH}?`) ? 'keep' : /^https?:\/\//i.test(src) ? 'hold' : 'drop';

/** The HTML with cid: images pointing at their stored files, then sanitized (allow-list). */
function cleanHtml(html: string, cidLinks: Map<string, string>): string {
  let linked = html;
  for (const [cid, link] of cidLinks) linked = linked.split(`cid:${cid}`).join(link);
  return sanitizeHtml(linked, { imageSource: mailImageSource });
}

/**
 * A bounce is filed nowhere: it reports on a reply we sent. `messageId` is that reply (marked
 * failed), null when the bounce names no message of this channel (dropped; the caller logs it).
 */
export interface BounceResult {
  bounce: true;
  messageId: number | null;
  originalIds: string[];
}

/**
 * Files one email into its channel's account:
 * thread = a verified reply-to tag, else a message named by In-Reply-To / References, else —
 * when the account's treat_subject_and_sender_combination_as_single_thread is on — the same
 * subject (without Re:/Fwd:) from the same sender, else a new conversation. The Message-ID is the
 * message's provider id, so the same mail delivered twice is stored once.
 *
 * A mail whose From domain's DMARC check failed may be forged (docs/email.md): it keeps its
 * check results (the agent sees a warning), goes to a contact of its own that is never merged
 * with the contact owning the address (identity `email_unverified`, no email on the contact),
 * and joins an existing conversation only through what only our mail carried — a signed
 * reply-to tag or one of our own Message-IDs — never by subject nor the customer's Message-IDs.
 */
export async function fileInboundEmail(
  deps: Deps,
  email: IncomingEmail,
): Promise<InboundResult | BounceResult> {
  const { channel } = email;
  // Loaded on the first message: mailparser and its charset tables cost ~7 MB of idle heap.
  const { simpleParser } = await import('mailparser');
  const mail = await simpleParser(repairHeaderBytes(email.raw), {
    keepCidLinks: true,
    skipTextToHtml: true,
  });
  // A bounce of our reply marks the reply failed; it never opens a conversation or a contact.
  const bounce = readBounce(mail, email.raw);
  if (bounce) {
    const original = await findOutgoingByMessageIds(deps.db, {
      accountId: channel.accountId,
      channelId: channel.id,
      ids: [...bounce.originalIds, ...referencedIds(mail)],
    });
    if (original && bounce.failed)
      await advanceDeliveryStatus(deps, original, 'failed', bounce.reason);
    return { bounce: true, messageId: original?.id ?? null, originalIds: bounce.originalIds };
  }
  const { address } = readEmailSettings(deps, channel);
  const customer = customerOf(mail, address);
  const sender = customer?.address ?? email.envelopeFrom ?? '';
  const from = sender.trim().toLowerCase();
  if (!from.includes('@')) throw new UnfileableEmailError('The message has no sender address.');
  const senderName = withoutNul(customer?.name ?? '').trim() || null;
  const unverified = email.senderChecks?.dmarc_failed === true;
  const messageId =
    mail.messageId && /^<[^<>\s]+>$/.test(mail.messageId.trim())
      ? mail.messageId.trim()
      : // Without a Message-ID the content names it, so a re-sent copy is still one message.
        `<sha256.${crypto.createHash('sha256').update(email.raw).digest('hex')}@parley.invalid>`;
  const automatic = isAutomaticEmail(mail, email.envelopeFrom);
  const accountId = channel.accountId;

  const recipients = [
    ...email.envelopeRecipients,
    ...addresses(mail.to),
    ...addresses(mail.cc),
    ...headerAddresses(mail, 'delivered-to'),
    ...headerAddresses(mail, 'x-original-to'),
  ];
  let conversationId = conversationFromRecipients(
    deps.secrets,
    { id: channel.id, address },
    recipients,
  );
  // Our feedback, transcript and chat mails name their conversation in a signed Message-ID.
  conversationId ??= conversationFromMessageIds(deps.secrets, channel.id, referencedIds(mail));
  if (!conversationId) {
    const settings = await selectGlobalSettings(deps.db, { accountId });
    conversationId = await findEmailThread(deps.db, {
      accountId,
      supportChannelId: channel.id,
      contactId: await findContactByIdentity(deps.db, accountId, { kind: 'email', value: from }),
      referencedMessageIds: referencedIds(mail),
      subject: mail.subject ?? null,
      singleThreadBySubjectAndSender:
        settings?.treat_subject_and_sender_combination_as_single_thread === true,
      ourMessagesOnly: unverified,
    });
  }
  const fromHeader = mail.from?.value.find((v) => v.address)?.address?.toLowerCase() ?? null;
  const emailAuth = email.senderChecks ? { ...email.senderChecks, from: fromHeader } : null;

  const { files, skipped, cidLinks } = await storeMailFiles(
    deps,
    mail.attachments,
    mail.html || null,
  );
  const bodyHtml = mail.html ? withoutNul(cleanHtml(mail.html, cidLinks)) : null;
  let body = mail.text?.trim() || (bodyHtml ? htmlToText(bodyHtml) : '');
  // A MIME structure that cannot be read (a multipart whose boundary never appears) parses to
  // nothing: the text as received is shown instead, said so, rather than an empty message.
  const unread = !body && files.length === 0 && skipped.length === 0 ? rawBodyText(email.raw) : '';
  if (unread)
    body = `[This mail's structure could not be read; it is shown as received.]\n\n${unread}`;
  body = withoutNul(body).slice(0, MAX_BODY_CHARS);
  if (skipped.length > 0) body += `\n\n[Not kept: ${skipped.join('; ')}]`;

  try {
    const result = await recordInbound(deps, {
      accountId,
      supportChannelId: channel.id,
      brandId: channel.brandId,
      identity: unverified
        ? { kind: 'email_unverified', value: from, name: senderName, email: null }
        : { kind: 'email', value: from, name: senderName, email: from },
      body,
      bodyHtml: bodyHtml || null,
      subject:
        withoutNul(mail.subject ?? '')
          .trim()
          .slice(0, 300) || null,
      providerMessageId: messageId.slice(0, 500),
      conversationId,
      // A CC'd colleague answering in the thread joins it under their own name.
      anySender: true,
      explicitThreadingOnly: true,
      automatic,
      receivedAt: new Date(),
      attachments: files,
      inTransaction: async (tx, stored) => {
        if (emailAuth)
          await saveEmailAuth(tx, { accountId, messageId: stored.messageId, emailAuth });
        // Who else the mail went to joins the next reply's Cc ("Reply all"); never from a mail
        // that may be forged (its addresses are the forger's choice) nor from an auto-reply.
        if (!unverified && !automatic)
          await rememberParticipants(tx, {
            accountId,
            conversationId: stored.conversationId,
            addresses: [from, ...addresses(mail.to), ...addresses(mail.cc)],
            // The platform that mailed for the customer, and a mailing list, are nobody to copy.
            never: [
              ...(fromHeader && fromHeader !== from ? [fromHeader] : []),
              ...listAddresses(mail),
            ],
          });
      },
    });
    // A re-delivered mail keeps the files it was first stored with.
    if (result.duplicate) await removeInboundFiles(deps, files);
    return result;
  } catch (err) {
    await removeInboundFiles(deps, files);
    throw err;
  }
}
