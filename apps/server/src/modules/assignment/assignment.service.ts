import {
  assignmentActivityText,
  type AgentAvailability,
  type AssignmentMode,
  type AssignmentSettingsResponse,
  type AvailabilityStatus,
  type UpdateAssignmentRuleBody,
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
  dropQueued,
  findChannel,
  findTeam,
  hasQueued,
  isMember,
  listAvailability,
  listRules,
  lockOnlineAgents,
  lockQueued,
  markGoneAgentsOffline,
  openCounts,
  queuedAfter,
  queueWaiting,
  releaseOpenConversations,
  ruleFor,
  saveRule,
  someoneCanTake,
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
  if (!found) throw notFound('That team member');
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
  if (before !== after || change.capacity !== undefined)
    deps.events.emit('agent_availability_changed', { accountId, userId });
  if (after === 'offline' && before !== 'offline') await releaseFrom(deps, accountId, userId);
  if (after === 'online' || change.capacity !== undefined) await assignQueued(deps, accountId);
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

export async function setCapacity(
  deps: Deps,
  admin: AgentContext,
  userId: number,
  capacity: number | null,
) {
  if (!(await isMember(deps.db, { accountId: admin.accountId, userId })))
    throw notFound('That team member');
  await applyChange(deps, admin.accountId, userId, { capacity });
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
        text: assignmentActivityText({ kind: 'returned', name }),
      });
    return rows;
  });
  for (const r of released)
    deps.events.emit('conversation_updated', { accountId, conversationId: r.id });
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
    throw notFound('That team');
  return updateRule(deps, admin, { teamId }, body);
}

export async function updateChannelRule(
  deps: Deps,
  admin: AgentContext,
  channelId: number,
  body: UpdateAssignmentRuleBody,
) {
  if (!(await findChannel(deps.db, { accountId: admin.accountId, channelId })))
    throw notFound('That support channel');
  return updateRule(deps, admin, { supportChannelId: channelId }, body);
}

// ---- The assigner ----

type Outcome = 'assigned' | 'no_agent' | 'dropped' | 'busy';
type Assigned = { outcome: Outcome; messageId?: number; assigneeId?: number };

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
    const chosen = await pickAgent(tx, accountId, rule.teamId, rule.mode);
    if (chosen === null) return { outcome: 'no_agent' };
    const messageId = await assignTo(tx, {
      accountId,
      conversationId,
      supportChannelId: queued.support_channel_id,
      userId: chosen,
      activity: assignmentActivityText({
        kind: 'assigned',
        name: await userName(tx, chosen),
        mode: rule.mode,
      }),
    });
    return { outcome: 'assigned', messageId, assigneeId: chosen };
  });
}

async function pickAgent(
  tx: Db,
  accountId: number,
  teamId: number | null,
  mode: Exclude<AssignmentMode, 'off'>,
): Promise<number | null> {
  const agents = await lockOnlineAgents(tx, { accountId, teamId });
  const counts = await openCounts(tx, { accountId, userIds: agents.map((a) => a.user_id) });
  const open = (id: number) => counts.get(id) ?? 0;
  const under = agents.filter((a) => a.capacity === null || open(a.user_id) < a.capacity);
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
  let after: { at: Date; id: number } | null = null;
  for (;;) {
    const batch = await queuedAfter(deps.db, { accountId, after, limit: 100 });
    if (batch.length === 0) break;
    for (const entry of batch) {
      after = { at: entry.queuedAt, id: entry.conversationId };
      const pool = `${entry.teamId ?? '-'}/${entry.supportChannelId}`;
      if (full.has(pool)) continue;
      const { outcome, messageId, assigneeId } = await assignOne(
        deps,
        accountId,
        entry.conversationId,
      );
      if (outcome === 'no_agent') full.add(pool);
      if (outcome === 'assigned') {
        assigned += 1;
        deps.events.emit('message_created', {
          accountId,
          conversationId: entry.conversationId,
          messageId: messageId!,
          isPrivate: true,
          hasAttachments: false,
        });
        deps.events.emit('conversation_updated', {
          accountId,
          conversationId: entry.conversationId,
        });
        deps.events.emit('conversation_assigned', {
          accountId,
          conversationId: entry.conversationId,
          assigneeId: assigneeId!,
          actorUserId: null,
          messageId,
        });
      }
    }
  }
  return assigned;
}

/** Every account with conversations waiting gets a walk (the periodic pass of each instance). */
export async function assignAllQueued(deps: Deps) {
  let total = 0;
  for (const accountId of await accountsWithQueue(deps.db, 500))
    total += await assignQueued(deps, accountId);
  return total;
}
