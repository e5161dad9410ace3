import fs from 'node:fs';
import { Client } from 'pg';
import Pusher from 'pusher-js';
import {
  channelAuth,
  fmt,
  HttpClient,
  percentile,
  record,
  rssMb,
  signup,
  startServer,
  stopServer,
  type AgentSession,
} from './lib';

/** The embedded server under the ingest load (docs/benchmarks.md). */
const EMBEDDED_PEAK_RSS_BUDGET_MB = 350;

/**
 * Inbound message → agent's socket (docs/benchmarks.md): customers' messages are POSTed to the API
 * channel (`/api/v1/channels/:id/messages`, API key) and timed until the `message_created` event
 * reaches a real pusher-js client subscribed to the agent's `private-dcuser-{id}-panel0` on the
 * built-in server (`/app/{key}`).
 *   - throughput: a closed loop of 64 senders; messages per second from the first send to the
 *     last event received (every message must arrive);
 *   - latency: an open loop at half the budgeted rate for 10 s; p50 / p99 from send to event;
 *   - memory: the server's peak resident memory through both loops (its workers' too, if any);
 *   - rules keep up (with rules, on PostgreSQL): the automation runs' jobs done and waiting after
 *     the warm-up, after the throughput loop and at the end, when none may still wait (2 s of
 *     grace for the last messages' runs) and none may have failed.
 * `customers`: `known` ones keep writing in their open conversation (2,000 of them, as on a busy
 * day); `new` ones each write their first message (contact, identity, conversation and message
 * are made for every one). `withRules`: the account has 50 enabled automation rules on customer
 * messages (one matches every message) and an SLA policy whose clocks every conversation runs,
 * in business hours.
 */
export async function benchInbound(opts: {
  label: string;
  env: Record<string, string>;
  port: number;
  budget: number;
  customers: 'known' | 'new';
  withRules?: boolean;
  /** Peak resident memory allowed through the run; default: the embedded mode's budget, if embedded. */
  memoryBudgetMb?: number;
  log: (s: string) => void;
}) {
  const label = `${opts.label}, ${opts.customers} customers${opts.withRules ? ', 50 rules and SLA policies' : ''}`;
  const server = await startServer({ DEMO: 'off', ...opts.env }, opts.port);
  const http = new HttpClient(server.base, 128);
  let pusher: Pusher | null = null;
  try {
    const agent = await signup(server.base, {
      name: 'Inbound Bench',
      email: `inbound-${Date.now()}@bench.localhost`,
      password: 'bench-password',
      account_name: `Inbound bench ${label}`,
    });
    const { channelId, key } = await setUpApiChannel(http, agent);
    if (opts.withRules) await setUpRulesAndSla(http, agent);
    const events = new Map<string, (at: number) => void>();
    pusher = await connect(server.base, agent, (body, at) => {
      const tag = /⟨(\d+-\d+)⟩/.exec(body)?.[1];
      if (tag) events.get(tag)?.(at);
    });

    let seq = 0;
    const run = `${Date.now() % 100000}`;
    const errors: string[] = [];
    /** Posts one customer message; resolves when its event reached the socket (or rejects). */
    const send = (): Promise<{ sentAt: number; latency: number }> => {
      seq += 1;
      const tag = `${run}-${seq}`;
      const customer = opts.customers === 'known' ? `customer-${seq % 2000}` : `new-${tag}`;
      const body = JSON.stringify({
        contact: { identifier: customer, name: `Customer ${customer}` },
        message: { id: `m-${tag}`, body: `Where is my order? ⟨${tag}⟩` },
      });
      const sentAt = performance.now();
      const arrived = new Promise<number>((resolve, reject) => {
        const timer = setTimeout(() => {
          events.delete(tag);
          reject(new Error(`no event for message ${tag} within 10 s`));
        }, 10_000);
        events.set(tag, (at) => {
          clearTimeout(timer);
          events.delete(tag);
          resolve(at);
        });
      });
      const posted = http
        .request(
          'POST',
          `/api/v1/channels/${channelId}/messages`,
          { authorization: `Bearer ${key}` },
          body,
        )
        .then((res) => {
          if (res.status !== 201)
            throw new Error(`inbound answered ${res.status}: ${res.body.slice(0, 200)}`);
        });
      return Promise.all([arrived, posted]).then(([at]) => ({ sentAt, latency: at - sentAt }));
    };

    // Warm-up: contacts and conversations exist, JIT and connection pools are warm.
    await closedLoop(send, 16, 2_000, errors);
    const rulesAfterWarmUp = opts.withRules ? await automationJobs(opts.env) : null;
    let peakRss = 0;
    const sampler = setInterval(() => {
      peakRss = Math.max(peakRss, instanceRssMb(server.child.pid!));
    }, 250);

    const total = Math.round(opts.budget * 8);
    const started = performance.now();
    const done = await closedLoop(send, 64, total, errors);
    const seconds = (performance.now() - started) / 1000;
    const rate = done / seconds;
    record(
      `inbound API → pusher-js event, throughput (${label})`,
      `${rate.toFixed(0)} msg/s (${done.toLocaleString('en')} messages, 64 senders)`,
      `≥ ${opts.budget.toLocaleString('en')} msg/s`,
      rate >= opts.budget && errors.length === 0,
    );

    const rulesAfterThroughput = opts.withRules ? await automationJobs(opts.env) : null;

    const half = opts.budget / 2;
    const latencies = await openLoop(send, half, 10, errors);
    latencies.sort((a, b) => a - b);
    const p99 = percentile(latencies, 99);
    clearInterval(sampler);
    record(
      `inbound API → pusher-js event at ${half.toLocaleString('en')} msg/s (${label})`,
      `p50 ${fmt(percentile(latencies, 50))} · p99 ${fmt(p99)}`,
      '≤ 100 ms p99',
      p99 <= 100 && errors.length === 0,
    );
    // The embedded server's budget; a PostgreSQL instance's memory is mostly the database's.
    const memoryBudget =
      opts.memoryBudgetMb ?? (opts.env.DATABASE_URL ? null : EMBEDDED_PEAK_RSS_BUDGET_MB);
    record(
      `peak RSS under inbound load (${label})`,
      `${peakRss.toFixed(0)} MB`,
      memoryBudget ? `≤ ${memoryBudget} MB` : '—',
      memoryBudget ? peakRss <= memoryBudget : null,
    );
    // Rules keep up: the runs queued during the loops are done by their end, not left behind.
    if (opts.withRules) {
      // The runs of the last messages, queued a moment ago, get two seconds to finish.
      let end = await automationJobs(opts.env);
      for (let waited = 0; end && end.waiting > 0 && waited < 2_000; waited += 250) {
        await new Promise((r) => setTimeout(r, 250));
        end = await automationJobs(opts.env);
      }
      const say = (j: JobCounts | null) =>
        j ? `${j.done.toLocaleString('en')} done, ${j.waiting.toLocaleString('en')} waiting` : '?';
      record(
        `automation runs (${label})`,
        `after warm-up ${say(rulesAfterWarmUp)} · after throughput ${say(rulesAfterThroughput)} · at the end ${say(end)}${end && end.failed > 0 ? `, ${end.failed} failed` : ''}`,
        'none waiting 2 s after the last message, none failed',
        end ? end.waiting === 0 && end.failed === 0 : null,
      );
    }
    if (errors.length > 0) {
      record(`inbound errors (${label})`, `${errors.length}: ${errors[0]}`, 'none', false);
    }
  } finally {
    pusher?.disconnect();
    http.close();
    await stopServer(server.child);
  }
}

