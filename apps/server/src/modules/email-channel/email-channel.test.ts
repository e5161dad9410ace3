import crypto from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { and, eq, sql } from 'drizzle-orm';
import { simpleParser, type ParsedMail } from 'mailparser';
import { createTransport } from 'nodemailer';
import type Mail from 'nodemailer/lib/mailer';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  EMAIL_INBOUND_SECRET_HEADER,
  EMAIL_SETUP_PATHS,
  type EmailSetupList,
  type EmailSetupResult,
  type Message,
} from '@parley/contracts';
import { loadConfig } from '../../config';
import { contacts, conversations, jobs, messages, sendingDomains } from '../../db/schema';
import {
  as,
  createTestContext,
  readMailbox,
  signUp,
  type Session,
  type TestContext,
} from '../../test/harness';
import { ownerAndTeammate } from '../../test/inbox-fixtures';
import { chattingVisitor, storeWithWidget } from '../widget-chat/widget-chat.fixtures';
import { startTestDnsServer, type TestDnsServer } from '../../test/dns-server';
import { startSmtpServer, type RunningSmtpServer } from './smtp-server';

/** A real SMTP receiver on loopback: the customer's mail server (or the channel's relay). */
async function startReceiver() {
  const received: { raw: Buffer; rcpt: string[]; mail: ParsedMail }[] = [];
  /** The next DATA answers, e.g. [451, 550]; empty = 250 OK. */
  const failures: number[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onAuth(auth, _session, cb) {
      cb(null, { user: auth.username });
    },
    onData(stream, session, cb) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        const code = failures.shift();
        if (code)
          return cb(
            Object.assign(
              new Error(code >= 500 ? 'mailbox unavailable: no such user' : 'try later'),
              {
                responseCode: code,
              },
            ),
          );
        const raw = Buffer.concat(chunks);
        void simpleParser(raw).then((mail) => {
          received.push({ raw, rcpt: session.envelope.rcptTo.map((r) => r.address), mail });
          cb();
        });
      });
    },
  });
  const net = await new Promise<ReturnType<SMTPServer['listen']>>((resolve) => {
    const s = server.listen(0, '127.0.0.1', () => resolve(s));
  });
  return {
    port: (net.address() as AddressInfo).port,
    received,
    failures,
    close: () => new Promise<void>((r) => server.close(() => r())),
  };
}

let ctx: TestContext;
let dns: TestDnsServer;
let smtp: RunningSmtpServer;
let receiver: Awaited<ReturnType<typeof startReceiver>>;

beforeAll(async () => {
  // The sender checks look the senders' domains up here (none publishes anything): no internet.
  dns = await startTestDnsServer();
  ctx = await createTestContext({
    AUTH_RATE_LIMIT_PER_MINUTE: '1000',
    DNS_RESOLVER: dns.address,
    OUTBOUND_ALLOW_PRIVATE: 'on',
  });
  smtp = await startSmtpServer(ctx.deps, { port: 0, host: '127.0.0.1' });
  receiver = await startReceiver();
});
afterAll(async () => {
  await smtp.close();
  await receiver.close();
  await ctx.close();
  await dns.close();
});

/** The customer's mail client: a real SMTP client talking to Parley's SMTP server. */
function customerSends(mail: Mail.Options) {
  const transport = createTransport({
    host: '127.0.0.1',
    port: smtp.port,
    secure: false,
    ignoreTLS: true,
  });
  return transport.sendMail({ from: 'Cora Customer <cora@customer.example>', ...mail });
}

let domains = 0;
async function emailChannel(s: Session, extra: Record<string, unknown> = {}) {
  const address = `support@shop${++domains}-${crypto.randomBytes(3).toString('hex')}.example`;
  const res = await as(ctx, s).post(EMAIL_SETUP_PATHS.setup, {
    from_name: 'Northwind Support',
    from_address: address,
    smtp: {
      host: '127.0.0.1',
      port: receiver.port,
      secure: false,
      username: 'relay',
      password: 'relay-pw-123',
    },
    signature: 'Maya · Northwind Outfitters',
    ...extra,
  });
  if (res.statusCode !== 201) throw new Error(`setup: ${res.statusCode} ${res.body}`);
  const setup = (res.json() as EmailSetupResult).setup;
  return { address, id: setup.support_channel_id, secret: setup.inbound_secret! };
}

async function threadOf(s: Session, conversationId: number) {
  const res = await as(ctx, s).get(`/dashboardapi/conversations/${conversationId}/messages`);
  expect(res.statusCode).toBe(200);
  return (res.json() as { items: Message[] }).items;
}

async function conversationsOfChannel(channelId: number) {
  return ctx.deps.db
    .select()
    .from(conversations)
    .where(eq(conversations.supportChannelId, channelId))
    .orderBy(conversations.id);
}

async function messagesOfChannel(channelId: number) {
  return ctx.deps.db
    .select()
    .from(messages)
    .where(eq(messages.supportChannelId, channelId))
    .orderBy(messages.id);
}

const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

