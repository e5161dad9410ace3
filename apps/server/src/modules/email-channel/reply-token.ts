import crypto from 'node:crypto';
import type { SecretBox } from '../../lib/secret-box';

const PURPOSE = 'email-reply-to';
/** `c{conversation id}-{20 hex of HMAC}`: lower-case only, as some mail servers lower-case local parts. */
const TAG = /^c(\d{1,10})-([0-9a-f]{20})$/;

function tagFor(secrets: SecretBox, channelId: number, conversationId: number): string {
  const mac = Buffer.from(secrets.sign(PURPOSE, `${channelId}.${conversationId}`), 'base64url');
  return `c${conversationId}-${mac.toString('hex').slice(0, 20)}`;
}

/**
 * The Reply-To of an outgoing reply: the channel's address with a signed tag,
 * `support+c42-1a2b…@acme.com`. The customer's answer comes back to it, and the tag names the
 * conversation — but only when its signature checks out (FreeScout CVE-2026-47123: a reply
 * token must be verified on every path).
 */
export function replyToAddress(
  secrets: SecretBox,
  channel: { id: number; address: string },
  conversationId: number,
): string {
  const at = channel.address.lastIndexOf('@');
  const local = channel.address.slice(0, at);
  return `${local}+${tagFor(secrets, channel.id, conversationId)}${channel.address.slice(at)}`;
}

/** The address without its `+tag`, lower-case: what the channel is known by. */
export function baseAddress(address: string): string {
  const lower = address.trim().toLowerCase();
  const at = lower.lastIndexOf('@');
  if (at <= 0) return lower;
  const local = lower.slice(0, at);
  const plus = local.indexOf('+');
  return `${plus >= 0 ? local.slice(0, plus) : local}${lower.slice(at)}`;
}

/**
 * The conversation named by a correctly signed tag in one of the recipients addressed to this
 * channel; null when there is none. A forged or altered tag is ignored: the mail is then threaded
 * by the ordinary rules.
 */
export function conversationFromRecipients(
  secrets: SecretBox,
  channel: { id: number; address: string },
  recipients: string[],
): number | null {
  const own = channel.address.toLowerCase();
  for (const recipient of recipients) {
    const lower = recipient.trim().toLowerCase();
    if (baseAddress(lower) !== own) continue;
    const local = lower.slice(0, lower.lastIndexOf('@'));
    const match = TAG.exec(local.slice(local.indexOf('+') + 1));
    if (!match || local.indexOf('+') < 0) continue;
    const conversationId = Number(match[1]);
    const expected = Buffer.from(tagFor(secrets, channel.id, conversationId));
    const given = Buffer.from(match[0]);
    if (expected.length === given.length && crypto.timingSafeEqual(expected, given))
      return conversationId;
  }
  return null;
}

const MESSAGE_ID_PURPOSE = 'email-conversation-message-id';
/** `<parley.c{conversation}.{nonce}.{20 hex of HMAC}@domain>`: see conversationMailMessageId. */
const CONVERSATION_MESSAGE_ID = /^<parley\.c(\d{1,10})\.([0-9a-f]{16})\.([0-9a-f]{20})@[^<>\s@]+>$/;

function messageIdTag(
  secrets: SecretBox,
  channelId: number,
  conversationId: number,
  nonce: string,
) {
  const mac = secrets.sign(MESSAGE_ID_PURPOSE, `${channelId}.${conversationId}.${nonce}`);
  return Buffer.from(mac, 'base64url').toString('hex').slice(0, 20);
}

/**
 * The Message-ID of a mail about a conversation that is no agent's reply (the feedback request,
 * a transcript, a chat answer by email). It names the conversation under our signature, so a
 * customer's answer that names it in In-Reply-To / References threads there even when their
 * mail program wrote to the plain address instead of the Reply-To.
 */
export function conversationMailMessageId(
  secrets: SecretBox,
  channel: { id: number; address: string },
  conversationId: number,
): string {
  const nonce = crypto.randomBytes(8).toString('hex');
  const domain = channel.address.slice(channel.address.lastIndexOf('@') + 1);
  return `<parley.c${conversationId}.${nonce}.${messageIdTag(secrets, channel.id, conversationId, nonce)}@${domain}>`;
}

/** The conversation named by one of our signed conversation Message-IDs, or null. */
export function conversationFromMessageIds(
  secrets: SecretBox,
  channelId: number,
  ids: string[],
): number | null {
  for (const id of ids) {
    const match = CONVERSATION_MESSAGE_ID.exec(id.trim().toLowerCase());
    if (!match) continue;
    const conversationId = Number(match[1]);
    const expected = Buffer.from(messageIdTag(secrets, channelId, conversationId, match[2]!));
    const given = Buffer.from(match[3]!);
    if (expected.length === given.length && crypto.timingSafeEqual(expected, given))
      return conversationId;
  }
  return null;
}
