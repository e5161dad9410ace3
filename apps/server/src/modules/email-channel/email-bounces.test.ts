import crypto from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { simpleParser } from 'mailparser';
import { createTransport } from 'nodemailer';
import type Mail from 'nodemailer/lib/mailer';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EMAIL_INBOUND_SECRET_HEADER, type Message } from '@parley/contracts';
import { contacts, conversations, messages } from '../../db/schema';
import {
  as,
  createTestContext,
  readMailbox,
  signUp,
  type Session,
  type TestContext,
} from '../../test/harness';
import { startTestDnsServer, type TestDnsServer } from '../../test/dns-server';
import { startSmtpServer, type RunningSmtpServer } from './smtp-server';
import { emailChannelFor } from '../../test/email-fixtures';

let ctx: TestContext;
let dns: TestDnsServer;
let smtp: RunningSmtpServer;
const notices: string[] = [];

beforeAll(async () => {
  // The sender checks look the senders' domains up here (none publishes anything): no internet.
  dns = await startTestDnsServer();
  ctx = await createTestContext({ AUTH_RATE_LIMIT_PER_MINUTE: '1000', DNS_RESOLVER: dns.address });
  smtp = await startSmtpServer(ctx.deps, {
    port: 0,
    host: '127.0.0.1',
    notice: (msg) => notices.push(msg),
  });
});
afterAll(async () => {
  await smtp.close();
  await ctx.close();
  await dns.close();
});

/** A real SMTP client talking to Parley's SMTP server (a mail server delivering to us). */
function deliver(mail: Mail.Options) {
  const transport = createTransport({
    host: '127.0.0.1',
    port: smtp.port,
    secure: false,
    ignoreTLS: true,
  });
  return transport.sendMail({ from: 'Cora Customer <cora@customer.example>', ...mail });
}

/** An email channel replying through the server's mail (the test mailbox). */
const emailChannel = (s: Session) => emailChannelFor(ctx, s);

/** The agent replies; answers the stored reply and the mail as the customer received it. */
async function agentReplies(s: Session, conversationId: number, to: string, body: string) {
  const sent = await as(ctx, s).post(`/dashboardapi/conversations/${conversationId}/messages`, {
    body,
  });
  expect(sent.statusCode).toBe(201);
  await ctx.deps.jobs.drain();
  const [stored] = await ctx.deps.db
    .select()
    .from(messages)
    .where(eq(messages.id, (sent.json() as Message).id));
  expect(stored!.deliveryStatus).toBe('sent');
  // The reply among the mails to `to` (closing a conversation may mail them too).
  const mails = await Promise.all(
    (await readMailbox(ctx)).filter((m) => m.to === to).map((m) => simpleParser(m.raw)),
  );
  const mail = mails.find((m) => m.messageId === stored!.providerMessageId);
  expect(mail).toBeDefined();
  return { stored: stored!, mail: mail! };
}

/** A bounce as Postfix sends it (RFC 3464): notification, delivery report, returned headers. */
function postfixBounce(v: { to: string; recipient: string; originalId: string; subject: string }) {
  const boundary = '5B2A01C0F5.1795844402/mail.relay.example';
  return [
    'Return-Path: <>',
    'Date: Fri, 27 Nov 2026 05:40:02 +0000 (UTC)',
    'From: MAILER-DAEMON@mail.relay.example (Mail Delivery System)',
    'Subject: Undelivered Mail Returned to Sender',
    `To: ${v.to}`,
    'Auto-Submitted: auto-replied',
    'MIME-Version: 1.0',
    `Content-Type: multipart/report; report-type=delivery-status;`,
    `\tboundary="${boundary}"`,
    'Content-Transfer-Encoding: 8bit',
    `Message-Id: <20261127054002.${crypto.randomBytes(4).toString('hex')}@mail.relay.example>`,
    '',
    'This is a MIME-encapsulated message.',
    '',
    `--${boundary}`,
    'Content-Description: Notification',
    'Content-Type: text/plain; charset=utf-8',
    '',
    'This is the mail system at host mail.relay.example.',
    '',
    "I'm sorry to have to inform you that your message could not",
    "be delivered to one or more recipients. It's attached below.",
    '',
    `<${v.recipient}>: host mx.customer.example[203.0.113.5] said: 550 5.1.1`,
    `    <${v.recipient}>: Recipient address rejected: User unknown in local`,
    '    recipient table (in reply to RCPT TO command)',
    '',
    `--${boundary}`,
    'Content-Description: Delivery report',
    'Content-Type: message/delivery-status',
    '',
    'Reporting-MTA: dns; mail.relay.example',
    'X-Postfix-Queue-ID: 5B2A01C0F5',
    `X-Postfix-Sender: rfc822; ${v.to}`,
    'Arrival-Date: Fri, 27 Nov 2026 05:40:00 +0000 (UTC)',
    '',
    `Final-Recipient: rfc822; ${v.recipient}`,
    `Original-Recipient: rfc822;${v.recipient}`,
    'Action: failed',
    'Status: 5.1.1',
    'Remote-MTA: dns; mx.customer.example',
    `Diagnostic-Code: smtp; 550 5.1.1 <${v.recipient}>: Recipient address`,
    '    rejected: User unknown in local recipient table',
    '',
    `--${boundary}`,
    'Content-Description: Undelivered Message Headers',
    'Content-Type: text/rfc822-headers',
    '',
    `Return-Path: <${v.to}>`,
    `From: Northwind Support <${v.to}>`,
    `To: ${v.recipient}`,
    `Subject: ${v.subject}`,
    `Message-ID: ${v.originalId}`,
    'Date: Fri, 27 Nov 2026 05:39:59 +0000',
    '',
    `--${boundary}--`,
    '',
  ].join('\r\n');
}

