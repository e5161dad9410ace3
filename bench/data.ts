import { sql } from 'drizzle-orm';
import { Client } from 'pg';
import { openPostgres } from '../apps/server/src/db/client';
import { hashPassword } from '../apps/server/src/lib/crypto';
import {
  noteAllConversationMonths,
  rollUpConversationMonths,
  rollUpMessageVolume,
} from '../apps/server/src/modules/reports/reports.rollup';
import {
  generateAccount,
  generatingName,
  GENERATOR_VERSION,
  rebuildIndexes,
  type GeneratedAccount,
} from './generate';

export const BENCH_PASSWORD = 'bench-password';
export const BENCH_DATABASE = 'parley_bench';

function withDatabase(adminUrl: string, name: string) {
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

async function query<T>(url: string, text: string, values: unknown[] = []): Promise<T[]> {
  const c = new Client({ connectionString: url });
  await c.connect();
  try {
    return (await c.query(text, values)).rows as T[];
  } finally {
    await c.end();
  }
}

/**
 * The bench database, created on first use and kept between runs (generating 1M conversations
 * takes minutes). It is rebuilt from scratch when the generator's version changed or when an
 * earlier generation was interrupted; migrations run on every start, as the server's own do.
 */
export async function ensureDatabase(adminUrl: string, log: (s: string) => void) {
  const url = withDatabase(adminUrl, BENCH_DATABASE);
  const exists =
    (await query(adminUrl, 'select 1 from pg_database where datname = $1', [BENCH_DATABASE]))
      .length === 1;
  let stale: string | null = exists ? null : 'it does not exist yet';
  if (exists) {
    const [meta] = await query<{ version: number | null; broken: boolean }>(
      url,
      `select (select value::int from bench_meta where key = 'generator_version') as version,
         exists (select 1 from accounts where name like '% (generating)') as broken`,
    ).catch(() => [{ version: null, broken: true }]);
    if (meta?.version !== GENERATOR_VERSION) stale = 'the generator changed';
    else if (meta.broken) stale = 'an earlier generation was interrupted';
  }
  if (stale) {
    log(`(re)creating database ${BENCH_DATABASE}: ${stale}`);
    await query(adminUrl, `drop database if exists ${BENCH_DATABASE} with (force)`);
    await query(adminUrl, `create database ${BENCH_DATABASE}`);
  }
  const t = Date.now();
  const database = await openPostgres(url, 2);
  await database.migrate();
  await database.close();
  if (Date.now() - t > 2000) log(`  migrations in ${((Date.now() - t) / 1000).toFixed(0)} s`);
  await query(
    url,
    `create table if not exists bench_meta (key text primary key, value text not null);
     insert into bench_meta values ('generator_version', '${GENERATOR_VERSION}')
       on conflict (key) do update set value = excluded.value`,
  );
  // Indexes dropped by an interrupted bulk load are rebuilt before anything reads the tables.
  await rebuildIndexes(url, log);
  return url;
}

async function findAccount(url: string, name: string): Promise<GeneratedAccount | null> {
  const [found] = await query<{ id: number }>(url, 'select id from accounts where name = $1', [
    name,
  ]);
  if (!found) return null;
  const ids = async (text: string) =>
    (await query<{ id: number }>(url, text, [found.id])).map((r) => r.id);
  return {
    accountId: found.id,
    agentIds: await ids(
      'select user_id as id from memberships where account_id = $1 order by user_id',
    ),
    teamIds: await ids('select id from teams where account_id = $1 order by id'),
    channelIds: await ids('select id from support_channels where account_id = $1 order by id'),
    tagIds: await ids('select id from tags where account_id = $1 order by id'),
    agentEmail: `agent-${found.id}@bench.localhost`,
  };
}

/** The accounts of these sizes, generated on the first run and reused afterwards. */
export async function ensureAccounts(
  url: string,
  sizes: number[],
  log: (s: string) => void,
): Promise<GeneratedAccount[]> {
  const accounts: GeneratedAccount[] = [];
  let generated = false;
  for (const size of sizes) {
    const name = `bench-${size}`;
    const found = await findAccount(url, name);
    if (found) {
      accounts.push(found);
      continue;
    }
    log(
      `generating ${name}: ${size.toLocaleString('en')} conversations, ${(size * 5).toLocaleString('en')} messages`,
    );
    const started = Date.now();
    // Half-finished accounts are never reused: the database is rebuilt on the next run.
    await query(url, 'delete from accounts where name = $1', [generatingName(name)]);
    accounts.push(
      await generateAccount(url, {
        name,
        conversations: size,
        passwordHash: await hashPassword(BENCH_PASSWORD),
        log,
      }),
    );
    await rebuildIndexes(url, log);
    log(`  ${name} generated in ${((Date.now() - started) / 1000).toFixed(0)} s`);
    generated = true;
  }
  if (generated) {
    const t = Date.now();
    const c = new Client({ connectionString: url });
    await c.connect();
    // Hint bits, visibility map (index-only scans) and planner statistics, as on a live database.
    await c.query('vacuum (analyze)');
    await c.end();
    log(`  vacuum analyze in ${((Date.now() - t) / 1000).toFixed(0)} s`);
  }
  // The reports' message rollup, as a live server's timer keeps it: the first call notes the
  // newest message, the second rolls up to it (nothing writes meanwhile, so no settling wait).
  const t = Date.now();
  const database = await openPostgres(url, 2);
  try {
    let rolled = 0;
    for (let i = 0; i < 2; i++)
      rolled += await rollUpMessageVolume(database.db, { settleMs: 0, maxBatches: 1000 });
    if (rolled > 0)
      log(
        `  message rollup: ${rolled.toLocaleString('en')} ids in ${((Date.now() - t) / 1000).toFixed(0)} s`,
      );
    const tMonths = Date.now();
    // The generator writes with triggers off: its months were never marked for the rollup.
    if (generated) await noteAllConversationMonths(database.db);
    const months = await rollUpConversationMonths(database.db, { settleMs: 0, maxMonths: 10_000 });
    if (months > 0) {
      log(
        `  conversation rollup: ${months} months in ${((Date.now() - tMonths) / 1000).toFixed(0)} s`,
      );
      // Planner statistics for the rollups, as autovacuum keeps them on a live database.
      await database.db.execute(sql`analyze report_conversation_months, report_message_quarters`);
    }
  } finally {
    await database.close();
  }
  return accounts;
}