interface JobCounts {
  done: number;
  waiting: number;
  failed: number;
}

/** The automation runs' jobs by state (PostgreSQL only: the embedded database is the server's). */
async function automationJobs(env: Record<string, string>): Promise<JobCounts | null> {
  if (!env.DATABASE_URL) return null;
  const client = new Client({ connectionString: env.DATABASE_URL });
  await client.connect();
  try {
    const { rows } = await client.query<{ status: string; n: string }>(
      `select status, count(*) as n from jobs where kind = 'automation.run' group by status`,
    );
    const n = (s: string) => Number(rows.find((r) => r.status === s)?.n ?? 0);
    return { done: n('done'), waiting: n('queued') + n('running'), failed: n('failed') };
  } finally {
    await client.end();
  }
}

export async function setUpApiChannel(http: HttpClient, agent: AgentSession) {
  const channel = await http.request(
    'POST',
    '/dashboardapi/supportchannel',
    agent.headers,
    JSON.stringify({ type: 'api', name: 'Bench API' }),
  );
  if (channel.status !== 201)
    throw new Error(`creating the API channel: ${channel.status} ${channel.body}`);
  const apiKey = await http.request(
    'POST',
    '/dashboardapi/apikeys',
    agent.headers,
    JSON.stringify({ name: 'bench' }),
  );
  if (apiKey.status !== 201)
    throw new Error(`creating the API key: ${apiKey.status} ${apiKey.body}`);
  return {
    channelId: (JSON.parse(channel.body) as { id: number }).id,
    key: (JSON.parse(apiKey.body) as { key: string }).key,
  };
}

/**
 * 50 enabled rules on customer messages: 49 look for words no bench message has, one raises the
 * priority of every conversation (it acts on a conversation's first message; on the next ones it
 * would change nothing, so it does not act, as in real use);
 * one SLA policy covers every conversation, counted in business hours with holidays.
 */