describe('email in over SMTP', () => {
  it('files a mail as a conversation: sanitized HTML, attachments and inline images kept', async () => {
    const s = await signUp(ctx);
    const ch = await emailChannel(s);
    const info = await customerSends({
      to: ch.address,
      subject: 'Broken zipper',
      text: 'The zipper broke after a week.',
      html: '<p>The zipper <b>broke</b> <img src="cid:photo1@cora"><img src="/dashboardapi/me" alt="own origin"><img src="https://cdn.example/logo.png"></p><script>alert(1)</script><a href="javascript:alert(2)" onclick="x()">look</a>',
      attachments: [
        {
          filename: 'receipt.pdf',
          content: Buffer.from('%PDF-1.7 receipt'),
          contentType: 'application/pdf',
        },
        { filename: 'photo.png', content: PNG, contentType: 'image/png', cid: 'photo1@cora' },
        { filename: 'evil.html', content: '<script>1</script>', contentType: 'text/html' },
      ],
    });
    expect(info.accepted).toEqual([ch.address]);

    const [conv] = await conversationsOfChannel(ch.id);
    expect(conv).toMatchObject({
      accountId: s.accountId,
      subject: 'Broken zipper',
      status: 'open',
    });
    expect(conv!.waitingSince).not.toBeNull();
    const [msg] = await threadOf(s, conv!.id);
    expect(msg!.direction).toBe('incoming');
    expect(msg!.body).toContain('The zipper broke after a week.');
    expect(msg!.body).toContain('evil.html'); // said to be left out
    expect(msg!.body_html).toContain('<b>broke</b>');
    expect(msg!.body_html).not.toMatch(/script|javascript:|onclick|cid:|"\/dashboardapi\/me"/i);
    expect(msg!.body_html).toContain('<img alt="own origin">');
    // The remote image waits for the agent to load it (a sender learns nothing from an open).
    expect(msg!.body_html).toContain('<img data-remote-src="https://cdn.example/logo.png">');
    expect(msg!.body_html).not.toMatch(/\ssrc="https:/);
    expect(msg!.attachments.map((a) => [a.file_name, a.is_embedded]).sort()).toEqual([
      ['photo.png', true],
      ['receipt.pdf', false],
    ]);
    // The inline image is served by the signed link written into the HTML.
    const src = /<img src="([^"]+)"/.exec(msg!.body_html!)![1]!.replace(/&amp;/g, '&');
    const image = await ctx.app.inject({ method: 'GET', url: src });
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-type']).toBe('image/png');
    expect(image.rawPayload.equals(PNG)).toBe(true);
    const forged = await ctx.app.inject({
      method: 'GET',
      url: src.replace(/sig=[^&]+/, 'sig=AAAA'),
    });
    expect(forged.statusCode).toBe(404);
    // The same mail delivered again (same Message-ID) is stored once.
    await customerSends({
      to: ch.address,
      subject: 'Broken zipper',
      text: 'The zipper broke after a week.',
      messageId: info.messageId,
    });
    expect(await messagesOfChannel(ch.id)).toHaveLength(1);
  });

  it('refuses recipients that are no email channel with 550, and accepts +tags of one', async () => {
    const s = await signUp(ctx);
    const ch = await emailChannel(s);
    await expect(
      customerSends({ to: 'nobody@nowhere.example', subject: 'Hi', text: 'hello' }),
    ).rejects.toMatchObject({ responseCode: 550 });
    const [local, domain] = ch.address.split('@');
    const info = await customerSends({
      to: [`${local}+sales@${domain}`, 'nobody@nowhere.example'],
      subject: 'Hi',
      text: 'hello',
    });
    expect(info.rejected).toEqual(['nobody@nowhere.example']);
    expect(await messagesOfChannel(ch.id)).toHaveLength(1);
  });

  it('acknowledges a mail only once it is stored: a database that refuses the write answers 451, the retry is stored once', async () => {
    const s = await signUp(ctx);
    const ch = await emailChannel(s);
    const mail = {
      to: ch.address,
      subject: 'Order 1042',
      text: 'Where is it?',
      messageId: `<retry-${crypto.randomBytes(4).toString('hex')}@customer.example>`,
    };
    // A real failure of the write, not of our code: the database refuses every new message row.
    await ctx.deps.db.execute(
      sql.raw('alter table messages add constraint parley_test_refuse check (false) not valid'),
    );
    try {
      await expect(customerSends(mail)).rejects.toMatchObject({ responseCode: 451 });
    } finally {
      await ctx.deps.db.execute(sql.raw('alter table messages drop constraint parley_test_refuse'));
    }
    expect(await messagesOfChannel(ch.id)).toHaveLength(0);
    // The sending server tries again later (same Message-ID): stored, and only once.
    await customerSends(mail);
    await customerSends(mail);
    expect(await messagesOfChannel(ch.id)).toHaveLength(1);
  });

  it('threads by subject + sender only while treat_subject_and_sender_combination_as_single_thread is on', async () => {
    const s = await signUp(ctx);
    const ch = await emailChannel(s);
    const setSetting = (on: boolean) =>
      as(ctx, s).patch('/dashboardapi/global/settings', {
        treat_subject_and_sender_combination_as_single_thread: on,
      });
    expect((await setSetting(false)).statusCode).toBe(200);
    await customerSends({ to: ch.address, subject: 'Order 1001', text: 'first' });
    await customerSends({ to: ch.address, subject: 'RE: Fwd: order 1001', text: 'second' });
    expect(await conversationsOfChannel(ch.id)).toHaveLength(2);

    expect((await setSetting(true)).statusCode).toBe(200);
    await customerSends({ to: ch.address, subject: 'Re: Order 1001', text: 'third' });
    await customerSends({ to: ch.address, subject: 'Another question', text: 'fourth' });
    const convs = await conversationsOfChannel(ch.id);
    expect(convs).toHaveLength(3);
    const all = await messagesOfChannel(ch.id);
    const third = all.find((m) => m.body === 'third')!;
    expect([convs[0]!.id, convs[1]!.id]).toContain(third.conversationId);
    // Another sender with the same subject is another conversation.
    await customerSends({
      from: 'dan@other.example',
      to: ch.address,
      subject: 'Order 1001',
      text: 'fifth',
    });
    expect(await conversationsOfChannel(ch.id)).toHaveLength(4);
  });

  it('stores auto-replies and bounces without reopening the conversation or starting a wait', async () => {
    const s = await signUp(ctx);
    const ch = await emailChannel(s);
    const first = await customerSends({
      to: ch.address,
      subject: 'Where is my parcel',
      text: 'hi',
    });
    const [conv] = await conversationsOfChannel(ch.id);
    await as(ctx, s).patch(`/dashboardapi/conversations/${conv!.id}`, { status: 'closed' });
    await customerSends({
      to: ch.address,
      subject: 'Out of office: Where is my parcel',
      text: 'I am away until Monday.',
      inReplyTo: first.messageId,
      headers: { 'Auto-Submitted': 'auto-replied', 'X-Autoreply': 'yes' },
    });
    await customerSends({
      from: 'MAILER-DAEMON@customer.example',
      to: ch.address,
      subject: 'Undelivered Mail Returned to Sender',
      text: 'This is the mail system.',
    });
    const all = (await messagesOfChannel(ch.id)).filter((m) => m.direction === 'incoming');
    expect(all.map((m) => m.autoSubmitted)).toEqual([false, true, true]);
    const [after] = await ctx.deps.db
      .select()
      .from(conversations)
      .where(eq(conversations.id, conv!.id));
    expect(after!.status).toBe('closed');
    // Nothing answered them: no delivery job exists for this account.
    const queued = await ctx.deps.db
      .select()
      .from(jobs)
      .where(and(eq(jobs.accountId, s.accountId), eq(jobs.kind, 'deliver_message')));
    expect(queued).toHaveLength(0);
  });
});

