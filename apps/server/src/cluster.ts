import cluster, { type Worker } from 'node:cluster';
import { ClusterPresence, isRelayMessage, type RelayMessage } from './realtime/worker-relay';

/**
 * Several server processes per instance (WORKERS, PostgreSQL mode): the primary forks them, they
 * share the listening port (node:cluster hands each connection to one of them in turn), and each
 * is an instance of its own for everything else — the database's locks make jobs, timers and
 * migrations take turns, and realtime crosses workers through Redis (REDIS_URL) or, without it,
 * through the primary (realtime/worker-relay.ts). The first worker alone runs what must run once
 * per instance: the built-in SMTP server and the demo workspace.
 */

/** Which worker this is (1…WORKERS), set by the primary; a replacement keeps the number. */
const WORKER_ENV = 'PARLEY_WORKER';
/** Names the worker that answered, on every response and realtime handshake. */
export const WORKER_HEADER = 'x-parley-worker';

/** This process's worker number; null when the instance runs as one process. */
export function workerNumber(): number | null {
  if (!cluster.isWorker) return null;
  const n = Number(process.env[WORKER_ENV]);
  return Number.isInteger(n) && n > 0 ? n : null;
}

/** The process that runs once-per-instance work: the first worker, or the only process. */
export function isLeadProcess(): boolean {
  const n = workerNumber();
  return n === null || n === 1;
}

/** Tells the primary this worker listens (see RelayMessage `ready`). */
export function reportReady(): void {
  if (cluster.isWorker) process.send?.({ parley: 'ready' } satisfies RelayMessage);
}

/** A worker that crashed after it was ready is replaced after this pause. */
const RESTART_DELAY_MS = 1_000;

type Level = 'info' | 'warn' | 'error';
const LEVELS: Record<string, number> = { trace: 10, debug: 20, info: 30, warn: 40, error: 50 };

/**
 * Forks the workers and stays in the foreground: relays realtime between them, replaces a worker
 * that crashes, and on SIGTERM or SIGINT stops them all (each drains as a single process does)
 * before it exits. A worker that fails before it is ready stops the instance: its next start
 * would fail alike, and the orchestrator should hear of it.
 */
export function runPrimary(opts: {
  workers: number;
  /** Added to each worker's environment (e.g. the SECRET_KEY generated once). */
  env: Record<string, string>;
  logLevel: string;
  /** Past this after SIGTERM, workers still running are killed and the exit code is 1. */
  shutdownLimitMs: number;
}): void {
  const threshold = LEVELS[opts.logLevel] ?? (opts.logLevel === 'silent' ? Infinity : 30);
  const log = (level: Level, msg: string, extra: Record<string, unknown> = {}) => {
    if (LEVELS[level]! < threshold) return;
    // The workers log JSON lines (pino): the primary's lines have the same shape.
    const line = JSON.stringify({
      level: LEVELS[level],
      time: Date.now(),
      pid: process.pid,
      msg,
      ...extra,
    });
    (level === 'info' ? process.stdout : process.stderr).write(line + '\n');
  };

  const presence = new ClusterPresence();
  const slots = new Map<Worker, { n: number; ready: boolean }>();
  let stopping = false;
  let exitCode = 0;

  const fork = (n: number) => {
    const worker = cluster.fork({ ...opts.env, [WORKER_ENV]: String(n) });
    slots.set(worker, { n, ready: false });
    worker.on('message', (message: unknown) => {
      if (!isRelayMessage(message)) return;
      if (message.parley === 'ready') {
        slots.get(worker)!.ready = true;
      } else if (message.parley === 'fanout') {
        // The sender delivered to its own sockets already.
        for (const other of slots.keys())
          if (other !== worker && other.isConnected()) other.send(message);
      } else if (message.parley === 'presence') {
        const { id, op, channel, socketId, member } = message;
        const result = presence.run(worker.id, op, channel, socketId, member);
        if (worker.isConnected())
          worker.send({ parley: 'presence-result', id, result } satisfies RelayMessage);
      }
    });
  };

  cluster.on('exit', (worker, code, signal) => {
    const slot = slots.get(worker);
    if (!slot) return;
    slots.delete(worker);
    presence.workerExited(worker.id);
    if (stopping) {
      if (code !== 0) exitCode = 1;
      if (slots.size === 0) process.exit(exitCode);
      return;
    }
    if (!slot.ready) {
      log('error', 'a worker failed to start; stopping', { worker: slot.n, code, signal });
      exitCode = 1;
      stop();
      return;
    }
    log('error', 'a worker exited; starting another', { worker: slot.n, code, signal });
    setTimeout(() => {
      if (!stopping) fork(slot.n);
    }, RESTART_DELAY_MS).unref();
  });

  const stop = () => {
    if (stopping) return;
    stopping = true;
    if (slots.size === 0) process.exit(exitCode);
    // Each worker drains and closes as it does alone (main.ts); a Ctrl-C reached them already.
    for (const worker of slots.keys()) worker.process.kill('SIGTERM');
    const force = setTimeout(() => {
      log('error', 'workers took too long to stop; killing them');
      for (const worker of slots.keys()) worker.process.kill('SIGKILL');
      process.exit(1);
    }, opts.shutdownLimitMs);
    force.unref();
  };
  for (const signal of ['SIGTERM', 'SIGINT'] as const)
    process.on(signal, () => {
      log('info', 'shutting down', { signal, workers: slots.size });
      stop();
    });

  for (let n = 1; n <= opts.workers; n++) fork(n);
}
