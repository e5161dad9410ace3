import type { GeneratedAccount } from './generate';
import { BENCH_PASSWORD, ensureAccounts, ensureDatabase } from './data';
import { fmt, loadTest, login, record, startServer, stopServer } from './lib';

const day = (d: Date) => d.toISOString().slice(0, 10);
function range(days: number) {
  const to = new Date();
  const from = new Date(to.getTime() - (days - 1) * 86_400_000);
  return `from=${day(from)}&to=${day(to)}`;
}
/** The web app's default range (docs/product/limits.md): one month ago → today. */
function defaultRange() {
  const to = new Date();
  const from = new Date(to);
  from.setUTCMonth(from.getUTCMonth() - 1);
  return `from=${day(from)}&to=${day(to)}`;
}

/**
 * GET /dashboardapi/reports/overview (totals with the previous period, daily series,
 * breakdowns, busiest hours) on PostgreSQL, for the default month and longer ranges, with and
 * without filters. Budget: a report over 1M conversations answers in under a second.
 */
export async function benchReports(
  port: number,
  opts: { adminUrl: string; large: number; log: (s: string) => void },
) {
  const url = await ensureDatabase(opts.adminUrl, opts.log);
  const [small, big] = await ensureAccounts(url, [10_000, opts.large], opts.log);
  const server = await startServer(
    { DATABASE_URL: url, DEMO: 'off', DATA_DIR: '/tmp/parley-bench-pg' },
    port,
  );
  try {
    for (const [size, account] of [
      [10_000, small!],
      [opts.large, big!],
    ] as [number, GeneratedAccount][]) {
      const { headers } = await login(server.base, account.agentEmail, BENCH_PASSWORD);
      const base = '/dashboardapi/reports/overview';
      const cases: Record<string, string> = {
        'default range (1 month)': `${base}?${defaultRange()}`,
        '90 days': `${base}?${range(90)}`,
        '1 year': `${base}?${range(365)}`,
        '1 month · agent filter': `${base}?${defaultRange()}&agent_id=${account.agentIds[1]}`,
        '1 month · tag filter': `${base}?${defaultRange()}&tag_id=${account.tagIds[0]}`,
        '1 month · Europe/Paris': `${base}?${defaultRange()}&tz=Europe/Paris`,
      };
      await loadTest(server.base, Object.values(cases), headers, 1, 6); // warm-up
      for (const [name, path] of Object.entries(cases)) {
        const r = await loadTest(server.base, [path], headers, 1, 10);
        record(
          `report overview · ${name} · ${size.toLocaleString('en')} conv · 1 client`,
          `p50 ${fmt(r.p50)} · p95 ${fmt(r.p95)}`,
          '< 1000 ms',
          size === opts.large ? r.p95 < 1000 : null,
        );
      }
      const busy = await loadTest(server.base, [cases['default range (1 month)']!], headers, 4, 24);
      record(
        `report overview · default range · ${size.toLocaleString('en')} conv · 4 clients`,
        `p50 ${fmt(busy.p50)} · p95 ${fmt(busy.p95)} · ${busy.rps.toFixed(1)} req/s`,
        '—',
        null,
      );
    }
  } finally {
    await stopServer(server.child);
  }
}