/**
 * A message built by spilld's MIME builder test (github.com/spilled-ink/spilld,
 * email/msgbuilder/msgbuilder_test.go: text, HTML with related SVG parts, the Apple Watch
 * rendering text/watch-html, and a PDF), with the From / To / Subject a mail program adds.
 */
const SPILLD_WATCH_HTML_BODY = `MIME-Version: 1.0
Content-Type: multipart/mixed; boundary=.6Cq99EotC3X7GA2v.

--.6Cq99EotC3X7GA2v.
Content-Type: multipart/alternative; boundary=".AZT9wvov/MBB0/8S."

--.AZT9wvov/MBB0/8S.
Content-Disposition: inline
Content-Type: text/plain; charset="UTF-8"

Hello, World!
--.AZT9wvov/MBB0/8S.
Content-Type: multipart/related; boundary=".BFtzyG5P+V/2YqXu."

--.BFtzyG5P+V/2YqXu.
Content-Disposition: inline
Content-Type: text/html; charset="UTF-8"

<img src="cid:v1@mycid /> <img src="cid:v2@midcid" />
--.BFtzyG5P+V/2YqXu.
Content-Disposition: inline; filename="img1.svg"
Content-Id: <v1@mycid>
Content-Type: image/svg+xml; name="img1.svg"

<svg height="10" width="10"></svg>
--.BFtzyG5P+V/2YqXu.
Content-Disposition: inline; filename="img2.svg"
Content-Id: <v2@mycid>
Content-Type: image/svg+xml; name="img2.svg"

<svg height="20" width="20"></svg>
--.BFtzyG5P+V/2YqXu.--

--.AZT9wvov/MBB0/8S.
Content-Disposition: inline
Content-Type: text/watch-html

<b>Secret</b> apple watch message!
--.AZT9wvov/MBB0/8S.--

--.6Cq99EotC3X7GA2v.
Content-Disposition: attachment; filename="invoice.pdf"
Content-Transfer-Encoding: base64
Content-Type: application/pdf; name="invoice.pdf"

UERGAA==
--.6Cq99EotC3X7GA2v.--
`;

describe('the parts of a mail, each shown once', () => {
  it('the Apple Watch rendering (text/watch-html) is no file: only the real attachment is kept', async () => {
    const s = await signUp(ctx);
    const ch = await emailChannel(s);
    const raw = [
      'From: Cora Customer <cora@customer.example>',
      `To: ${ch.address}`,
      'Subject: Invoice',
      `Message-ID: <watch-${crypto.randomUUID()}@customer.example>`,
      SPILLD_WATCH_HTML_BODY,
    ]
      .join('\n')
      .replace(/\n/g, '\r\n');
    await createTransport({
      host: '127.0.0.1',
      port: smtp.port,
      secure: false,
      ignoreTLS: true,
    }).sendMail({ envelope: { from: 'cora@customer.example', to: [ch.address] }, raw });
    const [conv] = await conversationsOfChannel(ch.id);
    const [msg] = await threadOf(s, conv!.id);
    expect(msg!.body).toContain('Hello, World!');
    expect(msg!.body).not.toContain('apple watch');
    // The SVGs are refused as uploads are (a browser could run them), and said so.
    expect(msg!.body).toContain('img1.svg');
    expect(msg!.attachments.map((a) => [a.file_name, a.content_type, a.is_embedded])).toEqual([
      ['invoice.pdf', 'application/pdf', false],
    ]);
  });

  it('an inline image the HTML shows is embedded once; one it never names stays a file; remote images wait', async () => {
    const s = await signUp(ctx);
    const ch = await emailChannel(s);
    // Embedded images as nodemailer documents them (nodemailer.com/message/embedded-images):
    // an attachment with a `cid`, named by <img src="cid:..."> in the HTML.
    await customerSends({
      to: ch.address,
      subject: 'Photos of the damage',
      html: '<p>Front: <img src="cid:front@cora"></p><p><img src="https://tracker.example/open.gif?id=42" width="1" height="1"></p>',
      attachments: [
        { filename: 'front.png', content: PNG, contentType: 'image/png', cid: 'front@cora' },
        { filename: 'back.png', content: PNG, contentType: 'image/png', cid: 'back@cora' },
      ],
    });
    const [conv] = await conversationsOfChannel(ch.id);
    const [msg] = await threadOf(s, conv!.id);
    expect(msg!.attachments.map((a) => [a.file_name, a.is_embedded]).sort()).toEqual([
      ['back.png', false],
      ['front.png', true],
    ]);
    expect(msg!.body_html).toMatch(/<img src="\/dashboardapi\/email\/inline\?[^"]+">/);
    expect(msg!.body_html).toContain(
      '<img data-remote-src="https://tracker.example/open.gif?id=42" width="1" height="1">',
    );
  });
});

