import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { AgentSession, RealtimeClient, type ReceivedEvent } from './clients';
import { Cluster, HAPROXY_CFG, REPO_ROOT, sleep, startWebhookReceiver } from './cluster';

// Three instances behind HAProxy on one PostgreSQL, Redis and S3 store: everything below goes
// through the balancer, which spreads requests over the instances round robin.

test.describe.configure({ mode: 'serial' });

const cluster = new Cluster();
let receiver: Awaited<ReturnType<typeof startWebhookReceiver>>;
let agent: AgentSession;
let channel: { id: number };
let apiKey: string;
/** Watches the agent's panel channel on the instance never stopped, from the start. */
let observer: RealtimeClient;
let snoozed: number;
const PASSWORD = 'cluster password 123';
const email = `owner-${cluster.id}@example.com`;
const panel = () => `private-dcuser-${agent.userId}-panel0`;

test.beforeAll(async () => {
  test.setTimeout(150_000);
  receiver = await startWebhookReceiver();
  await cluster.start();
  await cluster.waitBalanced(['parley1', 'parley2', 'parley3']);
});

test.afterAll(async () => {
  test.setTimeout(30_000);
  observer?.close();
  await receiver?.close();
  await cluster.stop();
});

test.afterEach(async () => {
  const testInfo = test.info();
  if (testInfo.status !== testInfo.expectedStatus) {
    // What the instances and HAProxy printed, in a file the report names.
    const file = testInfo.outputPath('instances.log');
    fs.writeFileSync(file, cluster.logs());
    await testInfo.attach('instance logs', { path: file, contentType: 'text/plain' });
  }
});

/** A customer message posted by "the provider", retried on any failure until it is stored. */
async function postInbound(contact: string, id: string, body: string) {
  for (let attempt = 0; attempt < 20; attempt++) {
    const res = await fetch(`${cluster.baseURL}/api/v1/channels/${channel.id}/messages`, {
      method: 'POST',
      headers: { authorization: `Bearer ${apiKey}`, 'content-type': 'application/json' },
      body: JSON.stringify({
        contact: { identifier: contact, name: contact },
        message: { id, body },
      }),
    }).catch(() => null);
    if (res && (res.status === 200 || res.status === 201)) {
      const json = (await res.json()) as { conversation_id: number };
      return { conversationId: json.conversation_id, servedBy: res.headers.get('x-served-by') };
    }
    await sleep(200);
  }
  throw new Error(`inbound ${id} was never stored`);
}

/** Runs `work` for each item, `concurrency` at a time. */
async function inParallel<T>(items: T[], concurrency: number, work: (item: T) => Promise<void>) {
  let next = 0;
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < items.length) await work(items[next++]!);
    }),
  );
}

/** A realtime client through the balancer whose socket landed on `name` (opens a few to get one). */
async function clientOn(name: string): Promise<{ on: RealtimeClient; others: RealtimeClient[] }> {
  const others: RealtimeClient[] = [];
  for (let i = 0; i < 9; i++) {
    const client = await RealtimeClient.open(cluster.baseURL, agent, [panel()]);
    if (client.servedBy === name) return { on: client, others };
    others.push(client);
  }
  throw new Error(`no socket landed on ${name}`);
}

const messageEvent = (conversationId: number, body: string) => (e: ReceivedEvent) =>
  e.event === 'message_created' &&
  (e.data as { conversation_id: number; message: { body: string } }).conversation_id ===
    conversationId &&
  (e.data as { message: { body: string } }).message.body === body;

test('the README shows the HAProxy configuration this test runs', () => {
  const readme = fs.readFileSync(path.join(REPO_ROOT, 'README.md'), 'utf8');
  const block = /```haproxy\n([\s\S]*?)```/.exec(readme)?.[1];
  expect(block).toBe(fs.readFileSync(HAPROXY_CFG, 'utf8'));
});

