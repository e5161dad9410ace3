import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { brands, conversations } from '../../db/schema';

/** A ticket of the account with its store (brand) and that store's Shopify domain, if any. */
export async function findTicketStore(db: Db, v: { accountId: number; conversationId: number }) {
  const [row] = await db
    .select({
      id: conversations.id,
      brandId: conversations.brandId,
      shop: brands.myshopifyDomain,
    })
    .from(conversations)
    .leftJoin(brands, eq(brands.id, conversations.brandId))
    .where(and(eq(conversations.id, v.conversationId), eq(conversations.accountId, v.accountId)))
    .limit(1);
  return row;
}
