import dns from 'node:dns/promises';
import net from 'node:net';
import { createTransport, type SendMailOptions } from 'nodemailer';
import type { Deps } from '../../lib/deps';
import { RetryableError } from '../../lib/jobs';
import { isPrivateAddress } from '../../lib/safe-fetch';
import { attachmentsOfMessages } from '../attachments/attachments.service';
import { readStored } from '../../lib/file-store';
import { fileStoreOf } from '../attachments/attachments.service';
import {
  PermanentDeliveryError,
  type ChannelAdapter,
  type OutboundContext,
} from '../channels/channels.public';
import { dkimSigningKey } from '../email-setup/email-setup.service';
import { readEmailSettings, type ChannelSmtp } from './channel-settings';
import {
  findEmailChannelOfConversation,
  threadMessageIds,
  type EmailChannelRow,
} from './email-channel.queries';
import { baseAddress, conversationMailMessageId, replyToAddress } from './reply-token';

/** At most this many ids in References (the first and the latest, as RFC 5322 §3.6.4 advises). */
const MAX_REFERENCES = 20;

/**
 * A Message-ID of our own for a reply: the same for every attempt at the same message (a retry
 * after a lost answer is recognisably the same mail), unique per installation by its signature.
 */
export function outgoingMessageId(deps: Deps, messageId: number, domain: string): string {
  const tag = Buffer.from(deps.secrets.sign('email-message-id', String(messageId)), 'base64url')
    .toString('hex')
    .slice(0, 16);
  return `<parley.${messageId}.${tag}@${domain}>`;
}

function referencesFor(ids: string[]): string[] {
  const unique = [...new Set(ids)];
  return unique.length <= MAX_REFERENCES
    ? unique
    : [unique[0]!, ...unique.slice(-(MAX_REFERENCES - 1))];
}

/** An SMTP server named by an account must not be an address inside our network (SSRF). */
async function refusePrivateHost(deps: Deps, host: string) {
  if (deps.config.outboundAllowPrivate) return;
  const addresses = net.isIP(host)
    ? [host]
    : (await dns.lookup(host, { all: true }).catch(() => [])).map((a) => a.address);
  if (addresses.length === 0)
    throw new RetryableError(`The SMTP server ${host} could not be found in DNS.`);
  if (addresses.some(isPrivateAddress))
    throw new PermanentDeliveryError(
      `The SMTP server ${host} is a private network address; use a server reachable on the internet.`,
    );
}

/**
 * Temporary SMTP failures (4xx replies, connection and DNS errors, timeouts) are retried with
 * back-off; permanent ones (5xx: unknown mailbox, refused login, policy) fail the reply with the
 * server's own reason. The password is never part of the reason (FreeScout GHSA-7wcq-2qmv-mvcm).
 */
export function classifySmtpError(err: unknown): Error {
  const e = err as { responseCode?: number; response?: string; code?: string; message?: string };
  const reason = (e.response ?? e.message ?? 'unknown error').replace(/\s+/g, ' ').trim();
  if (typeof e.responseCode === 'number') {
    if (e.responseCode >= 500)
      return new PermanentDeliveryError(`The mail server refused the reply: ${reason}`);
    return new RetryableError(`The mail server answered ${e.responseCode}: ${reason}`);
  }
  if (e.code === 'EAUTH')
    return new PermanentDeliveryError(
      'The SMTP server refused the username or password of this email channel.',
    );
  return new RetryableError(`The mail server could not be reached: ${reason}`);
}

async function sendWith(
  deps: Deps,
  smtp: ChannelSmtp | null,
  mail: SendMailOptions & { to: string },
) {
  if (!smtp) return deps.mailer.sendMail(mail);
  await refusePrivateHost(deps, smtp.host);
  const transport = createTransport({
    host: smtp.host,
    port: smtp.port,
    secure: smtp.secure,
    ...(smtp.username ? { auth: { user: smtp.username, pass: smtp.password ?? '' } } : {}),
    connectionTimeout: 15_000,
    greetingTimeout: 15_000,
    socketTimeout: 60_000,
    logger: false,
  });
  try {
    await transport.sendMail(mail);
  } finally {
    transport.close();
  }
}

