import crypto from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Client } from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { migratePostgres, migrationsApplied, migrationsFolder } from './migrate';
import { openPostgres } from './client';

const adminUrl = process.env.DATABASE_URL;
const created: string[] = [];
const tmpDirs: string[] = [];

/** A new empty database of its own (others run the suite on the same server). */
async function freshDatabaseUrl(): Promise<string> {
  const name = `parley_migrate_${crypto.randomBytes(6).toString('hex')}`;
  const admin = new Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  created.push(name);
  const url = new URL(adminUrl!);
  url.pathname = `/${name}`;
  return url.toString();
}

/** A copy of the migrations folder whose journal keeps the first `keep` entries, plus `extra`. */
async function folderWith(keep: number, extra?: { tag: string; sql: string }): Promise<string> {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'parley-migrations-'));
  tmpDirs.push(dir);
  await fs.cp(migrationsFolder(), dir, { recursive: true });
  const journalPath = path.join(dir, 'meta', '_journal.json');
  const journal = JSON.parse(await fs.readFile(journalPath, 'utf8')) as {
    entries: { idx: number; when: number; tag: string; version: string; breakpoints: boolean }[];
  };
  journal.entries = journal.entries.slice(0, keep);
  if (extra) {
    const last = journal.entries.at(-1)!;
    journal.entries.push({ ...last, idx: last.idx + 1, when: last.when + 1, tag: extra.tag });
    await fs.writeFile(path.join(dir, `${extra.tag}.sql`), extra.sql);
  }
  await fs.writeFile(journalPath, JSON.stringify(journal));
  return dir;
}

async function query<T>(url: string, text: string): Promise<T[]> {
  const client = new Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query(text)).rows as T[];
  } finally {
    await client.end();
  }
}

async function journalLength(): Promise<number> {
  const raw = await fs.readFile(path.join(migrationsFolder(), 'meta', '_journal.json'), 'utf8');
  return (JSON.parse(raw) as { entries: unknown[] }).entries.length;
}

/** Every migration recorded exactly once, and the schema answers as this code expects. */
async function expectCompleteOnce(url: string) {
  const [counts] = await query<{ n: number; hashes: number }>(
    url,
    'select count(*)::int as n, count(distinct hash)::int as hashes from drizzle.__drizzle_migrations',
  );
  const entries = await journalLength();
  expect(counts).toEqual({ n: entries, hashes: entries });
  const database = await openPostgres(url, 1);
  try {
    expect(await migrationsApplied(database.db)).toBe(true);
  } finally {
    await database.close();
  }
}

afterAll(async () => {
  if (!adminUrl) return;
  const admin = new Client({ connectionString: adminUrl });
  await admin.connect();
  for (const name of created) await admin.query(`drop database if exists ${name} with (force)`);
  await admin.end();
  for (const dir of tmpDirs) await fs.rm(dir, { recursive: true, force: true });
});

describe.runIf(adminUrl)('migrations on PostgreSQL', () => {
  it('let instances started together on an empty database all succeed, applying each migration once', async () => {
    const url = await freshDatabaseUrl();
    const results = await Promise.allSettled(Array.from({ length: 4 }, () => migratePostgres(url)));
    expect(results.map((r) => (r.status === 'rejected' ? String(r.reason) : 'ok'))).toEqual([
      'ok',
      'ok',
      'ok',
      'ok',
    ]);
    await expectCompleteOnce(url);
  });

  it('let instances started together on an older database all succeed, bringing it up to date once', async () => {
    const url = await freshDatabaseUrl();
    await migratePostgres(url, await folderWith(3));
    const results = await Promise.allSettled(Array.from({ length: 4 }, () => migratePostgres(url)));
    expect(results.every((r) => r.status === 'fulfilled')).toBe(true);
    await expectCompleteOnce(url);
  });

  it('release the migration lock when a migration fails, so the next start proceeds', async () => {
    const url = await freshDatabaseUrl();
    const broken = await folderWith(await journalLength(), {
      tag: '9999_broken',
      sql: 'select * from no_such_table;',
    });
    await expect(migratePostgres(url, broken)).rejects.toThrow(/no_such_table/);
    const held = await query<{ n: number }>(
      url,
      `select count(*)::int as n from pg_locks where locktype = 'advisory' and granted
         and database = (select oid from pg_database where datname = current_database())`,
    );
    expect(held[0]!.n).toBe(0);
    await migratePostgres(url);
    await expectCompleteOnce(url);
  });
});
