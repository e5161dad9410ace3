import { and, eq, sql, type SQL } from 'drizzle-orm';
import { activityLineText, type ActivityLine, type ContactSort } from '@parley/contracts';
import { intArray, rowsOf, type Db } from '../../db/client';
import {
  contactIdentities,
  contacts,
  conversations,
  messages,
  users,
  widgetVisitors,
} from '../../db/schema';

type Scope = { accountId: number };

/** Where the list is: the last contact of the page before, by the page's sort. */
export interface ContactCursor {
  id: number;
  /** The sort's key of that contact: its name (lower case) or its last activity (ISO). */
  key?: string | null;
}

export interface ContactRow {
  id: number;
  name: string | null;
  email: string | null;
  phone: string | null;
  avatar: string | null;
  created_at: string;
  last_activity_at: string | null;
  conversation_count: number;
  channel_types: string[];
  sort_key: string | null;
}

/**
 * An identity's value as people know it: the API channel stores `{channel id}:{identifier}` (an
 * identifier is unique per channel), shown and searched without its channel part.
 */
const IDENTIFIER = sql`case when i.kind = 'api' then substr(i.value, strpos(i.value, ':') + 1) else i.value end`;

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (ch) => `\\${ch}`);

/**
 * The ids of the contacts whose name (a word of it), email, phone digits or a channel identifier
 * starts with the text, letter case aside. One branch per way of matching, so each uses its own
 * index (one OR over them all made the planner read every contact): the contacts' trigram
 * indexes for name (a substring, then the word start checked), email and phone digits (the
 * expressions here are the indexed ones), and the account's identities for identifiers.
 */
function matchingIds(accountId: number, search: string): SQL {
  const text = search.toLowerCase();
  const escaped = escapeLike(text);
  const digits = text.replace(/\D/g, '');
  // Only a search that is mostly a number looks at phone digits ("+44 20" yes, "room 2" no).
  const phoneLike = digits.length >= 3 && digits.length * 2 >= text.replace(/\s/g, '').length;
  return sql`
    select m.id from contacts m where m.account_id = ${accountId}
      and m.name ilike ${`%${escaped}%`}
      and (m.name ilike ${`${escaped}%`} or m.name ilike ${`% ${escaped}%`})
    union
    select m.id from contacts m where m.account_id = ${accountId} and m.email ilike ${`${escaped}%`}
    ${
      phoneLike
        ? sql`union
    select m.id from contacts m where m.account_id = ${accountId}
      and regexp_replace(coalesce(m.phone, ''), '\\D', '', 'g') like ${`${digits}%`}`
        : sql``
    }
    union
    select i.contact_id from contact_identities i
    where i.account_id = ${accountId} and lower(${IDENTIFIER}) like ${`${escaped}%`}`;
}

/** The newest activity of a contact's conversations (the contact index leads with contact_id). */
const LAST_ACTIVITY = sql`(select max(c.last_activity_at) from conversations c where c.contact_id = k.id)`;

/** Microseconds, as PostgreSQL keeps them: a cursor names a time exactly. */
const isoMicros = (column: SQL) =>
  sql`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;

/** Each sort: its key (text for the cursor), its order, and the rows after a cursor. */
function sortParts(sort: ContactSort, cursor: ContactCursor | null) {
  if (sort === 'name') {
    // Named contacts A→Z, then the nameless ones, oldest id first among equals.
    return {
      key: sql`lower(k.name)`,
      orderBy: (t: SQL) => sql`order by (${t}.sort_key is null), ${t}.sort_key, ${t}.id`,
      after: cursor
        ? sql`((s.sort_key is null), coalesce(s.sort_key, ''), s.id) > (${cursor.key == null}, ${cursor.key ?? ''}, ${cursor.id})`
        : sql`true`,
    };
  }
  if (sort === 'last_activity') {
    // Most recent first; contacts without conversations last, newest of them first.
    return {
      key: isoMicros(LAST_ACTIVITY),
      orderBy: (t: SQL) => sql`order by coalesce(${t}.sort_key, '') desc, ${t}.id desc`,
      after: cursor
        ? sql`(coalesce(s.sort_key, ''), s.id) < (${cursor.key ?? ''}, ${cursor.id})`
        : sql`true`,
    };
  }
  // Newest: ids grow with time, and the account index is (account_id, id).
  return {
    key: sql`null::text`,
    orderBy: (t: SQL) => sql`order by ${t}.id desc`,
    after: cursor ? sql`s.id < ${cursor.id}` : sql`true`,
  };
}

const iso = (column: SQL) =>
  sql`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