const rowsOf = async (accountId: number) => ({
  conversations: await ctx.deps.db
    .select()
    .from(conversations)
    .where(eq(conversations.accountId, accountId)),
  contacts: await ctx.deps.db.select().from(contacts).where(eq(contacts.accountId, accountId)),
  incoming: await ctx.deps.db
    .select()
    .from(messages)
    .where(and(eq(messages.accountId, accountId), eq(messages.direction, 'incoming'))),
});

describe('bounces are tied to the reply they return', () => {
  it('a DSN marks the bounced reply failed with its reason in words, live, and opens no conversation or contact', async () => {
    const s = await signUp(ctx);
    const ch = await emailChannel(s);
    await deliver({ to: ch.address, subject: 'Sizing question', text: 'Is M large?' });
    const [conv] = (await rowsOf(s.accountId)).conversations;
    const { stored, mail } = await agentReplies(
      s,
      conv!.id,
      'cora@customer.example',
      'M runs large.',
    );
    const updates: number[] = [];
    ctx.deps.events.on('message_updated', (e) => updates.push(e.messageId));

    const info = await deliver({
      envelope: { from: '', to: [ch.address] },
      raw: postfixBounce({
        to: ch.address,
        recipient: 'cora@customer.example',
        originalId: mail.messageId!,
        subject: mail.subject!,
      }),
    });
    expect(info.accepted).toEqual([ch.address]);

    const [failed] = await ctx.deps.db.select().from(messages).where(eq(messages.id, stored.id));
    expect(failed!.deliveryStatus).toBe('failed');
    expect(failed!.failureReason).toContain('cora@customer.example');
    expect(failed!.failureReason).toContain('the mailbox does not exist (5.1.1)');
    expect(failed!.failureReason).toContain('User unknown in local recipient table');
    expect(updates).toContain(stored.id);
    const after = await rowsOf(s.accountId);
    expect(after.conversations).toHaveLength(1);
    expect(after.contacts.map((c) => c.email)).toEqual(['cora@customer.example']);
    expect(after.incoming).toHaveLength(1);

    // The same bounce through the inbound HTTP endpoint (a forwarding service): 202, filed nowhere.
    const forwarded = await ctx.app.inject({
      method: 'POST',
      url: `/dashboardapi/email/inbound/${ch.id}`,
      headers: { 'content-type': 'message/rfc822', [EMAIL_INBOUND_SECRET_HEADER]: ch.secret },
      payload: postfixBounce({
        to: ch.address,
        recipient: 'cora@customer.example',
        originalId: mail.messageId!,
        subject: mail.subject!,
      }),
    });
    expect(forwarded.statusCode).toBe(202);
    expect(forwarded.json()).toEqual({ bounced_message_id: stored.id });
    expect((await rowsOf(s.accountId)).incoming).toHaveLength(1);
  });

  it('recognises a non-standard bounce (postmaster, the returned mail attached), and drops one for an unknown message with a log line', async () => {
    const s = await signUp(ctx);
    const ch = await emailChannel(s);
    await deliver({ to: ch.address, subject: 'Refund', text: 'Refund please' });
    const [conv] = (await rowsOf(s.accountId)).conversations;
    const { stored, mail } = await agentReplies(s, conv!.id, 'cora@customer.example', 'Done.');

    await deliver({
      from: 'Mail Delivery Subsystem <postmaster@mx.customer.example>',
      envelope: { from: '', to: [ch.address] },
      to: ch.address,
      subject: 'Delivery Status Notification (Failure)',
      text: 'Your message could not be delivered to cora@customer.example.\nRemote server said: 550 5.2.2 The mailbox is over quota.',
      attachments: [
        {
          contentType: 'message/rfc822',
          content: `From: Northwind Support <${ch.address}>\r\nTo: cora@customer.example\r\nSubject: ${mail.subject}\r\nMessage-ID: ${mail.messageId}\r\n\r\nDone.\r\n`,
        },
      ],
    });
    const [failed] = await ctx.deps.db.select().from(messages).where(eq(messages.id, stored.id));
    expect(failed!.deliveryStatus).toBe('failed');
    expect(failed!.failureReason).toContain('the mailbox is full (5.2.2)');

    // A DSN naming a message this channel never sent: accepted (no 5xx), filed nowhere.
    const unknownId = `<parley.999999.0000000000000000@${ch.address.split('@')[1]}>`;
    const info = await deliver({
      envelope: { from: '', to: [ch.address] },
      raw: postfixBounce({
        to: ch.address,
        recipient: 'gone@customer.example',
        originalId: unknownId,
        subject: 'Re: something',
      }),
    });
    expect(info.accepted).toEqual([ch.address]);
    expect(notices.some((n) => n.includes(unknownId))).toBe(true);
    const after = await rowsOf(s.accountId);
    expect(after.conversations).toHaveLength(1);
    expect(after.contacts).toHaveLength(1);
    expect(after.incoming).toHaveLength(1);
  });
});

