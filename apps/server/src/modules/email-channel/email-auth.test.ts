import crypto from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { authenticate } from 'mailauth';
import { simpleParser } from 'mailparser';
import { createTransport } from 'nodemailer';
import type Mail from 'nodemailer/lib/mailer';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WIDGET_API } from '@parley/contracts';
import { contactIdentities, contacts, conversations, messages } from '../../db/schema';
import { startTestDnsServer, type TestDnsServer } from '../../test/dns-server';
import {
  as,
  createTestContext,
  readMailbox,
  signUp,
  type Session,
  type TestContext,
} from '../../test/harness';
import { chattingVisitor, storeWithWidget } from '../widget-chat/widget-chat.fixtures';
import { configuredDnsResolve } from './email-auth';
import { startSmtpServer, type RunningSmtpServer } from './smtp-server';
import { emailChannelFor } from '../../test/email-fixtures';

let ctx: TestContext;
let dns: TestDnsServer;
let smtp: RunningSmtpServer;

beforeAll(async () => {
  // Every domain of these tests lives in this DNS server: the checks never reach the internet.
  dns = await startTestDnsServer();
  ctx = await createTestContext({ AUTH_RATE_LIMIT_PER_MINUTE: '1000', DNS_RESOLVER: dns.address });
  smtp = await startSmtpServer(ctx.deps, { port: 0, host: '127.0.0.1' });
});
afterAll(async () => {
  await smtp.close();
  await ctx.close();
  await dns.close();
});

/** A customer's mail server: a real SMTP client delivering to the built-in SMTP server. */
function deliver(mail: Mail.Options) {
  const transport = createTransport({
    host: '127.0.0.1',
    port: smtp.port,
    secure: false,
    ignoreTLS: true,
    name: 'mx.sender.example',
  });
  return transport.sendMail(mail);
}

let domains = 0;
/**
 * A customer's domain that publishes SPF (a server that is not this test's 127.0.0.1), a DKIM key
 * and a DMARC reject policy: its real mail is DKIM-signed, a forgery from here fails DMARC.
 */
function customerDomain(opts: { dmarc?: boolean } = {}) {
  const domain = `people${++domains}-${crypto.randomBytes(3).toString('hex')}.example`;
  const { publicKey, privateKey } = crypto.generateKeyPairSync('rsa', { modulusLength: 2048 });
  const p = publicKey.export({ type: 'spki', format: 'der' }).toString('base64');
  dns.records.set(domain, ['v=spf1 ip4:192.0.2.10 -all']);
  dns.records.set(`mail._domainkey.${domain}`, [`v=DKIM1; k=rsa; p=${p}`]);
  if (opts.dmarc !== false) dns.records.set(`_dmarc.${domain}`, ['v=DMARC1; p=reject']);
  return {
    domain,
    dkim: {
      domainName: domain,
      keySelector: 'mail',
      privateKey: privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
    },
  };
}

async function emailChannel(s: Session) {
  // No SMTP server of its own: its mail goes through the server's mailer (the local mailbox).
  const channel = await emailChannelFor(ctx, s);
  // The brand publishes the DKIM key the setup made, so its mail can be verified.
  for (const r of channel.result.domain.records)
    if (r.kind === 'dkim') dns.records.set(r.host.toLowerCase(), [r.value]);
  return channel;
}

async function messagesOfChannel(channelId: number) {
  return ctx.deps.db
    .select()
    .from(messages)
    .where(eq(messages.supportChannelId, channelId))
    .orderBy(messages.id);
}

async function contactOf(contactId: number) {
  const [row] = await ctx.deps.db.select().from(contacts).where(eq(contacts.id, contactId));
  return row!;
}

async function senderOf(message: { senderContactId: number | null }) {
  return contactOf(message.senderContactId!);
}

/** The newest mail the server sent to `to`, parsed, and its raw text. */
async function lastMailTo(to: string) {
  const raw = (await readMailbox(ctx)).filter((m) => m.to === to).at(-1)?.raw;
  if (!raw) throw new Error(`no mail to ${to}`);
  return { raw, mail: await simpleParser(raw) };
}

/** What a receiving server would find checking our mail, with the same DNS. */
const checkOurMail = (raw: string) =>
  authenticate(raw, {
    ip: '192.0.2.99',
    helo: 'mx.parley.example',
    mta: 'mx.customer.example',
    resolver: configuredDnsResolve(ctx.deps),
  });

