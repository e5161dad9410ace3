import { and, eq, inArray, ne, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { conversations, memberships, teamMembers, teams } from '../../db/schema';

/** The account's teams, with their members and open conversations, in three queries. */
export async function listTeamRows(db: Db, { accountId }: { accountId: number }, onlyId?: number) {
  const scope =
    onlyId === undefined
      ? eq(teams.accountId, accountId)
      : and(eq(teams.accountId, accountId), eq(teams.id, onlyId));
  const [rows, members, open] = await Promise.all([
    db
      .select()
      .from(teams)
      .where(scope)
      .orderBy(sql`lower(${teams.name})`, teams.id),
    db
      .select({ teamId: teamMembers.teamId, userId: teamMembers.userId })
      .from(teamMembers)
      .innerJoin(teams, eq(teams.id, teamMembers.teamId))
      .where(scope)
      .orderBy(teamMembers.userId),
    db
      .select({ teamId: conversations.teamId, n: sql<number>`count(*)::int` })
      .from(conversations)
      .where(
        and(
          eq(conversations.accountId, accountId),
          eq(conversations.status, 'open'),
          onlyId === undefined
            ? sql`${conversations.teamId} is not null`
            : eq(conversations.teamId, onlyId),
        ),
      )
      .groupBy(conversations.teamId),
  ]);
  return rows.map((t) => ({
    ...t,
    memberIds: members.filter((m) => m.teamId === t.id).map((m) => m.userId),
    openConversationCount: open.find((o) => o.teamId === t.id)?.n ?? 0,
  }));
}

export async function findTeam(db: Db, { accountId, id }: { accountId: number; id: number }) {
  const [row] = await db
    .select()
    .from(teams)
    .where(and(eq(teams.accountId, accountId), eq(teams.id, id)))
    .limit(1);
  return row ?? null;
}

/** Another team of the account with this name, whatever its case. */
export async function findTeamByName(
  db: Db,
  { accountId, name, exceptId }: { accountId: number; name: string; exceptId?: number },
) {
  const [row] = await db
    .select({ id: teams.id })
    .from(teams)
    .where(
      and(
        eq(teams.accountId, accountId),
        sql`lower(${teams.name}) = ${name.toLowerCase()}`,
        ...(exceptId === undefined ? [] : [ne(teams.id, exceptId)]),
      ),
    )
    .limit(1);
  return row ?? null;
}

/** Which of `userIds` are members of the account. */
export async function accountMemberIds(
  db: Db,
  { accountId, userIds }: { accountId: number; userIds: number[] },
) {
  if (userIds.length === 0) return new Set<number>();
  const rows = await db
    .select({ userId: memberships.userId })
    .from(memberships)
    .where(and(eq(memberships.accountId, accountId), inArray(memberships.userId, userIds)));
  return new Set(rows.map((r) => r.userId));
}

export async function insertTeam(
  db: Db,
  v: { accountId: number; name: string; description: string | null },
) {
  const [row] = await db.insert(teams).values(v).returning();
  return row!;
}

export async function updateTeamRow(
  db: Db,
  { accountId, id }: { accountId: number; id: number },
  patch: { name?: string; description?: string | null },
) {
  await db
    .update(teams)
    .set(patch)
    .where(and(eq(teams.accountId, accountId), eq(teams.id, id)));
}

/** Deletes the team; its conversations keep going, with no team (teams FK: on delete set null). */
export async function deleteTeamRow(db: Db, { accountId, id }: { accountId: number; id: number }) {
  const rows = await db
    .delete(teams)
    .where(and(eq(teams.accountId, accountId), eq(teams.id, id)))
    .returning({ id: teams.id });
  return rows.length > 0;
}

/** The team's whole member list becomes `userIds` (already checked to be account members). */
export async function replaceTeamMembers(db: Db, teamId: number, userIds: number[]) {
  await db.delete(teamMembers).where(eq(teamMembers.teamId, teamId));
  if (userIds.length > 0)
    await db.insert(teamMembers).values(userIds.map((userId) => ({ teamId, userId })));
}
