import { and, asc, eq, inArray, isNull, ne, or, sql } from 'drizzle-orm';
import {
  activityLineText,
  type ActivityLine,
  type AssignmentMode,
  type AvailabilityStatus,
} from '@parley/contracts';
import { rowsOf, type Db } from '../../db/client';
import {
  agentAvailability,
  assignmentChannelAgents,
  assignmentQueue,
  assignmentRules,
  conversations,
  memberships,
  messages,
  supportChannels,
  teamMembers,
  teams,
  users,
} from '../../db/schema';

type Scope = { accountId: number };

/** What everyone sees, from what the agent chose, their idleness and their sockets. */
const effectiveStatus = (offlineAfterMs: number) => sql`case
  when ${agentAvailability.chosen} = 'offline' then 'offline'
  when not ${agentAvailability.connected} and (${agentAvailability.disconnectedAt} is null
    or ${agentAvailability.disconnectedAt} <= now() - make_interval(secs => ${offlineAfterMs / 1000}))
    then 'offline'
  when ${agentAvailability.chosen} = 'away' or ${agentAvailability.idle} then 'away'
  else 'online' end`;

export type AvailabilityChange = Partial<{
  chosen: AvailabilityStatus;
  idle: boolean;
  connected: boolean;
  capacity: number | null;
  capacityByChannelType: Record<string, number> | null;
}>;

/**
 * Applies a change to an agent's availability and works out their status again, in one
 * transaction under the row's lock; answers the status before and after.
 */
export async function changeAvailability(
  db: Db,
  {
    accountId,
    userId,
    change,
    offlineAfterMs,
  }: Scope & {
    userId: number;
    change: AvailabilityChange;
    offlineAfterMs: number;
  },
): Promise<{ before: AvailabilityStatus; after: AvailabilityStatus }> {
  return db.transaction(async (tx) => {
    await tx.insert(agentAvailability).values({ accountId, userId }).onConflictDoNothing();
    const [old] = await tx
      .select({ status: agentAvailability.status })
      .from(agentAvailability)
      .where(and(eq(agentAvailability.accountId, accountId), eq(agentAvailability.userId, userId)))
      .for('update');
    const [row] = await tx
      .update(agentAvailability)
      .set({
        ...change,
        ...(change.connected === true ? { disconnectedAt: null } : {}),
        ...(change.connected === false ? { disconnectedAt: new Date() } : {}),
        updatedAt: new Date(),
      })
      .where(and(eq(agentAvailability.accountId, accountId), eq(agentAvailability.userId, userId)))
      .returning({ userId: agentAvailability.userId });
    const [now] = await tx
      .update(agentAvailability)
      .set({ status: sql`${effectiveStatus(offlineAfterMs)}` })
      .where(
        and(eq(agentAvailability.accountId, accountId), eq(agentAvailability.userId, row!.userId)),
      )
      .returning({ status: agentAvailability.status });
    return { before: old!.status, after: now!.status };
  });
}

/** Agents whose last socket left long enough ago: offline now (every instance may run it). */
export async function markGoneAgentsOffline(
  db: Db,
  { offlineAfterMs }: { offlineAfterMs: number },
) {
  return db
    .update(agentAvailability)
    .set({ status: 'offline', updatedAt: new Date() })
    .where(
      and(
        eq(agentAvailability.connected, false),
        ne(agentAvailability.status, 'offline'),
        sql`${agentAvailability.disconnectedAt} <= now() - make_interval(secs => ${offlineAfterMs / 1000})`,
      ),
    )
    .returning({ accountId: agentAvailability.accountId, userId: agentAvailability.userId });
}

