import { and, eq, inArray, sql } from 'drizzle-orm';
import { type Db } from '../db/client';
import { jobs } from '../db/schema';
import { Batcher } from './batcher';

export type JobRow = typeof jobs.$inferSelect;

/** A failure worth retrying later (network errors, 5xx, 429). Anything else fails the job at once. */
export class RetryableError extends Error {}

export interface JobHandler {
  /**
   * `'continue'`: the job saved its progress and has more to do; it is queued again behind the
   * jobs due now (the attempt not counted), so one long job never holds up the others.
   */
  run(job: JobRow): Promise<void | 'continue'>;
  /** Called once when the job has failed for good (permanent error or attempts exhausted). */
  onGiveUp?(job: JobRow, reason: string): Promise<void>;
  /**
   * Claimed jobs of this kind with different keys run at once, at most `max` together; those
   * with one key (say, one conversation's) run one after another in the order they were queued.
   * Their commits then share the disk's flushes instead of waiting for one another.
   */
  parallel?: { max: number; key(job: JobRow): string };
  /**
   * Reads what the claimed jobs of this kind need, together (one statement for the batch rather
   * than one per job), before they run; `run` finds it by its job. A failure here is only
   * reported: each job then reads for itself.
   */
  prepare?(jobs: JobRow[]): Promise<void>;
}

export interface NewJob {
  kind: string;
  payload: Record<string, unknown>;
  accountId?: number | null;
  runAt?: Date;
  maxAttempts?: number;
}

const jobValues = (v: NewJob) => ({
  kind: v.kind,
  payload: v.payload,
  accountId: v.accountId ?? null,
  runAt: v.runAt ?? new Date(),
  maxAttempts: v.maxAttempts ?? 8,
});

export async function enqueueJob(db: Db, v: NewJob) {
  const [row] = await db.insert(jobs).values(jobValues(v)).returning({ id: jobs.id });
  return row!.id;
}

const enqueuers = new WeakMap<Db, Batcher<NewJob, number>>();

/**
 * Queues a job outside any transaction, together with the others queued at the same moment: one
 * statement and one commit for a burst (each inbound message may queue one; a commit per job
 * would make the disk's flush rate the inbound rate, docs/benchmarks.md). Answers its id.
 */
export function enqueueJobSoon(db: Db, v: NewJob): Promise<number> {
  let batcher = enqueuers.get(db);
  if (!batcher) {
    batcher = new Batcher(
      async (items: NewJob[]) =>
        (await db.insert(jobs).values(items.map(jobValues)).returning({ id: jobs.id })).map(
          (r) => r.id,
        ),
      { maxInFlight: 2, maxBatch: 200 },
    );
    enqueuers.set(db, batcher);
  }
  return batcher.submit(v);
}

/**
 * A long job records how far it got (read back if it is retaken) and keeps its lease while it
 * works, so no other worker takes it meanwhile.
 */
export async function updateJobPayload(db: Db, id: number, payload: Record<string, unknown>) {
  await db
    .update(jobs)
    .set({
      payload,
      lockedUntil: sql`now() + make_interval(secs => ${LEASE_SECONDS})`,
      updatedAt: new Date(),
    })
    .where(and(eq(jobs.id, id), eq(jobs.status, 'running')));
}

/** Exponential back-off: 2 s, 4 s, 8 s ... capped at one hour. */
export function backoffMs(attempt: number): number {
  return Math.min(3_600_000, 1000 * 2 ** attempt);
}

const LEASE_SECONDS = 60;
/** Jobs one claim takes: enough for the parallel kinds to overlap, few enough to share. */
const DEFAULT_BATCH = 25;
/**
 * While claims of prepared kinds (short jobs read together, such as automation runs) come back
 * full, each takes twice as many, up to this many times the batch: a claim, its preparation and its "done" cost a few round trips whatever their size, so
 * a worker behind catches up at several times the rate; it takes the batch again once a claim
 * comes back short, or took longer than GROW_WITHIN_MS to run (slow jobs: a bigger claim would
 * hold its last jobs near their lease).
 */
const BACKLOG_GROWTH = 8;
const GROW_WITHIN_MS = 2_000;

