import fs from 'node:fs/promises';
import path from 'node:path';
import { createTransport, type SendMailOptions } from 'nodemailer';
import type Mail from 'nodemailer/lib/mailer';
import type MimeNode from 'nodemailer/lib/mime-node';

export interface OutgoingMail {
  to: string;
  subject: string;
  text: string;
  html?: string;
}

export interface Mailer {
  send(mail: OutgoingMail): Promise<void>;
  /**
   * Any message nodemailer can build (own From, threading headers, attachments, DKIM): replies
   * of email channels without an SMTP server of their own. Throws nodemailer's errors.
   */
  sendMail(mail: SendMailOptions & { to: string }): Promise<void>;
}

// RFC 5322 caps a line at 998 octets; a 7bit or 8bit body may use lines up to that.
const MAX_LINE_OCTETS = 998;

/**
 * How a text part can travel with its lines as written (7bit for ASCII, 8bit for other text when
 * allowed), or null when it needs nodemailer's own encoding (a line too long, control characters).
 */
export function wholeLinesEncoding(text: string, allow8bit: boolean): '7bit' | '8bit' | null {
  if (text.split(/\r?\n/).some((line) => Buffer.byteLength(line) > MAX_LINE_OCTETS)) return null;
  let ascii = true;
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    // Control characters other than tab and line ends need an encoding.
    if ((code < 0x20 && code !== 0x09 && code !== 0x0a && code !== 0x0d) || code === 0x7f)
      return null;
    if (code > 0x7e) ascii = false;
  }
  if (ascii) return '7bit';
  return allow8bit ? '8bit' : null;
}

/**
 * A nodemailer 'stream' plugin that sends the message's text part with its lines whole. By
 * default nodemailer picks quoted-printable for lines over 76 characters and breaks them with a
 * `=` soft break: a link copied out of a stored .eml then no longer works. 8bit only where the
 * receiver is a file: an SMTP server without 8BITMIME may not take it.
 */
function keepTextLinesWhole(allow8bit: boolean): Mail.PluginFunction {
  return (mail, done) => {
    const text = mail.data.text;
    const encoding = typeof text === 'string' ? wholeLinesEncoding(text, allow8bit) : null;
    if (encoding) {
      const visit = (node: MimeNode) => {
        // The text part is the node holding this very string (attachments hold their own).
        if (
          /^text\/plain\b/i.test(String(node.getHeader('Content-Type') ?? '')) &&
          (node as { content?: unknown }).content === text
        )
          node.getTransferEncoding = () => encoding;
        node.childNodes.forEach(visit);
      };
      visit(mail.message);
    }
    done();
  };
}

/**
 * SMTP when SMTP_URL is set; otherwise the local mailbox: each message is written as an
 * .eml file under DATA_DIR/mailbox, readable with any mail client or `cat`.
 */
export function createMailer(opts: {
  smtpUrl?: string | undefined;
  mailboxDir: string;
  from: string;
}): Mailer {
  if (opts.smtpUrl) {
    const transport = createTransport(opts.smtpUrl);
    transport.use('stream', keepTextLinesWhole(false));
    const send = async (mail: SendMailOptions & { to: string }) => {
      await transport.sendMail({ from: opts.from, ...mail });
    };
    return { send, sendMail: send };
  }
  const transport = createTransport({
    streamTransport: true,
    buffer: true,
    newline: 'unix',
  });
  transport.use('stream', keepTextLinesWhole(true));
  const write = async (mail: SendMailOptions & { to: string }) => {
    const info = await transport.sendMail({ from: opts.from, ...mail });
    await fs.mkdir(opts.mailboxDir, { recursive: true });
    const safeTo = mail.to.replace(/[^a-z0-9@._-]/gi, '_');
    const file = path.join(opts.mailboxDir, `${Date.now()}-${safeTo}.eml`);
    await fs.writeFile(file, info.message as Buffer);
  };
  return { send: write, sendMail: write };
}