/** Every member of the account with their availability, capacity and open conversations. */
export async function listAvailability(db: Db, { accountId }: Scope) {
  const open = db
    .select({
      userId: sql<number>`${conversations.assigneeId}`.as('open_user_id'),
      count: sql<number>`count(*)::int`.as('open_count'),
    })
    .from(conversations)
    .where(and(eq(conversations.accountId, accountId), ne(conversations.status, 'closed')))
    .groupBy(conversations.assigneeId)
    .as('open');
  return db
    .select({
      user_id: memberships.userId,
      status: sql<AvailabilityStatus>`coalesce(${agentAvailability.status}, 'offline')`,
      chosen: sql<AvailabilityStatus>`coalesce(${agentAvailability.chosen}, 'online')`,
      capacity: agentAvailability.capacity,
      capacity_by_channel_type: sql<
        Record<string, number>
      >`coalesce(${agentAvailability.capacityByChannelType}, '{}'::jsonb)`,
      open_conversation_count: sql<number>`coalesce(${open.count}, 0)::int`,
    })
    .from(memberships)
    .leftJoin(
      agentAvailability,
      and(
        eq(agentAvailability.accountId, memberships.accountId),
        eq(agentAvailability.userId, memberships.userId),
      ),
    )
    .leftJoin(open, eq(open.userId, memberships.userId))
    .where(eq(memberships.accountId, accountId))
    .orderBy(asc(memberships.userId));
}

export async function isMember(db: Db, { accountId, userId }: Scope & { userId: number }) {
  const [row] = await db
    .select({ userId: memberships.userId })
    .from(memberships)
    .where(and(eq(memberships.accountId, accountId), eq(memberships.userId, userId)))
    .limit(1);
  return Boolean(row);
}

export async function findTeam(db: Db, { accountId, teamId }: Scope & { teamId: number }) {
  const [row] = await db
    .select({ id: teams.id })
    .from(teams)
    .where(and(eq(teams.accountId, accountId), eq(teams.id, teamId)))
    .limit(1);
  return row ?? null;
}

export async function findChannel(db: Db, { accountId, channelId }: Scope & { channelId: number }) {
  const [row] = await db
    .select({ id: supportChannels.id })
    .from(supportChannels)
    .where(and(eq(supportChannels.accountId, accountId), eq(supportChannels.id, channelId)))
    .limit(1);
  return row ?? null;
}

/** Teams and channels of the account with their rule (off when none is stored). */
export async function listRules(db: Db, { accountId }: Scope) {
  const teamRows = await db
    .select({
      team_id: teams.id,
      name: teams.name,
      mode: sql<AssignmentMode>`coalesce(${assignmentRules.mode}, 'off')`,
      release_offline: sql<boolean>`coalesce(${assignmentRules.releaseOffline}, false)`,
      member_count: sql<number>`(select count(*)::int from ${teamMembers} where ${teamMembers.teamId} = ${teams.id})`,
    })
    .from(teams)
    .leftJoin(assignmentRules, eq(assignmentRules.teamId, teams.id))
    .where(eq(teams.accountId, accountId))
    .orderBy(sql`lower(${teams.name})`, asc(teams.id));
  const channelRows = await db
    .select({
      support_channel_id: supportChannels.id,
      name: supportChannels.name,
      type: supportChannels.type,
      mode: sql<AssignmentMode>`coalesce(${assignmentRules.mode}, 'off')`,
      release_offline: sql<boolean>`coalesce(${assignmentRules.releaseOffline}, false)`,
    })
    .from(supportChannels)
    .leftJoin(assignmentRules, eq(assignmentRules.supportChannelId, supportChannels.id))
    .where(eq(supportChannels.accountId, accountId))
    .orderBy(sql`lower(${supportChannels.name})`, asc(supportChannels.id));
  // Entries assigned by hand or closed meanwhile leave at the next walk; they are not waiting.
  const [queued] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(assignmentQueue)
    .innerJoin(conversations, eq(conversations.id, assignmentQueue.conversationId))
    .where(
      and(
        eq(assignmentQueue.accountId, accountId),
        isNull(conversations.assigneeId),
        eq(conversations.status, 'open'),
      ),
    );
  const agents = await channelAgents(db, { accountId });
  return {
    teams: teamRows,
    channels: channelRows.map((c) => ({
      ...c,
      agent_ids: agents.get(c.support_channel_id) ?? [],
    })),
    queued_count: queued?.n ?? 0,
  };
}

/**
 * The agents each support channel's rule is limited to, by channel: only those still members of
 * the account (someone removed from it drops out of every list).
 */
