import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import type { Db } from './client';

/**
 * The session-level advisory lock every instance's migrations run under (the bytes of
 * "parley:m"): instances started together on one database take turns, and the later ones find
 * the migrations applied instead of racing to create the same tables.
 */
export const MIGRATION_LOCK_KEY = '8097879414873340525';

/** The committed SQL migrations, found from the source tree or from the bundle in dist/. */
export function migrationsFolder(): string {
  let dir = path.dirname(fileURLToPath(import.meta.url));
  for (let i = 0; i < 5; i++) {
    const candidate = path.join(dir, 'drizzle');
    if (fs.existsSync(path.join(candidate, 'meta', '_journal.json'))) return candidate;
    dir = path.dirname(dir);
  }
  throw new Error('Parley: the drizzle/ migrations folder was not found');
}

/**
 * Applies the migrations to PostgreSQL on one dedicated connection that holds the advisory lock
 * throughout; the lock is released after, also when a migration fails (and ending the
 * connection would release it anyway).
 */
export async function migratePostgres(
  connectionString: string,
  folder: string = migrationsFolder(),
): Promise<void> {
  // Loaded on use: the embedded mode never needs the PostgreSQL driver (idle memory budget).
  const [{ Client }, { drizzle }, { migrate }] = await Promise.all([
    import('pg'),
    import('drizzle-orm/node-postgres'),
    import('drizzle-orm/node-postgres/migrator'),
  ]);
  const client = new Client({ connectionString });
  // A dropped connection fails the pending query; unheard, the 'error' event would crash the process.
  client.on('error', () => {});
  await client.connect();
  try {
    await client.query('select pg_advisory_lock($1::bigint)', [MIGRATION_LOCK_KEY]);
    let failure: unknown = null;
    try {
      await migrate(drizzle({ client }), { migrationsFolder: folder });
    } catch (err) {
      failure = err;
    }
    try {
      await client.query('select pg_advisory_unlock($1::bigint)', [MIGRATION_LOCK_KEY]);
    } catch (err) {
      // The migration's own error says more; the lock ends with the connection below.
      failure ??= err;
    }
    if (failure) throw failure;
  } finally {
    await client.end().catch(() => {});
  }
}

const latestByFolder = new Map<string, number>();

/** When the newest migration of the folder was made: drizzle records it as `created_at`. */
function latestMigrationMillis(folder: string): number {
  let latest = latestByFolder.get(folder);
  if (latest === undefined) {
    const journal = JSON.parse(
      fs.readFileSync(path.join(folder, 'meta', '_journal.json'), 'utf8'),
    ) as { entries: { when: number }[] };
    latest = Math.max(0, ...journal.entries.map((e) => e.when));
    latestByFolder.set(folder, latest);
  }
  return latest;
}

/** Whether the database has every migration this code ships (a newer one is fine). */
export async function migrationsApplied(
  db: Db,
  folder: string = migrationsFolder(),
): Promise<boolean> {
  const result = await db.execute(
    sql`select max(created_at) as last from drizzle.__drizzle_migrations`,
  );
  const last = (result as unknown as { rows: { last: string | number | null }[] }).rows[0]?.last;
  return last != null && Number(last) >= latestMigrationMillis(folder);
}
