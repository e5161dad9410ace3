import { createHash } from 'node:crypto';
import fs from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import { btree_gin } from '@electric-sql/pglite/contrib/btree_gin';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { sql, type SQL } from 'drizzle-orm';
import { PgDialect, type PgDatabase, type PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { migratePostgres, migrationsFolder } from './migrate';
import * as schema from './schema';

/** One type for both drivers: query functions never know which one runs. */
export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  migrate(): Promise<void>;
  close(): Promise<void>;
}

/** Rows of `db.execute(sql...)`: both drivers answer `{ rows }`. */
/**
 * A list of integers as one `int[]` parameter (`= any(...)`, `unnest(...)`): one bind value
 * whatever the length, instead of one placeholder per element.
 */
export function intArray(values: readonly number[]): SQL {
  for (const v of values) if (!Number.isSafeInteger(v)) throw new Error(`not an integer: ${v}`);
  return sql`${`{${values.join(',')}}`}::int[]`;
}

export function rowsOf<T>(result: unknown): T[] {
  return (result as { rows: T[] }).rows;
}

const dialect = new PgDialect();
const statementNames = new Map<string, string>();

/**
 * Runs a hot query (an inbox page, the inbound message) as a named prepared statement, so that
 * PostgreSQL parses and plans its text once per connection instead of on every call: planning
 * was most of the database's CPU for an inbox page (ADR 0011). The name is a hash of the text,
 * so every shape of a query built from parts gets its own statement. Only for queries whose
 * plan does not hinge on the values: on PostgreSQL they always run their generic plan (see
 * openPostgres); reports and searches keep planning per call.
 */
export async function executePrepared<T>(db: Db, query: SQL): Promise<T[]> {
  const built = dialect.sqlToQuery(query);
  let name = statementNames.get(built.sql);
  if (name === undefined) {
    name = `parley_${createHash('sha256').update(built.sql).digest('base64url').slice(0, 24)}`;
    // Bounded: the hot queries have a few dozen shapes; a runaway caller only loses the cache.
    if (statementNames.size >= 2000) statementNames.clear();
    statementNames.set(built.sql, name);
  }
  // On PostgreSQL, through the connections that always keep the generic plan (see openPostgres).
  const target = genericPlanDbs.get(db) ?? db;
  const result = await target._.session.prepareQuery(built, undefined, name, false).execute();
  return rowsOf<T>(result);
}

/** A query's text and its values as one string: equal for two queries that ask the same. */
export function queryKey(query: SQL): string {
  const built = dialect.sqlToQuery(query);
  return JSON.stringify([built.sql, built.params]);
}

/**
 * A long SQL fragment without parameters, rendered to its text once instead of on every request
 * (drizzle walks a fragment's parts each time it builds a query).
 */
export function renderedOnce(fragment: SQL): SQL {
  const built = dialect.sqlToQuery(fragment);
  if (built.params.length > 0) throw new Error('renderedOnce: the fragment has parameters');
  return sql.raw(built.sql);
}

/**
 * A hot drizzle query built once per database instead of on every call (drizzle walks a query's
 * parts each time it renders it): `build` makes it with `sql.placeholder`s and `.prepare(name)`,
 * and the caller runs `.execute(values)`. On PostgreSQL it runs on the generic-plan connections,
 * as executePrepared's statements do; inside a transaction, on the transaction's connection.
 * No limit as a placeholder (see executePrepared).
 */
export function preparedOnce<T>(build: (db: Db) => T): (db: Db) => T {
  const built = new WeakMap<Db, T>();
  return (db) => {
    const target = genericPlanDbs.get(db) ?? db;
    let query = built.get(target);
    if (query === undefined) {
      query = build(target);
      built.set(target, query);
    }
    return query;
  };
}

/** A PostgreSQL database's twin over its generic-plan pool (see openPostgres); not for a tx. */
const genericPlanDbs = new WeakMap<Db, Db>();