export async function channelAgents(
  db: Db,
  { accountId, supportChannelId }: Scope & { supportChannelId?: number },
) {
  const rows = await db
    .select({
      supportChannelId: assignmentChannelAgents.supportChannelId,
      userId: assignmentChannelAgents.userId,
    })
    .from(assignmentChannelAgents)
    .innerJoin(
      memberships,
      and(
        eq(memberships.accountId, assignmentChannelAgents.accountId),
        eq(memberships.userId, assignmentChannelAgents.userId),
      ),
    )
    .where(
      and(
        eq(assignmentChannelAgents.accountId, accountId),
        supportChannelId === undefined
          ? undefined
          : eq(assignmentChannelAgents.supportChannelId, supportChannelId),
      ),
    )
    .orderBy(asc(assignmentChannelAgents.userId));
  const byChannel = new Map<number, number[]>();
  for (const r of rows) {
    const list = byChannel.get(r.supportChannelId) ?? [];
    list.push(r.userId);
    byChannel.set(r.supportChannelId, list);
  }
  return byChannel;
}

/** Which of these users are members of the account. */
export async function membersAmong(db: Db, { accountId, userIds }: Scope & { userIds: number[] }) {
  if (userIds.length === 0) return new Set<number>();
  const rows = await db
    .select({ userId: memberships.userId })
    .from(memberships)
    .where(and(eq(memberships.accountId, accountId), inArray(memberships.userId, userIds)));
  return new Set(rows.map((r) => r.userId));
}

/** The agents a support channel's rule is limited to, replaced (none = every member). */
export async function setChannelAgents(
  db: Db,
  { accountId, supportChannelId, userIds }: Scope & { supportChannelId: number; userIds: number[] },
) {
  await db
    .delete(assignmentChannelAgents)
    .where(
      and(
        eq(assignmentChannelAgents.accountId, accountId),
        eq(assignmentChannelAgents.supportChannelId, supportChannelId),
      ),
    );
  if (userIds.length > 0)
    await db
      .insert(assignmentChannelAgents)
      .values(userIds.map((userId) => ({ accountId, supportChannelId, userId })))
      .onConflictDoNothing();
}

export async function saveRule(
  db: Db,
  {
    accountId,
    target,
    mode,
    releaseOffline,
  }: Scope & {
    target: { teamId: number } | { supportChannelId: number };
    mode: AssignmentMode;
    releaseOffline: boolean | undefined;
  },
) {
  const isTeam = 'teamId' in target;
  const [row] = await db
    .insert(assignmentRules)
    .values({
      accountId,
      teamId: isTeam ? target.teamId : null,
      supportChannelId: isTeam ? null : target.supportChannelId,
      mode,
      releaseOffline: releaseOffline ?? false,
    })
    .onConflictDoUpdate({
      target: isTeam ? assignmentRules.teamId : assignmentRules.supportChannelId,
      targetWhere: isTeam
        ? sql`${assignmentRules.teamId} is not null`
        : sql`${assignmentRules.supportChannelId} is not null`,
      set: {
        mode,
        ...(releaseOffline === undefined ? {} : { releaseOffline }),
      },
    })
    .returning({ mode: assignmentRules.mode, release_offline: assignmentRules.releaseOffline });
  return row!;
}

/**
 * Unassigned open conversations of a team or channel that has just started assigning join the
 * queue (they were waiting with nobody to hand them out).
 */
export async function queueWaiting(
  db: Db,
  { accountId, target }: Scope & { target: { teamId: number } | { supportChannelId: number } },
) {
  const where =
    'teamId' in target
      ? eq(conversations.teamId, target.teamId)
      : eq(conversations.supportChannelId, target.supportChannelId);
  await db.execute(sql`
    insert into ${assignmentQueue} (conversation_id, account_id, queued_at)
    select ${conversations.id}, ${conversations.accountId}, ${conversations.createdAt}
    from ${conversations}
    where ${and(
      eq(conversations.accountId, accountId),
      isNull(conversations.assigneeId),
      eq(conversations.status, 'open'),
      where,
    )}
    on conflict do nothing`);
}