describe('inbound sender checks (SPF, DKIM, DMARC, ARC) on the built-in SMTP server', () => {
  it('keeps the results on the message; a DKIM-signed mail of its domain passes DMARC and joins its contact', async () => {
    const s = await signUp(ctx);
    const ch = await emailChannel(s);
    const alice = customerDomain();
    const from = `Alice Archer <alice@${alice.domain}>`;
    await deliver({ from, to: ch.address, subject: 'Order 1001', text: 'first', dkim: alice.dkim });
    await deliver({ from, to: ch.address, subject: 'Order 1002', text: 'again', dkim: alice.dkim });

    const [first, second] = await messagesOfChannel(ch.id);
    expect(first!.emailAuth).toEqual({
      // Sent from 127.0.0.1, which the domain's SPF does not list; the aligned DKIM carries DMARC.
      spf: 'fail',
      dkim: 'pass',
      dmarc: 'pass',
      arc: 'none',
      from: `alice@${alice.domain}`,
      dmarc_failed: false,
    });
    expect(second!.senderContactId).toBe(first!.senderContactId);
    expect((await senderOf(first!)).email).toBe(`alice@${alice.domain}`);
  });

  it('a forged From of an existing customer (SPF and DMARC fail) is kept apart: own unverified contact, no subject threading, warning data stored', async () => {
    const s = await signUp(ctx);
    const ch = await emailChannel(s);
    expect(
      (
        await as(ctx, s).patch('/dashboardapi/global/settings', {
          treat_subject_and_sender_combination_as_single_thread: true,
        })
      ).statusCode,
    ).toBe(200);
    const alice = customerDomain();
    const address = `alice@${alice.domain}`;
    const genuine = await deliver({
      from: `Alice Archer <${address}>`,
      to: ch.address,
      subject: 'Order 1001',
      text: 'Where is my parcel?',
      dkim: alice.dkim,
    });
    const [real] = await messagesOfChannel(ch.id);

    // Same From, same subject, naming her own Message-ID: but not signed by her domain.
    await deliver({
      from: `Alice Archer <${address}>`,
      to: ch.address,
      subject: 'Re: Order 1001',
      text: 'Please send it to my new address instead: 1 Thief Lane.',
      inReplyTo: genuine.messageId,
      references: [genuine.messageId],
    });
    const [, forged] = await messagesOfChannel(ch.id);
    expect(forged!.emailAuth).toMatchObject({
      spf: 'fail',
      dkim: 'none',
      dmarc: 'fail',
      from: address,
      dmarc_failed: true,
    });
    expect(forged!.conversationId).not.toBe(real!.conversationId);
    expect(forged!.senderContactId).not.toBe(real!.senderContactId);
    const stranger = await senderOf(forged!);
    // Not linked to the address: the customer's orders and history never show beside it.
    expect(stranger).toMatchObject({ name: 'Alice Archer', email: null });
    const identities = await ctx.deps.db
      .select({ kind: contactIdentities.kind, value: contactIdentities.value })
      .from(contactIdentities)
      .where(eq(contactIdentities.contactId, stranger.id));
    expect(identities).toEqual([{ kind: 'email_unverified', value: address }]);
    // The customer's own contact is untouched.
    expect((await senderOf(real!)).email).toBe(address);

    // Her genuine mail still threads by subject as the setting says.
    await deliver({
      from: `Alice Archer <${address}>`,
      to: ch.address,
      subject: 'Re: Order 1001',
      text: 'Any news?',
      dkim: alice.dkim,
    });
    const [, , again] = await messagesOfChannel(ch.id);
    expect(again!.conversationId).toBe(real!.conversationId);
    expect(again!.emailAuth?.dmarc_failed).toBe(false);
  });

  it('a forged mail that answers our reply (signed Reply-To) joins that conversation, still under its unverified sender; the answer goes to the From address', async () => {
    const s = await signUp(ctx);
    const ch = await emailChannel(s);
    const alice = customerDomain();
    const address = `alice@${alice.domain}`;
    await deliver({
      from: address,
      to: ch.address,
      subject: 'Sizes',
      text: 'Is M large?',
      dkim: alice.dkim,
    });
    const [real] = await messagesOfChannel(ch.id);
    const sent = await as(ctx, s).post(
      `/dashboardapi/conversations/${real!.conversationId}/messages`,
      { body: 'M runs large.' },
    );
    expect(sent.statusCode).toBe(201);
    await ctx.deps.jobs.drain();
    const { mail: reply } = await lastMailTo(address);
    const replyTo = reply.replyTo!.value[0]!.address!;

    // Only someone who saw our reply knows this address: the mail is filed in its conversation.
    await deliver({ from: address, to: replyTo, subject: 'Re: Sizes', text: 'Thanks!' });
    const [, , forged] = await messagesOfChannel(ch.id);
    expect(forged!.emailAuth?.dmarc_failed).toBe(true);
    expect(forged!.conversationId).toBe(real!.conversationId);
    expect(forged!.senderContactId).not.toBe(real!.senderContactId);

    // A conversation that an unverified mail started is answered at its From address.
    await deliver({ from: address, to: ch.address, subject: 'New question', text: 'Hello?' });
    const [, , , lone] = await messagesOfChannel(ch.id);
    expect(lone!.emailAuth?.dmarc_failed).toBe(true);
    const before = (await readMailbox(ctx)).length;
    const answer = await as(ctx, s).post(
      `/dashboardapi/conversations/${lone!.conversationId}/messages`,
      { body: 'Hello, how can we help?' },
    );
    expect(answer.statusCode).toBe(201);
    await ctx.deps.jobs.drain();
    const after = await readMailbox(ctx);
    expect(after.slice(before).map((m) => m.to)).toEqual([address]);
  });

  it('a forged mail whose Reply-To names an existing customer is never merged into her contact, never threads by subject, and copies nobody', async () => {
    const s = await signUp(ctx);
    const ch = await emailChannel(s);
    expect(
      (
        await as(ctx, s).patch('/dashboardapi/global/settings', {
          treat_subject_and_sender_combination_as_single_thread: true,
        })
      ).statusCode,
    ).toBe(200);
    const alice = customerDomain();
    const address = `alice@${alice.domain}`;
    await deliver({
      from: `Alice Archer <${address}>`,
      to: ch.address,
      subject: 'Order 1001',
      text: 'Where is my parcel?',
      dkim: alice.dkim,
    });
    const [real] = await messagesOfChannel(ch.id);

    // A "contact form" From a domain that publishes DMARC, not signed by it, naming Alice in
    // Reply-To: the Reply-To decides the customer, but nothing vouches for it.
    const forms = customerDomain();
    await deliver({
      from: `Store Forms <forms@${forms.domain}>`,
      replyTo: `Alice Archer <${address}>`,
      to: ch.address,
      cc: 'Mallory <mallory@elsewhere.example>',
      subject: 'Re: Order 1001',
      text: 'Please send my parcel to 1 Thief Lane instead.',
    });
    const [, forged] = await messagesOfChannel(ch.id);
    expect(forged!.emailAuth).toMatchObject({
      dmarc: 'fail',
      from: `forms@${forms.domain}`,
      dmarc_failed: true,
    });
    expect(forged!.conversationId).not.toBe(real!.conversationId);
    expect(forged!.senderContactId).not.toBe(real!.senderContactId);
    const stranger = await senderOf(forged!);
    expect(stranger).toMatchObject({ name: 'Alice Archer', email: null });
    const identities = await ctx.deps.db
      .select({ kind: contactIdentities.kind, value: contactIdentities.value })
      .from(contactIdentities)
      .where(eq(contactIdentities.contactId, stranger.id));
    expect(identities).toEqual([{ kind: 'email_unverified', value: address }]);
    // The forger's Cc is not remembered: our answer goes to Alice's address alone.
    const [conv] = await ctx.deps.db
      .select({ emailRecipients: conversations.emailRecipients })
      .from(conversations)
      .where(eq(conversations.id, forged!.conversationId));
    expect(conv!.emailRecipients?.cc ?? []).toEqual([]);
  });

  it('a domain without a DMARC policy is filed as before: SPF fail alone merges into the contact', async () => {
    const s = await signUp(ctx);
    const ch = await emailChannel(s);
    const bob = customerDomain({ dmarc: false });
    await deliver({ from: `bob@${bob.domain}`, to: ch.address, subject: 'One', text: '1' });
    await deliver({ from: `bob@${bob.domain}`, to: ch.address, subject: 'Two', text: '2' });
    const [one, two] = await messagesOfChannel(ch.id);
    expect(one!.emailAuth).toMatchObject({ spf: 'fail', dmarc: 'none', dmarc_failed: false });
    expect(two!.senderContactId).toBe(one!.senderContactId);
    expect((await senderOf(one!)).email).toBe(`bob@${bob.domain}`);
  });
});

