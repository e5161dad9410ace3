import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createMailer, wholeLinesEncoding } from './mailer';

let dir: string;
beforeEach(async () => {
  dir = await fs.mkdtemp(path.join(os.tmpdir(), 'parley-mailer-'));
});
afterEach(() => fs.rm(dir, { recursive: true, force: true }));

async function onlyMail(): Promise<string> {
  const [file] = await fs.readdir(dir);
  return fs.readFile(path.join(dir, file!), 'utf8');
}

const LINK = `http://localhost:3000/settings/teammembers/invite/confirm/${'Ab9_'.repeat(11)}`;

describe('the local mailbox', () => {
  it('keeps a long link whole on one line of the stored text part (no quoted-printable soft break)', async () => {
    const mailer = createMailer({ mailboxDir: dir, from: 'Parley <no-reply@parley.localhost>' });
    await mailer.send({ to: 'new@example.com', subject: 'Join', text: `Hi,\n\n${LINK}\n` });
    const raw = await onlyMail();
    expect(raw).toMatch(/^Content-Transfer-Encoding: 7bit$/m);
    // Read naively, line by line, as a person copying the link out of the file would.
    expect(raw.split(/\r?\n/)).toContain(LINK);
  });

  it('keeps the link whole beside accented text (8bit) and beside an HTML part and attachments', async () => {
    const mailer = createMailer({ mailboxDir: dir, from: 'Parley <no-reply@parley.localhost>' });
    await mailer.sendMail({
      to: 'zoe@example.com',
      subject: 'Réponse',
      text: `Bonjour Zoë,\n\n${LINK}\n`,
      html: `<p><a href="${LINK}">Join</a></p>`,
      attachments: [{ filename: 'notes.txt', content: 'x'.repeat(300) }],
    });
    const raw = await onlyMail();
    const lines = raw.split(/\r?\n/);
    expect(lines).toContain(LINK);
    expect(lines).toContain('Bonjour Zoë,');
    // The attachment keeps its own encoding.
    expect(raw).toMatch(/filename=notes\.txt/);
    expect(raw).not.toContain('x'.repeat(300));
  });
});

describe('which text can travel with its lines whole', () => {
  it('takes ASCII as 7bit, other text as 8bit only where allowed, and refuses over-long lines', () => {
    expect(wholeLinesEncoding(`Hi\n${LINK}\n`, false)).toBe('7bit');
    expect(wholeLinesEncoding('Grüße', true)).toBe('8bit');
    // An SMTP server may lack 8BITMIME: nodemailer's encoding is kept.
    expect(wholeLinesEncoding('Grüße', false)).toBeNull();
    expect(wholeLinesEncoding('a'.repeat(999), true)).toBeNull();
    expect(wholeLinesEncoding('bell\x07', true)).toBeNull();
  });
});