/** The queue of an account, oldest first, from a point on. */
export async function queuedAfter(
  db: Db,
  { accountId, after, limit }: Scope & { after: { at: string; id: number } | null; limit: number },
) {
  return db
    .select({
      conversationId: assignmentQueue.conversationId,
      // As text, to the microsecond: a Date keeps milliseconds, and a cursor rounded down would
      // find the same entry again (and again) when it has to stay in the queue.
      queuedAt: sql<string>`${assignmentQueue.queuedAt}::text`,
      teamId: conversations.teamId,
      supportChannelId: conversations.supportChannelId,
    })
    .from(assignmentQueue)
    .innerJoin(conversations, eq(conversations.id, assignmentQueue.conversationId))
    .where(
      and(
        eq(assignmentQueue.accountId, accountId),
        after
          ? sql`(${assignmentQueue.queuedAt}, ${assignmentQueue.conversationId}) > (${after.at}::timestamptz, ${after.id})`
          : undefined,
      ),
    )
    .orderBy(asc(assignmentQueue.queuedAt), asc(assignmentQueue.conversationId))
    .limit(limit);
}

/** Whether the account has conversations waiting (most accounts, most of the time, have none). */
export async function hasQueued(db: Db, { accountId }: Scope) {
  const [row] = await db
    .select({ id: assignmentQueue.conversationId })
    .from(assignmentQueue)
    .where(eq(assignmentQueue.accountId, accountId))
    .limit(1);
  return Boolean(row);
}

/** Whether any online agent of the account is under capacity: if not, the queue walk can wait. */
export async function someoneCanTake(db: Db, { accountId }: Scope) {
  const rows = rowsOf<{ one: number }>(
    await db.execute(sql`
      select 1 as one from agent_availability a
      where a.account_id = ${accountId} and a.status = 'online'
        and (a.capacity is null or a.capacity > (
          select count(*) from conversations c
          where c.account_id = a.account_id and c.assignee_id = a.user_id and c.status <> 'closed'))
      limit 1`),
  );
  return rows.length > 0;
}

/** Accounts with conversations waiting (the periodic pass visits them). */
export async function accountsWithQueue(db: Db, limit: number) {
  const rows = await db
    .selectDistinct({ accountId: assignmentQueue.accountId })
    .from(assignmentQueue)
    .limit(limit);
  return rows.map((r) => r.accountId);
}

/** The rule that hands out a conversation: its team's when that one assigns, else its channel's. */
export async function ruleFor(
  db: Db,
  {
    accountId,
    teamId,
    supportChannelId,
  }: Scope & { teamId: number | null; supportChannelId: number },
) {
  const rows = await db
    .select({
      teamId: assignmentRules.teamId,
      mode: assignmentRules.mode,
      releaseOffline: assignmentRules.releaseOffline,
    })
    .from(assignmentRules)
    .where(
      and(
        eq(assignmentRules.accountId, accountId),
        ne(assignmentRules.mode, 'off'),
        or(
          teamId === null ? undefined : eq(assignmentRules.teamId, teamId),
          eq(assignmentRules.supportChannelId, supportChannelId),
        ),
      ),
    );
  return rows.find((r) => r.teamId !== null) ?? rows[0] ?? null;
}

/** The queue entry and its conversation, locked; null when another assigner holds them. */
export async function lockQueued(
  db: Db,
  { accountId, conversationId }: Scope & { conversationId: number },
) {
  const rows = rowsOf<{
    conversation_id: number;
    assignee_id: number | null;
    status: string;
    team_id: number | null;
    support_channel_id: number;
    channel_type: string;
    queued_by_rule_id: number | null;
  }>(
    await db.execute(sql`
      select q.conversation_id, c.assignee_id, c.status, c.team_id, c.support_channel_id,
        sc.type as channel_type, q.queued_by_rule_id
      from assignment_queue q join conversations c on c.id = q.conversation_id
        join support_channels sc on sc.id = c.support_channel_id
      where q.conversation_id = ${conversationId} and q.account_id = ${accountId}
        and c.account_id = ${accountId}
      for update of q, c skip locked`),
  );
  return rows[0] ?? null;
}

