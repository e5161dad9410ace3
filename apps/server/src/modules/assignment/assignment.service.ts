import {
  type AgentAvailability,
  type AssignmentMode,
  type AssignmentSettingsResponse,
  type AvailabilityStatus,
  type ChannelAssignmentRule,
  type SetCapacityBody,
  type UpdateAssignmentRuleBody,
  type UpdateChannelAssignmentRuleBody,
} from '@parley/contracts';
import type { Db } from '../../db/client';
import type { Deps } from '../../lib/deps';
import { badRequest, notFound } from '../../lib/errors';
import type { AgentContext } from '../../lib/http-types';
import {
  accountsWithQueue,
  addActivity,
  assignTo,
  changeAvailability,
  channelAgents,
  dropQueued,
  enqueue,
  findChannel,
  findTeam,
  hasQueued,
  isMember,
  listAvailability,
  listRules,
  lockConversation,
  lockOnlineAgents,
  lockQueued,
  markGoneAgentsOffline,
  membersAmong,
  openCounts,
  prepareHandout,
  queuedAfter,
  queueWaiting,
  releaseOpenConversations,
  ruleFor,
  saveRule,
  setChannelAgents,
  someoneCanTake,
  teamName,
  userName,
  type AvailabilityChange,
} from './assignment.queries';

declare module '../../lib/events' {
  interface DomainEvents {
    /** An agent's availability or capacity changed: every agent's app shows it. */
    agent_availability_changed: { accountId: number; userId: number };
  }
}

/** With no realtime socket for this long, an agent is offline (a reload or a short network loss is not). */
export const OFFLINE_AFTER_MS = 2 * 60_000;

export async function listAgentAvailability(deps: Deps, agent: AgentContext) {
  return { agents: await listAvailability(deps.db, { accountId: agent.accountId }) };
}

async function availabilityOf(deps: Deps, accountId: number, userId: number) {
  const all = await listAvailability(deps.db, { accountId });
  const found = all.find((a) => a.user_id === userId);
  if (!found) throw notFound('That team member was not found.');
  return found satisfies AgentAvailability;
}

/**
 * Applies a change and tells everyone; an agent who became online may take waiting conversations,
 * and one who went offline may give theirs back (docs/product/assignment.md).
 */
async function applyChange(
  deps: Deps,
  accountId: number,
  userId: number,
  change: AvailabilityChange,
) {
  const { before, after } = await changeAvailability(deps.db, {
    accountId,
    userId,
    change,
    offlineAfterMs: OFFLINE_AFTER_MS,
  });
  const capacityChanged =
    change.capacity !== undefined || change.capacityByChannelType !== undefined;
  if (before !== after || capacityChanged)
    deps.events.emit('agent_availability_changed', { accountId, userId });
  if (after === 'offline' && before !== 'offline') await releaseFrom(deps, accountId, userId);
  if (after === 'online' || capacityChanged) await assignQueued(deps, accountId);
}

export async function setMyAvailability(
  deps: Deps,
  agent: AgentContext,
  status: AvailabilityStatus,
) {
  await applyChange(deps, agent.accountId, agent.userId, { chosen: status });
  return availabilityOf(deps, agent.accountId, agent.userId);
}

/** The agent's app saw no input for a while (idle) or saw some again. */
export async function reportIdle(deps: Deps, agent: AgentContext, idle: boolean) {
  await applyChange(deps, agent.accountId, agent.userId, { idle });
  return availabilityOf(deps, agent.accountId, agent.userId);
}

/** The overall capacity and, when the body has them, the capacities per channel type. */
export async function setCapacity(
  deps: Deps,
  admin: AgentContext,
  userId: number,
  body: SetCapacityBody,
) {
  if (!(await isMember(deps.db, { accountId: admin.accountId, userId })))
    throw notFound('That team member was not found.');
  const byType = body.capacity_by_channel_type;
  await applyChange(deps, admin.accountId, userId, {
    capacity: body.capacity,
    ...(byType !== undefined && {
      capacityByChannelType:
        byType === null || Object.keys(byType).length === 0
          ? null
          : (byType as Record<string, number>),
    }),
  });
  return availabilityOf(deps, admin.accountId, userId);
}

