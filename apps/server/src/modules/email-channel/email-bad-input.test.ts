import { eq } from 'drizzle-orm';
import { createTransport } from 'nodemailer';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contacts, conversations, messages } from '../../db/schema';
import { createTestContext, signUp, type Session, type TestContext } from '../../test/harness';
import { startTestDnsServer, type TestDnsServer } from '../../test/dns-server';
import { MAX_EMAIL_BYTES } from './email-inbound.service';
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

/** A real SMTP client delivering raw bytes to Parley's SMTP server, as a mail server would. */
function deliverRaw(to: string, raw: Buffer | string) {
  const transport = createTransport({
    host: '127.0.0.1',
    port: smtp.port,
    secure: false,
    ignoreTLS: true,
  });
  return transport.sendMail({ envelope: { from: 'cora@customer.example', to: [to] }, raw });
}

const emailChannel = (s: Session) => emailChannelFor(ctx, s);

async function storedOf(accountId: number) {
  const convs = await ctx.deps.db
    .select()
    .from(conversations)
    .where(eq(conversations.accountId, accountId));
  const msgs = await ctx.deps.db.select().from(messages).where(eq(messages.accountId, accountId));
  return { convs, msgs };
}

describe('mail that is bad on arrival', () => {
  it('files a multipart mail whose boundary never appears with its whole text, nothing dropped', async () => {
    const s = await signUp(ctx);
    const ch = await emailChannel(s);
    const raw = [
      'From: Cora Customer <cora@customer.example>',
      `To: ${ch.address}`,
      'Subject: Broken boundary',
      'Message-ID: <broken-boundary@customer.example>',
      'MIME-Version: 1.0',
      'Content-Type: multipart/mixed; boundary="never-used"',
      '',
      '--some-other-boundary',
      'Content-Type: text/plain',
      '',
      'My order 1042 never arrived.',
      '--some-other-boundary--',
      '',
    ].join('\r\n');
    const info = await deliverRaw(ch.address, raw);
    expect(info.accepted).toEqual([ch.address]);
    const { convs, msgs } = await storedOf(s.accountId);
    expect(convs).toHaveLength(1);
    expect(convs[0]!.subject).toBe('Broken boundary');
    expect(msgs).toHaveLength(1);
    expect(msgs[0]!.body).toMatch(
      /^\[This mail's structure could not be read; it is shown as received\.\]/,
    );
    expect(msgs[0]!.body).toContain('My order 1042 never arrived.');
  });

  it('reads raw 8-bit header bytes (no encoded-words) as UTF-8 where they are, else as Latin-1', async () => {
    const s = await signUp(ctx);
    const ch = await emailChannel(s);
    const raw = Buffer.concat([
      Buffer.from('From: '),
      Buffer.from('Jos\xe9 M\xfcller', 'latin1'),
      Buffer.from(` <jose@customer.example>\r\nTo: ${ch.address}\r\nSubject: `),
      Buffer.from('Caf\xe9 cr\xe8me', 'latin1'),
      Buffer.from(' / '),
      Buffer.from('Grüße', 'utf8'),
      Buffer.from('\r\nMessage-ID: <eight-bit@customer.example>\r\n\r\nHello\r\n'),
    ]);
    const info = await deliverRaw(ch.address, raw);
    expect(info.accepted).toEqual([ch.address]);
    const { convs, msgs } = await storedOf(s.accountId);
    expect(convs).toHaveLength(1);
    expect(convs[0]!.subject).toBe('Café crème / Grüße');
    expect(msgs.map((m) => m.body)).toEqual(['Hello']);
    const [contact] = await ctx.deps.db
      .select()
      .from(contacts)
      .where(eq(contacts.id, convs[0]!.contactId));
    expect(contact!.name).toBe('José Müller');
    expect(contact!.email).toBe('jose@customer.example');
  });

  it('files a mail with NUL bytes (which the database cannot store) without them, instead of refusing it forever', async () => {
    const s = await signUp(ctx);
    const ch = await emailChannel(s);
    const raw = `From: cora@customer.example\r\nTo: ${ch.address}\r\nSubject: Nul\x00here\r\nMessage-ID: <nul@customer.example>\r\n\r\nBefore\x00after\r\n`;
    const info = await deliverRaw(ch.address, raw);
    expect(info.accepted).toEqual([ch.address]);
    const { convs, msgs } = await storedOf(s.accountId);
    expect(convs.map((c) => c.subject)).toEqual(['Nulhere']);
    expect(msgs.map((m) => m.body)).toEqual(['Beforeafter']);
  });

  it('refuses a 30 MB mail with 552 at SMTP time (the limit is 25 MB) and stores nothing', async () => {
    expect(MAX_EMAIL_BYTES).toBe(25 * 1024 * 1024);
    const s = await signUp(ctx);
    const ch = await emailChannel(s);
    const line = `${'x'.repeat(998)}\r\n`;
    const raw = `From: cora@customer.example\r\nTo: ${ch.address}\r\nSubject: Huge\r\n\r\n${line.repeat(Math.ceil(30_000_000 / line.length))}`;
    const err = await deliverRaw(ch.address, raw).then(
      () => null,
      (e: unknown) => e as { responseCode?: number; response?: string },
    );
    expect(err?.responseCode).toBe(552);
    expect(err?.response).toContain('Message too big');
    const { convs, msgs } = await storedOf(s.accountId);
    expect(convs).toHaveLength(0);
    expect(msgs).toHaveLength(0);
  });
});