// PGlite's own start parameters, plus a smaller buffer pool: its 128 MB default alone breaks
// the embedded mode's idle-memory budget (docs/benchmarks.md), and the OS page cache backs the files.
const PGLITE_START_PARAMS = [
  '--single',
  '-F',
  '-O',
  '-j',
  '-c',
  'search_path=public',
  '-c',
  'exit_on_error=false',
  '-c',
  'log_checkpoints=false',
  '-c',
  'max_worker_processes=0',
  '-c',
  'max_parallel_workers=0',
  '-c',
  'max_parallel_workers_per_gather=0',
  '-c',
  'io_method=sync',
  '-c',
  'max_parallel_maintenance_workers=0',
  '-c',
  'shared_buffers=16MB',
];

/** PGlite in-process: files under dataDir, or in memory when dataDir is undefined. */
export async function openPglite(
  dataDir: string | undefined,
  /** A copy of another database's files (PGlite's dumpDataDir) to start from. */
  from?: Blob,
): Promise<Database & { dump(): Promise<Blob> }> {
  if (dataDir) fs.mkdirSync(dataDir, { recursive: true });
  // One options object: `new PGlite(undefined, options)` ignores the options (in-memory databases
  // would lose the start parameters and the extensions). pg_trgm backs the trigram indexes of
  // the inbox search (migration 0007); btree_gin is created by migration 0024 (whose index
  // migration 0027 replaced), which would otherwise warn on every new database.
  const client = new PGlite({
    dataDir,
    startParams: PGLITE_START_PARAMS,
    extensions: { pg_trgm, btree_gin },
    ...(from ? { loadDataDir: from } : {}),
  });
  await client.waitReady;
  const db = drizzlePglite({ client, schema }) as unknown as Db;
  return {
    db,
    kind: 'pglite',
    // One process owns the files: no lock needed.
    migrate: () => migratePglite(db as never, { migrationsFolder: migrationsFolder() }),
    close: () => client.close(),
    dump: () => client.dumpDataDir('none'),
  };
}

export async function openPostgres(connectionString: string, max = 10): Promise<Database> {
  // Loaded on use: the embedded mode never needs the PostgreSQL driver (idle memory budget).
  const [{ Pool }, { drizzle: drizzlePg }] = await Promise.all([
    import('pg'),
    import('drizzle-orm/node-postgres'),
  ]);
  // No JIT: compiling a plan costs 100–200 ms of CPU, paid whenever the planner's estimate of
  // a query passes jit_above_cost (a full-text search does), far more than the short queries of
  // an inbox run for. Set on each new connection before the pool hands it out (a startup option
  // would upset PgBouncer).
  //
  // Two pools. The hot prepared statements (executePrepared) run on connections that always keep
  // the generic plan: left to choose, PostgreSQL compares the generic plan's estimate with its
  // first custom plans, and a statement first run for a small account (cheap custom plans) then
  // planned again on every call, for every account — the planning cost more than the page (the
  // tag, mine and team views ran at 60 % of the others' rate). Everything else (searches,
  // reports) keeps planning with its values. A few connections each: on a small machine more
  // backends than cores only take turns (docs/benchmarks.md: 32 clients ran faster through 8 than 20).
  const newPool = (settings: string) => {
    const pool = new Pool({
      connectionString,
      max,
      onConnect: async (client) => {
        await client.query(settings);
      },
    });
    // An idle connection the server drops (restart, failover, an admin's terminate) is an 'error'
    // on the pool; unheard, it would crash the process. The pool opens a new one on next use.
    pool.on('error', (error) => {
      if (!closing) console.warn(`PostgreSQL closed an idle connection: ${error.message}`);
    });
    return pool;
  };
  let closing = false;
  const pool = newPool('set jit = off');
  const genericPlanPool = newPool('set jit = off; set plan_cache_mode = force_generic_plan');
  await Promise.all([pool.query('select 1'), genericPlanPool.query('select 1')]);
  const db = drizzlePg({ client: pool, schema }) as unknown as Db;
  genericPlanDbs.set(db, drizzlePg({ client: genericPlanPool, schema }) as unknown as Db);
  return {
    db,
    kind: 'postgres',
    // Under an advisory lock: instances started together take turns (migrate.ts).
    migrate: () => migratePostgres(connectionString),
    close: async () => {
      closing = true;
      await Promise.all([pool.end(), genericPlanPool.end()]);
    },
  };
}
