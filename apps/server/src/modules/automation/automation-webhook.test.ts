import crypto from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { automationRules, jobs, messages } from '../../db/schema';
import { as, createTestContext, type TestContext } from '../../test/harness';
import { apiChannelFor, ownerAndTeammate } from '../../test/inbox-fixtures';
import { automationQueued } from './automation-runner';
import { AUTOMATION_WEBHOOK_JOB } from './automation-webhook';

const RULES = '/dashboardapi/automation-rules';
const SECRET = 'whsec-test-0123456789abcdef';

interface Received {
  headers: http.IncomingHttpHeaders;
  body: string;
}

let ctx: TestContext;
let server: http.Server;
let url: string;
const received: Received[] = [];
/** What the receiver answers next, first to last; 200 once the list is empty. */
const answers: number[] = [];

beforeAll(async () => {
  // Plain http to 127.0.0.1 is allowed only because the outbound policy is opened here.
  ctx = await createTestContext({
    AUTH_RATE_LIMIT_PER_MINUTE: '1000',
    OUTBOUND_ALLOW_PRIVATE: 'on',
  });
  server = http.createServer((req, res) => {
    let body = '';
    req.on('data', (c: Buffer) => (body += c.toString('utf8')));
    req.on('end', () => {
      received.push({ headers: req.headers, body });
      res.statusCode = answers.shift() ?? 200;
      res.end('ok');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/hooks/parley`;
});
afterAll(async () => {
  await new Promise<void>((resolve) => server.close(() => resolve()));
  await ctx.close();
});

async function settle() {
  for (let i = 0; i < 5; i++) {
    await automationQueued(ctx.deps);
    if ((await ctx.deps.jobs.drain()) === 0) return;
  }
}

/** A receiver's check, written from the docs alone (docs/product/automation.md, "Webhooks"). */
function verify(header: string | undefined, body: string, secret: string) {
  const parts = Object.fromEntries((header ?? '').split(',').map((p) => p.split('=', 2)));
  const expected = crypto.createHmac('sha256', secret).update(`${parts.t}.${body}`).digest('hex');
  return (
    typeof parts.v1 === 'string' &&
    parts.v1.length === expected.length &&
    crypto.timingSafeEqual(Buffer.from(parts.v1), Buffer.from(expected)) &&
    Math.abs(Date.now() / 1000 - Number(parts.t)) < 300
  );
}

describe('a rule’s webhook (docs/product/automation.md)', () => {
  it('is received signed, retried after a 500 with the same body, and its secret is never shown', async () => {
    const { owner } = await ownerAndTeammate(ctx);
    const channel = await apiChannelFor(ctx, owner);
    const created = await as(ctx, owner).post(RULES, {
      name: 'Tell the CRM',
      trigger: 'message_received',
      actions: [
        { type: 'set_priority', priority: 'high' },
        { type: 'send_webhook', url, secret: SECRET },
      ],
    });
    expect(created.statusCode).toBe(201);
    const rule = created.json() as { id: number; actions: Record<string, unknown>[] };
    expect(rule.actions[1]).toEqual({ type: 'send_webhook', url });

    answers.push(500);
    received.length = 0;
    const { conversation_id: id, message_id } = await channel.inbound({
      identifier: `crm-${Math.random()}`,
      text: 'Where is my order?',
      name: 'Carla Customer',
      email: 'carla@example.com',
    });
    await settle();
    expect(received).toHaveLength(1);
    const [job] = await ctx.deps.db
      .select()
      .from(jobs)
      .where(eq(jobs.kind, AUTOMATION_WEBHOOK_JOB))
      .orderBy(jobs.id);
    expect(job).toMatchObject({ status: 'queued', attempts: 1 });
    expect(JSON.stringify(job!.payload)).not.toContain(SECRET);
    // At rest the secret is sealed, as the channels' secrets are.
    const [stored] = await ctx.deps.db
      .select({ actions: automationRules.actions })
      .from(automationRules)
      .where(eq(automationRules.id, rule.id));
    expect(JSON.stringify(stored!.actions)).not.toContain(SECRET);

    // Saving the rule again as the editor does (no secret) keeps the stored one.
    const listed = (await as(ctx, owner).get(RULES)).json() as {
      rules: { id: number; actions: object[] }[];
    };
    expect(JSON.stringify(listed)).not.toContain(SECRET);
    const again = await as(ctx, owner).patch(`${RULES}/${rule.id}`, {
      actions: listed.rules[0]!.actions,
    });
    expect(again.statusCode).toBe(200);

    // The retry is due after its back-off; bring it forward instead of waiting.
    await ctx.deps.db.update(jobs).set({ runAt: new Date() }).where(eq(jobs.id, job!.id));
    await settle();
    expect(received).toHaveLength(2);
    expect(received[1]!.body).toBe(received[0]!.body);
    for (const r of received) {
      expect(r.headers['content-type']).toBe('application/json');
      expect(verify(r.headers['x-parley-signature'] as string, r.body, SECRET)).toBe(true);
      expect(verify(r.headers['x-parley-signature'] as string, r.body, 'another-secret-xx')).toBe(
        false,
      );
    }
    const payload = JSON.parse(received[1]!.body);
    expect(payload).toMatchObject({
      event: 'automation.rule_matched',
      trigger: 'message_received',
      rule: { id: rule.id, name: 'Tell the CRM' },
      conversation: {
        id,
        status: 'open',
        priority: 'high',
        assignee: null,
        team: null,
        channel: { id: channel.channelId, type: 'api' },
        contact: { name: 'Carla Customer', email: 'carla@example.com' },
        tags: [],
      },
      message: { id: message_id, body: 'Where is my order?', direction: 'incoming' },
    });
    expect(payload.id).toMatch(/^[0-9a-f-]{36}$/);
    const [done] = await ctx.deps.db.select().from(jobs).where(eq(jobs.id, job!.id));
    expect(done).toMatchObject({ status: 'done', attempts: 2 });
    const lines = await ctx.deps.db
      .select({ body: messages.body })
      .from(messages)
      .where(and(eq(messages.conversationId, id), eq(messages.kind, 'activity')));
    expect(lines.map((l) => l.body)).toContain(
      `Rule “Tell the CRM” set the priority to high, sent a webhook to ${new URL(url).host}`,
    );
  });

  it('gives up on a 4xx at once and says so in the conversation', async () => {
    const { owner } = await ownerAndTeammate(ctx);
    const channel = await apiChannelFor(ctx, owner);
    await as(ctx, owner).post(RULES, {
      name: 'Gone hook',
      trigger: 'message_received',
      actions: [{ type: 'send_webhook', url, secret: SECRET }],
    });
    answers.push(410);
    const { conversation_id: id } = await channel.inbound({
      identifier: `gone-${Math.random()}`,
      text: 'Hi',
    });
    await settle();
    const lines = await ctx.deps.db
      .select({ body: messages.body })
      .from(messages)
      .where(and(eq(messages.conversationId, id), eq(messages.kind, 'activity')));
    expect(lines.map((l) => l.body)).toContain(
      `Rule “Gone hook” could not send its webhook to ${new URL(url).host} after 1 try: it answered HTTP 410`,
    );
  });
});
