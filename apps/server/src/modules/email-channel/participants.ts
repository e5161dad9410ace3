import { MAX_REPLY_COPIES } from '@parley/contracts';
import type { Db } from '../../db/client';
import {
  accountSupportAddresses,
  conversationParticipants,
  saveConversationCc,
} from './email-channel.queries';
import { baseAddress } from './reply-token';

/**
 * Senders that no person reads: an answer copied to them would bounce or vanish, and a platform
 * that mailed on a customer's behalf (a contact form's `mailer@`) is no participant.
 */
const NO_REPLY_LOCAL =
  /^(no-?reply|do-?not-?reply|donotreply|mailer|mailer-daemon|postmaster|bounces?|notifications?|notify)([+._-].*)?$/i;

export function isNoReplyAddress(address: string): boolean {
  const local = address.slice(0, address.lastIndexOf('@'));
  return NO_REPLY_LOCAL.test(local);
}

/**
 * Remembers the other people on a received mail as the conversation's Cc, so the agent's next
 * reply goes to all of them, as a mail program's "Reply all" does (docs/email.md, "Cc and Bcc on
 * a reply"). Never copied: the account's own support addresses (any +tag), the conversation's
 * customer, no-reply and platform senders, mailing lists, and anyone already in the Bcc. Runs inside the
 * message's filing transaction.
 */
export async function rememberParticipants(
  db: Db,
  v: {
    accountId: number;
    conversationId: number;
    addresses: string[];
    /** Addresses of this mail that are no participant (its platform sender, its mailing list). */
    never: string[];
  },
) {
  const conversation = await conversationParticipants(db, v);
  if (!conversation) return;
  const own = new Set((await accountSupportAddresses(db, v.accountId)).map(baseAddress));
  const customer = new Set(conversation.customerAddresses);
  const { cc, bcc } = conversation.recipients;
  const next = [...cc];
  for (const raw of v.addresses) {
    const address = raw.trim().toLowerCase();
    if (!/^[^@\s]+@[^@\s]+\.[^@\s]+$/.test(address) || address.length > 254) continue;
    if (own.has(baseAddress(address)) || customer.has(address)) continue;
    if (v.never.includes(address) || isNoReplyAddress(address)) continue;
    if (next.includes(address) || bcc.includes(address)) continue;
    if (next.length >= MAX_REPLY_COPIES) break;
    next.push(address);
  }
  if (next.length === cc.length) return;
  await saveConversationCc(db, { ...v, cc: next, bcc });
}
