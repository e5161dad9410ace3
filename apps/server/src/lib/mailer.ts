import fs from 'node:fs/promises';
import path from 'node:path';
import { createTransport } from 'nodemailer';

export interface OutgoingMail {
  to: string;
  subject: string;
  text: string;
  html?: string;
}

export interface Mailer {
  send(mail: OutgoingMail): Promise<void>;
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
    };
  }
  const transport = createTransport({
    streamTransport: true,
    buffer: true,
    newline: 'unix',
  });
  return {
    async send(mail) {
      const info = await transport.sendMail({ from: opts.from, ...mail });
      await fs.mkdir(opts.mailboxDir, { recursive: true });
      const safeTo = mail.to.replace(/[^a-z0-9@._-]/gi, '_');
      const file = path.join(opts.mailboxDir, `${Date.now()}-${safeTo}.eml`);
      await fs.writeFile(file, info.message as Buffer);
    },
  };
}
