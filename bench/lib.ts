import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import nodePath from 'node:path';
import { fileURLToPath } from 'node:url';

export const root = nodePath.resolve(nodePath.dirname(fileURLToPath(import.meta.url)), '..');
// BENCH_SERVER_MAIN (with BENCH_SERVER_NODE_ARGS, e.g. `--import tsx` for src/main.ts) and
// WEB_DIST_DIR, which the server reads too: to measure another build than the repository's.
export const serverMain =
  process.env.BENCH_SERVER_MAIN ?? nodePath.join(root, 'apps/server/dist/main.js');
export const webDist = process.env.WEB_DIST_DIR ?? nodePath.join(root, 'apps/web/dist');

/**
 * The Node.js flags `npm start` runs the server with (the server package's `serve` script, e.g.
 * its young-generation size), so the bench measures the process operators run, memory included.
 */
export function serveNodeFlags(): string[] {
  const pkg = JSON.parse(fs.readFileSync(nodePath.join(root, 'apps/server/package.json'), 'utf8'));
  const words = String(pkg.scripts?.serve ?? '').split(/\s+/);
  const main = words.findIndex((w) => w.endsWith('.js'));
  return main < 0 ? [] : words.slice(1, main).filter((w) => w.startsWith('--'));
}

export interface Row {
  what: string;
  value: string;
  budget: string;
  ok: boolean | null;
}
export const rows: Row[] = [];
export function record(what: string, value: string, budget: string, ok: boolean | null) {
  rows.push({ what, value, budget, ok });
  // Printed as it comes too: a full run takes minutes.
  const verdict = ok === null ? '' : ok ? ' ✓' : ' ✗';
  console.info(`  ${what}: ${value} (budget ${budget})${verdict}`);
}

export interface RunningServer {
  child: ChildProcess;
  readyMs: number;
  base: string;
}

/** Starts the built server (loopback only) and waits until it answers. */
export async function startServer(
  env: Record<string, string>,
  port: number,
): Promise<RunningServer> {
  const started = performance.now();
  const base = `http://127.0.0.1:${port}`;
  // BENCH_SERVER_NODE_ARGS, e.g. `--cpu-prof --cpu-prof-dir=/tmp/prof`, to profile the server.
  const nodeArgs = [
    ...serveNodeFlags(),
    ...(process.env.BENCH_SERVER_NODE_ARGS?.split(' ').filter(Boolean) ?? []),
  ];
  // BENCH_SERVER_LOG: a file for the server's log (warnings and errors), else it is dropped.
  const log = process.env.BENCH_SERVER_LOG
    ? fs.openSync(process.env.BENCH_SERVER_LOG, 'a')
    : 'ignore';
  const child = spawn(process.execPath, [...nodeArgs, serverMain], {
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
      AUTH_RATE_LIMIT_PER_MINUTE: '10000',
      ...env,
    },
    stdio: ['ignore', log, 'inherit'],
  });
  const state = { exited: false };
  child.once('exit', () => {
    state.exited = true;
  });
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline && !state.exited) {
    try {
      const res = await fetch(`${base}/dashboardapi/docs/json`);
      if (res.ok) return { child, readyMs: performance.now() - started, base };
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 25));
  }
  child.kill('SIGKILL');
  throw new Error(
    state.exited
      ? 'the server exited before it was ready'
      : 'server did not become ready within 60 s',
  );
}

export async function stopServer(child: ChildProcess) {
  const exited = new Promise((r) => child.once('exit', r));
  child.kill('SIGTERM');
  await exited;
}

export function rssMb(pid: number): number {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  return Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0) / 1024;
}

export function percentile(sorted: number[], p: number) {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
}

export interface HttpAnswer {
  status: number;
  body: string;
}

/**
 * A keep-alive HTTP/1.1 client on node:http: the load generator shares the machine with the
 * server and the database, so it should cost as little CPU as it can (fetch costs ~3× more).
 */
export class HttpClient {
  private readonly agent: http.Agent;
  private readonly host: string;
  private readonly port: number;

