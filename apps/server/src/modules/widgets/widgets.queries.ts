import { and, asc, eq, isNull } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { brands, widgets } from '../../db/schema';

type Account = { accountId: number };

export type WidgetRow = typeof widgets.$inferSelect;
export type BrandRow = typeof brands.$inferSelect;

/** The account's stores, oldest first. */
export async function listStores(db: Db, { accountId }: Account) {
  return db.select().from(brands).where(eq(brands.accountId, accountId)).orderBy(asc(brands.id));
}

/** The widget of one of the account's stores, or null when it was never saved. */
export async function findWidget(db: Db, { accountId, brandId }: Account & { brandId: number }) {
  const [row] = await db
    .select()
    .from(widgets)
    .where(and(eq(widgets.accountId, accountId), eq(widgets.brandId, brandId)))
    .limit(1);
  return row ?? null;
}

/** Creates the store's widget or replaces its settings (one widget per store). */
export async function saveWidget(
  db: Db,
  v: {
    accountId: number;
    brandId: number;
    isEnabled: boolean;
    theme: Record<string, unknown>;
    chat: Record<string, unknown>;
    identitySecretEncrypted: string | null;
  },
) {
  const [row] = await db
    .insert(widgets)
    .values(v)
    .onConflictDoUpdate({
      target: widgets.brandId,
      set: {
        isEnabled: v.isEnabled,
        theme: v.theme,
        chat: v.chat,
        identitySecretEncrypted: v.identitySecretEncrypted,
      },
      // A store belongs to one account; never touch a row of another.
      setWhere: eq(widgets.accountId, v.accountId),
    })
    .returning();
  return row ?? null;
}

/** The store serving a myshopify domain, with its widget when one was saved (public). */
export async function findWidgetByShop(db: Db, { myshopifyDomain }: { myshopifyDomain: string }) {
  const [row] = await db
    .select({ widget: widgets, brandId: brands.id })
    .from(brands)
    .leftJoin(widgets, eq(widgets.brandId, brands.id))
    .where(eq(brands.myshopifyDomain, myshopifyDomain))
    .limit(1);
  return row ?? null;
}

/** Gives a widget its first identity secret; a concurrent first read keeps the one that won. */
export async function setIdentitySecretIfMissing(
  db: Db,
  { accountId, widgetId, sealed }: { accountId: number; widgetId: number; sealed: string },
) {
  await db
    .update(widgets)
    .set({ identitySecretEncrypted: sealed })
    .where(
      and(
        eq(widgets.accountId, accountId),
        eq(widgets.id, widgetId),
        isNull(widgets.identitySecretEncrypted),
      ),
    );
  const [row] = await db
    .select()
    .from(widgets)
    .where(and(eq(widgets.accountId, accountId), eq(widgets.id, widgetId)))
    .limit(1);
  return row ?? null;
}
