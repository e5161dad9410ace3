import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import crypto from 'node:crypto';
import { Client } from 'pg';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { inject } from 'vitest';
import { buildApp } from '../app';
import { loadConfig, type Config } from '../config';
import { openPglite, openPostgres, type Database } from '../db/client';
import { EventBus } from '../lib/events';
import { createMailer } from '../lib/mailer';
import { JobWorker } from '../lib/jobs';
import { SecretBox } from '../lib/secret-box';
import type { Deps } from '../lib/deps';

export interface TestContext {
  app: FastifyInstance;
  deps: Deps;
  config: Config;
  mailboxDir: string;
  close(): Promise<void>;
}

/**
 * A fresh database for one test file: in-memory PGlite, or — when DATABASE_URL is set —
 * a new PostgreSQL database created for this file and dropped after it. Both start as a copy of
 * the run's migrated template; createTestContext still migrates, which then finds nothing to do.
 */
async function freshDatabase(): Promise<{ database: Database; drop: () => Promise<void> }> {
  const adminUrl = process.env.DATABASE_URL;
  // Migrated once for the run (database-template.ts); absent when a file runs outside the suite.
  const template = inject('databaseTemplate');
  if (!adminUrl) {
    const from =
      template?.kind === 'pglite' ? new Blob([await fs.readFile(template.file)]) : undefined;
    const database = await openPglite(undefined, from);
    return { database, drop: async () => {} };
  }
  const name = `parley_test_${crypto.randomBytes(6).toString('hex')}`;
  const admin = new Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(
    template?.kind === 'postgres'
      ? `create database ${name} template ${template.name}`
      : `create database ${name}`,
  );
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const database = await openPostgres(url.toString(), 5);
  return {
    database,
    drop: async () => {
      const c = new Client({ connectionString: adminUrl });
      await c.connect();
      await c.query(`drop database if exists ${name} with (force)`);
      await c.end();
    },
  };
}

export async function createTestContext(env: Record<string, string> = {}): Promise<TestContext> {
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'parley-test-'));
  const config = loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'silent',
    DEMO: 'off',
    ...env,
  });
  const { database, drop } = await freshDatabase();
  await database.migrate();
  const mailboxDir = path.join(dataDir, 'mailbox');
  const deps: Deps = {
    db: database.db,
    config,
    mailer: createMailer({ mailboxDir, from: config.mailFrom }),
    events: new EventBus(),
    jobs: new JobWorker(database.db),
    secrets: new SecretBox(crypto.randomBytes(32).toString('hex')),
  };
  const app = await buildApp(deps, { logger: process.env.TEST_LOG === '1' });
  await app.ready();
  return {
    app,
    deps,
    config,
    mailboxDir,
    async close() {
      await app.close();
      await deps.jobs.stop();
      await database.close();
      await drop();
      await fs.rm(dataDir, { recursive: true, force: true });
    },
  };
}

/** The messages in the local mailbox, oldest first, as raw text. */
export async function readMailbox(ctx: TestContext): Promise<{ to: string; raw: string }[]> {
  const files = await fs.readdir(ctx.mailboxDir).catch(() => [] as string[]);
  files.sort();
  return Promise.all(
    files.map(async (f) => ({
      to: f.replace(/^\d+-/, '').replace(/\.eml$/, ''),
      raw: await fs.readFile(path.join(ctx.mailboxDir, f), 'utf8'),
    })),
  );
}

/** The first link to `pathPrefix` in the newest mail sent to `to` (quoted-printable undone). */
export async function linkFromMail(
  ctx: TestContext,
  to: string,
  pathPrefix: string,
): Promise<string> {
  const mails = (await readMailbox(ctx)).filter((m) => m.to === to);
  const raw = mails
    .at(-1)
    ?.raw.replace(/=\r?\n/g, '')
    .replace(/=3D/g, '=');
  const match =
    raw && new RegExp(`https?://[^\\s]*${pathPrefix.replace(/\//g, '\\/')}[^\\s]*`).exec(raw);
  if (!match) throw new Error(`no mail to ${to} with a link to ${pathPrefix}`);
  return match[0];
}

export interface Session {
  token: string;
  accountId: number;
  csrf: string;
  userId: number;
}

let counter = 0;
export function uniqueEmail(prefix = 'agent') {
  counter += 1;
  return `${prefix}-${counter}-${crypto.randomBytes(3).toString('hex')}@example.com`;
}

/** Signs up a new person and account over HTTP; answers the session as the web app would hold it. */
export async function signUp(
  ctx: TestContext,
  over: Partial<{ name: string; email: string; password: string; account_name: string }> = {},
): Promise<Session & { email: string; password: string }> {
  const body = {
    name: 'Ada Agent',
    email: uniqueEmail(),
    password: 'correct horse battery',
    account_name: 'Acme Support',
    ...over,
  };
  const res = await ctx.app.inject({
    method: 'POST',
    url: '/dashboardapi/auth/signup',
    payload: body,
  });
  if (res.statusCode !== 201) throw new Error(`signup failed: ${res.statusCode} ${res.body}`);
  return { ...sessionFrom(res), email: body.email, password: body.password };
}

export function sessionFrom(res: LightMyRequestResponse): Session {
  const json = res.json() as { token: string; account_id: number; user: { id: number } };
  const csrf = res.cookies.find((c) => c.name === 'csrftoken')?.value;
  if (!csrf) throw new Error('no csrftoken cookie');
  return { token: json.token, accountId: json.account_id, csrf, userId: json.user.id };
}

/** A request as the web app sends it: the three session headers (docs/product/api.md) plus the csrftoken cookie. */
export function as(ctx: TestContext, s: Pick<Session, 'token' | 'accountId' | 'csrf'>) {
  const call = (
    method: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE',
    url: string,
    payload?: unknown,
  ) =>
    ctx.app.inject({
      method,
      url,
      headers: {
        authorization: `Token ${s.token}`,
        'x-dc-account-id': String(s.accountId),
        'x-csrftoken': s.csrf,
        cookie: `csrftoken=${s.csrf}; auth_token=${s.token}; account_id=${s.accountId}`,
        ...(payload === undefined ? {} : { 'content-type': 'application/json' }),
      },
      ...(payload === undefined ? {} : { payload: JSON.stringify(payload) }),
    });
  return {
    get: (url: string) => call('GET', url),
    post: (url: string, payload: unknown = {}) => call('POST', url, payload),
    patch: (url: string, payload: unknown = {}) => call('PATCH', url, payload),
    put: (url: string, payload: unknown = {}) => call('PUT', url, payload),
    delete: (url: string, payload?: unknown) => call('DELETE', url, payload),
  };
}
