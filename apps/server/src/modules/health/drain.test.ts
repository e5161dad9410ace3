import Fastify from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { installDrain, type DrainTiming } from './drain';
import { READYZ_PATH } from './health.routes';

const FAST: DrainTiming = { probedWithinMs: 60_000, failedProbes: 2, quietMs: 50, limitMs: 2_000 };

const apps: ReturnType<typeof Fastify>[] = [];
afterEach(async () => {
  await Promise.all(apps.splice(0).map((app) => app.close()));
});

async function appWithDrain(timing = FAST) {
  const app = Fastify();
  apps.push(app);
  const drain = installDrain(app, timing);
  app.get(READYZ_PATH, async () => ({ status: 'ok' }));
  app.get('/work', async () => ({ done: true }));
  await app.ready();
  return { app, drain };
}

describe('graceful shutdown: the instance leaves the load balancer before it stops', () => {
  it('answers readiness 503 "shutting_down" once draining, and keeps serving everything else', async () => {
    const { app, drain } = await appWithDrain();
    expect((await app.inject(READYZ_PATH)).statusCode).toBe(200);
    drain.begin();
    const probe = await app.inject(READYZ_PATH);
    expect(probe.statusCode).toBe(503);
    expect(probe.json()).toEqual({ status: 'unavailable', failed: ['shutting_down'], checks: {} });
    expect(probe.headers.connection).toBe('close');
    expect((await app.inject('/work')).json()).toEqual({ done: true });
  });

  it('is drained only after two failed probes and a quiet spell with no requests', async () => {
    const { app, drain } = await appWithDrain();
    await app.inject(READYZ_PATH);
    drain.begin();
    let done = false;
    const drained = drain.drained().then(() => (done = true));
    await app.inject(READYZ_PATH);
    await new Promise((resolve) => setTimeout(resolve, 150));
    expect(done).toBe(false);
    await app.inject(READYZ_PATH);
    await app.inject('/work');
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(done).toBe(false);
    await drained;
    expect(done).toBe(true);
  });

  it('does not wait when no balancer probes the instance', async () => {
    const { drain } = await appWithDrain();
    drain.begin();
    const started = Date.now();
    await drain.drained();
    expect(Date.now() - started).toBeLessThan(50);
  });

  it('gives up waiting at its limit when the balancer never stops probing', async () => {
    const { app, drain } = await appWithDrain({ ...FAST, limitMs: 200 });
    await app.inject(READYZ_PATH);
    drain.begin();
    const started = Date.now();
    await drain.drained();
    expect(Date.now() - started).toBeGreaterThanOrEqual(190);
  });
});
