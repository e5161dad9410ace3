import { spawn, execFileSync, type ChildProcess } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Redis } from 'ioredis';
import { Client } from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dcuserPanelChannel, conversationPresenceChannel } from '@parley/contracts';
import { WORKER_HEADER } from './cluster';
import { ConfigError, loadConfig } from './config';
import { RawClient } from './realtime/pusher-test-client';

// The built server with two workers (WORKERS=2) on PostgreSQL, as it runs in production: with
// Redis carrying realtime between the workers, and without it (the primary relays). Needs
// DATABASE_URL (the PostgreSQL mode); the Redis case also needs Redis on loopback.

const ADMIN_URL = process.env.DATABASE_URL;
const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
const serverDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
/** Ports of this file's servers (CLUSTER_TEST_PORT moves them). */
const BASE_PORT = Number(process.env.CLUSTER_TEST_PORT ?? 41_710);

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
const redisAvailable = ADMIN_URL ? (await redisAnswers()) || Boolean(process.env.CI) : false;

/** One GET on a connection of its own (a kept-alive one would always reach the same worker). */
function get(port: number, pathname: string): Promise<{ status: number; worker: string }> {
  return new Promise((resolve, reject) => {
    http
      .get({ host: '127.0.0.1', port, path: pathname, agent: false }, (res) => {
        res.resume();
        res.on('end', () =>
          resolve({ status: res.statusCode ?? 0, worker: String(res.headers[WORKER_HEADER]) }),
        );
      })
      .on('error', reject);
  });
}

interface Agent {
  headers: Record<string, string>;
  userId: number;
}

async function signUp(base: string): Promise<Agent> {
  const res = await fetch(`${base}/dashboardapi/auth/signup`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      name: 'Cluster Agent',
      email: `cluster-${crypto.randomBytes(4).toString('hex')}@example.com`,
      password: 'cluster-password',
      account_name: 'Cluster',
    }),
  });
  expect(res.status).toBe(201);
  return sessionOf(res, (await res.json()) as SessionBody);
}

interface SessionBody {
  token: string;
  account_id: number;
  user: { id: number };
}

function sessionOf(res: Response, session: SessionBody): Agent {
  const csrf = /csrftoken=([^;]+)/.exec(res.headers.getSetCookie().join('; '))?.[1] ?? '';
  return {
    userId: session.user.id,
    headers: {
      authorization: `Token ${session.token}`,
      'x-dc-account-id': String(session.account_id),
      'x-csrftoken': csrf,
      cookie: `csrftoken=${csrf}; auth_token=${session.token}; account_id=${session.account_id}`,
    },
  };
}

