import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { conversations, messages } from '../../db/schema';

const REPLY_PREFIX = /^\s*((re|fwd?|aw|wg|sv|antw|vs|tr|rv)(\[\d+\])?\s*:\s*)+/i;

/** The subject without Re: / Fwd: (and their translations), case- and space-insensitive. */
export function normalizeSubject(subject: string | null | undefined): string {
  return (subject ?? '').replace(REPLY_PREFIX, '').replace(/\s+/g, ' ').trim().toLowerCase();
}

/**
 * Which conversation an incoming email belongs to:
 * 1. one that holds a message named by In-Reply-To / References (Message-ID threading);
 * 2. when the global setting treat_subject_and_sender_combination_as_single_thread is on,
 *    the latest conversation with the same sender and the same subject (without Re:/Fwd:);
 * 3. otherwise none: the email starts a new conversation.
 * A sender that failed its domain's DMARC check (`ourMessagesOnly`) is threaded only into a
 * conversation whose reply of ours it names: our Message-IDs carry our signature, so naming one
 * shows the mail answers what we sent; the customer's own Message-IDs and the subject are no
 * proof of who is writing.
 */
export async function findEmailThread(
  db: Db,
  v: {
    accountId: number;
    supportChannelId: number;
    contactId: number | null;
    referencedMessageIds: string[];
    subject: string | null;
    singleThreadBySubjectAndSender: boolean;
    ourMessagesOnly?: boolean | undefined;
  },
): Promise<number | null> {
  const refs = [...new Set(v.referencedMessageIds.map((r) => r.trim()).filter(Boolean))].slice(
    0,
    100,
  );
  if (refs.length > 0) {
    const [byRef] = await db
      .select({ id: messages.conversationId })
      .from(messages)
      .where(
        and(
          eq(messages.accountId, v.accountId),
          eq(messages.supportChannelId, v.supportChannelId),
          inArray(messages.providerMessageId, refs),
          v.ourMessagesOnly ? eq(messages.direction, 'outgoing') : undefined,
        ),
      )
      .orderBy(desc(messages.id))
      .limit(1);
    if (byRef) return byRef.id;
  }
  const subject = normalizeSubject(v.subject);
  if (!v.singleThreadBySubjectAndSender || v.ourMessagesOnly || !v.contactId || !subject)
    return null;
  const candidates = await db
    .select({ id: conversations.id, subject: conversations.subject })
    .from(conversations)
    .where(
      and(
        eq(conversations.accountId, v.accountId),
        eq(conversations.supportChannelId, v.supportChannelId),
        eq(conversations.contactId, v.contactId),
        sql`lower(${conversations.subject}) like ${`%${subject.replace(/[\\%_]/g, (c) => `\\${c}`)}%`}`,
      ),
    )
    .orderBy(desc(conversations.lastActivityAt))
    .limit(20);
  return candidates.find((c) => normalizeSubject(c.subject) === subject)?.id ?? null;
}
