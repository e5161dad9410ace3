import fs from 'node:fs/promises';
import path from 'node:path';
import { createTransport, type SendMailOptions } from 'nodemailer';

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
    return {
      async send(mail) {
        await transport.sendMail({ from: opts.from, ...mail });
      },
      async sendMail(mail) {
        await transport.sendMail({ from: opts.from, ...mail });
      },
    };
  }
  const transport = createTransport({
    streamTransport: true,
    buffer: true,
    newline: 'unix',
  });
  const write = async (mail: SendMailOptions & { to: string }) => {
    const info = await transport.sendMail({ from: opts.from, ...mail });
    await fs.mkdir(opts.mailboxDir, { recursive: true });
    const safeTo = mail.to.replace(/[^a-z0-9@._-]/gi, '_');
    const file = path.join(opts.mailboxDir, `${Date.now()}-${safeTo}.eml`);
    await fs.writeFile(file, info.message as Buffer);
  };
  return { send: write, sendMail: write };
}