export async function dropQueued(
  db: Db,
  { accountId, conversationId }: Scope & { conversationId: number },
) {
  await db
    .delete(assignmentQueue)
    .where(
      and(
        eq(assignmentQueue.accountId, accountId),
        eq(assignmentQueue.conversationId, conversationId),
      ),
    );
}

/**
 * The online agents who may take the pool's conversations, locked in id order (every assigner
 * locks in the same order, so two never deadlock): while one assigner holds them, another waits,
 * and then counts what the first one assigned. A team's pool is its members; a support channel's,
 * the agents it is limited to, or every member when it lists none who is still one.
 */
export async function lockOnlineAgents(
  db: Db,
  {
    accountId,
    teamId,
    supportChannelId,
  }: Scope & { teamId: number | null; supportChannelId: number | null },
) {
  const listed = sql`select 1 from assignment_channel_agents x
    join memberships xm on xm.account_id = x.account_id and xm.user_id = x.user_id
    where x.support_channel_id = ${supportChannelId} and x.account_id = ${accountId}`;
  return rowsOf<{
    user_id: number;
    capacity: number | null;
    capacity_by_channel_type: Record<string, number> | string | null;
    last_assigned_at: string | null;
  }>(
    await db.execute(sql`
      select a.user_id, a.capacity, a.capacity_by_channel_type, a.last_assigned_at
      from agent_availability a
      join memberships m on m.account_id = a.account_id and m.user_id = a.user_id
      where a.account_id = ${accountId} and a.status = 'online'
        ${teamId === null ? sql`` : sql`and exists (select 1 from team_members t where t.team_id = ${teamId} and t.user_id = a.user_id)`}
        ${
          teamId !== null || supportChannelId === null
            ? sql``
            : sql`and (not exists (${listed}) or exists (${listed} and x.user_id = a.user_id))`
        }
      order by a.user_id
      for update of a`),
  );
}

/**
 * Conversations assigned to each agent that are not closed (read after the agents are locked):
 * all of them, and, with `channelType`, those on channels of that type.
 */
export async function openCounts(
  db: Db,
  { accountId, userIds, channelType }: Scope & { userIds: number[]; channelType?: string },
) {
  const counts = new Map<number, { all: number; ofType: number }>();
  if (userIds.length === 0) return counts;
  const where = and(
    eq(conversations.accountId, accountId),
    inArray(conversations.assigneeId, userIds),
    ne(conversations.status, 'closed'),
  );
  const rows =
    channelType === undefined
      ? await db
          .select({
            userId: conversations.assigneeId,
            n: sql<number>`count(*)::int`,
            ofType: sql<number>`0`,
          })
          .from(conversations)
          .where(where)
          .groupBy(conversations.assigneeId)
      : await db
          .select({
            userId: conversations.assigneeId,
            n: sql<number>`count(*)::int`,
            ofType: sql<number>`(count(*) filter (where ${supportChannels.type} = ${channelType}))::int`,
          })
          .from(conversations)
          .innerJoin(supportChannels, eq(supportChannels.id, conversations.supportChannelId))
          .where(where)
          .groupBy(conversations.assigneeId);
  for (const r of rows) counts.set(r.userId!, { all: r.n, ofType: Number(r.ofType) });
  return counts;
}

export async function assignTo(
  db: Db,
  {
    accountId,
    conversationId,
    supportChannelId,
    userId,
    activity,
  }: Scope & {
    conversationId: number;
    supportChannelId: number;
    userId: number;
    activity: ActivityLine;
  },
) {
  const now = new Date();
  await db
    .update(conversations)
    .set({ assigneeId: userId })
    .where(and(eq(conversations.accountId, accountId), eq(conversations.id, conversationId)));
  await db
    .update(agentAvailability)
    .set({ lastAssignedAt: now })
    .where(and(eq(agentAvailability.accountId, accountId), eq(agentAvailability.userId, userId)));
  await dropQueued(db, { accountId, conversationId });
  return addActivity(db, { accountId, conversationId, supportChannelId, activity });
}

export async function userName(db: Db, userId: number) {
  const [u] = await db
    .select({ name: users.name })
    .from(users)
    .where(eq(users.id, userId))
    .limit(1);
  return u?.name ?? 'an agent';
}