/** The realtime server saw the agent's app join, or its last socket leave, the availability channel. */
export async function noteSocket(
  deps: Deps,
  { accountId, userId, connected }: { accountId: number; userId: number; connected: boolean },
) {
  if (!(await isMember(deps.db, { accountId, userId }))) return;
  await applyChange(deps, accountId, userId, { connected });
}

/** Agents whose sockets have been gone for a while become offline (any instance may run it). */
export async function sweepGoneAgents(deps: Deps, offlineAfterMs = OFFLINE_AFTER_MS) {
  const gone = await markGoneAgentsOffline(deps.db, { offlineAfterMs });
  for (const { accountId, userId } of gone) {
    deps.events.emit('agent_availability_changed', { accountId, userId });
    await releaseFrom(deps, accountId, userId);
  }
  return gone.length;
}

/** An offline agent's open conversations go back to the queue where their rule says so. */
async function releaseFrom(deps: Deps, accountId: number, userId: number) {
  const name = await userName(deps.db, userId);
  const released = await deps.db.transaction(async (tx) => {
    const rows = await releaseOpenConversations(tx, { accountId, userId });
    for (const r of rows)
      await addActivity(tx, {
        accountId,
        conversationId: r.id,
        supportChannelId: r.support_channel_id,
        activity: { key: 'returned_to_queue', name },
      });
    return rows;
  });
  // The assignee changed: "assignee changed" rules hear it (docs/product/automation.md).
  for (const r of released)
    deps.events.emit('conversation_updated', {
      accountId,
      conversationId: r.id,
      changes: ['assignee'],
    });
  if (released.length > 0) await assignQueued(deps, accountId);
}

// ---- Settings ----

export async function getAssignmentSettings(
  deps: Deps,
  admin: AgentContext,
): Promise<AssignmentSettingsResponse> {
  return listRules(deps.db, { accountId: admin.accountId });
}

async function updateRule(
  deps: Deps,
  admin: AgentContext,
  target: { teamId: number } | { supportChannelId: number },
  body: UpdateAssignmentRuleBody,
  agentIds?: number[],
) {
  if (body.mode === 'off' && body.release_offline === true)
    throw badRequest(
      'Turn on auto-assignment before giving back an offline agent’s conversations.',
      [{ path: 'release_offline', message: 'Needs round-robin or least-busy.' }],
    );
  const rule = await deps.db.transaction(async (tx) => {
    const saved = await saveRule(tx, {
      accountId: admin.accountId,
      target,
      mode: body.mode,
      releaseOffline: body.release_offline,
    });
    if (agentIds !== undefined && 'supportChannelId' in target)
      await setChannelAgents(tx, {
        accountId: admin.accountId,
        supportChannelId: target.supportChannelId,
        userIds: agentIds,
      });
    // Conversations already waiting unassigned are handed out too, oldest first.
    if (body.mode !== 'off') await queueWaiting(tx, { accountId: admin.accountId, target });
    return saved;
  });
  if (rule.mode !== 'off') await assignQueued(deps, admin.accountId);
  return rule;
}

export async function updateTeamRule(
  deps: Deps,
  admin: AgentContext,
  teamId: number,
  body: UpdateAssignmentRuleBody,
) {
  if (!(await findTeam(deps.db, { accountId: admin.accountId, teamId })))
    throw notFound('That team was not found.');
  return updateRule(deps, admin, { teamId }, body);
}

/** A support channel's rule, and the agents it hands conversations to (none = every member). */
export async function updateChannelRule(
  deps: Deps,
  admin: AgentContext,
  channelId: number,
  body: UpdateChannelAssignmentRuleBody,
): Promise<ChannelAssignmentRule> {
  const accountId = admin.accountId;
  if (!(await findChannel(deps.db, { accountId, channelId })))
    throw notFound('That support channel was not found.');
  const { agent_ids, ...rule } = body;
  const agentIds = agent_ids === undefined ? undefined : [...new Set(agent_ids ?? [])];
  if (agentIds && agentIds.length > 0) {
    const members = await membersAmong(deps.db, { accountId, userIds: agentIds });
    const strangers = (agent_ids ?? []).flatMap((id, i) =>
      members.has(id) ? [] : [{ path: `agent_ids.${i}`, message: 'Not a member of this account.' }],
    );
    if (strangers.length > 0)
      throw badRequest('One of the people chosen is not a member of this workspace.', strangers);
  }
  const saved = await updateRule(deps, admin, { supportChannelId: channelId }, rule, agentIds);
  const agents = await channelAgents(deps.db, { accountId, supportChannelId: channelId });
  return { ...saved, agent_ids: agents.get(channelId) ?? [] };
}

