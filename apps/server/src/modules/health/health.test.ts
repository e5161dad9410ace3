import fs from 'node:fs/promises';
import path from 'node:path';
import { Writable } from 'node:stream';
import Fastify from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app';
import { loadConfig, type Config } from '../../config';
import { openPglite } from '../../db/client';
import { startTestS3 } from '../../lib/s3-test-server';
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
async function probeApp(
  ctx: TestContext,
  redisUrl: string | undefined,
  storage: Partial<Pick<Config, 'dataDir' | 'storage'>> = {},
) {
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
  const config = {
    ...ctx.config,
    redisUrl,
    ...(storage.dataDir ? { dataDir: storage.dataDir } : {}),
    ...(storage.storage ? { storage: storage.storage } : {}),
  };
  await app.register(healthRoutes({ db: ctx.deps.db, config }));
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

  it('answer ready on /readyz when the database answers and has every migration, and files can be stored', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/readyz' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      status: 'ok',
      checks: { database: 'ok', migrations: 'ok', storage: 'ok' },
    });
  });

  it('answer 503 naming the storage when the data directory cannot take files', async () => {
    // A plain file where the data directory should be: no uploads folder can be made in it.
    const notADir = path.join(ctx.config.dataDir, 'not-a-directory');
    await fs.writeFile(notADir, 'x');
    const { app } = await probeApp(ctx, undefined, { dataDir: notADir });
    try {
      const res = await app.inject({ method: 'GET', url: '/readyz' });
      expect(res.statusCode).toBe(503);
      expect(res.json()).toEqual({
        status: 'unavailable',
        failed: ['storage'],
        checks: { database: 'ok', migrations: 'ok', storage: 'failed' },
      });
    } finally {
      await app.close();
    }
  });

  it('check the S3 bucket on /readyz when S3_BUCKET is set', async () => {
    const s3 = await startTestS3();
    try {
      const ready = await probeApp(ctx, undefined, loadConfig({ ...s3.env }));
      const ok = await ready.app.inject({ method: 'GET', url: '/readyz' });
      await ready.app.close();
      expect(ok.statusCode).toBe(200);
      expect(ok.json().checks).toEqual({ database: 'ok', migrations: 'ok', storage: 'ok' });

      const missing = await probeApp(
        ctx,
        undefined,
        loadConfig({ ...s3.env, S3_BUCKET: 'no-such-bucket' }),
      );
      const res = await missing.app.inject({ method: 'GET', url: '/readyz' });
      await missing.app.close();
      expect(res.statusCode).toBe(503);
      expect(res.json()).toMatchObject({ failed: ['storage'], checks: { storage: 'failed' } });
    } finally {
      await s3.close();
    }
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
        checks: { database: 'ok', migrations: 'failed', storage: 'ok' },
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
        checks: { database: 'ok', migrations: 'ok', redis: 'failed', storage: 'ok' },
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
      expect(res.json().checks).toEqual({
        database: 'ok',
        migrations: 'ok',
        redis: 'ok',
        storage: 'ok',
      });
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
