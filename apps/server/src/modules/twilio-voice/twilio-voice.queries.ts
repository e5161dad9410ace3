import { and, asc, eq, isNotNull, sql } from 'drizzle-orm';
import type { CallDetails } from '@parley/contracts';
import type { Db } from '../../db/client';
import {
  calls,
  contactIdentities,
  contacts,
  conversations,
  messages,
  supportChannels,
} from '../../db/schema';

export type CallRow = typeof calls.$inferSelect;

export function toCallDetails(c: CallRow): CallDetails {
  return {
    message_id: c.messageId,
    call_sid: c.callSid,
    direction: c.direction,
    outcome: c.outcome,
    provider_status: c.providerStatus,
    duration_seconds: c.durationSeconds,
    from_number: c.fromNumber,
    to_number: c.toNumber,
    recording_attachment_id: c.recordingAttachmentId,
    transcription: c.transcription,
  };
}

/** A call of the channel by Twilio's CallSid (the channel is already proven to be the caller's). */
export async function findCallBySid(db: Db, supportChannelId: number, callSid: string) {
  const [row] = await db
    .select()
    .from(calls)
    .where(and(eq(calls.supportChannelId, supportChannelId), eq(calls.callSid, callSid)))
    .limit(1);
  return row ?? null;
}

/** An outgoing call by our id in a callback URL, only within that channel and its account. */
export async function findOutgoingCall(
  db: Db,
  { accountId, supportChannelId, id }: { accountId: number; supportChannelId: number; id: number },
) {
  const [row] = await db
    .select()
    .from(calls)
    .where(
      and(
        eq(calls.id, id),
        eq(calls.accountId, accountId),
        eq(calls.supportChannelId, supportChannelId),
        eq(calls.direction, 'outgoing'),
      ),
    )
    .limit(1);
  return row ?? null;
}

export async function updateCall(db: Db, id: number, patch: Partial<CallRow>) {
  const [row] = await db
    .update(calls)
    .set({ ...patch, updatedAt: new Date() })
    .where(eq(calls.id, id))
    .returning();
  return row!;
}

/** The calls of a conversation of the caller's account, oldest first. */
export async function listCallsOfConversation(
  db: Db,
  { accountId, conversationId }: { accountId: number; conversationId: number },
) {
  return db
    .select({ c: calls })
    .from(calls)
    .innerJoin(messages, eq(messages.id, calls.messageId))
    .where(and(eq(calls.accountId, accountId), eq(messages.conversationId, conversationId)))
    .orderBy(asc(calls.id))
    .then((rows) => rows.map((r) => r.c));
}

/** A conversation of the account with its contact's phone (a phone identity first). */
export async function findConversationForCall(
  db: Db,
  { accountId, conversationId }: { accountId: number; conversationId: number },
) {
  const [row] = await db
    .select({
      id: conversations.id,
      supportChannelId: conversations.supportChannelId,
      contactId: conversations.contactId,
      contactPhone: contacts.phone,
      identityPhone: sql<string | null>`(
        select ${contactIdentities.value} from ${contactIdentities}
        where ${contactIdentities.contactId} = ${conversations.contactId}
          and ${contactIdentities.kind} = 'phone'
        order by ${contactIdentities.id} limit 1)`,
    })
    .from(conversations)
    .innerJoin(contacts, eq(contacts.id, conversations.contactId))
    .where(and(eq(conversations.id, conversationId), eq(conversations.accountId, accountId)))
    .limit(1);
  return row ?? null;
}

/** The account's call channels connected to Twilio (not the bare callback-request channel). */
export async function twilioCallChannels(db: Db, accountId: number) {
  return db
    .select()
    .from(supportChannels)
    .where(
      and(
        eq(supportChannels.accountId, accountId),
        eq(supportChannels.type, 'call'),
        isNotNull(supportChannels.secretsEncrypted),
      ),
    )
    .orderBy(asc(supportChannels.id));
}