  constructor(base: string, maxSockets = 64) {
    const url = new URL(base);
    this.host = url.hostname;
    this.port = Number(url.port);
    this.agent = new http.Agent({ keepAlive: true, maxSockets });
  }

  request(
    method: string,
    path: string,
    headers: Record<string, string>,
    body?: string,
  ): Promise<HttpAnswer> {
    return new Promise((resolve, reject) => {
      const req = http.request(
        {
          host: this.host,
          port: this.port,
          method,
          path,
          agent: this.agent,
          headers:
            body === undefined
              ? headers
              : {
                  ...headers,
                  'content-type': 'application/json',
                  'content-length': Buffer.byteLength(body),
                },
        },
        (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (c: Buffer) => chunks.push(c));
          res.on('end', () =>
            resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks).toString('utf8') }),
          );
          res.on('error', reject);
        },
      );
      req.on('error', reject);
      req.end(body);
    });
  }

  close() {
    this.agent.destroy();
  }
}

export interface LoadResult {
  p50: number;
  p95: number;
  p99: number;
  rps: number;
}

/** `total` GETs of `paths` (round robin) from `clients` concurrent loops; latencies in ms. */
export async function loadTest(
  base: string,
  paths: string[],
  headers: Record<string, string>,
  clients: number,
  total: number,
): Promise<LoadResult> {
  const client = new HttpClient(base, clients);
  const latencies: number[] = [];
  let next = 0;
  const started = performance.now();
  try {
    await Promise.all(
      Array.from({ length: clients }, async () => {
        while (next < total) {
          const path = paths[next % paths.length]!;
          next += 1;
          const t = performance.now();
          const res = await client.request('GET', path, headers);
          if (res.status !== 200)
            throw new Error(`${path} answered ${res.status}: ${res.body.slice(0, 200)}`);
          latencies.push(performance.now() - t);
        }
      }),
    );
  } finally {
    client.close();
  }
  const seconds = (performance.now() - started) / 1000;
  latencies.sort((a, b) => a - b);
  return {
    p50: percentile(latencies, 50),
    p95: percentile(latencies, 95),
    p99: percentile(latencies, 99),
    rps: total / seconds,
  };
}

export interface AgentSession {
  headers: Record<string, string>;
  userId: number;
  accountId: number;
}

function sessionHeaders(res: Response, session: { token: string; account_id: number }) {
  const csrf = /csrftoken=([^;]+)/.exec(res.headers.getSetCookie().join('; '))?.[1] ?? '';
  return {
    authorization: `Token ${session.token}`,
    'x-dc-account-id': String(session.account_id),
    'x-csrftoken': csrf,
    cookie: `csrftoken=${csrf}; auth_token=${session.token}; account_id=${session.account_id}`,
  };
}

async function authCall(base: string, path: string, body: unknown): Promise<AgentSession> {
  const res = await fetch(`${base}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  if (!res.ok) throw new Error(`${path} failed: ${res.status} ${await res.text()}`);
  const session = (await res.json()) as {
    token: string;
    account_id: number;
    user: { id: number };
  };
  return {
    headers: sessionHeaders(res, session),
    userId: session.user.id,
    accountId: session.account_id,
  };
}

export const login = (base: string, email: string, password: string) =>
  authCall(base, '/dashboardapi/auth/login', { email, password });

export const signup = (base: string, body: Record<string, string>) =>
  authCall(base, '/dashboardapi/auth/signup', body);

/** The signature for a socket's private channel, asked as the web app asks it. */
export async function channelAuth(
  base: string,
  agent: AgentSession,
  socketId: string,
  channelName: string,
): Promise<string> {
  const res = await fetch(`${base}/dashboardapi/pusher/auth`, {
    method: 'POST',
    headers: { ...agent.headers, 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ socket_id: socketId, channel_name: channelName }).toString(),
  });
  if (!res.ok) throw new Error(`channel auth answered ${res.status}`);
  return ((await res.json()) as { auth: string }).auth;
}

export const fmt = (ms: number) => `${ms.toFixed(1)} ms`;
