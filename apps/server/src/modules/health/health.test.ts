import { Writable } from 'node:stream';
import Fastify from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app';
import { openPglite } from '../../db/client';
import { createTestContext, type TestContext } from '../../test/harness';
import { healthRoutes } from './health.routes';

const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';

async function redisAnswers(): Promise<boolean> {
  const probe = new Redis(REDIS_URL, {
    lazyConnect: true,
    maxRetriesPerRequest: 0,
    retryStrategy: () => null,
  });
  probe.on('error', () => {});
  try {
    await probe.connect();
    return (await probe.ping()) === 'PONG';
  } catch {
    return false;
  } finally {
    probe.disconnect();
  }
}
const redisAvailable = (await redisAnswers()) || Boolean(process.env.CI);

/** Only the health routes, on an app whose log lines (info and up) are kept. */
async function probeApp(ctx: TestContext, redisUrl: string | undefined) {
  const lines: { msg: string; level: number }[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _enc, done) {
      for (const line of chunk.toString().split('\n').filter(Boolean)) lines.push(JSON.parse(line));
      done();
    },
  });
  const app = Fastify({ logger: { level: 'info', stream } });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  await app.register(healthRoutes({ db: ctx.deps.db, config: { ...ctx.config, redisUrl } }));
  await app.ready();
  return { app, lines };
}

describe('health endpoints', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext();
  });
  afterAll(async () => {
    await ctx.close();
  });

  it('answer liveness on /healthz to anyone, without a session', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/healthz' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ok' });
  });

  it('answer ready on /readyz when the database answers and has every migration', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/readyz' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ok', checks: { database: 'ok', migrations: 'ok' } });
  });

  it('answer 503 naming the migrations when the database lacks them', async () => {
    const bare = await openPglite(undefined);
    const app = await buildApp({ ...ctx.deps, db: bare.db }, { logger: false });
    try {
      const res = await app.inject({ method: 'GET', url: '/readyz' });
      expect(res.statusCode).toBe(503);
      expect(res.json()).toEqual({
        status: 'unavailable',
        failed: ['migrations'],
        checks: { database: 'ok', migrations: 'failed' },
      });
    } finally {
      await app.close();
      await bare.close();
    }
  });

  it('answer 503 naming the database when it cannot be reached', async () => {
    const gone = await openPglite(undefined);
    await gone.close();
    const app = await buildApp({ ...ctx.deps, db: gone.db }, { logger: false });
    try {
      const res = await app.inject({ method: 'GET', url: '/readyz' });
      expect(res.statusCode).toBe(503);
      expect(res.json()).toMatchObject({ status: 'unavailable', checks: { database: 'failed' } });
      expect(res.json().failed).toContain('database');
      // Liveness does not depend on the database.
      expect((await app.inject({ method: 'GET', url: '/healthz' })).statusCode).toBe(200);
    } finally {
      await app.close();
    }
  });

  it('answer 503 naming Redis when REDIS_URL is set and Redis does not answer', async () => {
    const { app, lines } = await probeApp(ctx, 'redis://127.0.0.1:1');
    try {
      const res = await app.inject({ method: 'GET', url: '/readyz' });
      expect(res.statusCode).toBe(503);
      expect(res.json()).toEqual({
        status: 'unavailable',
        failed: ['redis'],
        checks: { database: 'ok', migrations: 'ok', redis: 'failed' },
      });
      // The failure is logged for the operator, with the reason.
      expect(lines.some((l) => l.msg === 'not ready' && l.level === 40)).toBe(true);
    } finally {
      await app.close();
    }
  });

  it.runIf(redisAvailable)('check Redis on /readyz when REDIS_URL is set', async () => {
    const { app } = await probeApp(ctx, REDIS_URL);
    try {
      const res = await app.inject({ method: 'GET', url: '/readyz' });
      expect(res.statusCode).toBe(200);
      expect(res.json().checks).toEqual({ database: 'ok', migrations: 'ok', redis: 'ok' });
    } finally {
      await app.close();
    }
  });

  it('leave the probes out of the request log at info level', async () => {
    const { app, lines } = await probeApp(ctx, undefined);
    try {
      for (const url of ['/healthz', '/readyz', '/healthz'])
        expect((await app.inject({ method: 'GET', url })).statusCode).toBe(200);
      expect(lines).toEqual([]);
    } finally {
      await app.close();
    }
  });

  it('never rate-limit the probes', async () => {
    const answers = await Promise.all(
      Array.from({ length: 60 }, () => ctx.app.inject({ method: 'GET', url: '/healthz' })),
    );
    expect(answers.every((r) => r.statusCode === 200)).toBe(true);
  });
});
