import { spawn, type ChildProcess } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Client, type QueryResultRow } from 'pg';
import S3rver from 's3rver';

// Starts what a scale-out deployment runs, on this machine: a fresh PostgreSQL database, a Redis
// key prefix of its own, an S3-compatible store (s3rver), three Parley instances and HAProxy
// with the configuration of docs/haproxy.cfg. Everything stops in stop(), also after a failure.

const here = path.dirname(fileURLToPath(import.meta.url));
export const REPO_ROOT = path.resolve(here, '../..');
export const HAPROXY_CFG = path.join(REPO_ROOT, 'docs/haproxy.cfg');
/** The built server (`npm run build -w @parley/server`); CLUSTER_SERVER_ENTRY runs another build. */
const SERVER_ENTRY =
  process.env.CLUSTER_SERVER_ENTRY ?? path.join(REPO_ROOT, 'apps/server/dist/main.js');
const HAPROXY = process.env.HAPROXY_PATH ?? '/usr/sbin/haproxy';
const ADMIN_DATABASE_URL =
  process.env.CLUSTER_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const REDIS_URL = process.env.CLUSTER_REDIS_URL ?? 'redis://127.0.0.1:6379';

const BASE_PORT = Number(process.env.CLUSTER_BASE_PORT ?? 41100);
export const PORTS = {
  balancer: BASE_PORT,
  instances: [BASE_PORT + 1, BASE_PORT + 2, BASE_PORT + 3],
  s3: BASE_PORT + 10,
  webhookReceiver: BASE_PORT + 11,
};

export interface Instance {
  /** HAProxy's name for it: what X-Served-By says. */
  readonly name: string;
  readonly port: number;
  process: ChildProcess | null;
  /** The exit code and signal of its last run. */
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  output: string[];
}

export class Cluster {
  readonly id = crypto.randomBytes(4).toString('hex');
  readonly database = `parley_cluster_${this.id}`;
  readonly redisKeyPrefix = `parley_cluster_${this.id}:`;
  readonly secretKey = crypto.randomBytes(32).toString('hex');
  /** Data directories and the store's files; made by start() (the runner loads specs twice). */
  dir = '';
  readonly baseURL = `http://127.0.0.1:${PORTS.balancer}`;
  readonly instances: Instance[] = PORTS.instances.map((port, i) => ({
    name: `parley${i + 1}`,
    port,
    process: null,
    exited: Promise.resolve({ code: null, signal: null }),
    output: [],
  }));
  private s3: S3rver | null = null;
  private haproxy: ChildProcess | null = null;
  private haproxyOutput: string[] = [];
  private dbCreated = false;
  private readonly killOnExit = () => {
    for (const child of this.children()) child.kill('SIGKILL');
  };

  get databaseUrl() {
    const url = new URL(ADMIN_DATABASE_URL);
    url.pathname = `/${this.database}`;
    return url.toString();
  }

  /** The database, the store and HAProxy; then every instance at once, on the empty database. */
  async start() {
    process.once('exit', this.killOnExit);
    this.dir = fs.mkdtempSync(path.join(os.tmpdir(), 'parley-cluster-'));
    await this.admin(`create database ${this.database}`);
    this.dbCreated = true;
    this.s3 = new S3rver({
      port: PORTS.s3,
      address: '127.0.0.1',
      silent: true,
      directory: path.join(this.dir, 's3'),
      configureBuckets: [{ name: 'parley' }],
    });
    await this.s3.run();
    this.startHaproxy();
    for (const instance of this.instances) this.startInstance(instance);
    await Promise.all(this.instances.map((instance) => this.waitReady(instance)));
  }

  startInstance(instance: Instance) {
    const dataDir = path.join(this.dir, instance.name);
    fs.mkdirSync(dataDir, { recursive: true });
    const child = spawn(process.execPath, [SERVER_ENTRY], {
      cwd: REPO_ROOT,
      stdio: ['ignore', 'pipe', 'pipe'],
      env: {
        PATH: process.env.PATH,
        NODE_ENV: 'production',
        PORT: String(instance.port),
        HOST: '127.0.0.1',
        PUBLIC_URL: this.baseURL,
        DATA_DIR: dataDir,
        DATABASE_URL: this.databaseUrl,
        REDIS_URL,
        REDIS_KEY_PREFIX: this.redisKeyPrefix,
        // One process per instance: these journeys are about instances (a kill, a drain, a
        // restart reach one process); workers within an instance have a test of their own
        // (apps/server/src/cluster.test.ts).
        WORKERS: '1',
        SECRET_KEY: this.secretKey,
        SMTP_PORT: 'off',
        TRUST_PROXY: 'on',
        LOG_LEVEL: 'warn',
        AUTH_RATE_LIMIT_PER_MINUTE: '10000',
        // The webhook receiver of the test listens on 127.0.0.1.
        OUTBOUND_ALLOW_PRIVATE: 'on',
        S3_ENDPOINT: `http://127.0.0.1:${PORTS.s3}`,
        S3_BUCKET: 'parley',
        S3_REGION: 'us-east-1',
        S3_ACCESS_KEY_ID: 'S3RVER',
        S3_SECRET_ACCESS_KEY: 'S3RVER',
        ...(process.env.WEB_DIST_DIR ? { WEB_DIST_DIR: process.env.WEB_DIST_DIR } : {}),
      },
    });
    instance.process = child;
    instance.output = [];
    const keep = (chunk: Buffer) => {
      instance.output.push(chunk.toString());
      if (instance.output.length > 200) instance.output.shift();
    };
    child.stdout!.on('data', keep);
    child.stderr!.on('data', keep);
    instance.exited = new Promise((resolve) =>
      child.once('exit', (code, signal) => {
        instance.process = null;
        resolve({ code, signal });
      }),
    );
  }