describe('auto-replies (RFC 3834)', () => {
  it('are marked, never reopen a closed conversation, and are never what the next reply answers (In-Reply-To)', async () => {
    const s = await signUp(ctx);
    const ch = await emailChannel(s);
    const first = await deliver({ to: ch.address, subject: 'Parcel', text: 'Where is it?' });
    const [conv] = (await rowsOf(s.accountId)).conversations;
    const { mail } = await agentReplies(s, conv!.id, 'cora@customer.example', 'On its way.');
    await as(ctx, s).patch(`/dashboardapi/conversations/${conv!.id}`, { status: 'closed' });
    await deliver({
      envelope: { from: '', to: [ch.address] },
      to: ch.address,
      subject: `Automatic reply: ${mail.subject}`,
      text: 'I am out of the office until Monday.',
      inReplyTo: mail.messageId,
      headers: { 'Auto-Submitted': 'auto-replied', Precedence: 'auto_reply' },
    });
    const incoming = (await rowsOf(s.accountId)).incoming.sort((a, b) => a.id - b.id);
    expect(incoming.map((m) => m.autoSubmitted)).toEqual([false, true]);
    expect(incoming[1]!.conversationId).toBe(conv!.id);
    const [closed] = await ctx.deps.db
      .select()
      .from(conversations)
      .where(eq(conversations.id, conv!.id));
    expect(closed!.status).toBe('closed');

    const next = await agentReplies(s, conv!.id, 'cora@customer.example', 'It arrives Friday.');
    expect(next.mail.inReplyTo).toBe(first.messageId);
  });
});

describe('another participant’s reply', () => {
  it('a CC’d colleague answering in the thread lands in that conversation with their own name shown', async () => {
    const s = await signUp(ctx);
    const ch = await emailChannel(s);
    await deliver({
      to: ch.address,
      cc: 'Ben Buyer <ben@customer.example>',
      subject: 'Bulk order',
      text: 'We need 40 jackets.',
    });
    const [conv] = (await rowsOf(s.accountId)).conversations;
    const { mail } = await agentReplies(
      s,
      conv!.id,
      'cora@customer.example',
      'We can do 40 by May.',
    );
    const replyTo = mail.replyTo!.value[0]!.address!;
    // By the signed reply address and In-Reply-To, as a mail client answers.
    await deliver({
      from: 'Ben Buyer <ben@customer.example>',
      to: replyTo,
      cc: 'cora@customer.example',
      subject: `Re: ${mail.subject}`,
      text: 'May works for us.',
      inReplyTo: mail.messageId,
      references: [mail.messageId!],
    });
    // By the headers alone (the plain support address).
    await deliver({
      from: 'Ben Buyer <ben@customer.example>',
      to: ch.address,
      subject: 'Re: Bulk order',
      text: 'And in navy, please.',
      inReplyTo: mail.messageId,
    });
    const after = await rowsOf(s.accountId);
    expect(after.conversations).toHaveLength(1);
    const res = await as(ctx, s).get(`/dashboardapi/conversations/${conv!.id}/messages`);
    const thread = (res.json() as { items: Message[] }).items;
    expect(thread.map((m) => [m.direction, m.sender.name, m.body.trim()])).toEqual([
      ['incoming', 'Cora Customer', 'We need 40 jackets.'],
      ['outgoing', expect.anything(), 'We can do 40 by May.'],
      ['incoming', 'Ben Buyer', 'May works for us.'],
      ['incoming', 'Ben Buyer', 'And in navy, please.'],
    ]);
  });
});
