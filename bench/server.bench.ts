import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import {
  APP_BUDGET_BYTES,
  LOADER_BUDGET_BYTES,
  measureWidget,
} from '../apps/widget/check-budgets.mjs';
import { fmt, loadTest, login, record, root, rssMb, startServer, stopServer, webDist } from './lib';

/** Start-up time, idle memory and a cheap authenticated endpoint, embedded mode. */
export async function benchServer(port: number) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'parley-bench-'));
  try {
    const first = await startServer({ DATA_DIR: dataDir, DEMO: 'on' }, port);
    record(
      'first start on an empty database (migrate + demo seed)',
      `${first.readyMs.toFixed(0)} ms`,
      '—',
      null,
    );
    await stopServer(first.child);

    const server = await startServer({ DATA_DIR: dataDir, DEMO: 'on' }, port);
    record(
      'server ready after start, existing database',
      `${server.readyMs.toFixed(0)} ms`,
      '≤ 5000 ms',
      server.readyMs <= 5000,
    );
    // Just after start, V8 still holds the start-up's garbage; its memory reducer gives it back
    // once the process has been idle a while (about 10-15 s here). Both are shown; the budget is
    // the idle server's.
    await new Promise((r) => setTimeout(r, 3000));
    const justStarted = rssMb(server.child.pid!);
    await new Promise((r) => setTimeout(r, 27_000));
    const idle = rssMb(server.child.pid!);
    record(
      'idle RSS (embedded): 3 s after ready / 30 s idle',
      `${justStarted.toFixed(0)} MB / ${idle.toFixed(0)} MB`,
      '≤ 250 MB',
      idle <= 250,
    );

    const { headers } = await login(server.base, 'demo@parley.localhost', 'parley-demo');
    await loadTest(server.base, ['/dashboardapi/me'], headers, 8, 200);
    const me = await loadTest(server.base, ['/dashboardapi/me'], headers, 32, 3000);
    record(
      'GET /dashboardapi/me, 32 clients (embedded)',
      `p50 ${fmt(me.p50)} · p95 ${fmt(me.p95)} · ${me.rps.toFixed(0)} req/s`,
      '—',
      null,
    );
    const list = await loadTest(
      server.base,
      ['/dashboardapi/conversations?view=all'],
      headers,
      32,
      2000,
    );
    record(
      'conversation list, demo workspace, 32 clients (embedded)',
      `p50 ${fmt(list.p50)} · p95 ${fmt(list.p95)} · ${list.rps.toFixed(0)} req/s`,
      '—',
      null,
    );
    await stopServer(server.child);
  } finally {
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

function gzipKb(file: string) {
  return zlib.gzipSync(fs.readFileSync(path.join(webDist, file))).length / 1024;
}

/** Widget budgets (docs/benchmarks.md): the loader on every store page, the chat app on first open. */
function benchWidgetBundles() {
  const figures = measureWidget(path.join(root, 'apps/widget/dist'));
  if (!figures) {
    record('widget bundles', 'not built', '—', null);
    return;
  }
  const kb = (bytes: number) => `${(bytes / 1024).toFixed(2)} KB (${bytes} B)`;
  record(
    'widget loader (brotli, as sent)',
    kb(figures.loaderBytes),
    '≤ 3 KB',
    figures.loaderBytes <= LOADER_BUDGET_BYTES,
  );
  record(
    `widget chat app, first open (${figures.appFiles.length} files, brotli, as sent)`,
    kb(figures.appBytes),
    '≤ 25 KB',
    figures.appBytes <= APP_BUDGET_BYTES,
  );
}

/** The JS a browser loads for the login route: the entry and what index.html preloads. */
export function benchBundles() {
  benchWidgetBundles();
  if (!fs.existsSync(path.join(webDist, 'index.html'))) {
    record('web bundles', 'not built', '—', null);
    return;
  }
  const html = fs.readFileSync(path.join(webDist, 'index.html'), 'utf8');
  const files = [...html.matchAll(/(?:src|href)="\/?(assets\/[^"]+\.js)"/g)].map((m) => m[1]!);
  const entry = files.reduce((n, f) => n + gzipKb(f), 0);
  record(
    `login route JS (entry + ${files.length - 1} preloads, gzip)`,
    `${entry.toFixed(1)} KB`,
    '≤ 150 KB',
    entry <= 150,
  );
  const all = fs.readdirSync(path.join(webDist, 'assets')).filter((f) => f.endsWith('.js'));
  record(
    'all web JS chunks (gzip)',
    `${all.reduce((n, f) => n + gzipKb(`assets/${f}`), 0).toFixed(1)} KB`,
    '—',
    null,
  );
}
