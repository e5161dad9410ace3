import type { ParsedMail } from 'mailparser';

/** Text of a header as mailparser holds it (a string, or a structured value with `.value`). */
export function headerText(mail: ParsedMail, name: string): string {
  const value: unknown = mail.headers.get(name);
  if (value === undefined || value === null) return '';
  if (typeof value === 'string') return value;
  if (typeof value === 'object' && 'value' in value) return String(value.value);
  return String(value as string);
}

export const BOUNCE_SENDERS = /^(mailer-daemon|postmaster|mail-daemon|mailer_daemon)@/i;

/**
 * Whether a message was sent by a machine: an out-of-office or auto-reply (RFC 3834
 * Auto-Submitted, X-Autoreply / X-Autorespond, Precedence bulk/junk/auto_reply, Microsoft's
 * X-Auto-Response-Suppress-answered OOFs), or a bounce (multipart/report, MAILER-DAEMON, the empty
 * return path). Such mail is stored but never answered automatically, so two auto-responders can
 * never keep answering each other.
 */
export function isAutomaticEmail(mail: ParsedMail, envelopeFrom: string | null): boolean {
  const autoSubmitted = headerText(mail, 'auto-submitted').trim().toLowerCase();
  if (autoSubmitted && !autoSubmitted.startsWith('no')) return true;
  if (mail.headers.has('x-autoreply') || mail.headers.has('x-autorespond')) return true;
  if (headerText(mail, 'x-auto-reply').trim()) return true;
  if (/^(bulk|junk|auto_reply|list)$/i.test(headerText(mail, 'precedence').trim())) return true;
  if (headerText(mail, 'content-type').toLowerCase().startsWith('multipart/report')) return true;
  const from = mail.from?.value[0]?.address ?? '';
  if (BOUNCE_SENDERS.test(from)) return true;
  // MAIL FROM:<> is how bounces and other notifications are sent (RFC 5321 §4.5.5).
  if (envelopeFrom !== null && envelopeFrom.trim() === '') return true;
  return false;
}
