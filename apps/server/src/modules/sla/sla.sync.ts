/**
 * Keeping the clocks with the conversations (docs/product/sla.md): the listener that syncs a
 * conversation's clocks when it changes, the job that re-times an account's clocks when its
 * policies or hours change, and the scanner that fires warnings and breaches.
 */
import type { Deps } from '../../lib/deps';
import { updateJobPayload, type JobRow } from '../../lib/jobs';
import { freshSlaRules, peekSlaRules, slaRulesOf } from './sla.cache';
import { applyPlan, planClocks, policyFor, sameSummary, summaryOf, type Clock } from './sla.clocks';
import {
  claimDueClocks,
  clocksForSync,
  conversationStates,
  runningConversationIds,
  writeClockPlan,
} from './sla.queries';

export const SLA_RETIME_JOB = 'sla.retime';
/** Conversations one turn of the re-timing job reads and writes. */
const RETIME_BATCH = 200;
/** Clocks one scanner statement claims; a scan claims again while it gets full batches. */
const SCAN_BATCH = 500;

/**
 * Brings the conversations' clocks in line with their state (docs/product/sla.md): two reads
 * for all of them, then only the clocks that change are written. A row whose summary changed
 * is pushed again (`conversation_updated` with `changes: ['sla']`). Two instances syncing one
 * conversation at once compute the same clocks; the running-clock index keeps one of each.
 */
export async function syncConversationSla(
  deps: Deps,
  accountId: number,
  conversationIds: readonly number[],
  now = new Date(),
  opts: { retime?: boolean } = {},
) {
  const ids = [...new Set(conversationIds)];
  if (ids.length === 0) return;
  const [{ policies, hours }, states, stored] = await Promise.all([
    // Re-timing follows a change made maybe on another instance: its rules, not a cached copy.
    opts.retime ? freshSlaRules(deps.db, accountId) : slaRulesOf(deps.db, accountId),
    conversationStates(deps.db, { accountId, ids }),
    clocksForSync(deps.db, { accountId, ids }),
  ]);
  const changed: number[] = [];
  const writes: { conversationId: number; plan: ReturnType<typeof planClocks> }[] = [];
  for (const state of states) {
    const clocks: Clock[] = stored.filter((k) => k.conversationId === state.id);
    const plan = planClocks(state, clocks, policyFor(policies, state), hours, now, opts);
    if (plan.updates.length === 0 && plan.inserts.length === 0) continue;
    writes.push({ conversationId: state.id, plan });
    if (!sameSummary(summaryOf(clocks, now), summaryOf(applyPlan(clocks, plan), now)))
      changed.push(state.id);
  }
  // One transaction for the burst (one commit, not one per conversation), its rows written in
  // conversation order so two instances syncing overlapping bursts never deadlock.
  writes.sort((a, b) => a.conversationId - b.conversationId);
  if (writes.length > 0)
    await deps.db.transaction(async (tx) => {
      for (const { conversationId, plan } of writes)
        await writeClockPlan(tx, { accountId, conversationId }, plan);
    });
  for (const conversationId of changed)
    deps.events.emit('conversation_updated', { accountId, conversationId, changes: ['sla'] });
}

/** One turn of re-timing an account's running clocks, resumed from the last conversation. */
async function retimeTurn(deps: Deps, job: JobRow) {
  const { accountId, after } = job.payload as { accountId: number; after: number };
  const ids = await runningConversationIds(deps.db, { accountId, after, limit: RETIME_BATCH });
  await syncConversationSla(deps, accountId, ids, new Date(), { retime: true });
  if (ids.length < RETIME_BATCH) return;
  await updateJobPayload(deps.db, job.id, { accountId, after: ids.at(-1)! });
  return 'continue' as const;
}

/**
 * Claims the warnings and breaches due at `now` (each once across instances) and tells who
 * listens: `sla_warning` / `sla_breached` for automation rules and notifications, and the row's
 * new state to the inbox. Answers how many clocks it moved on.
 */
