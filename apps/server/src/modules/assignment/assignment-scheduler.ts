import type { Deps } from '../../lib/deps';
import { assignAllQueued, assignQueued, sweepGoneAgents } from './assignment.service';

/** How often each instance looks for gone agents and waiting conversations it was not told of. */
const SWEEP_EVERY_MS = 15_000;
/** The least time between two walks of one account's queue while changes keep coming. */
const RERUN_AFTER_MS = 250;

/**
 * Runs the assigner when something may let a waiting conversation go: a conversation changed
 * (new, closed, reassigned) in the account, one walk per account at a time, coalesced. A
 * periodic pass catches what happened on other instances (an agent gone there, a crash).
 */
export function startAssignmentScheduler(deps: Deps, onError: (err: unknown) => void) {
  const running = new Map<number, Promise<void>>();
  const again = new Set<number>();
  let stopped = false;

  const walk = (accountId: number) => assignQueued(deps, accountId).catch(onError);
  const run = (accountId: number) => {
    if (stopped) return;
    if (running.has(accountId)) {
      again.add(accountId);
      return;
    }
    const work = (async () => {
      await new Promise<void>((next) => setImmediate(next));
      await walk(accountId);
      // Changes during the walk ask for one more, a little later: an inbound burst makes many.
      for (;;) {
        if (!again.delete(accountId) || stopped) break;
        await new Promise<void>((next) => setTimeout(next, RERUN_AFTER_MS).unref?.());
        await walk(accountId);
      }
    })().finally(() => running.delete(accountId));
    running.set(accountId, work);
  };

  // An SLA clock re-timed changes nothing a waiting conversation depends on.
  const off = deps.events.on('conversation_updated', (e) => {
    if (e.changes?.length === 1 && e.changes[0] === 'sla') return;
    run(e.accountId);
  });
  let sweeping: Promise<void> | null = null;
  const timer = setInterval(() => {
    if (sweeping) return;
    sweeping = sweepGoneAgents(deps)
      .then(() => assignAllQueued(deps))
      .then(() => undefined)
      .catch(onError)
      .finally(() => {
        sweeping = null;
      });
  }, SWEEP_EVERY_MS);
  timer.unref?.();

  return {
    /** Resolves once the walks under way are done (tests, and shutdown). */
    async idle() {
      for (;;) {
        const pending = [...running.values(), ...(sweeping ? [sweeping] : [])];
        if (pending.length === 0) return;
        await Promise.allSettled(pending);
      }
    },
    async stop() {
      stopped = true;
      off();
      clearInterval(timer);
      await this.idle();
    },
  };
}
