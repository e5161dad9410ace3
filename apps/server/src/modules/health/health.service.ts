import { sql } from 'drizzle-orm';
import type { Redis } from 'ioredis';
import { migrationsApplied } from '../../db/migrate';
import type { Deps } from '../../lib/deps';
import { fileStoreFor } from '../../lib/file-store-choice';

export type ReadinessCheck = 'database' | 'migrations' | 'redis' | 'storage';
export type CheckResult = 'ok' | 'failed';

export interface Readiness {
  ready: boolean;
  checks: Partial<Record<ReadinessCheck, CheckResult>>;
  /** Why each failed check failed, for the server's log (not for the public answer). */
  errors: Partial<Record<ReadinessCheck, string>>;
}

/** A probe answers within this, or counts as failed (a pool waiting for a connection never ends). */
const CHECK_TIMEOUT_MS = 2000;

async function within<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms);
  });
  try {
    return await Promise.race([promise, timeout]);
  } finally {
    clearTimeout(timer);
  }
}

/**
 * Readiness of this instance: the database answers a trivial query and has every migration of
 * this code, Redis (when REDIS_URL is set) answers a PING on a connection of its own, and the
 * file store takes files (the data directory is writable, or the S3 bucket answers).
 */
export function createReadinessProbe(
  deps: Pick<Deps, 'db' | 'config'>,
  timeoutMs = CHECK_TIMEOUT_MS,
) {
  let redis: Redis | null = null;

  async function pingRedis(url: string) {
    if (!redis) {
      // Loaded on use: only the scale-out mode talks to Redis (idle memory budget).
      const { Redis: RedisClient } = await import('ioredis');
      redis = new RedisClient(url, {
        lazyConnect: true,
        maxRetriesPerRequest: 1,
        connectTimeout: timeoutMs,
      });
      // Reconnection errors surface as a failed check; unheard, ioredis prints each one.
      redis.on('error', () => {});
    }
    await redis.ping();
  }

  const probes: [ReadinessCheck, () => Promise<unknown>][] = [
    ['database', () => deps.db.execute(sql`select 1`)],
    [
      'migrations',
      async () => {
        if (!(await migrationsApplied(deps.db)))
          throw new Error('the database lacks migrations of this version');
      },
    ],
  ];
  const redisUrl = deps.config.redisUrl;
  if (redisUrl) probes.push(['redis', () => pingRedis(redisUrl)]);
  probes.push(['storage', () => fileStoreFor(deps.config).check()]);

  return {
    async check(): Promise<Readiness> {
      const results = await Promise.allSettled(probes.map(([, run]) => within(run(), timeoutMs)));
      const readiness: Readiness = { ready: true, checks: {}, errors: {} };
      probes.forEach(([name], i) => {
        const result = results[i]!;
        readiness.checks[name] = result.status === 'fulfilled' ? 'ok' : 'failed';
        if (result.status === 'rejected') {
          readiness.ready = false;
          readiness.errors[name] =
            result.reason instanceof Error ? result.reason.message : String(result.reason);
        }
      });
      return readiness;
    },
    close() {
      redis?.disconnect();
      redis = null;
    },
  };
}
