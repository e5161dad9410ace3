import { Client } from 'pg';
import type { GeneratedAccount } from './generate';
import { BENCH_PASSWORD, ensureAccounts, ensureDatabase } from './data';
import { setUpApiChannel } from './inbound.bench';
import {
  fmt,
  HttpClient,
  loadTest,
  login,
  percentile,
  record,
  startServer,
  stopServer,
} from './lib';

/** What the search box is asked, in each of its forms, with values that exist in the account. */
export async function searchTerms(url: string, account: GeneratedAccount) {
  const db = new Client({ connectionString: url });
  await db.connect();
  try {
    const [k] = (
      await db.query(
        `select k.name, k.email, k.phone, c.id as conversation_id
         from contacts k join conversations c on c.contact_id = k.id
         where k.account_id = $1 and k.email is not null and k.phone like '+1%'
         order by k.id desc offset 1000 limit 1`,
        [account.accountId],
      )
    ).rows as { name: string; email: string; phone: string; conversation_id: number }[];
    if (!k) throw new Error('no contact to search for');
    return {
      'id:': [`id:${k.conversation_id}`],
      'contact name': [k.name, 'Garcia'],
      // What an agent has typed so far: a few letters of a first name (Mary, Mark, Maria, Omar…),
      // of a surname, of an email address.
      'contact prefix': ['mar', 'gar', 'ste', k.email.slice(0, 4)],
      'contact email': [k.email, k.email.split('@')[0]!],
      'contact phone': [k.phone.replace(/^\+1/, ''), k.phone.slice(-7)],
      'full text': [
        'refund',
        'zipper broken',
        'damaged parcel courier',
        'carabiner',
        'tracking number',
      ],
    } as Record<string, string[]>;
  } finally {
    await db.end();
  }
}

/** How many conversations the first page of an inbox view holds. */
async function rowsOfPage(base: string, path: string, headers: Record<string, string>) {
  const res = await fetch(base + path, { headers });
  if (!res.ok) throw new Error(`${path} answered ${res.status}`);
  return ((await res.json()) as { items: unknown[] }).items.length;
}

/**
 * The parts of the inbox section to run (BENCH_INBOX_PARTS, a comma list, default all): lists,
 * counts, live (the counts under live inbound, which adds about 2,250 conversations to the large
 * account each run), detail (a conversation and its thread), search.
 */
const parts = new Set(
  (process.env.BENCH_INBOX_PARTS ?? 'lists,counts,live,detail,search').split(','),
);

