import { and, asc, count, desc, eq, inArray, ne, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { conversations, conversationTags, tags } from '../../db/schema';

type Account = { accountId: number };

/** Every tag of the account with the number of conversations carrying it, by name. */
export async function listTagsWithUsage(db: Db, { accountId }: Account, onlyId?: number) {
  return db
    .select({
      id: tags.id,
      name: tags.name,
      color: tags.color,
      usage_count: count(conversationTags.conversationId),
    })
    .from(tags)
    .leftJoin(conversationTags, eq(conversationTags.tagId, tags.id))
    .where(
      onlyId === undefined
        ? eq(tags.accountId, accountId)
        : and(eq(tags.accountId, accountId), eq(tags.id, onlyId)),
    )
    .groupBy(tags.id)
    .orderBy(asc(sql`lower(${tags.name})`), asc(tags.id));
}

export async function findTag(db: Db, { accountId, id }: Account & { id: number }) {
  const [row] = await db
    .select()
    .from(tags)
    .where(and(eq(tags.accountId, accountId), eq(tags.id, id)))
    .limit(1);
  return row ?? null;
}

/** Locks the account's tags with these ids until the transaction ends; answers the ids found. */
export async function lockTags(db: Db, { accountId, ids }: Account & { ids: number[] }) {
  const rows = await db
    .select({ id: tags.id })
    .from(tags)
    .where(and(eq(tags.accountId, accountId), inArray(tags.id, ids)))
    .orderBy(asc(tags.id))
    .for('update');
  return rows.map((r) => r.id);
}

/** The account's tag with this name (case-insensitive), other than `exceptId`. */
export async function findTagByName(
  db: Db,
  { accountId, name, exceptId }: Account & { name: string; exceptId?: number },
) {
  const [row] = await db
    .select()
    .from(tags)
    .where(
      and(
        eq(tags.accountId, accountId),
        eq(sql`lower(${tags.name})`, name.toLowerCase()),
        ...(exceptId === undefined ? [] : [ne(tags.id, exceptId)]),
      ),
    )
    .limit(1);
  return row ?? null;
}

export async function countTags(db: Db, { accountId }: Account) {
  const [row] = await db.select({ n: count() }).from(tags).where(eq(tags.accountId, accountId));
  return row?.n ?? 0;
}

/** The account's conversations carrying the tag, most recently active first. */
export async function conversationIdsWithTag(
  db: Db,
  { accountId, tagId }: Account & { tagId: number },
) {
  const rows = await db
    .select({ id: conversations.id })
    .from(conversationTags)
    .innerJoin(conversations, eq(conversations.id, conversationTags.conversationId))
    .where(and(eq(conversationTags.tagId, tagId), eq(conversations.accountId, accountId)))
    .orderBy(desc(conversations.lastActivityAt), desc(conversations.id));
  return rows.map((r) => r.id);
}

/**
 * Gives every conversation of `fromTagId` the tag `intoTagId` (both the account's); conversations
 * that already carry it keep a single link.
 */
export async function copyConversationTags(
  db: Db,
  { accountId, fromTagId, intoTagId }: Account & { fromTagId: number; intoTagId: number },
) {
  await db.execute(sql`
    insert into conversation_tags (conversation_id, tag_id)
    select ct.conversation_id, target.id
    from conversation_tags ct
    join tags source on source.id = ct.tag_id and source.account_id = ${accountId}
    join tags target on target.id = ${intoTagId} and target.account_id = ${accountId}
    where ct.tag_id = ${fromTagId}
    on conflict do nothing`);
}

export async function deleteTagRow(db: Db, { accountId, id }: Account & { id: number }) {
  const deleted = await db
    .delete(tags)
    .where(and(eq(tags.accountId, accountId), eq(tags.id, id)))
    .returning({ id: tags.id, name: tags.name });
  return deleted[0] ?? null;
}