/**
 * Polls the jobs table. Claims due jobs with FOR UPDATE SKIP LOCKED so several workers (or
 * instances) never run the same job; a job whose worker died is retaken after its lease.
 */
export class JobWorker {
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<void> | null = null;
  private wakeRequested = false;
  private stopped = true;
  /** Set by stop(): jobs claimed but not started yet go back to the queue for other workers. */
  private stopping = false;

  private readonly handlers = new Map<string, JobHandler>();
  /** Jobs the next claim takes (grows under a backlog, see BACKLOG_GROWTH). */
  private claimSize = 0;
  /** The last claim came back full: more are likely due. */
  private lastFull = false;

  constructor(
    private readonly db: Db,
    private readonly opts: {
      pollMs?: number;
      batch?: number;
      onError?: (err: unknown) => void;
    } = {},
  ) {}

  /** Each feature registers the job kinds it owns when the app is built. */
  register(kind: string, handler: JobHandler) {
    this.handlers.set(kind, handler);
  }

  start() {
    this.stopped = false;
    this.stopping = false;
    this.schedule(0);
  }

  /** Runs due jobs soon (called after enqueueing, so delivery does not wait for the poll). */
  wake() {
    if (this.stopped) return; // not started: tests drain explicitly
    if (this.running) this.wakeRequested = true;
    else this.schedule(0);
  }

  /** Claims nothing more, finishes the job running and hands back the rest of its batch. */
  async stop() {
    this.stopped = true;
    this.stopping = true;
    if (this.timer) clearTimeout(this.timer);
    await this.running;
  }

  /** Runs every due job now and returns how many ran (tests and the poll loop use it). */
  async drain(): Promise<number> {
    await this.running;
    let total = 0;
    for (;;) {
      const n = await this.tick();
      total += n;
      if (n === 0) return total;
    }
  }

  private schedule(ms: number) {
    if (this.timer) clearTimeout(this.timer);
    this.timer = setTimeout(() => {
      let full = false;
      this.running = this.tick()
        .then(() => {
          // A full batch: more are likely due, taken at once rather than after the poll.
          full = this.lastFull;
        })
        .catch((err) => this.opts.onError?.(err))
        .finally(() => {
          this.running = null;
          if (this.stopped) return;
          const again = this.wakeRequested || full;
          this.wakeRequested = false;
          this.schedule(again ? 0 : (this.opts.pollMs ?? 1000));
        });
    }, ms);
    this.timer.unref?.();
  }

  private async claim(): Promise<JobRow[]> {
    const base = this.opts.batch ?? DEFAULT_BATCH;
    const batch = Math.max(base, this.claimSize);
    const due = this.db
      .select({ id: jobs.id })
      .from(jobs)
      .where(
        sql`(${jobs.status} = 'queued' and ${jobs.runAt} <= now()) or (${jobs.status} = 'running' and ${jobs.lockedUntil} < now())`,
      )
      .orderBy(jobs.runAt, jobs.id)
      .limit(batch)
      .for('update', { skipLocked: true });
    const claimed = await this.db
      .update(jobs)
      .set({
        status: 'running',
        attempts: sql`${jobs.attempts} + 1`,
        lockedUntil: sql`now() + make_interval(secs => ${LEASE_SECONDS})`,
        updatedAt: sql`now()`,
      })
      .where(inArray(jobs.id, due))
      .returning();
    this.lastFull = claimed.length >= batch;
    // Only a backlog of prepared kinds (short jobs read together) grows the next claim.
    const prepared = claimed.every((job) => this.handlers.get(job.kind)?.prepare);
    this.claimSize = this.lastFull && prepared ? Math.min(base * BACKLOG_GROWTH, batch * 2) : base;
    // In the order they were queued (one key's jobs run in it); RETURNING keeps no order.
    return claimed.sort((a, b) => a.runAt.getTime() - b.runAt.getTime() || a.id - b.id);
  }