/** A page (`p`: id, sort_key, in order) with what the list shows of each contact. */
async function withDetails(db: Db, page: SQL, orderBy: SQL): Promise<ContactRow[]> {
  const result = await db.execute(sql`
    select k.id, k.name, k.email, k.phone, k.avatar, p.sort_key,
      ${iso(sql`k.created_at`)} as created_at,
      ${iso(sql`(select max(c.last_activity_at) from conversations c where c.contact_id = k.id)`)} as last_activity_at,
      (select count(*)::int from conversations c where c.contact_id = k.id) as conversation_count,
      array(
        select distinct ch.type from support_channels ch
        where ch.id in (
          select c.support_channel_id from conversations c where c.contact_id = k.id
          union select i.support_channel_id from contact_identities i where i.contact_id = k.id)
        order by ch.type) as channel_types
    from (${page}) p
    join contacts k on k.id = p.id
    ${orderBy}`);
  return rowsOf<ContactRow>(result);
}

/**
 * The whole account by latest activity, read from the conversations' recency index
 * (account_id, last_activity_at, id) newest first, each contact at its latest conversation:
 * a page costs its own rows, not a maximum over every contact. Contacts without conversations
 * follow, newest first, once the conversations are exhausted.
 */
async function latestActivityPage(
  db: Db,
  accountId: number,
  cursor: ContactCursor | null,
  limit: number,
): Promise<ContactRow[]> {
  const orderBy = (t: SQL) => sql`order by coalesce(${t}.sort_key, '') desc, ${t}.id desc`;
  const rows: ContactRow[] = [];
  if (cursor === null || cursor.key != null) {
    const after = cursor
      ? sql`and (c.last_activity_at, c.contact_id) < (${cursor.key}::timestamptz, ${cursor.id})`
      : sql``;
    rows.push(
      ...(await withDetails(
        db,
        sql`
        select c.contact_id as id, ${isoMicros(sql`c.last_activity_at`)} as sort_key
        from conversations c
        where c.account_id = ${accountId} ${after}
          and not exists (
            select 1 from conversations o where o.contact_id = c.contact_id
              and (o.last_activity_at, o.id) > (c.last_activity_at, c.id))
        order by c.last_activity_at desc, c.contact_id desc
        limit ${limit}`,
        orderBy(sql`p`),
      )),
    );
  }
  if (rows.length >= limit) return rows;
  const afterId = cursor?.key == null && cursor ? sql`and k.id < ${cursor.id}` : sql``;
  rows.push(
    ...(await withDetails(
      db,
      sql`
      select k.id, null::text as sort_key from contacts k
      where k.account_id = ${accountId} ${afterId}
        and not exists (select 1 from conversations c where c.contact_id = k.id)
      order by k.id desc
      limit ${limit - rows.length}`,
      orderBy(sql`p`),
    )),
  );
  return rows;
}

/**
 * A page of the account's contacts matching the search, in the sort's order after the cursor,
 * each with its number of conversations and the kinds of channel it is known on. The counts
 * are read for the page's contacts only.
 */