test('three instances start together on an empty database and each one serves', async () => {
  // beforeAll started them at the same moment; each answered /readyz and HAProxy uses all three.
  for (const instance of cluster.instances) expect(instance.process).not.toBeNull();
  // Each migration was applied once, by one of them.
  const files = fs.readdirSync(path.join(REPO_ROOT, 'apps/server/drizzle'));
  const [applied] = await cluster.query<{ count: string }>(
    'select count(*) from drizzle.__drizzle_migrations',
  );
  expect(Number(applied!.count)).toBe(files.filter((f) => f.endsWith('.sql')).length);
});

test('sign up and sign in through the balancer; requests land on every instance', async () => {
  const signedUp = await AgentSession.start(cluster.baseURL, '/dashboardapi/auth/signup', {
    name: 'Clara Cluster',
    email,
    password: PASSWORD,
    account_name: 'Cluster Co',
  });
  const signedIn = await AgentSession.start(cluster.baseURL, '/dashboardapi/auth/login', {
    email,
    password: PASSWORD,
  });
  agent = signedIn.session;
  const servedBy = new Set([signedUp.servedBy, signedIn.servedBy]);
  for (let i = 0; i < 6; i++)
    servedBy.add((await agent.ok('GET', '/dashboardapi/conversations')).servedBy);
  expect([...servedBy].sort()).toEqual(['parley1', 'parley2', 'parley3']);

  // An API channel whose replies go to the local receiver, and a key to post customer messages.
  channel = (
    await agent.ok<{ id: number }>('POST', '/dashboardapi/supportchannel', {
      type: 'api',
      name: 'Shop backend',
      webhook_url: receiver.url,
    })
  ).body;
  apiKey = (await agent.ok<{ key: string }>('POST', '/dashboardapi/apikeys', { name: 'cluster' }))
    .body.key;

  // Scheduled work: a conversation snoozed for a moment, woken later by whichever instance's
  // timer comes first (checked in the last test). The observer sits on the instance never stopped.
  observer = await RealtimeClient.open(
    'http://127.0.0.1:' + cluster.instance('parley3').port,
    agent,
    [panel()],
  );
  snoozed = (await postInbound('sleepy', `sleepy-${cluster.id}`, 'Wake me up later'))
    .conversationId;
  await agent.ok('PATCH', `/dashboardapi/conversations/${snoozed}`, {
    status: 'snoozed',
    snoozed_until: new Date(Date.now() + 1000).toISOString(),
  });
});

test('an attachment uploaded through one instance downloads through each of the others', async () => {
  const bytes = crypto.randomBytes(300_000);
  const form = new FormData();
  form.append('file', new Blob([bytes], { type: 'application/octet-stream' }), 'manual.bin');
  const uploaded = await agent.ok<{ id: number; url: string }>('POST', '/attachment/', form);
  const downloadedBy = new Set<string | null>();
  for (let i = 0; i < 6 && downloadedBy.size < 3; i++) {
    const res = await fetch(new URL(uploaded.body.url, cluster.baseURL));
    expect(res.status, `download through ${res.headers.get('x-served-by')}`).toBe(200);
    expect(Buffer.from(await res.arrayBuffer()).equals(bytes)).toBe(true);
    downloadedBy.add(res.headers.get('x-served-by'));
  }
  // Every instance served it, the two that did not store it included.
  expect([...downloadedBy].sort()).toEqual(['parley1', 'parley2', 'parley3']);
  expect(uploaded.servedBy).not.toBeNull();
});

