import type { Readable } from 'node:stream';
import { Readable as NodeReadable } from 'node:stream';
import type {
  ContactDetail,
  ContactListFilters,
  ContactListItem,
  ContactListQuery,
  ContactListResponse,
  ContactMergeBody,
  ContactMergeResponse,
  ContactPatch,
  ContactSort,
} from '@parley/contracts';
import type { Db } from '../../db/client';
import {
  apiText,
  AppError,
  badRequest,
  conflict,
  isUniqueViolation,
  notFound,
} from '../../lib/errors';
import type { Deps } from '../../lib/deps';
import type { AgentContext } from '../../lib/http-types';
import { recordAudit } from '../audit-log/audit-log.service';
import { csvLine } from './contacts.csv';
import {
  contactConversationIds,
  findContact,
  findContactByEmail,
  insertActivityLines,
  listContactConversations,
  listContactsPage,
  listIdentities,
  lockContacts,
  mergeContactRows,
  updateContact,
  userName,
  type ContactCursor,
  type ContactRow,
} from './contacts.queries';

function encodeCursor(sort: ContactSort, row: ContactRow): string {
  return Buffer.from(JSON.stringify({ s: sort, id: row.id, k: row.sort_key })).toString(
    'base64url',
  );
}

/** A cursor made for this sort, or a 400 naming `cursor`. */
function decodeCursor(sort: ContactSort, text: string | undefined): ContactCursor | null {
  if (!text) return null;
  try {
    const value = JSON.parse(Buffer.from(text, 'base64url').toString('utf8')) as unknown;
    if (value && typeof value === 'object') {
      const { s, id, k } = value as { s?: unknown; id?: unknown; k?: unknown };
      if (
        s === sort &&
        Number.isSafeInteger(id) &&
        (id as number) > 0 &&
        (k === null || typeof k === 'string')
      )
        return { id: id as number, key: k };
    }
  } catch {
    // Falls through to the 400 below.
  }
  throw badRequest('This page link is out of date: load the list again.', [
    { path: 'cursor', message: 'Not a cursor of this list and sort.' },
  ]);
}

const toItem = (row: ContactRow): ContactListItem => ({
  id: row.id,
  name: row.name,
  email: row.email,
  phone: row.phone,
  avatar: row.avatar,
  created_at: row.created_at,
  last_activity_at: row.last_activity_at,
  conversation_count: row.conversation_count,
  channel_types: row.channel_types as ContactListItem['channel_types'],
});

/** A page of the account's contacts (Contacts): any member may read it. */
export async function listContacts(
  deps: Pick<Deps, 'db'>,
  agent: AgentContext,
  query: ContactListQuery,
): Promise<ContactListResponse> {
  // One more than asked tells whether a next page exists.
  const rows = await listContactsPage(deps.db, {
    accountId: agent.accountId,
    search: query.search,
    sort: query.sort,
    cursor: decodeCursor(query.sort, query.cursor),
    limit: query.limit + 1,
  });
  const page = rows.slice(0, query.limit);
  return {
    items: page.map(toItem),
    next_cursor: rows.length > query.limit ? encodeCursor(query.sort, page.at(-1)!) : null,
  };
}

const EXPORT_BATCH = 1000;
const CSV_HEADER = ['name', 'email', 'phone', 'channels', 'conversations', 'created'];

/**
 * The filtered list as CSV, read a batch at a time in the list's order and written as it is
 * read: a large account's export never sits whole in memory.
 */
export function exportContactsCsv(
  deps: Pick<Deps, 'db'>,
  agent: AgentContext,
  filters: ContactListFilters,
): Readable {
  async function* lines() {
    await recordAudit(deps.db, {
      accountId: agent.accountId,
      userId: agent.userId,
      action: 'contacts_exported',
      details: { search: filters.search ?? null, sort: filters.sort ?? null },
    });
    yield csvLine(CSV_HEADER);
    let cursor: ContactCursor | null = null;
    for (;;) {
      const rows = await listContactsPage(deps.db, {
        accountId: agent.accountId,
        search: filters.search,
        sort: filters.sort,
        cursor,
        limit: EXPORT_BATCH,
      });
      if (rows.length > 0)
        yield rows
          .map((r) =>
            csvLine([
              r.name,
              r.email,
              r.phone,
              r.channel_types.join('; '),
              r.conversation_count,
              r.created_at,
            ]),
          )
          .join('');
      if (rows.length < EXPORT_BATCH) return;
      const last = rows.at(-1)!;
      cursor = { id: last.id, key: last.sort_key };
    }
  }
  return NodeReadable.from(lines());
}

function attributesOf(stored: Record<string, unknown>): ContactDetail['attributes'] {
  const out: ContactDetail['attributes'] = {};
  for (const [key, value] of Object.entries(stored))
    if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean')
      out[key] = value;
    else if (value !== null && value !== undefined) out[key] = JSON.stringify(value);
  return out;
}

async function detailOf(db: Db, accountId: number, id: number): Promise<ContactDetail> {
  const contact = await findContact(db, { accountId, id });
  if (!contact) throw notFound('That contact was not found.');
  const [identities, conversations] = await Promise.all([
    listIdentities(db, { accountId, contactId: id }),
    listContactConversations(db, { accountId, contactId: id }),
  ]);
  return {
    id: contact.id,
    name: contact.name,
    email: contact.email,
    phone: contact.phone,
    avatar: contact.avatar,
    attributes: attributesOf(contact.attributes),
    created_at: contact.createdAt.toISOString(),
    identities: identities as ContactDetail['identities'],
    conversations: conversations as ContactDetail['conversations'],
  };
}