/** Inbox list, counts and search on PostgreSQL at 10k and at `large` conversations. */
export async function benchInbox(
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
    const p95s: Record<string, Record<number, number>> = {};
    const pageRows: Record<string, Record<number, number>> = {};
    const searchP95s: Record<string, Record<number, number>> = {};
    for (const [size, account] of [
      [10_000, small!],
      [opts.large, big!],
    ] as const) {
      const { headers } = await login(server.base, account.agentEmail, BENCH_PASSWORD);
      const base = '/dashboardapi/conversations';
      const views: Record<string, string> = {
        'all, open, newest': `${base}?view=all`,
        mine: `${base}?view=mine`,
        unassigned: `${base}?view=unassigned`,
        // The fifth most used tag (~4 % of conversations) and the least used one (~0.7 %).
        tag: `${base}?view=tag:${account.tagIds[4]}`,
        'rare tag': `${base}?view=tag:${account.tagIds.at(-1)}`,
        team: `${base}?view=team:${account.teamIds[1]}`,
        'waiting longest': `${base}?view=all&sort=waiting_longest`,
        'all statuses': `${base}?view=all&status=all`,
        // A 10k account has too few open conversations to fill these views' first page (mine 20,
        // tag 15, rare tag 1), so their growth is judged on every status, where both fill it.
        'mine, all statuses': `${base}?view=mine&status=all`,
        'tag, all statuses': `${base}?view=tag:${account.tagIds[4]}&status=all`,
        'rare tag, all statuses': `${base}?view=tag:${account.tagIds.at(-1)}&status=all`,
      };
      // Warm-up as a server that has been running all day: every pooled connection has planned
      // each view's prepared statement (PostgreSQL plans it five times before it keeps a
      // generic plan), and V8 has optimised the request path of the server and of this client.
      if (parts.has('lists'))
        await loadTest(
          server.base,
          Object.values(views),
          headers,
          32,
          800 * Object.keys(views).length,
        );
      for (const [name, path] of parts.has('lists') ? Object.entries(views) : []) {
        const r = await loadTest(server.base, [path], headers, 32, 1600);
        (p95s[name] ??= {})[size] = r.p95;
        (pageRows[name] ??= {})[size] = await rowsOfPage(server.base, path, headers);
        record(
          `list 25 rows · ${name} · ${size.toLocaleString('en')} conv · 32 clients`,
          `p50 ${fmt(r.p50)} · p95 ${fmt(r.p95)} · ${r.rps.toFixed(0)} req/s`,
          '≤ 30 ms',
          size === opts.large ? r.p95 <= 30 : null,
        );
      }
      if (parts.has('counts')) {
        const counts = await loadTest(server.base, [`${base}/counts`], headers, 8, 160);
        record(
          `view counts · ${size.toLocaleString('en')} conv · 8 clients`,
          `p50 ${fmt(counts.p50)} · p95 ${fmt(counts.p95)}`,
          '≤ 50 ms',
          size === opts.large ? counts.p95 <= 50 : null,
        );
      }
      if (size === opts.large && parts.has('live'))
        await countsUnderLiveInbound(server.base, url, account, size, headers);
      if (parts.has('detail')) await benchDetailAndThread(server.base, url, headers, account, size);
      if (parts.has('search')) {
        const searched = await benchSearches(server.base, url, headers, account, size, opts.large);
        for (const [form, p95] of Object.entries(searched)) (searchP95s[form] ??= {})[size] = p95;
      }
    }
    for (const [form, bySize] of Object.entries(searchP95s)) {
      const ratio = bySize[opts.large]! / Math.max(1, bySize[10_000]!);
      record(
        `search p95 growth 10k → ${opts.large.toLocaleString('en')} · ${form}`,
        `${ratio.toFixed(2)}×`,
        '≤ 1.5×',
        ratio <= 1.5,
      );
    }
    for (const [name, bySize] of Object.entries(p95s)) {
      const ratio = bySize[opts.large]! / Math.max(1, bySize[10_000]!);
      const [smallRows, largeRows] = [pageRows[name]![10_000]!, pageRows[name]![opts.large]!];
      // Growth is the same page on more data: a 10k page holding fewer rows (a rare tag on
      // 0.7 % of 10,000 conversations) is less work, not a smaller account's cost of the page.
      if (smallRows < largeRows) {
        record(
          `list p95 growth 10k → ${opts.large.toLocaleString('en')} · ${name}`,
          `${ratio.toFixed(2)}× (not comparable: the 10k page holds ${smallRows} rows, the large one ${largeRows})`,
          '≤ 1.5×',
          null,
        );
        continue;
      }
      record(
        `list p95 growth 10k → ${opts.large.toLocaleString('en')} · ${name}`,
        `${ratio.toFixed(2)}×`,
        '≤ 1.5×',
        ratio <= 1.5,
      );
    }
  } finally {
    await stopServer(server.child);
  }
}

/**
 * Each form of the search box (8 clients), then every form mixed: the p95 of each, by form.
 * Growth is judged on these: a search's cost should follow what it finds, not the account's size.
 */
