import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import {
  accounts,
  attachments,
  brands,
  contacts,
  conversations,
  fastReplies,
  fastReplyFolders,
  users,
} from '../../db/schema';

type Account = { accountId: number };

export async function listFastReplies(db: Db, { accountId }: Account) {
  return db
    .select()
    .from(fastReplies)
    .where(eq(fastReplies.accountId, accountId))
    .orderBy(desc(fastReplies.updatedAt), desc(fastReplies.id));
}

export async function findFastReply(db: Db, { accountId, id }: Account & { id: number }) {
  const [row] = await db
    .select()
    .from(fastReplies)
    .where(and(eq(fastReplies.accountId, accountId), eq(fastReplies.id, id)))
    .limit(1);
  return row ?? null;
}

export async function templateAttachments(db: Db, { accountId, ids }: Account & { ids: number[] }) {
  if (ids.length === 0) return [];
  return db
    .select()
    .from(attachments)
    .where(and(eq(attachments.accountId, accountId), inArray(attachments.fastReplyId, ids)))
    .orderBy(asc(attachments.id));
}

export async function listFolders(db: Db, { accountId }: Account) {
  const rows = await db
    .select({ name: fastReplyFolders.name })
    .from(fastReplyFolders)
    .where(eq(fastReplyFolders.accountId, accountId))
    .orderBy(asc(fastReplyFolders.name));
  return rows.map((r) => r.name);
}

export async function ensureFolders(db: Db, { accountId, names }: Account & { names: string[] }) {
  const unique = [...new Set(names)];
  if (unique.length === 0) return;
  await db
    .insert(fastReplyFolders)
    .values(unique.map((name) => ({ accountId, name })))
    .onConflictDoNothing();
}

/** Everything the variables of a template can name, for one conversation, in one query. */
export async function variableSources(
  db: Db,
  { accountId, conversationId, userId }: Account & { conversationId: number; userId: number },
) {
  const [row] = await db
    .select({
      conversationId: conversations.id,
      contactName: contacts.name,
      contactEmail: contacts.email,
      contactPhone: contacts.phone,
      brandName: brands.name,
      brandDomain: brands.myshopifyDomain,
      accountName: accounts.name,
      agentName: sql<string>`(select ${users.name} from ${users} where ${users.id} = ${userId})`,
    })
    .from(conversations)
    .innerJoin(contacts, eq(contacts.id, conversations.contactId))
    .innerJoin(accounts, eq(accounts.id, conversations.accountId))
    .leftJoin(brands, eq(brands.id, conversations.brandId))
    .where(and(eq(conversations.accountId, accountId), eq(conversations.id, conversationId)))
    .limit(1);
  return row ?? null;
}
