import { and, count, eq, max, sql } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import { intArray, type Db } from './client';

/**
 * A table of an account's ordered settings (SLA policies, automation rules, macros): each row has
 * an id, its account and a position the admin sets by dragging the list.
 */
export interface OrderedRows {
  table: PgTable;
  id: PgColumn;
  accountId: PgColumn;
  position: PgColumn;
}

/** How many rows the account has and the next position, read under the account's row lock. */
export async function lockOrderedCount(db: Db, t: OrderedRows, accountId: number) {
  await db.execute(sql`select id from accounts where id = ${accountId} for update`);
  const [row] = await db
    .select({ n: count(), last: max(t.position) })
    .from(t.table)
    .where(eq(t.accountId, accountId));
  return { count: Number(row?.n ?? 0), nextPosition: Number(row?.last ?? -1) + 1 };
}

/** Deletes the account's row; answers whether there was one. */
export async function deleteOrderedRow(
  db: Db,
  t: OrderedRows,
  { accountId, id }: { accountId: number; id: number },
) {
  const rows = await db
    .delete(t.table)
    .where(and(eq(t.accountId, accountId), eq(t.id, id)))
    .returning({ id: t.id });
  return rows.length > 0;
}

/** Numbers the account's rows 0, 1, 2… in the order of `ids`, in one statement. */
export async function setOrderedPositions(
  db: Db,
  t: OrderedRows,
  { accountId, ids }: { accountId: number; ids: readonly number[] },
) {
  if (ids.length === 0) return;
  await db.execute(sql`
    update ${t.table} set ${sql.identifier(t.position.name)} = o.n - 1
    from unnest(${intArray([...ids])}) with ordinality as o(id, n)
    where ${t.id} = o.id and ${t.accountId} = ${accountId}`);
}