// ---- The assigner ----

type Outcome = 'assigned' | 'no_agent' | 'dropped' | 'busy';
type Assigned = {
  outcome: Outcome;
  messageId?: number;
  assigneeId?: number;
  /** The automation rule that queued it: the hand-out is that rule's change. */
  ruleId?: number;
};

/**
 * Hands one queued conversation to an agent, in one transaction: the queue entry and the
 * conversation are locked (SKIP LOCKED: another assigner has it), then the pool's online agents
 * (in id order), and only then are their open conversations counted; so two assigners, on one
 * instance or many, never assign a conversation twice nor take an agent over capacity.
 */
async function assignOne(deps: Deps, accountId: number, conversationId: number) {
  return deps.db.transaction(async (tx): Promise<Assigned> => {
    const queued = await lockQueued(tx, { accountId, conversationId });
    if (!queued) return { outcome: 'busy' };
    if (queued.assignee_id !== null || queued.status !== 'open') {
      await dropQueued(tx, { accountId, conversationId });
      return { outcome: 'dropped' };
    }
    const rule = await ruleFor(tx, {
      accountId,
      teamId: queued.team_id,
      supportChannelId: queued.support_channel_id,
    });
    if (!rule || rule.mode === 'off') {
      await dropQueued(tx, { accountId, conversationId });
      return { outcome: 'dropped' };
    }
    const chosen = await pickAgent(tx, accountId, {
      teamId: rule.teamId,
      supportChannelId: queued.support_channel_id,
      channelType: queued.channel_type,
      mode: rule.mode,
    });
    if (chosen === null) return { outcome: 'no_agent' };
    const messageId = await assignTo(tx, {
      accountId,
      conversationId,
      supportChannelId: queued.support_channel_id,
      userId: chosen,
      activity: { key: 'auto_assigned', name: await userName(tx, chosen), mode: rule.mode },
    });
    return {
      outcome: 'assigned',
      messageId,
      assigneeId: chosen,
      ...(queued.queued_by_rule_id !== null && { ruleId: queued.queued_by_rule_id }),
    };
  });
}

/** A capacity per channel type as stored (jsonb; a driver may hand it over as text). */
const byTypeOf = (v: Record<string, number> | string | null): Record<string, number> =>
  v === null ? {} : typeof v === 'string' ? (JSON.parse(v) as Record<string, number>) : v;

/**
 * The agent who gets the conversation: in the team's pool (its rule) or the channel's (the agents
 * it is limited to, else every member), online, under their capacity and under their capacity
 * for the conversation's channel type, counted after they are locked.
 */
async function pickAgent(
  tx: Db,
  accountId: number,
  {
    teamId,
    supportChannelId,
    channelType,
    mode,
  }: {
    teamId: number | null;
    supportChannelId: number;
    channelType: string;
    mode: Exclude<AssignmentMode, 'off'>;
  },
): Promise<number | null> {
  const agents = (await lockOnlineAgents(tx, { accountId, teamId, supportChannelId })).map((a) => ({
    ...a,
    typeCapacity: byTypeOf(a.capacity_by_channel_type)[channelType],
  }));
  // Counting by channel type joins the channels: only when someone has a capacity for this type.
  const byType = agents.some((a) => a.typeCapacity !== undefined);
  const counts = await openCounts(tx, {
    accountId,
    userIds: agents.map((a) => a.user_id),
    ...(byType && { channelType }),
  });
  const open = (id: number) => counts.get(id)?.all ?? 0;
  const under = agents.filter(
    (a) =>
      (a.capacity === null || open(a.user_id) < a.capacity) &&
      (a.typeCapacity === undefined || (counts.get(a.user_id)?.ofType ?? 0) < a.typeCapacity),
  );
  const turn = (a: { last_assigned_at: string | null }) =>
    a.last_assigned_at === null ? 0 : new Date(a.last_assigned_at).getTime();
  under.sort(
    (a, b) =>
      (mode === 'least_busy' ? open(a.user_id) - open(b.user_id) : 0) ||
      turn(a) - turn(b) ||
      a.user_id - b.user_id,
  );
  return under[0]?.user_id ?? null;
}