export async function listContactsPage(
  db: Db,
  {
    accountId,
    search,
    sort,
    cursor,
    limit,
  }: Scope & { search?: string; sort: ContactSort; cursor: ContactCursor | null; limit: number },
): Promise<ContactRow[]> {
  const text = search?.trim();
  if (!text && sort === 'last_activity') return latestActivityPage(db, accountId, cursor, limit);
  const parts = sortParts(sort, cursor);
  return withDetails(
    db,
    sql`
      select s.id, s.sort_key from (
        select k.id, ${parts.key} as sort_key
        from contacts k
        where k.account_id = ${accountId}
          ${text ? sql`and k.id in (${matchingIds(accountId, text)})` : sql``}
      ) s
      where ${parts.after}
      ${parts.orderBy(sql`s`)}
      limit ${limit}`,
    parts.orderBy(sql`p`),
  );
}

export interface ContactProfileRow {
  id: number;
  name: string | null;
  email: string | null;
  phone: string | null;
  avatar: string | null;
  attributes: Record<string, unknown>;
  createdAt: Date;
}

/** One contact of the account, or null (another account's contact is not found). */
export async function findContact(
  db: Db,
  { accountId, id }: Scope & { id: number },
): Promise<ContactProfileRow | null> {
  const [row] = await db
    .select({
      id: contacts.id,
      name: contacts.name,
      email: contacts.email,
      phone: contacts.phone,
      avatar: contacts.avatar,
      attributes: contacts.attributes,
      createdAt: contacts.createdAt,
    })
    .from(contacts)
    .where(and(eq(contacts.accountId, accountId), eq(contacts.id, id)))
    .limit(1);
  return row ?? null;
}

/**
 * Another contact of the account with this email (letter case aside), if one has it. ILIKE without
 * wildcards, so the email's trigram index answers it.
 */
export async function findContactByEmail(
  db: Db,
  { accountId, email, exceptId }: Scope & { email: string; exceptId: number },
) {
  const result = await db.execute(sql`
    select k.id, k.name from contacts k
    where k.account_id = ${accountId} and k.email ilike ${escapeLike(email)} and k.id <> ${exceptId}
    limit 1`);
  return rowsOf<{ id: number; name: string | null }>(result)[0] ?? null;
}

/** Every way the contact is known, with the channel it was seen on. */
export async function listIdentities(
  db: Db,
  { accountId, contactId }: Scope & { contactId: number },
) {
  const result = await db.execute(sql`
    select i.id, i.kind, ${IDENTIFIER} as value, i.support_channel_id, ch.type as channel_type,
      ch.name as channel_name, ${iso(sql`i.created_at`)} as created_at
    from contact_identities i
    left join support_channels ch on ch.id = i.support_channel_id
    where i.account_id = ${accountId} and i.contact_id = ${contactId}
    order by i.id`);
  return rowsOf<{
    id: number;
    kind: string;
    value: string;
    support_channel_id: number | null;
    channel_type: string | null;
    channel_name: string | null;
    created_at: string;
  }>(result);
}

/** The ids of the contact's conversations (their list items show the contact). */
export async function contactConversationIds(
  db: Db,
  { accountId, contactId }: Scope & { contactId: number },
) {
  const rows = await db
    .select({ id: conversations.id })
    .from(conversations)
    .where(and(eq(conversations.accountId, accountId), eq(conversations.contactId, contactId)));
  return rows.map((r) => r.id);
}

/** Every conversation of the contact, newest activity first. */
export async function listContactConversations(
  db: Db,
  { accountId, contactId }: Scope & { contactId: number },
) {
  const result = await db.execute(sql`
    select c.id, c.subject, c.status, c.support_channel_id, ch.type as channel_type,
      ch.name as channel_name, ${iso(sql`c.last_activity_at`)} as last_message_at,
      ${iso(sql`c.created_at`)} as created_at
    from conversations c
    join support_channels ch on ch.id = c.support_channel_id
    where c.account_id = ${accountId} and c.contact_id = ${contactId}
    order by c.last_activity_at desc, c.id desc`);
  return rowsOf<{
    id: number;
    subject: string | null;
    status: string;
    support_channel_id: number;
    channel_type: string;
    channel_name: string;
    last_message_at: string;
    created_at: string;
  }>(result);
}

