import { and, asc, eq, or } from 'drizzle-orm';
import type { AutomationAction } from '@parley/contracts';
import type { Db } from '../../db/client';
import { deleteOrderedRow, lockOrderedCount, type OrderedRows } from '../../db/ordered-rows';
import { conversations, macros, users } from '../../db/schema';

export type MacroRow = typeof macros.$inferSelect;

/** The account's shared macros and the user's personal ones, in their order. */
export function listMacroRows(
  db: Db,
  { accountId, userId }: { accountId: number; userId: number },
) {
  return db
    .select()
    .from(macros)
    .where(
      and(
        eq(macros.accountId, accountId),
        or(eq(macros.visibility, 'shared'), eq(macros.createdByUserId, userId)),
      ),
    )
    .orderBy(asc(macros.position), asc(macros.id));
}

/** A macro the user may see (shared, or their own personal one), or null. */
export async function findVisibleMacro(
  db: Db,
  { accountId, userId, id }: { accountId: number; userId: number; id: number },
) {
  const [row] = await db
    .select()
    .from(macros)
    .where(
      and(
        eq(macros.accountId, accountId),
        eq(macros.id, id),
        or(eq(macros.visibility, 'shared'), eq(macros.createdByUserId, userId)),
      ),
    )
    .limit(1);
  return row ?? null;
}

const MACROS: OrderedRows = {
  table: macros,
  id: macros.id,
  accountId: macros.accountId,
  position: macros.position,
};

/** The account's macro count and next position, read under the account's row lock. */
export const lockMacroCount = (db: Db, { accountId }: { accountId: number }) =>
  lockOrderedCount(db, MACROS, accountId);

export async function insertMacro(
  db: Db,
  v: {
    accountId: number;
    name: string;
    description: string | null;
    visibility: string;
    actions: AutomationAction[];
    createdByUserId: number;
    position: number;
  },
) {
  const [row] = await db.insert(macros).values(v).returning();
  return row!;
}

export async function updateMacroRow(
  db: Db,
  { accountId, id }: { accountId: number; id: number },
  set: Partial<Pick<MacroRow, 'name' | 'description' | 'visibility' | 'actions'>>,
) {
  const [row] = await db
    .update(macros)
    .set({ ...set, updatedAt: new Date() })
    .where(and(eq(macros.accountId, accountId), eq(macros.id, id)))
    .returning();
  return row ?? null;
}

export const deleteMacroRow = (db: Db, v: { accountId: number; id: number }) =>
  deleteOrderedRow(db, MACROS, v);

/** Whether the conversation is the account's (a run answers 404 before doing anything). */
export async function conversationInAccount(
  db: Db,
  { accountId, id }: { accountId: number; id: number },
) {
  const [row] = await db
    .select({ id: conversations.id })
    .from(conversations)
    .where(and(eq(conversations.accountId, accountId), eq(conversations.id, id)))
    .limit(1);
  return Boolean(row);
}

/** The name the activity line gives the agent who ran the macro. */
export async function userName(db: Db, { userId }: { userId: number }) {
  const [row] = await db
    .select({ name: users.name, email: users.email })
    .from(users)
    .where(eq(users.id, userId))
    .limit(1);
  return row?.name || row?.email || 'Someone';
}