async function call(
  base: string,
  agent: Agent | null,
  method: string,
  url: string,
  body?: unknown,
) {
  const res = await fetch(`${base}${url}`, {
    method,
    headers: {
      ...agent?.headers,
      ...(body !== undefined && { 'content-type': 'application/json' }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  if (!res.ok) throw new Error(`${method} ${url} answered ${res.status}: ${text}`);
  return JSON.parse(text) as Record<string, unknown>;
}

/** A socket and the worker that took it (from the handshake's header). */
async function socketOn(
  port: number,
): Promise<{ client: RawClient; worker: string; socketId: string }> {
  const client = new RawClient(RawClient.url(port));
  const worker = new Promise<string>((resolve) =>
    client.ws.once('upgrade', (res) => resolve(String(res.headers[WORKER_HEADER]))),
  );
  await client.opened;
  return { client, worker: await worker, socketId: await client.socketId() };
}

async function subscribe(
  base: string,
  agent: Agent,
  socket: { client: RawClient; socketId: string },
  channel: string,
) {
  const res = await fetch(`${base}/dashboardapi/pusher/auth`, {
    method: 'POST',
    headers: { ...agent.headers, 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ socket_id: socket.socketId, channel_name: channel }).toString(),
  });
  expect(res.status).toBe(200);
  const auth = (await res.json()) as { auth: string; channel_data?: string };
  socket.client.send({ event: 'pusher:subscribe', data: { channel, ...auth } });
  await socket.client.next('pusher_internal:subscription_succeeded', (m) => m.channel === channel);
}

class Instance {
  readonly output: string[] = [];
  readonly exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  readonly child: ChildProcess;

  constructor(entry: string, env: Record<string, string>) {
    this.child = spawn(process.execPath, [entry], {
      env: { PATH: process.env.PATH, NODE_ENV: 'production', HOST: '127.0.0.1', ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const keep = (chunk: Buffer) => this.output.push(chunk.toString());
    this.child.stdout!.on('data', keep);
    this.child.stderr!.on('data', keep);
    this.exited = new Promise((resolve) =>
      this.child.once('exit', (code, signal) => resolve({ code, signal })),
    );
  }

  /** The pids of the workers, from their `ready` log lines. */
  workerPids(): number[] {
    return this.output
      .join('')
      .split('\n')
      .flatMap((line) => {
        try {
          const entry = JSON.parse(line) as { msg?: string; pid?: number; worker?: number };
          return entry.msg === 'ready' && entry.worker ? [entry.pid!] : [];
        } catch {
          return [];
        }
      });
  }

  async waitReady(port: number) {
    const until = Date.now() + 60_000;
    let gone = false;
    void this.exited.then(() => (gone = true));
    while (Date.now() < until) {
      if (gone) throw new Error(`the server exited while starting:\n${this.output.join('')}`);
      // Ready when both workers have said so (the first alone would already answer).
      if (
        this.workerPids().length >= 2 &&
        (await get(port, '/healthz').catch(() => null))?.status === 200
      )
        return;
      await new Promise((r) => setTimeout(r, 100));
    }
    throw new Error(`the server was not ready within 60 s:\n${this.output.join('')}`);
  }
}

const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

describe('WORKERS: server processes per instance', () => {
  const pg = 'postgres://parley@db.internal:5432/parley';

  it('runs one worker per core on PostgreSQL, and one process embedded', () => {
    expect(loadConfig({ DATABASE_URL: pg }).workers).toBe(os.availableParallelism());
    expect(loadConfig({ DATABASE_URL: pg, WORKERS: '1' }).workers).toBe(1);
    expect(loadConfig({}).workers).toBe(1);
    expect(loadConfig({ WORKERS: '1' }).workers).toBe(1);
  });

  it('refuses several workers on the embedded database, which lives in one process', () => {
    expect(() => loadConfig({ WORKERS: '2' })).toThrow(ConfigError);
    expect(() => loadConfig({ WORKERS: '2' })).toThrow(/WORKERS: .*DATABASE_URL/);
  });

  it('names WORKERS when its value is no whole number from 1 to 64', () => {
    for (const bad of ['0', '65', '1.5', 'many'])
      expect(() => loadConfig({ DATABASE_URL: pg, WORKERS: bad })).toThrow(
        /WORKERS must be a whole number/,
      );
  });
});

describe.skipIf(!ADMIN_URL)('two workers per instance (WORKERS=2, PostgreSQL)', () => {
  const id = crypto.randomBytes(4).toString('hex');
  const database = `parley_workers_${id}`;
  const buildDir = path.join(serverDir, 'node_modules', '.cache', `parley-workers-${id}`);
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'parley-workers-'));
  let databaseUrl = '';

  const admin = async (statement: string) => {
    const client = new Client({ connectionString: ADMIN_URL });
    await client.connect();
    try {
      await client.query(statement);
    } finally {
      await client.end();
    }
  };

  beforeAll(async () => {
    // The built server, as deployments run it (into a folder of its own: another build may be in use).
    execFileSync(process.execPath, ['build.mjs', `--outdir=${buildDir}`], { cwd: serverDir });
    await admin(`create database ${database}`);
    const url = new URL(ADMIN_URL!);
    url.pathname = `/${database}`;
    databaseUrl = url.toString();
  }, 120_000);

  afterAll(async () => {
    fs.rmSync(buildDir, { recursive: true, force: true });
    fs.rmSync(dataDir, { recursive: true, force: true });
    await admin(`drop database if exists ${database} with (force)`);
  });

  const cases = [
    { name: 'with Redis carrying realtime between them', redis: true, port: BASE_PORT },
    { name: 'without Redis (the primary process relays)', redis: false, port: BASE_PORT + 1 },
  ];
  for (const c of cases) {
    it.skipIf(c.redis && !redisAvailable)(
      `both workers serve, realtime and presence cross them, SIGTERM stops them all: ${c.name}`,
      async () => {
        const base = `http://127.0.0.1:${c.port}`;
        const instance = new Instance(path.join(buildDir, 'main.js'), {
          PORT: String(c.port),
          PUBLIC_URL: base,
          DATA_DIR: dataDir,
          DATABASE_URL: databaseUrl,
          WORKERS: '2',
          SMTP_PORT: 'off',
          LOG_LEVEL: 'info',
          AUTH_RATE_LIMIT_PER_MINUTE: '10000',
          ...(c.redis && { REDIS_URL, REDIS_KEY_PREFIX: `parley-workers-${id}:` }),
        });
        const sockets: RawClient[] = [];
        try {
          await instance.waitReady(c.port);
          const pids = instance.workerPids();
          expect(new Set(pids).size).toBe(2);

          // Requests on new connections reach both workers.
          const served = new Set<string>();
          for (let i = 0; i < 10 && served.size < 2; i++)
            served.add((await get(c.port, '/healthz')).worker);
          expect([...served].sort()).toEqual(['1', '2']);

          // One socket on each worker.
          const byWorker = new Map<string, Awaited<ReturnType<typeof socketOn>>>();
          for (let i = 0; i < 10 && byWorker.size < 2; i++) {
            const s = await socketOn(c.port);
            sockets.push(s.client);
            if (!byWorker.has(s.worker)) byWorker.set(s.worker, s);
          }
          const [one, two] = [byWorker.get('1'), byWorker.get('2')];
          expect(one && two).toBeTruthy();

          const agent = await signUp(base);
          const panel = dcuserPanelChannel(agent.userId);
          for (const s of [one!, two!]) await subscribe(base, agent, s, panel);

          // A customer's message, whichever worker stores it, reaches the agent on both workers.
          const channel = await call(base, agent, 'POST', '/dashboardapi/supportchannel', {
            type: 'api',
            name: 'API',
          });
          const key = await call(base, agent, 'POST', '/dashboardapi/apikeys', { name: 'cluster' });
          const events = [one!, two!].map((s) =>
            s.client.next('message_created', (m) => m.channel === panel),
          );
          await fetch(`${base}/api/v1/channels/${channel.id as number}/messages`, {
            method: 'POST',
            headers: {
              authorization: `Bearer ${key.key as string}`,
              'content-type': 'application/json',
            },
            body: JSON.stringify({
              contact: { identifier: 'c-1', name: 'Customer' },
              message: { id: 'm-1', body: 'Hello' },
            }),
          }).then((res) => expect(res.status).toBe(201));
          const received = await Promise.all(events);
          const conversationId = (received[0]!.data as { conversation_id: number }).conversation_id;
          expect((received[1]!.data as { conversation_id: number }).conversation_id).toBe(
            conversationId,
          );

          // Presence is one list across the workers: the second joiner is announced to the first.
          const presence = conversationPresenceChannel(conversationId);
          await subscribe(base, agent, one!, presence);
          const added = one!.client.next(
            'pusher_internal:member_added',
            (m) => m.channel === presence,
          );
          const other = await signUpMember(base, agent);
          await subscribe(base, other, two!, presence);
          expect((await added).data).toMatchObject({ user_id: other.userId });

          // SIGTERM to the primary stops every worker, cleanly.
          instance.child.kill('SIGTERM');
          const exit = await instance.exited;
          expect(exit).toEqual({ code: 0, signal: null });
          for (const pid of pids) expect(alive(pid)).toBe(false);
        } finally {
          for (const s of sockets) s.ws.terminate();
          if (instance.child.exitCode === null) instance.child.kill('SIGKILL');
        }
      },
      120_000,
    );
  }
});

/** A second agent of the same account: invited, and joined through the invitation's link. */
async function signUpMember(base: string, owner: Agent): Promise<Agent> {
  const email = `member-${crypto.randomBytes(4).toString('hex')}@example.com`;
  const invitation = await call(base, owner, 'POST', '/dashboardapi/teammembers/invite', {
    email,
    permission_level: 'agent',
  });
  const { link } = await call(
    base,
    owner,
    'POST',
    `/dashboardapi/teammembers/invitations/${invitation.id as number}/link`,
  );
  const token = String(link).split('/').pop()!;
  const res = await fetch(`${base}/dashboardapi/teammembers/invite/${token}/accept`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ name: 'Second Agent', password: 'cluster-password' }),
  });
  expect(res.ok).toBe(true);
  return sessionOf(res, (await res.json()) as SessionBody);
}