test('realtime crosses instances: a socket hears of a message another instance stored', async () => {
  const client = await RealtimeClient.open(cluster.baseURL, agent, [panel()]);
  try {
    let sent: { conversationId: number; servedBy: string | null; body: string } | null = null;
    for (let i = 0; i < 6 && !sent; i++) {
      const body = `Hello from afar ${i}`;
      const posted = await postInbound(`far-${i}`, `far-${cluster.id}-${i}`, body);
      if (posted.servedBy !== client.servedBy) sent = { ...posted, body };
    }
    expect(sent, 'an inbound request served by another instance').not.toBeNull();
    const event = await client.waitForEvent(messageEvent(sent!.conversationId, sent!.body));
    expect(event.servedBy).toBe(client.servedBy);
    expect(event.servedBy).not.toBe(sent!.servedBy);
  } finally {
    client.close();
  }
});

test('webhook deliveries run exactly once across instances', async () => {
  const { conversationId } = await postInbound('hooked', `hooked-${cluster.id}`, 'Reply to me');
  const replies = Array.from({ length: 30 }, (_, i) => `Reply number ${i}`);
  const servedBy = new Set<string | null>();
  await inParallel(replies, 3, async (body) => {
    servedBy.add(
      (await agent.ok('POST', `/dashboardapi/conversations/${conversationId}/messages`, { body }))
        .servedBy,
    );
  });
  expect(servedBy.size).toBe(3);
  await expect.poll(() => receiver.deliveries.length, { timeout: 30_000 }).toBe(replies.length);
  // A second instance running the same job would deliver it again within its poll (1 s).
  await sleep(2_500);
  expect(receiver.deliveries.map((d) => d.body).sort()).toEqual([...replies].sort());
  expect(new Set(receiver.deliveries.map((d) => d.messageId)).size).toBe(replies.length);
  // Each delivery job was claimed once, by one instance, and ran once.
  const jobs = await cluster.query<{ status: string; attempts: number; count: string }>(
    `select status, attempts, count(*) from jobs where account_id = $1 and kind = 'deliver_message'
      group by status, attempts`,
    [agent.accountId],
  );
  expect(jobs.map((j) => [j.status, j.attempts, Number(j.count)])).toEqual([
    ['done', 1, replies.length],
  ]);
});

test('an instance killed under inbound load loses and duplicates nothing; its sockets reconnect', async () => {
  test.setTimeout(90_000);
  const victim = cluster.instance('parley1');
  const { on: socket, others } = await clientOn(victim.name);
  try {
    const ids = Array.from({ length: 200 }, (_, i) => `load-${cluster.id}-${i}`);
    let done = 0;
    let killed = false;
    const load = inParallel(ids, 8, async (id) => {
      const n = Number(id.split('-').at(-1));
      await postInbound(`load-contact-${n % 10}`, id, `Load message ${n}`);
      done++;
      if (done === 60 && !killed) {
        killed = true;
        victim.process!.kill('SIGKILL');
      }
    });
    await load;
    expect(killed).toBe(true);
    expect((await victim.exited).signal).toBe('SIGKILL');

    const [stored] = await cluster.query<{ total: string; distinct_ids: string }>(
      `select count(*) as total, count(distinct provider_message_id) as distinct_ids
         from messages where account_id = $1 and provider_message_id like $2`,
      [agent.accountId, `load-${cluster.id}-%`],
    );
    expect(Number(stored!.total)).toBe(200);
    expect(Number(stored!.distinct_ids)).toBe(200);

    // The socket of the killed instance came back through the balancer, elsewhere, and hears news.
    await socket.waitReady((by) => by !== null && by !== victim.name, 20_000);
    expect(socket.closes.at(-1)?.servedBy).toBe(victim.name);
    const { conversationId } = await postInbound(
      'after-kill',
      `after-kill-${cluster.id}`,
      'Still there?',
    );
    await socket.waitForEvent(messageEvent(conversationId, 'Still there?'));
  } finally {
    socket.close();
    for (const client of others) client.close();
  }

  // It starts again and rejoins the balancer.
  cluster.startInstance(victim);
  await cluster.waitReady(victim);
  await cluster.waitBalanced(['parley1', 'parley2', 'parley3']);
});