async function setUpRulesAndSla(http: HttpClient, agent: AgentSession) {
  const post = async (path: string, body: unknown, method = 'POST') => {
    const res = await http.request(method, path, agent.headers, JSON.stringify(body));
    if (res.status >= 300) throw new Error(`${method} ${path}: ${res.status} ${res.body}`);
  };
  for (let i = 0; i < 50; i++)
    await post('/dashboardapi/automation-rules', {
      name: `Bench rule ${i}`,
      trigger: 'message_received',
      conditions: {
        match: 'all',
        conditions: [
          { field: 'message', operator: 'contains', value: i === 0 ? 'order' : `refund-${i}` },
        ],
      },
      actions: [{ type: 'set_priority', priority: 'high' }],
    });
  await post(
    '/dashboardapi/business-hours',
    {
      business_hours: {
        time_zone: 'Europe/Paris',
        days: [0, 1, 2, 3, 4, 5, 6].map((day) => ({ day, open: '00:00', close: '24:00' })),
        holidays: ['2026-12-25'],
      },
    },
    'PUT',
  );
  const targets = {
    first_response_minutes: 60,
    next_response_minutes: 120,
    resolution_minutes: 1440,
  };
  await post('/dashboardapi/sla-policies', {
    name: 'Bench SLA',
    business_hours_only: true,
    warning_minutes: 15,
    conditions: { channel_types: [], brand_ids: [] },
    targets: { urgent: targets, high: targets, medium: targets, low: targets, none: targets },
  });
}

/** pusher-js as the web app connects: options from the server, channel auth with the session. */
async function connect(
  base: string,
  agent: AgentSession,
  onMessage: (body: string, at: number) => void,
): Promise<Pusher> {
  const config = (await (
    await fetch(`${base}/dashboardapi/realtime/config`, { headers: agent.headers })
  ).json()) as { key: string; wsHost: string; wsPort: number; forceTLS: boolean; cluster: string };
  const pusher = new Pusher(config.key, {
    cluster: config.cluster,
    wsHost: config.wsHost,
    wsPort: config.wsPort,
    forceTLS: config.forceTLS,
    enabledTransports: ['ws'],
    channelAuthorization: {
      customHandler: ({ socketId, channelName }, callback) => {
        channelAuth(base, agent, socketId, channelName)
          .then((auth) => callback(null, { auth }))
          .catch((err: Error) => callback(err, null));
      },
    },
  });
  await new Promise<void>((resolve, reject) => {
    pusher.connection.bind('connected', () => resolve());
    pusher.connection.bind('failed', () => reject(new Error('pusher-js could not connect')));
  });
  const channel = pusher.subscribe(`private-dcuser-${agent.userId}-panel0`);
  await new Promise<void>((resolve, reject) => {
    channel.bind('pusher:subscription_succeeded', () => resolve());
    channel.bind('pusher:subscription_error', (e: unknown) =>
      reject(new Error(`subscription failed: ${JSON.stringify(e)}`)),
    );
  });
  channel.bind('message_created', (data: { message?: { body?: string } }) =>
    onMessage(data.message?.body ?? '', performance.now()),
  );
  return pusher;
}

/** `total` messages from `senders` concurrent loops; answers how many arrived. */
async function closedLoop(
  send: () => Promise<unknown>,
  senders: number,
  total: number,
  errors: string[],
) {
  let started = 0;
  let arrived = 0;
  await Promise.all(
    Array.from({ length: senders }, async () => {
      while (started < total) {
        started += 1;
        try {
          await send();
          arrived += 1;
        } catch (err) {
          errors.push((err as Error).message);
          if (process.env.BENCH_DEBUG)
            console.error((err as Error).message, new Date().toISOString());
        }
      }
    }),
  );
  return arrived;
}

/** Messages at a fixed rate for `seconds`, whatever the answers' pace; latencies in ms. */
async function openLoop(
  send: () => Promise<{ latency: number }>,
  rate: number,
  seconds: number,
  errors: string[],
) {
  const total = Math.round(rate * seconds);
  const latencies: number[] = [];
  const pending: Promise<void>[] = [];
  const started = performance.now();
  let sent = 0;
  while (sent < total) {
    const due = Math.min(total, Math.floor(((performance.now() - started) / 1000) * rate) + 1);
    for (; sent < due; sent++) {
      pending.push(
        send().then(
          (r) => void latencies.push(r.latency),
          (err: Error) => void errors.push(err.message),
        ),
      );
    }
    await new Promise((r) => setTimeout(r, 1));
  }
  await Promise.all(pending);
  return latencies;
}

/** Resident memory of the server's process and of its workers (node:cluster forks), in MB. */
function instanceRssMb(pid: number): number {
  let total = rssMb(pid);
  for (const entry of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = fs.readFileSync(`/proc/${entry}/stat`, 'utf8');
      // Fields after the command name (which may hold spaces): state, then the parent's pid.
      const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      if (ppid === pid) total += rssMb(Number(entry));
    } catch {
      // The process ended meanwhile.
    }
  }
  return total;
}
