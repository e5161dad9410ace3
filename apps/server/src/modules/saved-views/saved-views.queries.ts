import { and, asc, count, eq, inArray, sql } from 'drizzle-orm';
import type { SavedViewFilters } from '@parley/contracts';
import { intArray, type Db } from '../../db/client';
import {
  savedViewPositions,
  savedViews,
  supportChannels,
  tags,
  teamMembers,
  teams,
} from '../../db/schema';

type Account = { accountId: number };
export type SavedViewRow = typeof savedViews.$inferSelect;

/** The user's teams in the account. */
const teamsOf = (accountId: number, userId: number) =>
  sql`(select tm.team_id from team_members tm join teams t on t.id = tm.team_id
       where tm.user_id = ${userId} and t.account_id = ${accountId})`;

/** A view the user sees: their own, or one shared with a team they are in. */
const visibleTo = (accountId: number, userId: number) =>
  and(
    eq(savedViews.accountId, accountId),
    sql`(${savedViews.ownerUserId} = ${userId} or ${savedViews.teamId} in ${teamsOf(accountId, userId)})`,
  );

/** Every view the user sees, in their order (views they never placed last, oldest first). */
export async function listVisibleViews(
  db: Db,
  { accountId, userId }: Account & { userId: number },
) {
  return db
    .select({ view: savedViews })
    .from(savedViews)
    .leftJoin(
      savedViewPositions,
      and(eq(savedViewPositions.savedViewId, savedViews.id), eq(savedViewPositions.userId, userId)),
    )
    .where(visibleTo(accountId, userId))
    .orderBy(sql`${savedViewPositions.position} asc nulls last`, asc(savedViews.id))
    .then((rows) => rows.map((r) => r.view));
}

/** The view if the user sees it, else null (another account's, another person's private one). */
export async function findVisibleView(
  db: Db,
  { accountId, userId, id }: Account & { userId: number; id: number },
) {
  const [row] = await db
    .select()
    .from(savedViews)
    .where(and(eq(savedViews.id, id), visibleTo(accountId, userId)))
    .limit(1);
  return row ?? null;
}

/** The ids among `ids` of views the user sees. */
export async function visibleViewIds(
  db: Db,
  { accountId, userId, ids }: Account & { userId: number; ids: number[] },
) {
  const rows = await db
    .select({ id: savedViews.id })
    .from(savedViews)
    .where(and(inArray(savedViews.id, ids), visibleTo(accountId, userId)));
  return rows.map((r) => r.id);
}

/**
 * Serialises the creations of one person's views until the transaction ends, so two at once
 * cannot both pass the limit.
 */
export async function lockOwnerViews(db: Db, { userId }: { userId: number }) {
  await db.execute(sql`select pg_advisory_xact_lock(hashtext('saved_views'), ${userId}::int)`);
}

export async function countOwnedViews(db: Db, { accountId, userId }: Account & { userId: number }) {
  const [row] = await db
    .select({ n: count() })
    .from(savedViews)
    .where(and(eq(savedViews.accountId, accountId), eq(savedViews.ownerUserId, userId)));
  return row?.n ?? 0;
}

export async function insertView(
  db: Db,
  v: Account & { userId: number; name: string; filters: SavedViewFilters; teamId: number | null },
) {
  const [row] = await db
    .insert(savedViews)
    .values({
      accountId: v.accountId,
      ownerUserId: v.userId,
      teamId: v.teamId,
      name: v.name,
      filters: v.filters,
    })
    .returning();
  if (!row) throw new Error('saved view insert returned no row');
  // Last in the owner's own order.
  await db.execute(sql`
    insert into saved_view_positions (saved_view_id, user_id, position)
    select ${row.id}::int, ${v.userId}::int, coalesce(max(position), -1) + 1
    from saved_view_positions where user_id = ${v.userId}::int`);
  return row;
}

export async function updateView(
  db: Db,
  {
    accountId,
    id,
    ...set
  }: Account & {
    id: number;
    name?: string;
    filters?: SavedViewFilters;
    teamId?: number | null;
  },
) {
  const [row] = await db
    .update(savedViews)
    .set({ ...set, updatedAt: new Date() })
    .where(and(eq(savedViews.accountId, accountId), eq(savedViews.id, id)))
    .returning();
  return row ?? null;
}

export async function deleteView(db: Db, { accountId, id }: Account & { id: number }) {
  await db
    .delete(savedViews)
    .where(and(eq(savedViews.accountId, accountId), eq(savedViews.id, id)));
}

/** Puts `ids` first in the user's order, in that order; their other views keep theirs after. */
export async function placeViews(db: Db, { userId, ids }: { userId: number; ids: number[] }) {
  await db.execute(sql`
    with wanted as (
      select v.id, v.n - 1 as position
      from unnest(${intArray(ids)}) with ordinality v(id, n)
    ),
    others as (
      select p.saved_view_id as id, ${ids.length}::int + row_number() over (order by p.position, p.saved_view_id) - 1 as position
      from saved_view_positions p
      where p.user_id = ${userId}::int and p.saved_view_id <> all(${intArray(ids)})
    )
    insert into saved_view_positions (saved_view_id, user_id, position)
    select id, ${userId}::int, position from wanted
    union all select id, ${userId}::int, position from others
    on conflict (user_id, saved_view_id) do update set position = excluded.position`);
}

/** Whether a team, channel or tag of a view exists in the account; a user's team membership. */
export async function teamExists(db: Db, { accountId, id }: Account & { id: number }) {
  const [row] = await db
    .select({ id: teams.id })
    .from(teams)
    .where(and(eq(teams.accountId, accountId), eq(teams.id, id)))
    .limit(1);
  return Boolean(row);
}

export async function channelExists(db: Db, { accountId, id }: Account & { id: number }) {
  const [row] = await db
    .select({ id: supportChannels.id })
    .from(supportChannels)
    .where(and(eq(supportChannels.accountId, accountId), eq(supportChannels.id, id)))
    .limit(1);
  return Boolean(row);
}

export async function tagExists(db: Db, { accountId, id }: Account & { id: number }) {
  const [row] = await db
    .select({ id: tags.id })
    .from(tags)
    .where(and(eq(tags.accountId, accountId), eq(tags.id, id)))
    .limit(1);
  return Boolean(row);
}

export async function isTeamMember(db: Db, { teamId, userId }: { teamId: number; userId: number }) {
  const [row] = await db
    .select({ teamId: teamMembers.teamId })
    .from(teamMembers)
    .where(and(eq(teamMembers.teamId, teamId), eq(teamMembers.userId, userId)))
    .limit(1);
  return Boolean(row);
}