describe('mail sent on a customer’s behalf (Reply-To)', () => {
  /** A storefront contact form, as the platform mails it: From the platform, Reply-To the customer. */
  const contactFormMail = (to: string, name: string, address: string, question: string) => ({
    from: 'Shopify <mailer@shopify.com>',
    sender: 'mailer@shopify.com',
    replyTo: `${name} <${address}>`,
    to,
    subject: 'New customer message on November 27, 2026 at 5:40 am',
    text: `You received a new message from your online store's contact form.\n\nCountry Code:\nUS\n\nName:\n${name}\n\nEmail:\n${address}\n\nBody:\n${question}`,
    html: `<p>You received a new message from your online store's contact form.</p><p><b>Name:</b> ${name}<br><b>Email:</b> ${address}<br><b>Body:</b> ${question}</p>`,
    headers: { 'X-Mailer': 'Shopify Mailer', 'X-Shopify-Shop-Domain': 'northwind.myshopify.com' },
  });

  it('files a contact-form mail under the Reply-To customer, never the platform, and replies to the customer', async () => {
    const s = await signUp(ctx);
    const ch = await emailChannel(s);
    await customerSends(
      contactFormMail(ch.address, 'Alice Archer', 'alice@example.com', 'Do you ship to Canada?'),
    );
    await customerSends(
      contactFormMail(ch.address, 'Bob Baker', 'bob@example.com', 'Is the blue one back?'),
    );
    const people = await ctx.deps.db
      .select()
      .from(contacts)
      .where(eq(contacts.accountId, s.accountId))
      .orderBy(contacts.id);
    expect(people.map((c) => [c.name, c.email])).toEqual([
      ['Alice Archer', 'alice@example.com'],
      ['Bob Baker', 'bob@example.com'],
    ]);
    const convs = await conversationsOfChannel(ch.id);
    expect(convs).toHaveLength(2);

    // Earlier tests' feedback mails (closed conversations) go out through the same relay.
    await ctx.deps.jobs.drain();
    const before = receiver.received.length;
    await as(ctx, s).post(`/dashboardapi/conversations/${convs[0]!.id}/messages`, {
      body: 'Yes, we ship to Canada.',
    });
    await ctx.deps.jobs.drain();
    const out = receiver.received.slice(before);
    expect(out.map((o) => o.rcpt)).toEqual([['alice@example.com']]);
    expect(out[0]!.mail.to).toMatchObject({ value: [{ address: 'alice@example.com' }] });
  });

  it('keeps From when Reply-To is the support address itself or lists several addresses', async () => {
    const s = await signUp(ctx);
    const ch = await emailChannel(s);
    const [local, domain] = ch.address.split('@');
    await customerSends({
      to: ch.address,
      replyTo: `Northwind <${local}+sales@${domain}>`,
      subject: 'Forwarded for you',
      text: 'one',
    });
    await customerSends({
      from: 'Dana Doe <dana@customer.example>',
      to: ch.address,
      replyTo: ['dana@customer.example', 'team@customer.example'],
      subject: 'For both of us',
      text: 'two',
    });
    const people = await ctx.deps.db
      .select()
      .from(contacts)
      .where(eq(contacts.accountId, s.accountId))
      .orderBy(contacts.id);
    expect(people.map((c) => c.email)).toEqual(['cora@customer.example', 'dana@customer.example']);
  });
});

