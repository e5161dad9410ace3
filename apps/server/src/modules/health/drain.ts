import type { FastifyInstance } from 'fastify';
import { READYZ_PATH } from './health.routes';

/**
 * How an instance leaves a load balancer before it stops (README, "Graceful shutdown"): readiness fails
 * while the instance keeps serving, until the balancer has noticed and no request is on its way.
 */
export interface DrainTiming {
  /** A readiness probe this recent means a load balancer watches: shutdown drains first. */
  probedWithinMs: number;
  /** Failed probes after which the balancer has taken the instance out (HAProxy's `fall 2`). */
  failedProbes: number;
  /** ...and no request came for this long: none is on its way. */
  quietMs: number;
  /** The longest drain, whatever the balancer does. */
  limitMs: number;
}

export const DRAIN_TIMING: DrainTiming = {
  probedWithinMs: 60_000,
  failedProbes: 2,
  quietMs: 500,
  limitMs: 10_000,
};

export interface Drain {
  /** From now on /readyz answers 503 `shutting_down`; everything else is still served. */
  begin(): void;
  /** Resolves once the balancer has stopped sending requests (at once when nobody probes). */
  drained(): Promise<void>;
}

/**
 * Watches the instance's requests for the drain: installed on the root app, so it sees every
 * request; the readiness probe is answered here while draining, outside the route's checks.
 */
export function installDrain(app: FastifyInstance, timing: DrainTiming = DRAIN_TIMING): Drain {
  const state = { active: false, failedProbes: 0, lastProbeAt: 0, lastRequestAt: 0 };
  app.addHook('onRequest', async (request, reply) => {
    const now = Date.now();
    if (request.url.split('?')[0] !== READYZ_PATH) {
      state.lastRequestAt = now;
      return;
    }
    state.lastProbeAt = now;
    if (!state.active) return;
    state.failedProbes++;
    return reply
      .code(503)
      .header('connection', 'close')
      .serializer(JSON.stringify)
      .send({ status: 'unavailable', failed: ['shutting_down'], checks: {} });
  });
  return {
    begin() {
      state.active = true;
    },
    async drained() {
      // Nobody probes readiness (no balancer, e.g. Ctrl-C in a terminal): nothing to wait for.
      if (Date.now() - state.lastProbeAt > timing.probedWithinMs) return;
      const until = Date.now() + timing.limitMs;
      while (Date.now() < until) {
        const quiet = Date.now() - state.lastRequestAt >= timing.quietMs;
        if (state.failedProbes >= timing.failedProbes && quiet) return;
        await new Promise((resolve) => setTimeout(resolve, Math.min(100, timing.quietMs)));
      }
    },
  };
}