export async function benchSearches(
  base: string,
  url: string,
  headers: Record<string, string>,
  account: GeneratedAccount,
  size: number,
  large: number,
): Promise<Record<string, number>> {
  const p95s: Record<string, number> = {};
  const terms = await searchTerms(url, account);
  const all: string[] = [];
  for (const [form, values] of Object.entries(terms)) {
    const paths = values.map(
      (v) => `/dashboardapi/conversations?view=all&status=all&search=${encodeURIComponent(v)}`,
    );
    all.push(...paths);
    await loadTest(base, paths, headers, 4, paths.length * 4); // warm-up
    const r = await loadTest(base, paths, headers, 8, Math.max(160, paths.length * 40));
    p95s[form] = r.p95;
    record(
      `search · ${form} (${values.map((v) => JSON.stringify(v)).join(', ')}) · ${(size * 5).toLocaleString('en')} messages · 8 clients`,
      `p50 ${fmt(r.p50)} · p95 ${fmt(r.p95)}`,
      '≤ 100 ms',
      size === large ? r.p95 <= 100 : null,
    );
  }
  // The worst pair of common words asked by every client at once.
  const pair = `/dashboardapi/conversations?view=all&status=all&search=${encodeURIComponent('tracking number')}`;
  const common = await loadTest(base, [pair], headers, 8, 160);
  p95s['common pair, all clients'] = common.p95;
  record(
    `search · "tracking number" by all 8 clients · ${(size * 5).toLocaleString('en')} messages`,
    `p50 ${fmt(common.p50)} · p95 ${fmt(common.p95)}`,
    '≤ 100 ms',
    size === large ? common.p95 <= 100 : null,
  );
  const mixed = await loadTest(base, all, headers, 8, all.length * 30);
  p95s['every form mixed'] = mixed.p95;
  record(
    `search · every form mixed · ${(size * 5).toLocaleString('en')} messages · 8 clients`,
    `p50 ${fmt(mixed.p50)} · p95 ${fmt(mixed.p95)}`,
    '≤ 100 ms',
    size === large ? mixed.p95 <= 100 : null,
  );
  return p95s;
}

/**
 * Opening a conversation as the web app does: its detail and the newest page of its thread, for
 * 200 conversations spread through the account (32 clients). Returns the p95 of both requests.
 */
export async function benchDetailAndThread(
  base: string,
  url: string,
  headers: Record<string, string>,
  account: GeneratedAccount,
  size: number,
): Promise<number> {
  const db = new Client({ connectionString: url });
  await db.connect();
  let ids: number[];
  try {
    ids = (
      await db.query(
        `select id from conversations where account_id = $1 and id % 97 = 0 order by id limit 200`,
        [account.accountId],
      )
    ).rows.map((r: { id: number }) => r.id);
  } finally {
    await db.end();
  }
  const paths = ids.flatMap((id) => [
    `/dashboardapi/conversations/${id}`,
    `/dashboardapi/conversations/${id}/messages`,
  ]);
  await loadTest(base, paths, headers, 32, paths.length * 4); // warm-up
  const r = await loadTest(base, paths, headers, 32, Math.max(3200, paths.length * 8));
  record(
    `conversation detail and thread · ${size.toLocaleString('en')} conv · 32 clients`,
    `p50 ${fmt(r.p50)} · p95 ${fmt(r.p95)} · ${r.rps.toFixed(0)} req/s`,
    '≤ 30 ms',
    size >= 1_000_000 ? r.p95 <= 30 : null,
  );
  return r.p95;
}

/**
 * 50 agents with the inbox open while 200 customer messages a second arrive (half of them from
 * new customers): each agent asks for the counts every 2 s, as the web app does after a burst of
 * events, for 20 s. Reports the counts' p95, the database time the counts' statements took as a
 * share of one core (pg_stat_statements, when the database has it), and whether the counts equal
 * a recount once the messages stop.
 */