  /** The instance answers 200 on /readyz itself (not through the balancer). */
  async waitReady(instance: Instance, timeoutMs = 90_000) {
    const until = Date.now() + timeoutMs;
    let crashed = false;
    void instance.exited.then(() => (crashed = true));
    while (Date.now() < until) {
      if (crashed || !instance.process)
        throw new Error(`${instance.name} exited while starting:\n${instance.output.join('')}`);
      const status = await fetch(`http://127.0.0.1:${instance.port}/readyz`)
        .then((res) => res.status)
        .catch(() => 0);
      if (status === 200) return;
      await sleep(200);
    }
    throw new Error(`${instance.name} not ready in ${timeoutMs} ms:\n${instance.output.join('')}`);
  }

  private startHaproxy() {
    const [one, two, three] = PORTS.instances.map((port) => `127.0.0.1:${port}`);
    // -db: stay in the foreground, so stop() ends it with its process.
    this.haproxy = spawn(HAPROXY, ['-db', '-f', HAPROXY_CFG], {
      stdio: ['ignore', 'pipe', 'pipe'],
      env: {
        PATH: process.env.PATH,
        PARLEY_LISTEN: `127.0.0.1:${PORTS.balancer}`,
        PARLEY_1: one,
        PARLEY_2: two,
        PARLEY_3: three,
      },
    });
    const keep = (chunk: Buffer) => this.haproxyOutput.push(chunk.toString());
    this.haproxy.stdout!.on('data', keep);
    this.haproxy.stderr!.on('data', keep);
  }

  /** Until HAProxy sends requests to exactly these instances (its checks have caught up). */
  async waitBalanced(names: string[], timeoutMs = 20_000) {
    const until = Date.now() + timeoutMs;
    const want = [...names].sort().join(',');
    let seen = '';
    while (Date.now() < until) {
      const served = new Set<string>();
      for (let i = 0; i < names.length * 4; i++) {
        const res = await fetch(`${this.baseURL}/healthz`).catch(() => null);
        const by = res?.headers.get('x-served-by');
        if (res?.ok && by) served.add(by);
      }
      seen = [...served].sort().join(',');
      if (seen === want) return;
      await sleep(300);
    }
    throw new Error(
      `HAProxy balances over [${seen}], not [${want}]:\n${this.haproxyOutput.join('')}`,
    );
  }

  instance(name: string): Instance {
    const found = this.instances.find((i) => i.name === name);
    if (!found) throw new Error(`no instance ${name}`);
    return found;
  }

  /** A query on the cluster's database (the test's own checks of what was stored). */
  async query<T extends QueryResultRow>(text: string, values: unknown[] = []): Promise<T[]> {
    const client = new Client({ connectionString: this.databaseUrl });
    await client.connect();
    try {
      return (await client.query<T>(text, values)).rows;
    } finally {
      await client.end();
    }
  }

  private async admin(text: string) {
    const client = new Client({ connectionString: ADMIN_DATABASE_URL });
    await client.connect();
    try {
      await client.query(text);
    } finally {
      await client.end();
    }
  }

  private children(): ChildProcess[] {
    return [this.haproxy, ...this.instances.map((i) => i.process)].filter(
      (c): c is ChildProcess => c !== null && c.exitCode === null && c.signalCode === null,
    );
  }

  /** Stops every process, the store and the database; safe after any failure. */
  async stop() {
    const children = this.children();
    const gone = children.map((c) => new Promise((resolve) => c.once('exit', resolve)));
    for (const child of children) child.kill('SIGKILL');
    await Promise.race([Promise.all(gone), sleep(5_000)]);
    process.off('exit', this.killOnExit);
    await this.s3?.close().catch(() => {});
    if (this.dbCreated) await this.admin(`drop database if exists ${this.database} with (force)`);
    await this.dropRedisKeys().catch(() => {});
    if (this.dir) fs.rmSync(this.dir, { recursive: true, force: true });
  }

  private async dropRedisKeys() {
    const { Redis } = await import('ioredis');
    const redis = new Redis(REDIS_URL, { lazyConnect: true, maxRetriesPerRequest: 1 });
    try {
      let cursor = '0';
      do {
        const [next, keys] = await redis.scan(
          cursor,
          'MATCH',
          `${this.redisKeyPrefix}*`,
          'COUNT',
          500,
        );
        cursor = next;
        if (keys.length) await redis.del(...keys);
      } while (cursor !== '0');
    } finally {
      redis.disconnect();
    }
  }

  /** What the instances and HAProxy printed, for a failure's message. */
  logs(): string {
    return [
      ...this.instances.map((i) => `--- ${i.name}\n${i.output.join('')}`),
      `--- haproxy\n${this.haproxyOutput.join('')}`,
    ].join('\n');
  }
}

export const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

export interface Delivery {
  messageId: number;
  body: string;
}

/** The customer's system behind the API channel: records each webhook delivery it is sent. */
export async function startWebhookReceiver() {
  const deliveries: Delivery[] = [];
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const payload = JSON.parse(Buffer.concat(chunks).toString('utf8')) as {
        message: { id: number; body: string };
      };
      deliveries.push({ messageId: payload.message.id, body: payload.message.body });
      res.end('ok');
    });
  });
  await new Promise<void>((resolve) => server.listen(PORTS.webhookReceiver, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${PORTS.webhookReceiver}/hooks/parley`,
    deliveries,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
