import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { accounts, stripeEvents } from '../../db/schema';

export type AccountBillingRow = typeof accounts.$inferSelect;

export async function findAccountBilling(db: Db, accountId: number) {
  const [row] = await db.select().from(accounts).where(eq(accounts.id, accountId));
  return row ?? null;
}

export async function findAccountByCustomer(db: Db, customerId: string) {
  const [row] = await db.select().from(accounts).where(eq(accounts.stripeCustomerId, customerId));
  return row ?? null;
}

/** Stores the Stripe customer unless another request stored one first; answers the one kept. */
export async function setCustomerOnce(db: Db, accountId: number, customerId: string) {
  await db
    .update(accounts)
    .set({ stripeCustomerId: customerId })
    .where(and(eq(accounts.id, accountId), isNull(accounts.stripeCustomerId)));
  return (await findAccountBilling(db, accountId))?.stripeCustomerId ?? customerId;
}

/** Records the event; false when it was already processed (idempotency on the event id). */
export async function recordEvent(
  db: Db,
  v: { id: string; type: string; accountId: number | null },
): Promise<boolean> {
  const rows = await db
    .insert(stripeEvents)
    .values(v)
    .onConflictDoNothing()
    .returning({ id: stripeEvents.id });
  return rows.length > 0;
}

export async function updateAccountBilling(
  db: Db,
  accountId: number,
  set: Partial<typeof accounts.$inferInsert>,
) {
  await db.update(accounts).set(set).where(eq(accounts.id, accountId));
}

/** Keeps the first trigger time of a warning: repeated failures do not restart the countdown. */
export async function markTriggered(
  db: Db,
  accountId: number,
  field: 'paymentFailureTriggeredAt' | 'paymentActionRequiredTriggeredAt',
  at: Date,
) {
  const column = accounts[field];
  await db
    .update(accounts)
    .set({ [field]: sql`coalesce(${column}, ${at.toISOString()}::timestamptz)` })
    .where(eq(accounts.id, accountId));
}

/** Operator switch; null when there is no such account. */
export async function setSuppressBilling(db: Db, accountId: number, suppress: boolean) {
  const [row] = await db
    .update(accounts)
    .set({ suppressBilling: suppress })
    .where(eq(accounts.id, accountId))
    .returning({ id: accounts.id, suppressBilling: accounts.suppressBilling });
  return row ?? null;
}