async function countsUnderLiveInbound(
  base: string,
  url: string,
  account: GeneratedAccount,
  size: number,
  headers: Record<string, string>,
) {
  const AGENTS = 50;
  const RATE = 200;
  const SECONDS = 20;
  const http = new HttpClient(base, 96);
  const db = new Client({ connectionString: url });
  await db.connect();
  try {
    const { channelId, key } = await setUpApiChannel(http, { headers } as never);
    const statsOn = await db
      .query(`create extension if not exists pg_stat_statements`)
      .then(() => db.query(`select pg_stat_statements_reset()`))
      .then(
        () => true,
        () => false,
      );
    const countsTime = async () =>
      Number(
        (
          await db.query(
            `select coalesce(sum(total_exec_time), 0) as ms from pg_stat_statements
             where query ilike '%conversation_count%' and query not ilike '%pg_stat_statements%'`,
          )
        ).rows[0].ms,
      );
    const before = statsOn ? await countsTime() : 0;
    const run = Date.now() % 100000;
    const errors: string[] = [];
    const started = performance.now();
    const end = started + SECONDS * 1000;
    // The messages: an open loop at RATE.
    const inbound = (async () => {
      const pending: Promise<void>[] = [];
      let sent = 0;
      while (performance.now() < end) {
        const due = Math.floor(((performance.now() - started) / 1000) * RATE) + 1;
        for (; sent < due; sent++) {
          const who = sent % 2 ? `live-${run}-${sent}` : `live-${run}-known-${sent % 500}`;
          pending.push(
            http
              .request(
                'POST',
                `/api/v1/channels/${channelId}/messages`,
                { authorization: `Bearer ${key}` },
                JSON.stringify({ contact: { identifier: who }, message: { body: `live ${sent}` } }),
              )
              .then(
                (res) => {
                  if (res.status !== 201) errors.push(`inbound answered ${res.status}`);
                },
                (err: Error) => void errors.push(err.message),
              ),
          );
        }
        await new Promise((r) => setTimeout(r, 2));
      }
      await Promise.all(pending);
    })();
    // The agents: each asks every 2 s, spread over the 2 s.
    const latencies: number[] = [];
    const agents = Array.from({ length: AGENTS }, async (_, i) => {
      await new Promise((r) => setTimeout(r, (2000 * i) / AGENTS));
      while (performance.now() < end) {
        const t = performance.now();
        const res = await http.request('GET', '/dashboardapi/conversations/counts', headers);
        if (res.status !== 200) errors.push(`counts answered ${res.status}`);
        latencies.push(performance.now() - t);
        await new Promise((r) => setTimeout(r, Math.max(0, 2000 - (performance.now() - t))));
      }
    });
    await Promise.all([inbound, ...agents]);
    const seconds = (performance.now() - started) / 1000;
    latencies.sort((a, b) => a - b);
    record(
      `view counts · ${AGENTS} agents every 2 s · ${RATE} msg/s arriving · ${size.toLocaleString('en')} conv`,
      `p50 ${fmt(percentile(latencies, 50))} · p95 ${fmt(percentile(latencies, 95))} · ${latencies.length} asks${errors.length ? ` · ${errors.length} errors: ${errors[0]}` : ''}`,
      '≤ 50 ms',
      percentile(latencies, 95) <= 50 && errors.length === 0,
    );
    if (statsOn) {
      const share = (await countsTime()) - before;
      const percent = (share / (seconds * 1000)) * 100;
      record(
        `view counts · database time (reads, folds) during ${RATE} msg/s and ${AGENTS} agents`,
        `${percent.toFixed(1)} % of one core (${share.toFixed(0)} ms in ${seconds.toFixed(0)} s)`,
        '≤ 10 %',
        percent <= 10,
      );
    } else {
      record(
        'view counts · database time during live inbound',
        'not measured (pg_stat_statements is not loaded)',
        '≤ 10 %',
        null,
      );
    }
    // Kept in the transactions that change them, the counts are right at once: checked against
    // a recount of the open conversations once the messages have stopped.
    const [{ body }, recount] = await Promise.all([
      http.request('GET', '/dashboardapi/conversations/counts', headers),
      db.query(
        `select count(*)::int as all, count(*) filter (where assignee_id is null)::int as unassigned
         from conversations where account_id = $1 and status = 'open'`,
        [account.accountId],
      ),
    ]);
    const kept = JSON.parse(body) as { all: number; unassigned: number };
    const right =
      kept.all === recount.rows[0].all && kept.unassigned === recount.rows[0].unassigned;
    record(
      'view counts equal a recount right after live inbound',
      `all ${kept.all} / ${recount.rows[0].all} · unassigned ${kept.unassigned} / ${recount.rows[0].unassigned}`,
      'equal within 5 s',
      right,
    );
  } finally {
    http.close();
    await db.end();
  }
}