/**
 * Walks the account's queue once, oldest first, and assigns what it can; a pool with no agent
 * left is skipped for the rest of the walk, so its younger conversations keep waiting behind the
 * oldest one. Answers how many were assigned.
 */
export async function assignQueued(deps: Deps, accountId: number): Promise<number> {
  if (!(await hasQueued(deps.db, { accountId }))) return 0;
  if (!(await someoneCanTake(deps.db, { accountId }))) return 0;
  let assigned = 0;
  const full = new Set<string>();
  let after: { at: string; id: number } | null = null;
  for (;;) {
    const batch = await queuedAfter(deps.db, { accountId, after, limit: 100 });
    if (batch.length === 0) break;
    for (const entry of batch) {
      after = { at: entry.queuedAt, id: entry.conversationId };
      const pool = `${entry.teamId ?? '-'}/${entry.supportChannelId}`;
      if (full.has(pool)) continue;
      const { outcome, messageId, assigneeId, ruleId } = await assignOne(
        deps,
        accountId,
        entry.conversationId,
      );
      if (outcome === 'no_agent') full.add(pool);
      if (outcome === 'assigned') {
        assigned += 1;
        announceAssigned(deps, accountId, entry.conversationId, messageId!, assigneeId!, {
          ruleId,
        });
      }
    }
  }
  return assigned;
}

/**
 * Tells everyone of an automatic assignment once it is committed: the activity line, the lists
 * (an assignee change, which "assignee changed" rules hear; a rule's own auto-assign, at once or
 * handed out later from the queue it put the conversation in (`ruleId`), is kept from
 * re-triggering rules by the automation's loop guard) and the assignee's notification.
 */
function announceAssigned(
  deps: Deps,
  accountId: number,
  conversationId: number,
  messageId: number,
  assigneeId: number,
  { changed = true, ruleId }: { changed?: boolean; ruleId?: number | undefined } = {},
) {
  deps.events.emit('message_created', {
    accountId,
    conversationId,
    messageId,
    isPrivate: true,
    hasAttachments: false,
  });
  deps.events.emit('conversation_updated', {
    accountId,
    conversationId,
    changes: changed ? ['assignee'] : [],
    ...(ruleId !== undefined && { byRuleId: ruleId }),
  });
  if (changed)
    deps.events.emit('conversation_assigned', {
      accountId,
      conversationId,
      assigneeId,
      actorUserId: null,
      messageId,
    });
}

/** What handing one conversation out on request did (or, for a dry run, would do). */
export type AutoAssignResult =
  | {
      outcome: 'assigned';
      assigneeId: number;
      assigneeName: string;
      mode: Exclude<AssignmentMode, 'off'>;
      teamName: string | null;
    }
  /** Nobody could take it: it waits in the queue, handed out as soon as someone is available. */
  | { outcome: 'queued'; mode: Exclude<AssignmentMode, 'off'>; teamName: string | null }
  /**
   * Nobody in the team could take it, and nothing hands it out later (the team's own
   * auto-assignment is off): it stays in the team, unassigned.
   */
  | { outcome: 'unassigned'; mode: Exclude<AssignmentMode, 'off'>; teamName: string | null };

/** Thrown to roll a dry run's transaction back, carrying what it found. */
class DryRun {
  constructor(readonly result: AutoAssignResult) {}
}

/**
 * Hands one conversation to the auto-assigner now, as a new conversation is handed out (an
 * automation rule's or a macro's `auto_assign`, docs/product/automation.md): among the online
 * agents under capacity, by round-robin or least-busy, and into the queue when nobody can take
 * it. Without `teamId` its team's or channel's setup decides (refused when both are off); with
 * `teamId` it moves to that team and is handed out among its members, by the team's mode (or
 * round-robin when the team's own auto-assignment is off). An assignee it has is taken away
 * first, so they count without it and may get it back. Locks as the queue walk does; `dryRun`
 * answers what would happen and changes nothing.
 */