/** The reply as a mail: From the channel, threading headers, signed Reply-To, signature, files. */
export async function buildReplyMail(deps: Deps, ctx: OutboundContext) {
  const { channel, conversation, contact, message, identities } = ctx;
  const settings = readEmailSettings(deps, channel);
  if (!settings.address)
    throw new PermanentDeliveryError('This email channel has no address: set it up again.');
  // A sender whose domain's DMARC check failed is answered at the From address, as any mail
  // program would: its real owner gets the reply, not whoever forged it.
  const to =
    identities.find((i) => i.kind === 'email')?.value ??
    contact.email ??
    identities.find((i) => i.kind === 'email_unverified')?.value;
  if (!to)
    throw new PermanentDeliveryError(
      'This contact has no email address, so the reply cannot be sent.',
    );
  const domain = settings.address.slice(settings.address.lastIndexOf('@') + 1);
  const thread = await threadMessageIds(deps.db, {
    accountId: message.accountId,
    conversationId: conversation.id,
  });
  const earlier = thread.filter((t) => t.id && t.id !== message.providerMessageId);
  // An auto-reply (out of office) is no one's answer: the next reply answers the customer's mail.
  const lastIncoming = earlier.filter((t) => t.direction === 'incoming' && !t.automatic).at(-1)?.id;
  const references = referencesFor(earlier.map((t) => t.id!));
  const subjectText =
    conversation.subject?.trim() ||
    `Your conversation with ${settings.fromName || settings.address}`;
  const isReply = earlier.length > 0;
  const subject = isReply && !/^\s*re\s*:/i.test(subjectText) ? `Re: ${subjectText}` : subjectText;
  const files = await attachmentsOfMessages(deps.db, {
    accountId: message.accountId,
    messageIds: [message.id],
  });
  const store = fileStoreOf(deps);
  const dkim = await dkimSigningKey(deps, message.accountId, settings.address);
  // This reply's Cc / Bcc (else the conversation's, for replies queued before they travelled with
  // the job), never the customer again nor our own address, whose copy would come back in as a
  // message from ourselves.
  const recipients = ctx.emailRecipients ?? conversation.emailRecipients;
  const copyTo = (list: string[] | undefined) =>
    (list ?? []).filter(
      (a) => a !== to.toLowerCase() && baseAddress(a) !== settings.address!.toLowerCase(),
    );
  const cc = copyTo(recipients?.cc);
  const bcc = copyTo(recipients?.bcc);
  const mail: SendMailOptions & { to: string } = {
    from: { name: settings.fromName, address: settings.address },
    to,
    ...(cc.length > 0 ? { cc } : {}),
    // nodemailer sends to Bcc addresses without writing them into the mail's headers.
    ...(bcc.length > 0 ? { bcc } : {}),
    replyTo: replyToAddress(
      deps.secrets,
      { id: channel.id, address: settings.address },
      conversation.id,
    ),
    subject,
    text: settings.signature ? `${message.body}\n\n-- \n${settings.signature}` : message.body,
    messageId: outgoingMessageId(deps, message.id, domain),
    ...(lastIncoming ? { inReplyTo: lastIncoming } : {}),
    ...(references.length > 0 ? { references } : {}),
    attachments: files.map((f) => ({
      filename: f.fileName,
      contentType: f.contentType,
      // Opened when nodemailer reads it, so a mail that fails before never holds a connection.
      content: readStored(store, f.storageKey),
    })),
    ...(dkim ? { dkim } : {}),
  };
  return { mail, smtp: settings.smtp };
}

/**
 * A mail about a conversation that is no agent's reply (the feedback request, a transcript, the
 * live chat's offline reply), sent as the brand's email channel: From its address, Reply-To its
 * signed `+c{id}` tag, a signed Message-ID naming the conversation, In-Reply-To / References of
 * the conversation's email thread, through its SMTP server and DKIM-signed like its replies. The
 * customer's answer then lands in that conversation instead of bouncing off the server's no-reply
 * MAIL_FROM.
 */
export async function sendAsEmailChannel(
  deps: Deps,
  channel: EmailChannelRow,
  conversationId: number,
  mail: { to: string; subject: string; text: string; fromName: string },
) {
  const settings = readEmailSettings(deps, channel);
  const own = { id: channel.id, address: settings.address };
  const dkim = await dkimSigningKey(deps, channel.accountId, settings.address);
  const thread = (
    await threadMessageIds(deps.db, { accountId: channel.accountId, conversationId })
  ).filter((t) => t.id);
  const lastIncoming = thread.filter((t) => t.direction === 'incoming' && !t.automatic).at(-1)?.id;
  const references = referencesFor(thread.map((t) => t.id!));
  try {
    await sendWith(deps, settings.smtp, {
      from: { name: settings.fromName || mail.fromName, address: settings.address },
      to: mail.to,
      replyTo: replyToAddress(deps.secrets, own, conversationId),
      subject: mail.subject,
      text: mail.text,
      messageId: conversationMailMessageId(deps.secrets, own, conversationId),
      ...(lastIncoming ? { inReplyTo: lastIncoming } : {}),
      ...(references.length > 0 ? { references } : {}),
      ...(dkim ? { dkim } : {}),
    });
  } catch (err) {
    if (err instanceof PermanentDeliveryError || err instanceof RetryableError) throw err;
    throw classifySmtpError(err);
  }
}

/**
 * Every automatic mail a customer gets about a conversation (feedback request, transcript, chat
 * answer by email) goes through here: as the conversation's email channel, else its store's, else
 * — an account without an email channel — from the server's MAIL_FROM as a plain notice.
 */
export async function sendConversationMail(
  deps: Deps,
  v: { accountId: number; conversationId: number; fromName: string },
  mail: { to: string; subject: string; text: string },
) {
  const channel = await findEmailChannelOfConversation(deps.db, v);
  if (channel)
    return sendAsEmailChannel(deps, channel, v.conversationId, { ...mail, fromName: v.fromName });
  await deps.mailer.send(mail);
}

/** Replies on email channels: the channel's SMTP server, else the server's. */
export const emailAdapter: ChannelAdapter = {
  async send(deps, ctx) {
    const { mail, smtp } = await buildReplyMail(deps, ctx);
    try {
      await sendWith(deps, smtp, mail);
    } catch (err) {
      if (err instanceof PermanentDeliveryError || err instanceof RetryableError) throw err;
      throw classifySmtpError(err);
    }
    return { providerMessageId: mail.messageId as string };
  },
};