describe('email out and back', () => {
  it('sends the reply with threading headers, signed Reply-To, signature and files; the answer threads back', async () => {
    const s = await signUp(ctx);
    const ch = await emailChannel(s);
    const first = await customerSends({
      to: ch.address,
      subject: 'Sizing question',
      text: 'Is M large?',
    });
    const [conv] = await conversationsOfChannel(ch.id);

    const form = new FormData();
    form.append('file', new Blob([new Uint8Array(PNG)], { type: 'image/png' }), 'size-chart.png');
    const encoded = new Response(form);
    const uploaded = await ctx.app.inject({
      method: 'POST',
      url: '/attachment/',
      headers: {
        'content-type': encoded.headers.get('content-type')!,
        authorization: `Token ${s.token}`,
        'x-dc-account-id': String(s.accountId),
        'x-csrftoken': s.csrf,
        cookie: `csrftoken=${s.csrf}; auth_token=${s.token}; account_id=${s.accountId}`,
      },
      payload: Buffer.from(await encoded.arrayBuffer()),
    });
    expect(uploaded.statusCode).toBe(201);
    const before = receiver.received.length;
    const sent = await as(ctx, s).post(`/dashboardapi/conversations/${conv!.id}/messages`, {
      body: 'M runs large; take S.',
      attachment_ids: [(uploaded.json() as { id: number }).id],
    });
    expect(sent.statusCode).toBe(201);
    await ctx.deps.jobs.drain();

    const out = receiver.received.slice(before);
    expect(out).toHaveLength(1);
    const { mail, rcpt } = out[0]!;
    expect(rcpt).toEqual(['cora@customer.example']);
    expect(mail.from?.value[0]).toMatchObject({ address: ch.address, name: 'Northwind Support' });
    expect(mail.subject).toBe('Re: Sizing question');
    expect(mail.inReplyTo).toBe(first.messageId);
    expect([mail.references].flat()).toEqual([first.messageId]);
    expect(mail.text).toContain('M runs large; take S.\n\n-- \nMaya · Northwind Outfitters');
    expect(mail.attachments.map((a) => a.filename)).toEqual(['size-chart.png']);
    const replyTo = mail.replyTo!.value[0]!.address!;
    expect(replyTo).toMatch(new RegExp(`^support\\+c${conv!.id}-[0-9a-f]{20}@`));
    const [stored] = await ctx.deps.db
      .select()
      .from(messages)
      .where(eq(messages.id, (sent.json() as Message).id));
    expect(stored).toMatchObject({ deliveryStatus: 'sent', providerMessageId: mail.messageId });

    // The customer answers from their mail client: In-Reply-To names our reply.
    await customerSends({
      to: replyTo,
      subject: 'Re: Sizing question',
      text: 'Thanks, ordering S.',
      inReplyTo: mail.messageId,
      references: [first.messageId, mail.messageId!],
    });
    // A client that drops the threading headers and changes the subject: the signed tag still threads.
    await customerSends({ to: replyTo, subject: 'one more thing', text: 'And the colour?' });
    // A forged tag is ignored: a new conversation.
    await customerSends({
      to: replyTo.replace(/-[0-9a-f]{20}@/, '-00000000000000000000@'),
      subject: 'forged',
      text: 'forged tag',
    });
    const convs = await conversationsOfChannel(ch.id);
    expect(convs).toHaveLength(2);
    const thread = await threadOf(s, conv!.id);
    expect(thread.map((m) => m.body.trim())).toEqual([
      'Is M large?',
      'M runs large; take S.',
      'Thanks, ordering S.',
      'And the colour?',
    ]);

    // The next reply's References carry the whole thread.
    await as(ctx, s).post(`/dashboardapi/conversations/${conv!.id}/messages`, {
      body: 'Any colour.',
    });
    await ctx.deps.jobs.drain();
    const next = receiver.received.at(-1)!.mail;
    expect([next.references].flat()).toContain(first.messageId);
    expect([next.references].flat()).toContain(mail.messageId);
  });

  it('the next reply answers the customer’s mail, never their out-of-office', async () => {
    const s = await signUp(ctx);
    const ch = await emailChannel(s);
    const first = await customerSends({ to: ch.address, subject: 'Return label', text: 'Label?' });
    const [conv] = await conversationsOfChannel(ch.id);
    await as(ctx, s).post(`/dashboardapi/conversations/${conv!.id}/messages`, {
      body: 'Attached is your label.',
    });
    await ctx.deps.jobs.drain();
    const ours = receiver.received.at(-1)!.mail;
    // The customer's server answers our reply by itself, as RFC 3834 asks such answers to be
    // marked (Auto-Submitted: auto-replied), with Exchange's own header beside it.
    const ooo = await customerSends({
      to: ours.replyTo!.value[0]!.address!,
      subject: 'Automatic reply: Re: Return label',
      text: 'I am out of the office until Monday.',
      inReplyTo: ours.messageId,
      references: [first.messageId, ours.messageId!],
      headers: { 'Auto-Submitted': 'auto-replied', 'X-Auto-Response-Suppress': 'All' },
    });
    const thread = await threadOf(s, conv!.id);
    expect(thread.map((m) => m.body.trim())).toEqual([
      'Label?',
      'Attached is your label.',
      'I am out of the office until Monday.',
    ]);
    await as(ctx, s).post(`/dashboardapi/conversations/${conv!.id}/messages`, {
      body: 'Did the label work?',
    });
    await ctx.deps.jobs.drain();
    const next = receiver.received.at(-1)!.mail;
    expect(next.inReplyTo).toBe(first.messageId);
    expect(next.inReplyTo).not.toBe(ooo.messageId);
    expect([next.references].flat()).toEqual(
      expect.arrayContaining([first.messageId, ours.messageId]),
    );
  });

  it('retries a temporary SMTP failure (4xx) and fails the reply with the reason on a permanent one (5xx)', async () => {
    const s = await signUp(ctx);
    const ch = await emailChannel(s);
    await customerSends({ to: ch.address, subject: 'Refund', text: 'Refund please' });
    const [conv] = await conversationsOfChannel(ch.id);
    receiver.failures.push(451);
    const sent = await as(ctx, s).post(`/dashboardapi/conversations/${conv!.id}/messages`, {
      body: 'Refunded.',
    });
    const id = (sent.json() as Message).id;
    await ctx.deps.jobs.drain();
    const [job] = await ctx.deps.db
      .select()
      .from(jobs)
      .where(and(eq(jobs.accountId, s.accountId), eq(jobs.kind, 'deliver_message')));
    expect(job).toMatchObject({ status: 'queued', attempts: 1 });
    const [queued] = await ctx.deps.db.select().from(messages).where(eq(messages.id, id));
    expect(queued!.deliveryStatus).toBe('queued');

    receiver.failures.push(550);
    await ctx.deps.db.update(jobs).set({ runAt: new Date() }).where(eq(jobs.id, job!.id));
    await ctx.deps.jobs.drain();
    const [failed] = await ctx.deps.db.select().from(messages).where(eq(messages.id, id));
    expect(failed!.deliveryStatus).toBe('failed');
    expect(failed!.failureReason).toMatch(/refused.*550.*no such user/);
    expect(failed!.failureReason).not.toContain('relay-pw-123');
  });
});

