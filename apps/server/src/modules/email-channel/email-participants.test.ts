import { eq } from 'drizzle-orm';
import { simpleParser } from 'mailparser';
import { createTransport } from 'nodemailer';
import type Mail from 'nodemailer/lib/mailer';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Message } from '@parley/contracts';
import { contacts, conversations, messages } from '../../db/schema';
import { startTestDnsServer, type TestDnsServer } from '../../test/dns-server';
import {
  as,
  createTestContext,
  readMailbox,
  signUp,
  type Session,
  type TestContext,
} from '../../test/harness';
import { startSmtpServer, type RunningSmtpServer } from './smtp-server';
import { emailChannelFor } from '../../test/email-fixtures';

let ctx: TestContext;
let dns: TestDnsServer;
let smtp: RunningSmtpServer;

beforeAll(async () => {
  // The sender checks look the senders' domains up here (none publishes anything): no internet.
  dns = await startTestDnsServer();
  ctx = await createTestContext({ AUTH_RATE_LIMIT_PER_MINUTE: '1000', DNS_RESOLVER: dns.address });
  smtp = await startSmtpServer(ctx.deps, { port: 0, host: '127.0.0.1' });
});
afterAll(async () => {
  await smtp.close();
  await ctx.close();
  await dns.close();
});

/** A mail client: a real SMTP client talking to Parley's SMTP server. */
function sends(mail: Mail.Options) {
  const transport = createTransport({
    host: '127.0.0.1',
    port: smtp.port,
    secure: false,
    ignoreTLS: true,
  });
  return transport.sendMail({ from: 'Cora Customer <cora@customer.example>', ...mail });
}

/** An email channel without an SMTP server of its own: replies land in the local mailbox. */
const emailChannel = (s: Session, address?: string) =>
  emailChannelFor(ctx, s, address ? { address } : {});

async function conversationsOfChannel(channelId: number) {
  return ctx.deps.db
    .select()
    .from(conversations)
    .where(eq(conversations.supportChannelId, channelId))
    .orderBy(conversations.id);
}

async function rememberedCc(s: Session, conversationId: number) {
  const res = await as(ctx, s).get(`/dashboardapi/conversations/${conversationId}`);
  return (res.json() as { email_recipients?: { cc: string[]; bcc: string[] } }).email_recipients;
}

async function threadOf(s: Session, conversationId: number) {
  const res = await as(ctx, s).get(`/dashboardapi/conversations/${conversationId}/messages`);
  return (res.json() as { items: Message[] }).items;
}

/** The newest mail the server sent to `to`, parsed. */
async function lastMailTo(to: string) {
  const raw = (await readMailbox(ctx)).filter((m) => m.to === to).at(-1)?.raw;
  if (!raw) throw new Error(`no mail to ${to}`);
  return simpleParser(raw);
}

const ccOf = (mail: Awaited<ReturnType<typeof simpleParser>>) =>
  (Array.isArray(mail.cc) ? mail.cc : mail.cc ? [mail.cc] : [])
    .flatMap((a) => a.value.map((v) => v.address))
    .toSorted();

