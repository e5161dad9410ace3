import { and, desc, eq, inArray, lt } from 'drizzle-orm';
import type { Message } from '@parley/contracts';
import type { Db } from '../../db/client';
import { contacts, messages, users } from '../../db/schema';

type MessageRow = typeof messages.$inferSelect & {
  agentName: string | null;
  contactName: string | null;
};

export function toMessage(m: MessageRow): Message {
  const sender: Message['sender'] =
    m.senderUserId !== null
      ? { type: 'agent', id: m.senderUserId, name: m.agentName }
      : m.senderContactId !== null
        ? { type: 'contact', id: m.senderContactId, name: m.contactName }
        : { type: 'system', id: null, name: null };
  return {
    id: m.id,
    conversation_id: m.conversationId,
    direction: m.direction,
    kind: m.kind,
    body: m.body,
    body_html: m.bodyHtml,
    sender,
    delivery_status: m.deliveryStatus,
    failure_reason: m.failureReason,
    email_auth: m.emailAuth ?? null,
    // Filled by attachFiles (attachments.service), which signs their download links.
    attachments: [],
    created_at: m.createdAt.toISOString(),
  };
}

const withSenders = (db: Db) =>
  db
    .select({ m: messages, agentName: users.name, contactName: contacts.name })
    .from(messages)
    .leftJoin(users, eq(users.id, messages.senderUserId))
    .leftJoin(contacts, eq(contacts.id, messages.senderContactId));

/** A page of messages, newest first from the database, answered oldest first for display. */
export async function listMessages(
  db: Db,
  {
    accountId,
    conversationId,
    before,
    limit,
  }: { accountId: number; conversationId: number; before?: number | undefined; limit: number },
) {
  const rows = await withSenders(db)
    .where(
      and(
        eq(messages.accountId, accountId),
        eq(messages.conversationId, conversationId),
        before ? lt(messages.id, before) : undefined,
      ),
    )
    .orderBy(desc(messages.id))
    .limit(limit + 1);
  const page = rows.slice(0, limit).toReversed();
  return {
    items: page.map((r) =>
      toMessage({ ...r.m, agentName: r.agentName, contactName: r.contactName }),
    ),
    has_more: rows.length > limit,
  };
}

export async function findMessage(db: Db, { accountId, id }: { accountId: number; id: number }) {
  return (await findMessages(db, [{ accountId, id }])).get(id) ?? null;
}

/** Several messages (each in its own account) by id. */
export async function findMessages(db: Db, refs: readonly { accountId: number; id: number }[]) {
  if (refs.length === 0) return new Map<number, Message>();
  const rows = await withSenders(db).where(
    and(
      inArray(
        messages.id,
        refs.map((r) => r.id),
      ),
      inArray(messages.accountId, [...new Set(refs.map((r) => r.accountId))]),
    ),
  );
  const accountOf = new Map(refs.map((r) => [r.id, r.accountId]));
  return new Map(
    rows
      .filter((r) => accountOf.get(r.m.id) === r.m.accountId)
      .map((r) => [
        r.m.id,
        toMessage({ ...r.m, agentName: r.agentName, contactName: r.contactName }),
      ]),
  );
}