describe('the live chat’s emailed reply (away message: “we will answer by email”)', () => {
  it('comes from the workspace’s email channel with its signed Reply-To, so the visitor’s answer lands in the chat', async () => {
    const s = await signUp(ctx);
    const ch = await emailChannel(s);
    const store = await storeWithWidget(ctx, s, {
      name: 'Northwind',
      chat: {
        business_hours: { time_zone: 'UTC', days: [] },
        away_message: 'We are away right now; we will answer you by email.',
      },
    });
    const { conversationId, started } = await chattingVisitor(
      ctx,
      store.shop,
      'Do you restock the blue parka?',
      { name: 'Vic Visitor', email: 'vic@visitor.example' },
    );
    expect(started.messages.map((m) => m.author)).toEqual(['visitor', 'system']);

    // The visitor has left: the agent's answer is mailed to them.
    const before = receiver.received.length;
    const sent = await as(ctx, s).post(`/dashboardapi/conversations/${conversationId}/messages`, {
      body: 'Yes, it is back next week.',
    });
    expect(sent.statusCode).toBe(201);
    await ctx.deps.jobs.drain();
    const out = receiver.received.slice(before);
    expect(out).toHaveLength(1);
    const { mail, rcpt } = out[0]!;
    expect(rcpt).toEqual(['vic@visitor.example']);
    expect(mail.text).toContain('Yes, it is back next week.');
    expect(mail.from?.value[0]?.address).toBe(ch.address);
    const replyTo = mail.replyTo!.value[0]!.address!;
    expect(replyTo).toMatch(new RegExp(`^support\\+c${conversationId}-[0-9a-f]{20}@`));

    // The visitor answers the mail: accepted, and filed in the same chat conversation.
    const answer = await customerSends({
      from: 'Vic Visitor <vic@visitor.example>',
      to: replyTo,
      subject: mail.subject ?? '',
      text: 'Great, please hold one in M for me.',
      inReplyTo: mail.messageId,
    });
    expect(answer.accepted).toEqual([replyTo]);
    const thread = await threadOf(s, conversationId);
    expect(thread.map((m) => m.body.trim())).toContain('Great, please hold one in M for me.');
  });
});

describe('the email setup answer and the inbound HTTP endpoint', () => {
  it('never answers the SMTP password, and shows the inbound secret to admins only', async () => {
    const { owner, mate } = await ownerAndTeammate(ctx);
    const ch = await emailChannel(owner);
    expect(ch.secret).toMatch(/^[\w-]{32}$/);
    const asOwner = (await as(ctx, owner).get(EMAIL_SETUP_PATHS.setup)).json() as EmailSetupList;
    expect(asOwner.setups[0]).toMatchObject({
      inbound_secret: ch.secret,
      signature: 'Maya · Northwind Outfitters',
      smtp: { host: '127.0.0.1', port: receiver.port, username: 'relay', password_set: true },
    });
    expect(JSON.stringify(asOwner)).not.toContain('relay-pw-123');
    const asMate = (await as(ctx, mate).get(EMAIL_SETUP_PATHS.setup)).json() as EmailSetupList;
    expect(asMate.setups[0]!.inbound_secret).toBeNull();
    // PATCH without a password keeps it; smtp: null goes back to the server's mail.
    const patched = await as(ctx, owner).patch(
      `${EMAIL_SETUP_PATHS.setup}?support_channel_id=${ch.id}`,
      { smtp: { host: 'smtp.northwind.example', port: 587 } },
    );
    expect((patched.json() as EmailSetupResult).setup.smtp).toMatchObject({ password_set: true });
    const cleared = await as(ctx, owner).patch(
      `${EMAIL_SETUP_PATHS.setup}?support_channel_id=${ch.id}`,
      { smtp: null, signature: '' },
    );
    expect((cleared.json() as EmailSetupResult).setup).toMatchObject({ smtp: null, signature: '' });
  });

  it('files a raw MIME message with the right secret, refuses a wrong one and another account’s', async () => {
    const a = await signUp(ctx);
    const b = await signUp(ctx);
    const chA = await emailChannel(a);
    const chB = await emailChannel(b);
    const raw = [
      'From: Cora <cora@customer.example>',
      `To: ${chA.address}`,
      'Subject: Forwarded by a service',
      'Message-ID: <fwd-1@customer.example>',
      'Content-Type: text/plain; charset=utf-8',
      '',
      'Hello through the forwarder.',
      '',
    ].join('\r\n');
    const post = (channelId: number, secret: string, how: 'header' | 'query' = 'header') =>
      ctx.app.inject({
        method: 'POST',
        url: `/dashboardapi/email/inbound/${channelId}${how === 'query' ? `?secret=${secret}` : ''}`,
        headers: {
          'content-type': 'message/rfc822',
          ...(how === 'header' ? { [EMAIL_INBOUND_SECRET_HEADER]: secret } : {}),
        },
        payload: raw,
      });
    const wrong = await post(chA.id, 'not-the-secret');
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json()).toMatchObject({ code: 'invalid_token' });
    // A's secret does not open B's channel (cross-account).
    expect((await post(chB.id, chA.secret)).statusCode).toBe(401);
    expect(await messagesOfChannel(chB.id)).toHaveLength(0);

    const ok = await post(chA.id, chA.secret);
    expect(ok.statusCode).toBe(201);
    const again = await post(chA.id, chA.secret, 'query');
    expect(again.statusCode).toBe(200);
    expect(again.json()).toMatchObject({ duplicate: true });
    const [conv] = await conversationsOfChannel(chA.id);
    expect(conv).toMatchObject({ accountId: a.accountId, subject: 'Forwarded by a service' });
    const thread = await threadOf(a, conv!.id);
    expect(thread.map((m) => m.body.trim())).toEqual(['Hello through the forwarder.']);
    // B cannot read A's conversation.
    const peek = await as(ctx, b).get(`/dashboardapi/conversations/${conv!.id}/messages`);
    expect(peek.statusCode).toBe(404);
  });
});