/** A contact's page: profile, every identity and every conversation. */
export function getContact(deps: Pick<Deps, 'db'>, agent: AgentContext, id: number) {
  return detailOf(deps.db, agent.accountId, id);
}

const emailTaken = (other: { id: number; name: string | null }) =>
  new AppError(
    409,
    'email_taken',
    other.name
      ? apiText(
          'Another contact, {name}, already has this email address. Merge the two contacts instead.',
          { name: other.name },
        )
      : apiText('Another contact already has this email address. Merge the two contacts instead.'),
    { field: 'email', contact_id: other.id },
  );

/**
 * Edits a contact's name, email, phone or custom attributes. An email is one person's: another
 * contact of the account with the same address (letter case aside) refuses the change.
 */
export async function editContact(
  deps: Pick<Deps, 'db' | 'events'>,
  agent: AgentContext,
  id: number,
  patch: ContactPatch,
): Promise<ContactDetail> {
  const contact = await findContact(deps.db, { accountId: agent.accountId, id });
  if (!contact) throw notFound('That contact was not found.');
  const email = patch.email as string | null | undefined;
  if (email && email.toLowerCase() !== contact.email?.toLowerCase()) {
    const other = await findContactByEmail(deps.db, {
      accountId: agent.accountId,
      email,
      exceptId: id,
    });
    if (other) throw emailTaken(other);
  }
  try {
    await updateContact(deps.db, {
      accountId: agent.accountId,
      id,
      values: {
        ...(patch.name !== undefined ? { name: patch.name as string | null } : {}),
        ...(email !== undefined ? { email } : {}),
        ...(patch.phone !== undefined ? { phone: patch.phone as string | null } : {}),
        ...(patch.attributes !== undefined ? { attributes: patch.attributes } : {}),
      },
    });
  } catch (err) {
    if (isUniqueViolation(err))
      throw conflict('Someone else changed this contact at the same time. Try again.');
    throw err;
  }
  // The inbox's list items show the contact's name, email and phone: open lists refresh them.
  if (patch.name !== undefined || email !== undefined || patch.phone !== undefined)
    for (const conversationId of await contactConversationIds(deps.db, {
      accountId: agent.accountId,
      contactId: id,
    }))
      deps.events.emit('conversation_updated', { accountId: agent.accountId, conversationId });
  return detailOf(deps.db, agent.accountId, id);
}

const label = (c: {
  id: number;
  name: string | null;
  email: string | null;
  phone: string | null;
}) => c.name ?? c.email ?? c.phone ?? `#${c.id}`;

/**
 * Merges one contact into another of the same account (the same person known twice): in one
 * transaction its identities, conversations and sent messages move to the kept contact, whose
 * empty fields it fills and whose attributes win over its own; then it is deleted. Each moved
 * conversation gets an activity line saying so, and the audit log records it. Nothing is lost.
 */
export async function mergeContact(
  deps: Pick<Deps, 'db' | 'events'>,
  agent: AgentContext,
  fromId: number,
  body: ContactMergeBody,
): Promise<ContactMergeResponse> {
  const intoId = body.into_contact_id;
  if (intoId === fromId)
    throw badRequest('A contact cannot be merged into itself: pick another contact.', [
      { path: 'into_contact_id', message: 'Pick a different contact.' },
    ]);
  const { accountId } = agent;
  const moved = await deps.db.transaction(async (tx) => {
    // A merge running at the same time on either contact waits, then finds what it left.
    await lockContacts(tx, { accountId, ids: [fromId, intoId] });
    const [from, into] = await Promise.all([
      findContact(tx, { accountId, id: fromId }),
      findContact(tx, { accountId, id: intoId }),
    ]);
    if (!from) throw notFound('That contact was not found.');
    if (!into) throw notFound('The contact to merge into was not found.');
    const actor = (await userName(tx, agent.userId)) ?? 'Someone';
    const result = await mergeContactRows(tx, { accountId, fromId, intoId });
    const activity = await insertActivityLines(tx, {
      accountId,
      lines: result.conversations.map((c) => ({
        conversationId: c.id,
        supportChannelId: c.supportChannelId,
        actorId: agent.userId,
        activity: { key: 'contact_merged', actor, into: label(into), from: label(from) },
      })),
    });
    await recordAudit(tx, {
      accountId,
      userId: agent.userId,
      action: 'contact_merged',
      details: {
        contact_id: intoId,
        contact_name: label(into),
        merged_contact_id: fromId,
        merged_contact_name: label(from),
        moved_conversations: result.conversations.length,
        moved_identities: result.identities,
      },
    });
    return { ...result, activity };
  });
  // After commit: open lists show the kept contact, open threads the activity line.
  for (const line of moved.activity) {
    deps.events.emit('message_created', {
      accountId,
      conversationId: line.conversationId,
      messageId: line.id,
      isPrivate: true,
      hasAttachments: false,
    });
    deps.events.emit('conversation_updated', { accountId, conversationId: line.conversationId });
  }
  return {
    contact: await detailOf(deps.db, accountId, intoId),
    moved_conversations: moved.conversations.length,
    moved_identities: moved.identities,
  };
}