export async function updateContact(
  db: Db,
  {
    accountId,
    id,
    values,
  }: Scope & {
    id: number;
    values: Partial<{
      name: string | null;
      email: string | null;
      phone: string | null;
      attributes: Record<string, unknown>;
    }>;
  },
) {
  if (Object.keys(values).length === 0) return;
  await db
    .update(contacts)
    .set(values)
    .where(and(eq(contacts.accountId, accountId), eq(contacts.id, id)));
}

/**
 * Locks the contacts (in id order, so two merges of the same pair cannot deadlock) until the
 * transaction ends, and answers those of the account that exist.
 */
export async function lockContacts(db: Db, { accountId, ids }: Scope & { ids: number[] }) {
  const result = await db.execute(sql`
    select k.id from contacts k
    where k.account_id = ${accountId} and k.id = any(${intArray(ids)})
    order by k.id for update`);
  return new Set(rowsOf<{ id: number }>(result).map((r) => r.id));
}

/**
 * Moves everything of one contact (`fromId`) to another (`intoId`) of the same account: its
 * identities, conversations, the messages it sent in them and its widget visitors; fills the
 * kept contact's empty fields, merges the attributes (the kept contact's win), and deletes the
 * merged one. Run inside the caller's transaction. Answers the moved conversations.
 */
export async function mergeContactRows(
  db: Db,
  { accountId, fromId, intoId }: Scope & { fromId: number; intoId: number },
) {
  const identities = await db
    .update(contactIdentities)
    .set({ contactId: intoId })
    .where(and(eq(contactIdentities.accountId, accountId), eq(contactIdentities.contactId, fromId)))
    .returning({ id: contactIdentities.id });
  const moved = await db
    .update(conversations)
    .set({ contactId: intoId })
    .where(and(eq(conversations.accountId, accountId), eq(conversations.contactId, fromId)))
    .returning({ id: conversations.id, supportChannelId: conversations.supportChannelId });
  if (moved.length > 0)
    await db
      .update(messages)
      .set({ senderContactId: intoId })
      .where(
        and(
          sql`${messages.conversationId} = any(${intArray(moved.map((c) => c.id))})`,
          eq(messages.senderContactId, fromId),
        ),
      );
  await db
    .update(widgetVisitors)
    .set({ contactId: intoId })
    .where(and(eq(widgetVisitors.accountId, accountId), eq(widgetVisitors.contactId, fromId)));
  await db.execute(sql`
    update contacts kept set
      name = coalesce(kept.name, gone.name),
      email = coalesce(kept.email, gone.email),
      phone = coalesce(kept.phone, gone.phone),
      avatar = coalesce(kept.avatar, gone.avatar),
      attributes = gone.attributes || kept.attributes
    from contacts gone
    where kept.id = ${intoId} and kept.account_id = ${accountId}
      and gone.id = ${fromId} and gone.account_id = ${accountId}`);
  await db.delete(contacts).where(and(eq(contacts.accountId, accountId), eq(contacts.id, fromId)));
  return { conversations: moved, identities: identities.length };
}

/** An activity line in a conversation's thread (kind `activity`, inside the team). */
export async function insertActivityLines(
  db: Db,
  {
    accountId,
    lines,
  }: Scope & {
    lines: {
      conversationId: number;
      supportChannelId: number;
      activity: ActivityLine;
      actorId: number;
    }[];
  },
) {
  if (lines.length === 0) return [];
  return db
    .insert(messages)
    .values(
      lines.map((l) => ({
        accountId,
        conversationId: l.conversationId,
        supportChannelId: l.supportChannelId,
        direction: 'internal' as const,
        kind: 'activity' as const,
        body: activityLineText(l.activity),
        activity: l.activity,
        senderUserId: l.actorId,
      })),
    )
    .returning({ id: messages.id, conversationId: messages.conversationId });
}

/** The name an activity line gives a teammate. */
export async function userName(db: Db, userId: number) {
  const [u] = await db
    .select({ name: users.name })
    .from(users)
    .where(eq(users.id, userId))
    .limit(1);
  return u?.name ?? null;
}