describe('recipients set up in several accounts, the server mailbox, and SMTP_PORT', () => {
  it('an address set up in two accounts delivers only to the one that verified its domain', async () => {
    const a = await signUp(ctx);
    const b = await signUp(ctx);
    const address = `help@shared-${crypto.randomBytes(3).toString('hex')}.example`;
    for (const s of [a, b])
      expect(
        (
          await as(ctx, s).post(EMAIL_SETUP_PATHS.setup, {
            from_name: 'Help',
            from_address: address,
          })
        ).statusCode,
      ).toBe(201);
    const channelOf = async (s: Session) =>
      ((await as(ctx, s).get(EMAIL_SETUP_PATHS.setup)).json() as EmailSetupList).setups[0]!
        .support_channel_id;
    const [chA, chB] = [await channelOf(a), await channelOf(b)];
    // Neither verified: both get it (neither can prove the domain is theirs).
    await customerSends({ to: address, subject: 'one', text: 'first' });
    expect(await messagesOfChannel(chA)).toHaveLength(1);
    expect(await messagesOfChannel(chB)).toHaveLength(1);
    // B verifies the domain (its DNS records checked out): from now on only B receives.
    await ctx.deps.db
      .update(sendingDomains)
      .set({ verifiedAt: new Date() })
      .where(eq(sendingDomains.accountId, b.accountId));
    await customerSends({ to: address, subject: 'two', text: 'second' });
    expect(await messagesOfChannel(chA)).toHaveLength(1);
    expect(await messagesOfChannel(chB)).toHaveLength(2);
  });

  it('without an SMTP server of its own, the channel replies through the server mail (local mailbox)', async () => {
    const s = await signUp(ctx);
    const ch = await emailChannel(s, { smtp: null });
    const first = await customerSends({
      from: 'Mo <mo@customer.example>',
      to: ch.address,
      subject: 'Returns',
      text: 'How do I return?',
    });
    const [conv] = await conversationsOfChannel(ch.id);
    await as(ctx, s).post(`/dashboardapi/conversations/${conv!.id}/messages`, {
      body: 'Use the label in the box.',
    });
    await ctx.deps.jobs.drain();
    const raw = (await readMailbox(ctx)).filter((m) => m.to === 'mo@customer.example').at(-1)!.raw;
    const mail = await simpleParser(raw);
    expect(mail.inReplyTo).toBe(first.messageId);
    expect(mail.from?.value[0]?.address).toBe(ch.address);
    expect(mail.subject).toBe('Re: Returns');
    const [sent] = await ctx.deps.db
      .select()
      .from(messages)
      .where(and(eq(messages.conversationId, conv!.id), eq(messages.direction, 'outgoing')));
    expect(sent).toMatchObject({ deliveryStatus: 'sent', providerMessageId: mail.messageId });
  });

  it('SMTP_PORT takes a port, 0 (any free port) or off, and refuses anything else', () => {
    expect(loadConfig({}).smtpPort).toBe(2525);
    expect(loadConfig({ SMTP_PORT: '0' }).smtpPort).toBe(0);
    expect(loadConfig({ SMTP_PORT: 'off' }).smtpPort).toBeNull();
    expect(() => loadConfig({ SMTP_PORT: 'many' })).toThrow(/SMTP_PORT/);
  });
});

