/**
 * `npm run bench`: measures the docs/benchmarks.md budgets on this machine (loopback only, bounded
 * loops), prints one line per figure with its budget and writes them, with the machine they were
 * taken on, to docs/benchmarks.md (BENCH_RESULTS_FILE to write elsewhere).
 *   BENCH_DATABASE_URL   PostgreSQL admin URL (default: the local one); the generated accounts
 *                        live in its database `parley_bench`, kept between runs
 *   BENCH_LARGE          size of the large account (default 1,000,000 conversations)
 *   BENCH_ONLY           comma list of sections: server, bundles, web, inbox, reports, inbound,
 *                        realtime
 *   BENCH_INBOX_PARTS    comma list of the inbox section's parts (default all): lists, counts,
 *                        live, detail, search (e.g. BENCH_ONLY=inbox BENCH_INBOX_PARTS=search)
 *   BENCH_INBOUND        comma list of the inbound section's cases (default all): pg-known,
 *                        embedded-known, pg-new, embedded-new, pg-rules, embedded-rules
 *                        (e.g. BENCH_ONLY=inbound BENCH_INBOUND=pg-rules)
 */
import fs from 'node:fs';
import os from 'node:os';
import { Client } from 'pg';
import { benchInbound } from './inbound.bench';
import { benchInbox } from './inbox.bench';
import { benchRealtime } from './realtime.bench';
import { benchReports } from './reports.bench';
import { rows, record } from './lib';
import { benchBundles, benchServer } from './server.bench';
import { benchWeb } from './web.bench';

const only = new Set(
  (process.env.BENCH_ONLY ?? 'server,bundles,web,inbox,reports,inbound,realtime').split(','),
);
const inboundCases = new Set(
  (
    process.env.BENCH_INBOUND ??
    'pg-known,embedded-known,pg-new,embedded-new,pg-rules,embedded-rules'
  ).split(','),
);
const adminUrl = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const log = (s: string) => console.info(s);

async function freshDatabase(name: string) {
  const admin = new Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`drop database if exists ${name} with (force)`);
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

async function section(name: string, fn: () => Promise<void>) {
  if (!only.has(name)) return;
  log(`· ${name}`);
  try {
    await fn();
  } catch (err) {
    console.error(err);
    record(`${name}`, `not measured: ${(err as Error).message}`, '—', false);
  }
}

async function main() {
  await section('server', () => benchServer(3207));
  await section('bundles', async () => benchBundles());
  await section('web', () => benchWeb(3213));
  await section('inbox', () =>
    benchInbox(3208, { adminUrl, large: Number(process.env.BENCH_LARGE ?? 1_000_000), log }),
  );
  await section('reports', () =>
    benchReports(3211, { adminUrl, large: Number(process.env.BENCH_LARGE ?? 1_000_000), log }),
  );
  await section('inbound', async () => {
    // Known customers writing again, and new customers' first messages (a fresh database each).
    for (const customers of ['known', 'new'] as const) {
      if (inboundCases.has(`pg-${customers}`))
        await benchInbound({
          label: 'PostgreSQL',
          env: {
            DATABASE_URL: await freshDatabase(`parley_bench_inbound_${customers}`),
            DATA_DIR: '/tmp/parley-bench-inbound-pg',
          },
          port: 3209,
          budget: 1500,
          customers,
          log,
        });
      const dataDir = `/tmp/parley-bench-inbound-embedded-${process.pid}`;
      if (inboundCases.has(`embedded-${customers}`))
        try {
          await benchInbound({
            label: 'embedded',
            env: { DATA_DIR: dataDir },
            port: 3210,
            budget: 300,
            customers,
            log,
          });
        } finally {
          fs.rmSync(dataDir, { recursive: true, force: true });
        }
    }
    // Known customers again, with 50 automation rules and an SLA policy on the account.
    if (inboundCases.has('pg-rules'))
      await benchInbound({
        label: 'PostgreSQL',
        env: {
          DATABASE_URL: await freshDatabase('parley_bench_inbound_rules'),
          DATA_DIR: '/tmp/parley-bench-inbound-pg',
        },
        port: 3209,
        budget: 1500,
        customers: 'known',
        withRules: true,
        log,
      });
    const rulesDataDir = `/tmp/parley-bench-inbound-rules-${process.pid}`;
    if (inboundCases.has('embedded-rules'))
      try {
        await benchInbound({
          label: 'embedded',
          env: { DATA_DIR: rulesDataDir },
          port: 3210,
          budget: 300,
          customers: 'known',
          withRules: true,
          log,
        });
      } finally {
        fs.rmSync(rulesDataDir, { recursive: true, force: true });
      }
  });

  await section('realtime', () =>
    freshDatabase('parley_bench_realtime').then((url) =>
      benchRealtime({
        env: { DATABASE_URL: url, DATA_DIR: '/tmp/parley-bench-realtime' },
        port: 3212,
        sockets: 5000,
        broadcasts: 20,
      }),
    ),
  );

  const width = Math.max(...rows.map((r) => r.what.length));
  console.info('\nParley benchmarks\n');
  for (const r of rows) {
    const verdict = r.ok === null ? '' : r.ok ? '  ✓' : '  ✗ over budget';
    console.info(`${r.what.padEnd(width)}  ${r.value}  (budget ${r.budget})${verdict}`);
  }
  await writeResults();
  if (rows.some((r) => r.ok === false)) process.exitCode = 1;
}

/** The machine the figures were taken on: they mean little without it. */
async function machine(): Promise<string[]> {
  const cpus = os.cpus();
  let postgres = 'not reached';
  const client = new Client({ connectionString: adminUrl });
  try {
    await client.connect();
    postgres = (await client.query<{ server_version: string }>('show server_version')).rows[0]!
      .server_version;
  } catch {
    // The sections that need it have said so in their rows.
  } finally {
    await client.end().catch(() => undefined);
  }
  return [
    `- CPU: ${cpus[0]?.model ?? 'unknown'}, ${cpus.length} cores`,
    `- memory: ${(os.totalmem() / 2 ** 30).toFixed(1)} GiB; ${os.type()} ${os.release()} (${os.arch()})`,
    `- Node.js ${process.version}; PostgreSQL ${postgres}`,
    `- load generator and servers on the same machine, over loopback`,
  ];
}

async function writeResults() {
  const file = process.env.BENCH_RESULTS_FILE ?? new URL('../docs/benchmarks.md', import.meta.url);
  const cell = (s: string) => s.replaceAll('|', '\\|');
  const lines = [
    '# Benchmarks',
    '',
    'Written by `npm run bench` (bench/run.ts): the budgets of docs/ARCHITECTURE.md as measured on the',
    'machine below. Sections measured: ' + [...only].join(', ') + '.',
    '',
    '## Machine',
    '',
    ...(await machine()),
    '',
    '## Figures',
    '',
    '| what | figure | budget | met |',
    '| --- | --- | --- | --- |',
    ...rows.map(
      (r) =>
        `| ${cell(r.what)} | ${cell(r.value)} | ${cell(r.budget)} | ${r.ok === null ? '—' : r.ok ? 'yes' : '**no**'} |`,
    ),
    '',
  ];
  fs.writeFileSync(file, lines.join('\n'));
  console.info(`\nWritten to ${file instanceof URL ? file.pathname : file}`);
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