describe('the people on a customer’s mail are answered too (reply all)', () => {
  it('remembers the To and Cc people as the next reply’s Cc, never our addresses, the customer or no-reply senders', async () => {
    const s = await signUp(ctx);
    const ch = await emailChannel(s);
    const [local, domain] = ch.address.split('@');
    const sales = await emailChannel(s, `sales@${domain}`);
    await sends({
      to: [`Northwind <${ch.address}>`, 'Dave Partner <Dave@Partner.example>'],
      cc: [
        'Ann Buyer <ann@partner.example>',
        `${local}+orders@${domain}`,
        sales.address,
        'cora@customer.example',
        'No Reply <no-reply@partner.example>',
        'ann@partner.example',
      ],
      subject: 'Wholesale order',
      text: 'Can we order 200? My colleagues are copied.',
    });
    const [conv] = await conversationsOfChannel(ch.id);
    expect(await rememberedCc(s, conv!.id)).toEqual({
      cc: ['dave@partner.example', 'ann@partner.example'],
      bcc: [],
    });

    // The agent's reply names no Cc: it goes to everyone, as "Reply all" would.
    const sent = await as(ctx, s).post(`/dashboardapi/conversations/${conv!.id}/messages`, {
      body: 'Yes, 200 is fine.',
    });
    expect(sent.statusCode).toBe(201);
    await ctx.deps.jobs.drain();
    const reply = await lastMailTo('cora@customer.example');
    expect(ccOf(reply)).toEqual(['ann@partner.example', 'dave@partner.example']);

    // Ann answers everyone: her mail threads in under her name, and Cora stays the customer.
    await sends({
      from: 'Ann Buyer <ann@partner.example>',
      to: [reply.replyTo!.value[0]!.address!, 'cora@customer.example'],
      cc: ['dave@partner.example', 'Eve Partner <eve@partner.example>'],
      subject: 'Re: Wholesale order',
      text: 'Confirmed on our side.',
      inReplyTo: reply.messageId!,
      references: [reply.messageId!],
    });
    // Dave answers Cora's first mail, to the plain support address: it threads by her Message-ID.
    const first = (await threadOf(s, conv!.id))[0]!;
    expect(first.body).toContain('Can we order 200?');
    const [original] = await ctx.deps.db
      .select({ messageId: messages.providerMessageId })
      .from(messages)
      .where(eq(messages.id, first.id));
    await sends({
      from: 'Dave Partner <dave@partner.example>',
      to: ch.address,
      subject: 'Re: Wholesale order',
      text: 'Adding our address for the delivery.',
      inReplyTo: original!.messageId!,
    });
    expect(await conversationsOfChannel(ch.id)).toHaveLength(1);
    const thread = await threadOf(s, conv!.id);
    expect(thread.slice(-2).map((m) => [m.sender.name, m.body])).toEqual([
      ['Ann Buyer', 'Confirmed on our side.'],
      ['Dave Partner', 'Adding our address for the delivery.'],
    ]);
    expect((await rememberedCc(s, conv!.id))?.cc).toEqual([
      'dave@partner.example',
      'ann@partner.example',
      'eve@partner.example',
    ]);
  });

  it('a contact-form platform that mailed on the customer’s behalf is never copied', async () => {
    const s = await signUp(ctx);
    const ch = await emailChannel(s);
    await sends({
      from: 'Shopify <mailer@shopify.com>',
      replyTo: 'Alice Archer <alice@example.com>',
      to: ch.address,
      cc: 'Bob Archer <bob@example.com>',
      subject: 'New customer message',
      text: 'Do you ship to Canada?',
    });
    const [conv] = await conversationsOfChannel(ch.id);
    expect(await rememberedCc(s, conv!.id)).toEqual({
      cc: ['bob@example.com'],
      bcc: [],
    });
  });

  it('a mailing list’s mail is the poster’s, and the list is never copied', async () => {
    const s = await signUp(ctx);
    const ch = await emailChannel(s);
    // A discussion list that sets Reply-To to itself (reply-to-list), with its List-* headers.
    await sends({
      from: 'Gina Grower <gina@growers.example>',
      replyTo: 'Growers <growers@lists.example>',
      to: 'growers@lists.example',
      cc: ch.address,
      subject: 'Anyone used the Northwind planters?',
      text: 'Mine cracked after a week.',
      list: {
        id: { url: 'growers.lists.example', comment: 'Growers' },
        post: 'growers@lists.example',
      },
    });
    const [conv] = await conversationsOfChannel(ch.id);
    const [contact] = await ctx.deps.db
      .select({ email: contacts.email })
      .from(contacts)
      .where(eq(contacts.id, conv!.contactId));
    expect(contact!.email).toBe('gina@growers.example');
    expect(await rememberedCc(s, conv!.id)).toEqual({ cc: [], bcc: [] });
  });

  it('an agent’s own choice stays: a Cc the agent removed comes back only when a mail names the person again', async () => {
    const s = await signUp(ctx);
    const ch = await emailChannel(s);
    await sends({ to: ch.address, cc: 'ann@partner.example', subject: 'Returns', text: 'Hello' });
    const [conv] = await conversationsOfChannel(ch.id);
    await as(ctx, s).post(`/dashboardapi/conversations/${conv!.id}/messages`, {
      body: 'Only to you.',
      cc: [],
      bcc: ['boss@northwind.example'],
    });
    await ctx.deps.jobs.drain();
    const reply = await lastMailTo('cora@customer.example');
    expect(ccOf(reply)).toEqual([]);
    // Cora answers our reply alone: nobody is added back.
    await sends({
      to: reply.replyTo!.value[0]!.address!,
      subject: 'Re: Returns',
      text: 'Thanks',
      inReplyTo: reply.messageId!,
    });
    expect(await rememberedCc(s, conv!.id)).toEqual({ cc: [], bcc: ['boss@northwind.example'] });
    // A Bcc'd person named on a later mail is not copied twice.
    await sends({
      to: reply.replyTo!.value[0]!.address!,
      cc: ['boss@northwind.example', 'ann@partner.example'],
      subject: 'Re: Returns',
      text: 'Copying Ann again',
      inReplyTo: reply.messageId!,
    });
    expect(await rememberedCc(s, conv!.id)).toEqual({
      cc: ['ann@partner.example'],
      bcc: ['boss@northwind.example'],
    });
  });
});