/**
 * The agent's open conversations whose rule gives them back when the agent goes offline: they
 * lose their assignee and join the queue again; answers them, locked.
 */
export async function releaseOpenConversations(
  db: Db,
  { accountId, userId }: Scope & { userId: number },
) {
  const rows = rowsOf<{ id: number; support_channel_id: number }>(
    await db.execute(sql`
      select c.id, c.support_channel_id from conversations c
      where c.account_id = ${accountId} and c.assignee_id = ${userId} and c.status = 'open'
        and exists (
          select 1 from assignment_rules r
          where r.account_id = c.account_id and r.mode <> 'off' and r.release_offline
            and (r.team_id = c.team_id or (r.support_channel_id = c.support_channel_id
              and not exists (select 1 from assignment_rules t
                where t.team_id = c.team_id and t.mode <> 'off')))
        )
      order by c.id
      for update of c skip locked`),
  );
  if (rows.length === 0) return rows;
  const ids = rows.map((r) => r.id);
  await db
    .update(conversations)
    .set({ assigneeId: null })
    .where(and(eq(conversations.accountId, accountId), inArray(conversations.id, ids)));
  // Given back by auto-assignment itself, whatever queued it before.
  await db
    .insert(assignmentQueue)
    .values(ids.map((id) => ({ conversationId: id, accountId })))
    .onConflictDoUpdate({
      target: assignmentQueue.conversationId,
      set: { queuedByRuleId: null },
    });
  return rows;
}

export async function addActivity(
  db: Db,
  {
    accountId,
    conversationId,
    supportChannelId,
    activity,
  }: Scope & { conversationId: number; supportChannelId: number; activity: ActivityLine },
) {
  const [msg] = await db
    .insert(messages)
    .values({
      accountId,
      conversationId,
      supportChannelId,
      direction: 'internal',
      kind: 'activity',
      body: activityLineText(activity),
      activity,
    })
    .returning({ id: messages.id });
  return msg!.id;
}

/** A conversation about to be handed out on request (a rule's or macro's auto-assign), locked. */
export async function lockConversation(
  db: Db,
  { accountId, conversationId }: Scope & { conversationId: number },
) {
  const rows = rowsOf<{
    id: number;
    assignee_id: number | null;
    status: string;
    team_id: number | null;
    support_channel_id: number;
    channel_type: string;
  }>(
    await db.execute(sql`
      select c.id, c.assignee_id, c.status, c.team_id, c.support_channel_id,
        sc.type as channel_type
      from conversations c join support_channels sc on sc.id = c.support_channel_id
      where c.id = ${conversationId} and c.account_id = ${accountId}
      for update of c`),
  );
  return rows[0] ?? null;
}

/** Moves the conversation to a team and/or takes its assignee away, before it is handed out. */
export async function prepareHandout(
  db: Db,
  {
    accountId,
    conversationId,
    teamId,
  }: Scope & { conversationId: number; teamId: number | undefined },
) {
  await db
    .update(conversations)
    .set({ assigneeId: null, ...(teamId === undefined ? {} : { teamId }) })
    .where(and(eq(conversations.accountId, accountId), eq(conversations.id, conversationId)));
}

/**
 * The conversation waits in the queue from now (unless it already waits), noting the automation
 * rule that queued it, if one did: handing it out later is that rule's change.
 */
export async function enqueue(
  db: Db,
  {
    accountId,
    conversationId,
    ruleId,
  }: Scope & { conversationId: number; ruleId?: number | undefined },
) {
  const insert = db
    .insert(assignmentQueue)
    .values({ conversationId, accountId, queuedAt: new Date(), queuedByRuleId: ruleId ?? null });
  await (ruleId === undefined
    ? insert.onConflictDoNothing()
    : insert.onConflictDoUpdate({
        target: assignmentQueue.conversationId,
        set: { queuedByRuleId: ruleId },
      }));
}

export async function teamName(db: Db, { accountId, teamId }: Scope & { teamId: number }) {
  const [row] = await db
    .select({ name: teams.name })
    .from(teams)
    .where(and(eq(teams.accountId, accountId), eq(teams.id, teamId)))
    .limit(1);
  return row?.name ?? null;
}
