import crypto from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Client } from 'pg';
import type { TestProject } from 'vitest/node';
import { openPglite, openPostgres } from '../db/client';

/**
 * The server suite's global setup: one database migrated once, which every test file copies
 * instead of running every migration on a new database of its own (harness.ts). PGlite's files
 * are dumped to a file; on PostgreSQL (DATABASE_URL) a template database is made and each file's
 * database is created from it.
 */
declare module 'vitest' {
  export interface ProvidedContext {
    /** PGlite: the dump of a migrated database. PostgreSQL: the template database's name. */
    databaseTemplate: { kind: 'pglite'; file: string } | { kind: 'postgres'; name: string };
  }
}

export default async function setup(project: TestProject) {
  const adminUrl = process.env.DATABASE_URL;
  if (!adminUrl) {
    const database = await openPglite(undefined);
    await database.migrate();
    const file = path.join(
      await fs.mkdtemp(path.join(os.tmpdir(), 'parley-template-')),
      'migrated.tar',
    );
    await fs.writeFile(file, Buffer.from(await (await database.dump()).arrayBuffer()));
    await database.close();
    project.provide('databaseTemplate', { kind: 'pglite', file });
    return async () => fs.rm(path.dirname(file), { recursive: true, force: true });
  }
  const name = `parley_template_${crypto.randomBytes(6).toString('hex')}`;
  const admin = new Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const database = await openPostgres(url.toString(), 1);
  await database.migrate();
  // A template cannot be copied while anyone is connected to it.
  await database.close();
  project.provide('databaseTemplate', { kind: 'postgres', name });
  return async () => {
    await admin.query(`drop database if exists ${name} with (force)`);
    await admin.end();
  };
}