describe('Cc and Bcc chosen per reply, remembered per conversation', () => {
  it('mails the reply with its Cc (in the headers) and Bcc (in the envelope only), and offers them again', async () => {
    const s = await signUp(ctx);
    const ch = await emailChannel(s);
    await customerSends({ to: ch.address, subject: 'Wholesale order', text: 'Can we order 200?' });
    const [conv] = await conversationsOfChannel(ch.id);
    const reply = (body: Record<string, unknown>) =>
      as(ctx, s).post(`/dashboardapi/conversations/${conv!.id}/messages`, body);
    const detail = async () =>
      (await as(ctx, s).get(`/dashboardapi/conversations/${conv!.id}`)).json() as {
        email_recipients?: { cc: string[]; bcc: string[] };
      };
    expect((await detail()).email_recipients).toEqual({ cc: [], bcc: [] });

    const before = receiver.received.length;
    const sent = await reply({
      body: 'Yes; our buyer is copied.',
      cc: ['Ann@Partner.example', 'ann@partner.example', 'cora@customer.example'],
      bcc: ['boss@northwind.example', ' ann@partner.example ', ch.address.replace('@', '+x@')],
    });
    expect(sent.statusCode).toBe(201);
    await ctx.deps.jobs.drain();
    const [first] = receiver.received.slice(before);
    expect(first!.rcpt.toSorted()).toEqual([
      'ann@partner.example',
      'boss@northwind.example',
      'cora@customer.example',
    ]);
    expect(first!.mail.cc).toMatchObject({ value: [{ address: 'ann@partner.example' }] });
    expect(first!.mail.headers.has('bcc')).toBe(false);
    expect(first!.raw.toString()).not.toContain('boss@northwind.example');
    expect((await detail()).email_recipients).toEqual({
      cc: ['ann@partner.example', 'cora@customer.example'],
      bcc: ['boss@northwind.example', ch.address.replace('@', '+x@')],
    });

    // The next reply names none: it goes to the same people again.
    await reply({ body: 'Shipping on Monday.' });
    await ctx.deps.jobs.drain();
    expect(receiver.received.at(-1)!.rcpt.toSorted()).toEqual([
      'ann@partner.example',
      'boss@northwind.example',
      'cora@customer.example',
    ]);
    // An empty list drops the Cc; the Bcc stays.
    await reply({ body: 'Invoice attached next.', cc: [] });
    await ctx.deps.jobs.drain();
    expect(receiver.received.at(-1)!.rcpt.toSorted()).toEqual([
      'boss@northwind.example',
      'cora@customer.example',
    ]);
    expect((await detail()).email_recipients?.cc).toEqual([]);

    // A copied person's answer to the reply threads into the conversation under their name.
    const replyTo = first!.mail.replyTo!.value[0]!.address!;
    await customerSends({
      from: 'Ann Buyer <ann@partner.example>',
      to: replyTo,
      subject: 'Re: Wholesale order',
      text: 'Confirmed on our side.',
      inReplyTo: first!.mail.messageId!,
    });
    const thread = await threadOf(s, conv!.id);
    expect(thread.at(-1)).toMatchObject({
      body: 'Confirmed on our side.',
      sender: { type: 'contact', name: 'Ann Buyer' },
    });
    expect(await conversationsOfChannel(ch.id)).toHaveLength(1);
  });

  it('sends each reply with the Cc chosen for it, even when a later reply changes them before it goes out', async () => {
    const s = await signUp(ctx);
    const ch = await emailChannel(s);
    await customerSends({ to: ch.address, subject: 'Two copies', text: 'Who sees what?' });
    const [conv] = await conversationsOfChannel(ch.id);
    const reply = (body: Record<string, unknown>) =>
      as(ctx, s).post(`/dashboardapi/conversations/${conv!.id}/messages`, body);
    const before = receiver.received.length;
    // Both are queued before either is delivered.
    expect((await reply({ body: 'For Ann.', cc: ['ann@partner.example'] })).statusCode).toBe(201);
    expect((await reply({ body: 'For Ben.', cc: ['ben@partner.example'] })).statusCode).toBe(201);
    await ctx.deps.jobs.drain();
    const sent = receiver.received.slice(before);
    const copiedOn = (text: string) =>
      sent.find((m) => m.mail.text?.includes(text))!.mail.cc as { value: { address: string }[] };
    expect(copiedOn('For Ann.').value.map((a) => a.address)).toEqual(['ann@partner.example']);
    expect(copiedOn('For Ben.').value.map((a) => a.address)).toEqual(['ben@partner.example']);
  });

  it('refuses bad addresses, more than 10, copies on a note and on other channels, with 400 and a reason', async () => {
    const s = await signUp(ctx);
    const ch = await emailChannel(s);
    await customerSends({ to: ch.address, subject: 'Hello', text: 'Hi' });
    const [conv] = await conversationsOfChannel(ch.id);
    const reply = (id: number, body: Record<string, unknown>) =>
      as(ctx, s).post(`/dashboardapi/conversations/${id}/messages`, body);

    const bad = await reply(conv!.id, { body: 'x', cc: ['not an address'] });
    expect(bad.statusCode).toBe(400);
    expect(bad.body).toContain('Each Cc must be an email address');
    const many = Array.from({ length: 11 }, (_, i) => `p${i}@partner.example`);
    const tooMany = await reply(conv!.id, { body: 'x', bcc: many });
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.body).toContain('Add at most 10 Bcc addresses.');
    const note = await reply(conv!.id, { kind: 'note', body: 'x', cc: ['a@partner.example'] });
    expect(note.statusCode).toBe(400);
    expect(note.json()).toMatchObject({
      message: 'A note stays inside the team: it has no Cc or Bcc.',
    });

    const store = await storeWithWidget(ctx, s, { name: 'Northwind' });
    const chat = await chattingVisitor(ctx, store.shop, 'Hello there');
    const onChat = await reply(chat.conversationId, { body: 'x', cc: ['a@partner.example'] });
    expect(onChat.statusCode).toBe(400);
    expect(onChat.json()).toMatchObject({
      message: 'Cc and Bcc are only for replies in email conversations.',
    });
    const chatDetail = await as(ctx, s).get(`/dashboardapi/conversations/${chat.conversationId}`);
    expect(chatDetail.json()).not.toHaveProperty('email_recipients');
    // Nothing was stored by the refused replies.
    const ids = (await threadOf(s, conv!.id)).map((m) => m.body);
    expect(ids).toEqual(['Hi']);
  });
});
