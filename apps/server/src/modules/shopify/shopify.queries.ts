import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { brands, shopifyConnections, shopifyWebhookDeliveries } from '../../db/schema';

type Account = { accountId: number };
export type ShopifyConnectionRow = typeof shopifyConnections.$inferSelect;

const withBrand = {
  connection: shopifyConnections,
  brandName: brands.name,
};

export async function listConnections(db: Db, { accountId }: Account) {
  return db
    .select(withBrand)
    .from(shopifyConnections)
    .innerJoin(brands, eq(brands.id, shopifyConnections.brandId))
    .where(eq(shopifyConnections.accountId, accountId))
    .orderBy(shopifyConnections.id);
}

export async function findConnection(db: Db, { accountId, id }: Account & { id: number }) {
  const [row] = await db
    .select(withBrand)
    .from(shopifyConnections)
    .innerJoin(brands, eq(brands.id, shopifyConnections.brandId))
    .where(and(eq(shopifyConnections.accountId, accountId), eq(shopifyConnections.id, id)))
    .limit(1);
  return row ?? null;
}

export async function findConnectionOfBrand(
  db: Db,
  { accountId, brandId }: Account & { brandId: number },
) {
  const [row] = await db
    .select()
    .from(shopifyConnections)
    .where(
      and(eq(shopifyConnections.accountId, accountId), eq(shopifyConnections.brandId, brandId)),
    )
    .limit(1);
  return row ?? null;
}

/** The account's live connections (connected or broken): the stores of the mapping's integrations. */
export async function liveConnections(db: Db, { accountId }: Account) {
  return db
    .select()
    .from(shopifyConnections)
    .where(
      and(
        eq(shopifyConnections.accountId, accountId),
        inArray(shopifyConnections.status, ['connected', 'broken']),
      ),
    )
    .orderBy(shopifyConnections.id);
}

export async function findOwnBrand(db: Db, { accountId, brandId }: Account & { brandId: number }) {
  const [row] = await db
    .select()
    .from(brands)
    .where(and(eq(brands.accountId, accountId), eq(brands.id, brandId)))
    .limit(1);
  return row ?? null;
}

export async function findOwnBrandByDomain(
  db: Db,
  { accountId, domain }: Account & { domain: string },
) {
  const [row] = await db
    .select()
    .from(brands)
    .where(and(eq(brands.accountId, accountId), eq(brands.myshopifyDomain, domain)))
    .limit(1);
  return row ?? null;
}

/** Whether a store host is connected in any account (a shop belongs to one account). */
export async function connectionOfShopAnywhere(db: Db, shopDomain: string) {
  const [row] = await db
    .select()
    .from(shopifyConnections)
    .where(eq(shopifyConnections.shopDomain, shopDomain))
    .limit(1);
  return row ?? null;
}

export async function saveConnection(
  db: Db,
  values: Account & { brandId: number; shopDomain: string; shopName: string; sealedToken: string },
) {
  const [row] = await db
    .insert(shopifyConnections)
    .values({ ...values, status: 'connected', statusMessage: null })
    .onConflictDoUpdate({
      target: shopifyConnections.brandId,
      set: {
        shopDomain: values.shopDomain,
        shopName: values.shopName,
        sealedToken: values.sealedToken,
        status: 'connected',
        statusMessage: null,
        updatedAt: sql`now()`,
      },
    })
    .returning();
  return row!;
}

export async function markConnection(
  db: Db,
  {
    accountId,
    id,
    status,
    statusMessage,
    dropToken = false,
  }: Account & {
    id: number;
    status: 'broken' | 'disconnected';
    statusMessage: string;
    dropToken?: boolean;
  },
) {
  await db
    .update(shopifyConnections)
    .set({
      status,
      statusMessage,
      updatedAt: sql`now()`,
      ...(dropToken ? { sealedToken: null } : {}),
    })
    .where(and(eq(shopifyConnections.accountId, accountId), eq(shopifyConnections.id, id)));
}

export async function deleteConnection(db: Db, { accountId, id }: Account & { id: number }) {
  const rows = await db
    .delete(shopifyConnections)
    .where(and(eq(shopifyConnections.accountId, accountId), eq(shopifyConnections.id, id)))
    .returning({ id: shopifyConnections.id });
  return rows.length > 0;
}

/** Records a webhook delivery; false when this X-Shopify-Webhook-Id was handled before. */
export async function firstDelivery(
  db: Db,
  values: { webhookId: string; connectionId: number; topic: string },
) {
  const rows = await db
    .insert(shopifyWebhookDeliveries)
    .values(values)
    .onConflictDoNothing()
    .returning({ webhookId: shopifyWebhookDeliveries.webhookId });
  return rows.length > 0;
}
