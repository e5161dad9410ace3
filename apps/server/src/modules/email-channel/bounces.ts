import type { ParsedMail } from 'mailparser';
import { BOUNCE_SENDERS, headerText } from './auto-reply';

/** What a bounce says about the mail it returns. */
export interface BounceReport {
  /** Message-IDs of the returned mail (with angle brackets, as stored). */
  originalIds: string[];
  /** True when delivery failed for good (not a delay warning or a success notice). */
  failed: boolean;
  /** Why, in words, for the agent. */
  reason: string;
}

/** Parts that carry the returned mail or its headers (RFC 3462, RFC 6533). */
const RETURNED_TYPES = new Set([
  'message/rfc822',
  'text/rfc822-headers',
  'message/global',
  'message/global-headers',
]);
const REPORT_TYPES = new Set(['message/delivery-status', 'message/global-delivery-status']);

/** RFC 3463 status codes in words (subject.detail first, then the subject alone). */
const STATUS_WORDS: [RegExp, string][] = [
  [/^\d\.1\.1$/, 'the mailbox does not exist'],
  [/^\d\.1\.2$/, 'the recipient’s domain does not exist'],
  [/^\d\.1\.\d+$/, 'the address was refused'],
  [/^\d\.2\.1$/, 'the mailbox is disabled'],
  [/^\d\.2\.2$/, 'the mailbox is full'],
  [/^\d\.(2\.3|3\.4)$/, 'the message is too big for the recipient’s server'],
  [/^\d\.4\.7$/, 'delivery timed out after retrying'],
  [/^\d\.4\.\d+$/, 'the recipient’s mail server could not be reached'],
  [/^\d\.7\.\d+$/, 'the recipient’s server refused it by its policy (spam or security)'],
];

function statusInWords(status: string): string {
  return (
    STATUS_WORDS.find(([re]) => re.test(status))?.[1] ?? 'the recipient’s mail server refused it'
  );
}

/** Header-style fields of a block (folded lines joined), lower-case names. */
function fieldsOf(block: string): Map<string, string> {
  const fields = new Map<string, string>();
  let last = '';
  for (const line of block.split(/\r?\n/)) {
    if (/^[ \t]/.test(line) && last) fields.set(last, `${fields.get(last)} ${line.trim()}`);
    else {
      const m = /^([\w-]+):\s*(.*)$/.exec(line);
      if (!m) continue;
      last = m[1]!.toLowerCase();
      if (!fields.has(last)) fields.set(last, m[2]!.trim());
    }
  }
  return fields;
}

/** The per-recipient blocks of a delivery-status report (RFC 3464 §2.3): those with an Action. */
function recipientBlocks(report: string) {
  return report
    .split(/\r?\n\s*\r?\n/)
    .map(fieldsOf)
    .filter((f) => f.has('action') || f.has('final-recipient'));
}

const messageIdIn = (text: string) =>
  [...text.matchAll(/^message-id:[ \t]*(?:\r?\n[ \t]+)?(<[^<>\s]+>)/gim)].map((m) => m[1]!);

/**
 * Whether a message is a bounce, and what it reports: a DSN (RFC 3464 multipart/report;
 * report-type=delivery-status), or the common non-standard kind — From MAILER-DAEMON or postmaster
 * with the returned mail (or its headers) attached. Null for anything else (an auto-reply or an
 * ordinary mail): those are filed as messages.
 */
export function readBounce(mail: ParsedMail, raw: Buffer): BounceReport | null {
  const contentType: unknown = mail.headers.get('content-type');
  const isDsn =
    headerText(mail, 'content-type').toLowerCase() === 'multipart/report' &&
    typeof contentType === 'object' &&
    contentType !== null &&
    'params' in contentType &&
    String((contentType.params as Record<string, string>)['report-type']).toLowerCase() ===
      'delivery-status';
  const returned = mail.attachments.filter((a) => RETURNED_TYPES.has(a.contentType.toLowerCase()));
  const rawText = raw.toString('latin1');
  // mailparser folds a returned mail marked inline into the text: its part is seen in the raw.
  const hasReturned =
    returned.length > 0 ||
    /^content-type:\s*(message\/(rfc822|global)|text\/rfc822-headers)\b/im.test(rawText);
  const fromDaemon = BOUNCE_SENDERS.test(mail.from?.value[0]?.address ?? '');
  if (!isDsn && !(fromDaemon && hasReturned)) return null;

  const text = mail.text ?? '';
  // mailparser folds message/delivery-status into the text; some builds keep it as a part.
  const report = [
    ...mail.attachments
      .filter((a) => REPORT_TYPES.has(a.contentType.toLowerCase()))
      .map((a) => a.content.toString('utf8')),
    text,
  ].join('\n\n');
  const originalIds = [
    ...new Set([
      ...returned.flatMap((a) => messageIdIn(a.content.toString('utf8').split(/\r?\n\r?\n/)[0]!)),
      // A returned mail shown inline is folded into the text without its headers: read the raw.
      ...messageIdIn(rawText).filter((id) => id !== mail.messageId),
    ]),
  ];

  const blocks = isDsn ? recipientBlocks(report) : [];
  if (blocks.length > 0) {
    const failedBlocks = blocks.filter((b) => (b.get('action') ?? '').toLowerCase() === 'failed');
    const described = (failedBlocks.length > 0 ? failedBlocks : blocks).map((b) => {
      const recipient = (b.get('final-recipient') ?? b.get('original-recipient') ?? '')
        .replace(/^[\w-]+;\s*/, '')
        .trim();
      const status = /\d\.\d{1,3}\.\d{1,3}/.exec(b.get('status') ?? '')?.[0] ?? '';
      const diagnostic = (b.get('diagnostic-code') ?? '').replace(/^[\w-]+;\s*/, '').trim();
      const words = status ? `${statusInWords(status)} (${status})` : 'it was refused';
      return `${recipient || 'the recipient'}: ${words}${diagnostic ? `. The server said: ${diagnostic}` : ''}`;
    });
    return {
      originalIds,
      failed: failedBlocks.length > 0,
      reason: `The reply bounced — ${described.join('; ')}`.slice(0, 500),
    };
  }
  // A non-standard bounce: the first SMTP reply in its text says why.
  const reply = /\b([45]\d\d)[ -]((\d)\.\d{1,3}\.\d{1,3})?[^\n]*/.exec(text);
  const status = reply?.[2] ?? '';
  const delay = /\b(delay(ed)?|warning|still (being )?retr(y|ied)|will (continue|keep) trying)\b/i;
  return {
    originalIds,
    failed: !delay.test(mail.subject ?? ''),
    reason: (reply
      ? `The reply bounced — ${status ? `${statusInWords(status)} (${status})` : 'the recipient’s mail server refused it'}. The server said: ${reply[0].trim()}`
      : 'The reply bounced: the recipient’s mail server returned it as undeliverable.'
    ).slice(0, 500),
  };
}
