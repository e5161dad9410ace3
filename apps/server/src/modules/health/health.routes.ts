import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Deps } from '../../lib/deps';
import { createReadinessProbe } from './health.service';

export const HEALTHZ_PATH = '/healthz';
export const READYZ_PATH = '/readyz';

const tags = ['health'];
const checkResult = z.enum(['ok', 'failed']);
const checks = z.object({
  database: checkResult.optional(),
  migrations: checkResult.optional(),
  redis: checkResult.optional(),
  storage: checkResult.optional(),
});

/**
 * Probes for load balancers and orchestrators: public, never rate-limited, and logged only
 * when something is wrong (a probe every few seconds would drown the request log).
 */
export const healthRoutes =
  (deps: Pick<Deps, 'db' | 'config'>): FastifyPluginAsyncZod =>
  async (app) => {
    const probe = createReadinessProbe(deps);
    app.addHook('onClose', async () => probe.close());

    app.get(
      HEALTHZ_PATH,
      {
        config: { auth: 'public' },
        logLevel: 'warn',
        schema: {
          tags,
          summary: 'Liveness: the process answers',
          response: { 200: z.object({ status: z.literal('ok') }) },
        },
      },
      async () => ({ status: 'ok' as const }),
    );

    app.get(
      READYZ_PATH,
      {
        config: { auth: 'public' },
        logLevel: 'warn',
        schema: {
          tags,
          summary:
            'Readiness: the database answers and is migrated, Redis answers when REDIS_URL is set, and the file store (data directory or S3 bucket) takes files',
          response: {
            200: z.object({ status: z.literal('ok'), checks }),
            503: z.object({
              status: z.literal('unavailable'),
              // shutting_down: the instance is draining before it stops (answered by the shutdown hook).
              failed: z.array(
                z.enum(['database', 'migrations', 'redis', 'storage', 'shutting_down']),
              ),
              checks,
            }),
          },
        },
      },
      async (request, reply) => {
        const readiness = await probe.check();
        if (readiness.ready) return { status: 'ok' as const, checks: readiness.checks };
        request.log.warn({ failed: readiness.errors }, 'not ready');
        return reply.code(503).send({
          status: 'unavailable' as const,
          failed: Object.keys(readiness.errors) as (keyof typeof readiness.errors)[],
          checks: readiness.checks,
        });
      },
    );
  };