test('SIGTERM drains an instance: no request fails, its sockets reconnect elsewhere, it exits 0', async () => {
  test.setTimeout(90_000);
  const leaving = cluster.instance('parley2');
  const { on: socket, others } = await clientOn(leaving.name);
  const { conversationId } = await postInbound('drain', `drain-${cluster.id}`, 'Before the drain');
  try {
    const failures: string[] = [];
    let requests = 0;
    const load = { stop: false };
    const servedByLeaving = { before: 0, after: 0 };
    let signalled = false;
    // Agents keep working while the instance leaves: reads and writes, never retried here.
    const agents = Promise.all(
      Array.from({ length: 4 }, async (_, worker) => {
        for (let i = 0; !load.stop; i++) {
          const answer =
            i % 2 === 0
              ? await agent.call('GET', '/dashboardapi/conversations')
              : await agent.call('POST', `/dashboardapi/conversations/${conversationId}/messages`, {
                  kind: 'note',
                  body: `Note ${worker}-${i}`,
                });
          requests++;
          if (answer.status !== 200 && answer.status !== 201)
            failures.push(
              `${answer.status} via ${answer.servedBy}: ${JSON.stringify(answer.body)}`,
            );
          if (answer.servedBy === leaving.name) servedByLeaving[signalled ? 'after' : 'before']++;
        }
      }).map((p) => p.catch((err: Error) => void failures.push(String(err)))),
    );
    await sleep(1_000);
    signalled = true;
    const startedAt = Date.now();
    leaving.process!.kill('SIGTERM');
    // Readiness fails first, so the balancer takes the instance out while it still serves.
    await expect
      .poll(async () => {
        const res = await fetch(`http://127.0.0.1:${leaving.port}/readyz`);
        return { status: res.status, body: await res.json() };
      })
      .toMatchObject({ status: 503, body: { failed: ['shutting_down'] } });
    const exit = await leaving.exited;
    const tookMs = Date.now() - startedAt;
    await sleep(1_000);
    load.stop = true;
    await agents;

    expect(exit).toEqual({ code: 0, signal: null });
    expect(tookMs).toBeLessThan(15_000);
    expect(failures).toEqual([]);
    expect(requests).toBeGreaterThan(50);
    expect(servedByLeaving.before).toBeGreaterThan(0);
    // The socket was told to reconnect at once (4200) and did, through the balancer, elsewhere.
    expect(socket.closes.at(-1)).toEqual({ code: 4200, servedBy: leaving.name });
    await socket.waitReady((by) => by !== null && by !== leaving.name);
    const { conversationId: after } = await postInbound(
      'after-drain',
      `after-drain-${cluster.id}`,
      'After the drain',
    );
    await socket.waitForEvent(messageEvent(after, 'After the drain'));
  } finally {
    socket.close();
    for (const client of others) client.close();
  }
});

test('a snoozed conversation is woken exactly once across instances', async () => {
  test.setTimeout(60_000);
  // Each instance looks for snoozed conversations every 30 s: one of them wakes it.
  await expect
    .poll(
      async () =>
        (await agent.ok<{ status: string }>('GET', `/dashboardapi/conversations/${snoozed}`)).body
          .status,
      { timeout: 45_000, intervals: [1_000] },
    )
    .toBe('open');
  await sleep(2_000);
  type Update = { conversation: { id: number; status: string } };
  const updates = observer.events
    .filter((e) => e.event === 'conversation_updated')
    .map((e) => (e.data as Update).conversation)
    .filter((c) => c.id === snoozed);
  // After it was snoozed: one update that opens it, from one instance.
  const woken = updates.slice(updates.findIndex((c) => c.status === 'snoozed'));
  const seen = JSON.stringify(updates.map((c) => c.status));
  expect(woken[0]?.status, seen).toBe('snoozed');
  expect(
    woken.filter((c) => c.status === 'open'),
    seen,
  ).toHaveLength(1);
});