export async function autoAssignConversation(
  deps: Deps,
  {
    accountId,
    conversationId,
    teamId,
    ruleId,
    dryRun = false,
  }: {
    accountId: number;
    conversationId: number;
    teamId?: number;
    /** The automation rule asking: a conversation it queues is handed out later as its change. */
    ruleId?: number;
    dryRun?: boolean;
  },
): Promise<AutoAssignResult> {
  type Done = { result: AutoAssignResult; before: number | null; messageId: number | null };
  const run = deps.db.transaction(async (tx): Promise<Done> => {
    const conv = await lockConversation(tx, { accountId, conversationId });
    if (!conv) throw notFound('That conversation was not found.');
    if (conv.status !== 'open')
      throw badRequest('Only an open conversation is auto-assigned.', [
        { path: 'status', message: 'Not open.' },
      ]);
    const team = teamId ?? conv.team_id;
    if (teamId !== undefined && !(await findTeam(tx, { accountId, teamId })))
      throw notFound('That team was not found.');
    const rule = await ruleFor(tx, {
      accountId,
      teamId: team,
      supportChannelId: conv.support_channel_id,
    });
    // The queue later hands it out under the same rule, so it only waits when that rule is ours.
    const own = teamId === undefined ? rule : rule?.teamId === teamId ? rule : null;
    if (teamId === undefined && !own)
      throw badRequest('Auto-assignment is off for its team and its channel.', [
        { path: 'team_id', message: 'Nothing assigns automatically here.' },
      ]);
    const mode =
      own?.mode === 'round_robin' || own?.mode === 'least_busy' ? own.mode : 'round_robin';
    const pool = teamId ?? own!.teamId;
    const named = pool === null ? null : await teamName(tx, { accountId, teamId: pool });
    await prepareHandout(tx, {
      accountId,
      conversationId,
      teamId: teamId !== undefined && teamId !== conv.team_id ? teamId : undefined,
    });
    const chosen = await pickAgent(tx, accountId, {
      teamId: pool,
      supportChannelId: conv.support_channel_id,
      channelType: conv.channel_type,
      mode,
    });
    let result: AutoAssignResult;
    let messageId: number | null = null;
    if (chosen !== null) {
      const name = await userName(tx, chosen);
      messageId = await assignTo(tx, {
        accountId,
        conversationId,
        supportChannelId: conv.support_channel_id,
        userId: chosen,
        activity: { key: 'auto_assigned', name, mode },
      });
      result = {
        outcome: 'assigned',
        assigneeId: chosen,
        assigneeName: name,
        mode,
        teamName: named,
      };
    } else if (own) {
      await enqueue(tx, { accountId, conversationId, ruleId });
      result = { outcome: 'queued', mode, teamName: named };
    } else {
      // Moving to the team may have queued it under its channel's rule: not ours, so it stays.
      await dropQueued(tx, { accountId, conversationId });
      result = { outcome: 'unassigned', mode, teamName: named };
    }
    if (dryRun) throw new DryRun(result);
    return { result, before: conv.assignee_id, messageId };
  });
  let done: Done;
  try {
    done = await run;
  } catch (err) {
    if (err instanceof DryRun) return err.result;
    throw err;
  }
  const { result, before, messageId } = done;
  if (result.outcome === 'assigned')
    announceAssigned(deps, accountId, conversationId, messageId!, result.assigneeId, {
      changed: result.assigneeId !== before,
    });
  else
    deps.events.emit('conversation_updated', {
      accountId,
      conversationId,
      changes: before === null ? [] : ['assignee'],
    });
  return result;
}

/** Every account with conversations waiting gets a walk (the periodic pass of each instance). */
export async function assignAllQueued(deps: Deps) {
  let total = 0;
  for (const accountId of await accountsWithQueue(deps.db, 500))
    total += await assignQueued(deps, accountId);
  return total;
}