export async function scanSlaClocks(deps: Deps, now = new Date()) {
  let total = 0;
  for (;;) {
    const claimed = await claimDueClocks(deps.db, { now, limit: SCAN_BATCH });
    total += claimed.length;
    const rows = new Map<number, number>();
    for (const c of claimed) {
      const event = { accountId: c.accountId, conversationId: c.conversationId, metric: c.metric };
      if (c.breached) deps.events.emit('sla_breached', { ...event, dueAt: c.dueAt });
      else if (c.warned) deps.events.emit('sla_warning', { ...event, dueAt: c.dueAt });
      rows.set(c.conversationId, c.accountId);
    }
    for (const [conversationId, accountId] of rows)
      deps.events.emit('conversation_updated', { accountId, conversationId, changes: ['sla'] });
    if (claimed.length < SCAN_BATCH) return total;
  }
}

/** Sync work of this instance per Deps (tests wait for it: slaSettled). */
const idleOf = new WeakMap<Deps, () => Promise<void>>();

/** Resolves once the conversations changed so far have their clocks in line. */
export async function slaSettled(deps: Deps) {
  await idleOf.get(deps)?.();
}

/**
 * Keeps the clocks in line with the conversations: every customer message, reply and change of
 * a conversation syncs its clocks, the events of a burst together (one sync per account). An
 * account without an enabled policy costs a cache lookup. Registers the re-timing job. Answers
 * a stop that waits for the work under way.
 */
export function startSlaClocks(deps: Deps, onError: (err: unknown) => void) {
  deps.jobs.register(SLA_RETIME_JOB, { run: (job) => retimeTurn(deps, job) });
  const queued = new Map<number, Set<number>>();
  let flushing: Promise<void> | null = null;

  const flush = async () => {
    await new Promise<void>((next) => setImmediate(next));
    for (;;) {
      if (queued.size === 0) {
        flushing = null;
        return;
      }
      const batch = [...queued];
      queued.clear();
      for (const [accountId, ids] of batch)
        await syncConversationSla(deps, accountId, [...ids]).catch(onError);
    }
  };
  const want = (accountId: number, conversationId: number) => {
    let ids = queued.get(accountId);
    if (!ids) queued.set(accountId, (ids = new Set()));
    ids.add(conversationId);
    flushing ??= flush();
  };
  const reading = new Set<Promise<void>>();
  const consider = (accountId: number, conversationId: number) => {
    const known = peekRules(deps, accountId);
    if (known === 'none') return;
    if (known === 'some') return want(accountId, conversationId);
    // Not cached: read the rules once, then queue the conversation if they count.
    const work = slaRulesOf(deps.db, accountId)
      .then((r) => {
        if (r.policies.length > 0) want(accountId, conversationId);
      })
      .catch(onError)
      .finally(() => reading.delete(work));
    reading.add(work);
  };

  const offs = [
    deps.events.on('message_created', (e) => {
      if (!e.isPrivate) consider(e.accountId, e.conversationId);
    }),
    deps.events.on('conversation_updated', (e) => {
      // Its own pushes of a row's new summary change nothing the clocks read.
      if (e.changes?.length === 1 && e.changes[0] === 'sla') return;
      consider(e.accountId, e.conversationId);
    }),
  ];
  const idle = async () => {
    for (;;) {
      const pending = [...reading, ...(flushing ? [flushing] : [])];
      if (pending.length === 0) return;
      await Promise.allSettled(pending);
    }
  };
  idleOf.set(deps, idle);
  return async () => {
    for (const off of offs) off();
    await idle();
  };
}

function peekRules(deps: Deps, accountId: number): 'none' | 'some' | 'unknown' {
  const rules = peekSlaRules(deps.db, accountId);
  if (!rules) return 'unknown';
  return rules.policies.length > 0 ? 'some' : 'none';
}