  /**
   * Runs the due jobs it claims; answers how many ran. The ones that succeed are marked done
   * together at the end (one commit for the batch, not one per job).
   */
  async tick(): Promise<number> {
    const started = Date.now();
    const claimed = await this.claim();
    const done: number[] = [];
    try {
      for (let i = 0; i < claimed.length;) {
        // Stopping, or half the lease gone (a large claim of slow jobs): what has not started
        // goes back to the queue, so no other worker takes a job this one is still to run.
        if (this.stopping || Date.now() - started > (LEASE_SECONDS * 1000) / 2) {
          await this.release(claimed.slice(i).map((j) => j.id));
          this.claimSize = 0;
          return i;
        }
        const job = claimed[i]!;
        const handler = this.handlers.get(job.kind);
        const parallel = handler?.parallel;
        // The next jobs of the same kind, while the handler runs or prepares them together.
        let end = i + 1;
        if (parallel || handler?.prepare)
          while (end < claimed.length && claimed[end]!.kind === job.kind) end += 1;
        const run = claimed.slice(i, end);
        if (handler?.prepare) await handler.prepare(run).catch((err) => this.opts.onError?.(err));
        if (parallel && run.length > 1) done.push(...(await this.runTogether(run, parallel)));
        else if (run.length === 1) {
          if (await this.runOne(job)) done.push(job.id);
        } else {
          // Prepared together, run one after another.
          end = i;
          for (const next of run) {
            if (this.stopping) break;
            if (await this.runOne(next)) done.push(next.id);
            end += 1;
          }
        }
        i = end;
      }
    } finally {
      if (done.length > 0) await this.markDone(done);
    }
    if (Date.now() - started > GROW_WITHIN_MS) this.claimSize = 0; // the batch again
    return claimed.length;
  }

  /** Jobs by key, each key's in order, up to `max` keys at once; answers the ids done. */
  private async runTogether(run: JobRow[], parallel: NonNullable<JobHandler['parallel']>) {
    const byKey = new Map<string, JobRow[]>();
    for (const job of run) {
      const key = parallel.key(job);
      byKey.set(key, [...(byKey.get(key) ?? []), job]);
    }
    const lanes = [...byKey.values()];
    const done: number[] = [];
    const worker = async () => {
      for (let lane = lanes.shift(); lane; lane = lanes.shift())
        for (const job of lane) if (await this.runOne(job)) done.push(job.id);
    };
    await Promise.all(Array.from({ length: Math.min(parallel.max, lanes.length) }, worker));
    return done;
  }

  private async markDone(ids: number[]) {
    await this.db
      .update(jobs)
      .set({ status: 'done', lockedUntil: null, lastError: null, updatedAt: new Date() })
      .where(and(sql`${jobs.id} in ${ids}`, eq(jobs.status, 'running')));
  }

  /** Claimed jobs not started: queued again, the attempt not counted, for any worker to take now. */
  private async release(ids: number[]) {
    await this.db
      .update(jobs)
      .set({
        status: 'queued',
        attempts: sql`${jobs.attempts} - 1`,
        lockedUntil: null,
        updatedAt: new Date(),
      })
      .where(and(sql`${jobs.id} in ${ids}`, eq(jobs.status, 'running')));
  }

  /** Runs one job; answers true when it is done (marked so by the tick, with the others). */
  private async runOne(job: JobRow): Promise<boolean> {
    const handler = this.handlers.get(job.kind);
    try {
      if (!handler) throw new Error(`No handler for job kind ${job.kind}`);
      const outcome = await handler.run(job);
      if (outcome !== 'continue') return true;
      await this.db
        .update(jobs)
        .set({
          status: 'queued',
          attempts: sql`${jobs.attempts} - 1`,
          runAt: new Date(),
          lockedUntil: null,
          updatedAt: new Date(),
        })
        .where(eq(jobs.id, job.id));
      return false;
    } catch (err) {
      const reason = err instanceof Error ? err.message : String(err);
      const retry = err instanceof RetryableError && job.attempts < job.maxAttempts;
      await this.db
        .update(jobs)
        .set({
          status: retry ? 'queued' : 'failed',
          runAt: retry ? new Date(Date.now() + backoffMs(job.attempts)) : job.runAt,
          lockedUntil: null,
          lastError: reason.slice(0, 2000),
          updatedAt: new Date(),
        })
        .where(and(eq(jobs.id, job.id), eq(jobs.status, 'running')));
      if (!retry) await handler?.onGiveUp?.(job, reason);
      return false;
    }
  }
}
