import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jobs } from '../db/schema';
import { createTestContext, type TestContext } from '../test/harness';
import {
  backoffMs,
  enqueueJob,
  enqueueJobSoon,
  JobWorker,
  RetryableError,
  updateJobPayload,
} from './jobs';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

describe('durable jobs', () => {
  it('a job enqueued before a restart is run by the next worker (nothing is lost)', async () => {
    const ran: unknown[] = [];
    const id = await enqueueJob(ctx.deps.db, { kind: 'restart-test', payload: { n: 1 } });
    // The first worker never started (the process "died"); a new one picks the job up.
    const next = new JobWorker(ctx.deps.db);
    next.register('restart-test', { run: async (job) => void ran.push(job.payload) });
    expect(await next.drain()).toBe(1);
    expect(ran).toEqual([{ n: 1 }]);
    const [row] = await ctx.deps.db.select().from(jobs).where(eq(jobs.id, id));
    expect(row).toMatchObject({ status: 'done', attempts: 1 });
  });

  it('jobs queued at the same moment go in together, each answered its own id', async () => {
    const ids = await Promise.all(
      [1, 2, 3, 4, 5].map((n) =>
        enqueueJobSoon(ctx.deps.db, { kind: 'soon-test', payload: { n } }),
      ),
    );
    expect(new Set(ids).size).toBe(5);
    const rows = await ctx.deps.db.select().from(jobs).where(eq(jobs.kind, 'soon-test'));
    expect(Object.fromEntries(rows.map((r) => [r.id, (r.payload as { n: number }).n]))).toEqual(
      Object.fromEntries(ids.map((id, i) => [id, i + 1])),
    );
  });

  it('a parallel kind runs different keys at once (at most its max) and one key’s jobs in order', async () => {
    for (const k of ['a', 'a', 'b', 'b', 'c', 'c', 'd'])
      await enqueueJob(ctx.deps.db, { kind: 'parallel-test', payload: { k } });
    const worker = new JobWorker(ctx.deps.db);
    let running = 0;
    let most = 0;
    const log: string[] = [];
    worker.register('parallel-test', {
      parallel: { max: 3, key: (job) => (job.payload as { k: string }).k },
      run: async (job) => {
        const { k } = job.payload as { k: string };
        running += 1;
        most = Math.max(most, running);
        log.push(`start ${k}`);
        await new Promise((resolve) => setTimeout(resolve, 30));
        log.push(`end ${k}`);
        running -= 1;
      },
    });
    await worker.drain();
    expect(most).toBe(3);
    // Each key's second job starts only after its first ended.
    for (const k of ['a', 'b', 'c']) {
      const starts = log.flatMap((l, i) => (l === `start ${k}` ? [i] : []));
      expect(log.indexOf(`end ${k}`)).toBeLessThan(starts[1]!);
    }
    const rows = await ctx.deps.db.select().from(jobs).where(eq(jobs.kind, 'parallel-test'));
    expect(rows.map((r) => r.status)).toEqual(Array(7).fill('done'));
  });

  it('a job whose worker died mid-run is retaken once its lease has expired', async () => {
    const id = await enqueueJob(ctx.deps.db, { kind: 'lease-test', payload: {} });
    await ctx.deps.db
      .update(jobs)
      .set({ status: 'running', attempts: 1, lockedUntil: new Date(Date.now() - 1000) })
      .where(eq(jobs.id, id));
    const worker = new JobWorker(ctx.deps.db);
    let runs = 0;
    worker.register('lease-test', { run: async () => void runs++ });
    await worker.drain();
    expect(runs).toBe(1);
    const [row] = await ctx.deps.db.select().from(jobs).where(eq(jobs.id, id));
    expect(row).toMatchObject({ status: 'done', attempts: 2 });
  });

  it('retryable failures back off; other failures and exhausted attempts give up once', async () => {
    const worker = new JobWorker(ctx.deps.db);
    const gaveUp: string[] = [];
    worker.register('flaky', {
      run: async () => {
        throw new RetryableError('try later');
      },
      onGiveUp: async (_job, reason) => void gaveUp.push(`flaky: ${reason}`),
    });
    worker.register('broken', {
      run: async () => {
        throw new Error('bad payload');
      },
      onGiveUp: async (_job, reason) => void gaveUp.push(`broken: ${reason}`),
    });
    const flaky = await enqueueJob(ctx.deps.db, { kind: 'flaky', payload: {}, maxAttempts: 2 });
    await enqueueJob(ctx.deps.db, { kind: 'broken', payload: {} });
    await worker.drain();
    expect(gaveUp).toEqual(['broken: bad payload']);
    const [afterFirst] = await ctx.deps.db.select().from(jobs).where(eq(jobs.id, flaky));
    expect(afterFirst).toMatchObject({ status: 'queued', attempts: 1, lastError: 'try later' });
    await ctx.deps.db.update(jobs).set({ runAt: new Date() }).where(eq(jobs.id, flaky));
    await worker.drain();
    expect(gaveUp).toEqual(['broken: bad payload', 'flaky: try later']);
  });

  it('a worker stopping finishes the job it runs and hands the rest of its batch back at once', async () => {
    const ids: number[] = [];
    for (const n of [1, 2, 3])
      ids.push(await enqueueJob(ctx.deps.db, { kind: 'stop-test', payload: { n } }));
    const worker = new JobWorker(ctx.deps.db, { pollMs: 60_000 });
    let release!: () => void;
    const firstStarted = new Promise<void>((started) => {
      worker.register('stop-test', {
        run: () =>
          new Promise<void>((done) => {
            release = done;
            started();
          }),
      });
    });
    worker.start();
    await firstStarted;
    const stopped = worker.stop();
    release();
    await stopped;
    const rows = await ctx.deps.db
      .select()
      .from(jobs)
      .where(sql`${jobs.id} in ${ids}`);
    const states = rows.map((r) => [r.status, r.attempts, r.lockedUntil]);
    expect(states.sort()).toEqual([
      ['done', 1, null],
      ['queued', 0, null],
      ['queued', 0, null],
    ]);
    // Another worker takes them without waiting for a lease to expire.
    const next = new JobWorker(ctx.deps.db);
    next.register('stop-test', { run: async () => {} });
    expect(await next.drain()).toBe(2);
  });

  it('a long job that saved its progress takes turns with the jobs due meanwhile, its attempts not counted', async () => {
    const order: string[] = [];
    const worker = new JobWorker(ctx.deps.db, { batch: 1 });
    worker.register('long-turns', {
      run: async (job) => {
        const step = Number(job.payload['step'] ?? 0) + 1;
        order.push(`long ${step}`);
        await updateJobPayload(ctx.deps.db, job.id, { step });
        return step < 3 ? 'continue' : undefined;
      },
    });
    worker.register('short-turn', { run: async () => void order.push('short') });
    const long = await enqueueJob(ctx.deps.db, {
      kind: 'long-turns',
      payload: {},
      maxAttempts: 1,
      runAt: new Date(Date.now() - 2000),
    });
    await enqueueJob(ctx.deps.db, {
      kind: 'short-turn',
      payload: {},
      runAt: new Date(Date.now() - 1000),
    });
    // The long job was due first; queued again after its first turn, it goes behind the short one.
    await worker.drain();
    expect(order).toEqual(['long 1', 'short', 'long 2', 'long 3']);
    const [row] = await ctx.deps.db.select().from(jobs).where(eq(jobs.id, long));
    expect(row).toMatchObject({ status: 'done', attempts: 1, payload: { step: 3 } });
  });

  it('a kind that prepares reads once for its claimed jobs, which then run in the order queued', async () => {
    await new JobWorker(ctx.deps.db).drain(); // what earlier tests left queued
    const ids: number[] = [];
    for (const n of [1, 2, 3, 4, 5])
      ids.push(await enqueueJob(ctx.deps.db, { kind: 'prepare-test', payload: { n } }));
    const worker = new JobWorker(ctx.deps.db);
    const prepared: number[][] = [];
    const ran: number[] = [];
    worker.register('prepare-test', {
      prepare: async (batch) => void prepared.push(batch.map((j) => j.id)),
      run: async (job) => void ran.push(job.id),
    });
    expect(await worker.drain()).toBe(5);
    expect(prepared).toEqual([ids]);
    expect(ran).toEqual(ids);
  });

  it('under a backlog each full claim takes twice as many, up to eight batches, then the batch again', async () => {
    await new JobWorker(ctx.deps.db).drain();
    for (let n = 0; n < 40; n++)
      await enqueueJob(ctx.deps.db, { kind: 'backlog-test', payload: { n } });
    const worker = new JobWorker(ctx.deps.db, { batch: 2 });
    const claims: number[] = [];
    worker.register('backlog-test', {
      prepare: async (batch) => void claims.push(batch.length),
      run: async () => {},
    });
    expect(await worker.drain()).toBe(40);
    // 2, 4, 8, 16 (the most), then what is left; a short claim takes the batch again.
    expect(claims).toEqual([2, 4, 8, 16, 10]);
    await enqueueJob(ctx.deps.db, { kind: 'backlog-test', payload: { n: 40 } });
    await enqueueJob(ctx.deps.db, { kind: 'backlog-test', payload: { n: 41 } });
    await enqueueJob(ctx.deps.db, { kind: 'backlog-test', payload: { n: 42 } });
    claims.length = 0;
    expect(await worker.drain()).toBe(3);
    expect(claims).toEqual([2, 1]);
  });

  it('a backlog of kinds not read together (slow jobs such as deliveries) keeps claiming the batch', async () => {
    await new JobWorker(ctx.deps.db).drain();
    for (let n = 0; n < 8; n++)
      await enqueueJob(ctx.deps.db, { kind: 'plain-backlog-test', payload: { n } });
    const worker = new JobWorker(ctx.deps.db, { batch: 2 });
    worker.register('plain-backlog-test', { run: async () => {} });
    const claims: number[] = [];
    for (let n = await worker.tick(); n > 0; n = await worker.tick()) claims.push(n);
    expect(claims).toEqual([2, 2, 2, 2]);
  });

  it('backs off exponentially up to an hour', () => {
    expect([1, 2, 3].map(backoffMs)).toEqual([2000, 4000, 8000]);
    expect(backoffMs(30)).toBe(3_600_000);
  });
});