describe('the brand’s own address on every mail a customer gets', () => {
  it('the feedback request comes From the channel, DKIM-signed and threaded; an answer to it lands in the conversation', async () => {
    const s = await signUp(ctx);
    const ch = await emailChannel(s);
    const cora = customerDomain();
    const address = `cora@${cora.domain}`;
    const first = await deliver({
      from: `Cora <${address}>`,
      to: ch.address,
      subject: 'Broken zipper',
      text: 'The zipper broke.',
      dkim: cora.dkim,
    });
    const [incoming] = await messagesOfChannel(ch.id);
    const conversationId = incoming!.conversationId;
    await as(ctx, s).patch(`/dashboardapi/conversations/${conversationId}`, { status: 'closed' });
    await ctx.deps.jobs.drain();

    const { raw, mail } = await lastMailTo(address);
    expect(mail.subject).toMatch(/^How did we do\?/);
    expect(mail.from?.value[0]).toMatchObject({ address: ch.address, name: 'Northwind Support' });
    expect(mail.messageId).toMatch(new RegExp(`^<parley\\.c${conversationId}\\.`));
    expect(mail.inReplyTo).toBe(first.messageId);
    expect(mail.replyTo!.value[0]!.address).toMatch(
      new RegExp(`^support\\+c${conversationId}-[0-9a-f]{20}@`),
    );
    const checked = await checkOurMail(raw);
    const shopDomain = ch.address.split('@')[1];
    expect(checked.dkim.results.map((r) => [r.signingDomain, r.status.result])).toEqual([
      [shopDomain, 'pass'],
    ]);

    // Her mail program answers the plain address (no Reply-To tag), naming our mail.
    await deliver({
      from: `Cora <${address}>`,
      to: ch.address,
      subject: 'Re: How did we do?',
      text: 'Four stars, the zipper is fixed.',
      inReplyTo: mail.messageId,
      dkim: cora.dkim,
    });
    const all = await messagesOfChannel(ch.id);
    expect(all.at(-1)).toMatchObject({
      body: 'Four stars, the zipper is fixed.',
      conversationId,
    });
    const [conv] = await ctx.deps.db
      .select({ status: conversations.status })
      .from(conversations)
      .where(and(eq(conversations.accountId, s.accountId), eq(conversations.id, conversationId)));
    expect(conv!.status).toBe('open');
  });

  it('the chat transcript comes From the brand’s email channel, and the visitor’s answer lands in the chat', async () => {
    const s = await signUp(ctx);
    const ch = await emailChannel(s);
    const store = await storeWithWidget(ctx, s, { name: 'Northwind' });
    const visitor = `vic-${crypto.randomBytes(3).toString('hex')}@visitor.example`;
    const { api, conversationId } = await chattingVisitor(ctx, store.shop, 'Do you ship to Oslo?', {
      name: 'Vic Visitor',
      email: visitor,
    });
    const res = await api.post(WIDGET_API.transcript(conversationId), {});
    expect(res.statusCode).toBe(200);

    const { raw, mail } = await lastMailTo(visitor);
    expect(mail.subject).toBe('Your conversation with Northwind');
    expect(mail.from?.value[0]?.address).toBe(ch.address);
    expect(mail.messageId).toMatch(new RegExp(`^<parley\\.c${conversationId}\\.`));
    expect(raw).toMatch(/^DKIM-Signature:/m);
    const replyTo = mail.replyTo!.value[0]!.address!;

    await deliver({
      from: `Vic Visitor <${visitor}>`,
      to: replyTo,
      subject: `Re: ${mail.subject}`,
      text: 'Thanks, and do you ship to Bergen too?',
      inReplyTo: mail.messageId,
    });
    const thread = await ctx.deps.db
      .select({ body: messages.body })
      .from(messages)
      .where(and(eq(messages.accountId, s.accountId), eq(messages.conversationId, conversationId)));
    expect(thread.map((m) => m.body.trim())).toContain('Thanks, and do you ship to Bergen too?');
  });
});
