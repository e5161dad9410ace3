import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { FAST_REPLY_PATHS, TAG_PATHS } from '@parley/contracts';
import {
  assignmentQueue,
  automationRuns,
  automationTimers,
  contacts,
  conversationTags,
  conversations,
  jobs,
  messages,
  notifications,
} from '../../db/schema';
import { JobWorker } from '../../lib/jobs';
import { as, createTestContext, signUp, type Session, type TestContext } from '../../test/harness';
import { noteSocket } from '../assignment/assignment.service';
import { wakeSnoozed } from '../conversations/conversations.service';
import {
  AUTOMATION_RUN_JOB,
  automationQueued,
  fireDueTimers,
  MAX_RUNS_PER_CONVERSATION_PER_HOUR,
  runRules,
  type RunPayload,
} from './automation-runner';
import { automationKit, RULES } from './automation.fixtures';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext({ AUTH_RATE_LIMIT_PER_MINUTE: '1000' });
});
afterAll(() => ctx.close());

const { settle, activityOf, createRule, account } = automationKit(() => ctx);

async function conv(id: number) {
  const [row] = await ctx.deps.db.select().from(conversations).where(eq(conversations.id, id));
  return row!;
}

async function tagIdsOf(id: number) {
  const rows = await ctx.deps.db
    .select({ tagId: conversationTags.tagId })
    .from(conversationTags)
    .where(eq(conversationTags.conversationId, id));
  return rows.map((r) => r.tagId).sort();
}

async function createTag(s: Session, name: string) {
  const res = await as(ctx, s).post(TAG_PATHS.list, { name });
  expect(res.statusCode).toBe(201);
  return (res.json() as { id: number }).id;
}

describe('rules API', () => {
  it('an admin creates, lists, changes, reorders and deletes rules; positions follow', async () => {
    const { owner } = await account();
    const api = as(ctx, owner);
    const tag = await createTag(owner, 'refund');
    const a = await createRule(owner, {
      name: 'Refunds',
      trigger: 'message_received',
      conditions: {
        match: 'all',
        conditions: [{ field: 'message', operator: 'contains', value: 'refund' }],
      },
      actions: [{ type: 'add_tags', tag_ids: [tag] }],
    });
    const b = await createRule(owner, {
      name: 'Urgent',
      trigger: 'conversation_created',
      actions: [{ type: 'set_priority', priority: 'urgent' }],
    });
    expect([a.position, b.position]).toEqual([0, 1]);
    const patched = await api.patch(`${RULES}/${a.id}`, { enabled: false });
    expect(patched.statusCode).toBe(200);
    expect(patched.json().enabled).toBe(false);
    const reordered = await api.post(`${RULES}/reorder`, { ids: [b.id, a.id] });
    expect(reordered.statusCode).toBe(200);
    expect(reordered.json().rules.map((r: { id: number }) => r.id)).toEqual([b.id, a.id]);
    expect((await api.post(`${RULES}/reorder`, { ids: [b.id] })).statusCode).toBe(400);
    expect((await api.delete(`${RULES}/${a.id}`)).statusCode).toBe(200);
    const list = (await api.get(RULES)).json().rules as { id: number }[];
    expect(list.map((r) => r.id)).toEqual([b.id]);
    const audit = (await api.get('/dashboardapi/audit-log')).json() as {
      entries: { action: string }[];
    };
    expect(audit.entries.map((e) => e.action)).toEqual(
      expect.arrayContaining([
        'automation_rule_created',
        'automation_rule_deleted',
        'automation_rules_reordered',
      ]),
    );
  });

  it('an invalid rule is a 400 naming the field, and nothing is stored', async () => {
    const { owner } = await account();
    const api = as(ctx, owner);
    const bad = async (body: object, path: string) => {
      const res = await api.post(RULES, body);
      expect(res.statusCode).toBe(400);
      expect(res.json().code).toBe('validation_error');
      expect(JSON.stringify(res.json().details)).toContain(path);
    };
    const base = { name: 'R', trigger: 'message_received', actions: [{ type: 'close' }] };
    await bad({ ...base, trigger: 'every_full_moon' }, 'trigger');
    await bad({ ...base, actions: [] }, 'actions');
    await bad(
      {
        ...base,
        conditions: {
          match: 'all',
          conditions: [{ field: 'message', operator: 'matches', value: '([a-z' }],
        },
      },
      'conditions.conditions.0.value',
    );
    await bad(
      {
        ...base,
        conditions: {
          match: 'all',
          conditions: [{ field: 'message', operator: 'matches', value: '(a+)+$' }],
        },
      },
      'conditions.conditions.0.value',
    );
    await bad({ ...base, actions: [{ type: 'add_tags', tag_ids: [999999] }] }, 'actions.0.tag_ids');
    // A time-based trigger says how long it waits; no other trigger waits.
    await bad({ ...base, trigger: 'pending_for' }, 'wait_minutes');
    await bad({ ...base, trigger: 'no_customer_reply', wait_minutes: 0 }, 'wait_minutes');
    await bad({ ...base, wait_minutes: 60 }, 'wait_minutes');
    await bad(
      { ...base, actions: [{ type: 'assign_team', team_id: 999999 }] },
      'actions.0.team_id',
    );
    expect((await api.get(RULES)).json().rules).toEqual([]);
  });

  it('agents read rules but only owners and admins change them', async () => {
    const { owner, mate } = await account();
    const rule = await createRule(owner, {
      name: 'R',
      trigger: 'agent_replied',
      actions: [{ type: 'close' }],
    });
    const agent = as(ctx, mate);
    expect((await agent.get(RULES)).json().rules).toHaveLength(1);
    const body = { name: 'Mine', trigger: 'agent_replied', actions: [{ type: 'close' }] };
    expect((await agent.post(RULES, body)).statusCode).toBe(403);
    expect((await agent.patch(`${RULES}/${rule.id}`, { enabled: false })).statusCode).toBe(403);
    expect((await agent.delete(`${RULES}/${rule.id}`)).statusCode).toBe(403);
  });

  it('another account’s rule id is a 404 and stays as it was', async () => {
    const { owner } = await account();
    const other = await signUp(ctx);
    const rule = await createRule(owner, {
      name: 'R',
      trigger: 'agent_replied',
      actions: [{ type: 'close' }],
    });
    const api = as(ctx, other);
    expect((await api.patch(`${RULES}/${rule.id}`, { name: 'Hijacked' })).statusCode).toBe(404);
    expect((await api.delete(`${RULES}/${rule.id}`)).statusCode).toBe(404);
    expect((await api.get(RULES)).json().rules).toEqual([]);
    expect((await as(ctx, owner).get(RULES)).json().rules[0].name).toBe('R');
  });
});

describe('time-based rules', () => {
  const HOUR = 3_600_000;
  const notesOf = async (id: number) =>
    (
      await ctx.deps.db
        .select({ body: messages.body })
        .from(messages)
        .where(and(eq(messages.conversationId, id), eq(messages.kind, 'note')))
    ).map((m) => m.body);
  const timersOf = (id: number) =>
    ctx.deps.db.select().from(automationTimers).where(eq(automationTimers.conversationId, id));

  it('“pending for N hours” fires once, N hours after the conversation became pending, on any instance (docs/product/automation.md)', async () => {
    const { owner, write } = await account();
    await createRule(owner, {
      name: 'Nudge',
      trigger: 'pending_for',
      wait_minutes: 48 * 60,
      actions: [{ type: 'add_note', body: 'pending two days' }],
    });
    const id = await write('Where is my order?');
    await settle();
    const setAt = Date.now();
    await as(ctx, owner).patch(`/dashboardapi/conversations/${id}`, { status: 'pending' });
    await settle();
    const [timer] = await timersOf(id);
    expect(timer!.dueAt.getTime() - timer!.since.getTime()).toBe(48 * HOUR);
    expect(Math.abs(timer!.since.getTime() - setAt)).toBeLessThan(10_000);
    // Not due yet: nothing fires.
    expect(await fireDueTimers(ctx.deps, new Date(setAt + 47 * HOUR))).toBe(0);
    // Two instances pass at once: one run.
    const later = new Date(setAt + 49 * HOUR);
    const fired = await Promise.all([
      fireDueTimers(ctx.deps, later),
      fireDueTimers(ctx.deps, later),
    ]);
    expect(fired[0]! + fired[1]!).toBe(1);
    await settle();
    expect(await notesOf(id)).toEqual(['pending two days']);
    expect(await timersOf(id)).toEqual([]);
  });

  it('leaving the state clears the alarm: a customer reply ends “no customer reply”, reopening ends “pending for”', async () => {
    const { owner, write, channel } = await account();
    const api = as(ctx, owner);
    await createRule(owner, {
      name: 'Chase',
      trigger: 'no_customer_reply',
      wait_minutes: 24 * 60,
      actions: [{ type: 'add_note', body: 'no answer in a day' }],
    });
    await createRule(owner, {
      name: 'Pending',
      trigger: 'pending_for',
      wait_minutes: 60,
      actions: [{ type: 'add_note', body: 'pending an hour' }],
    });
    const identifier = `chase-${Math.random()}`;
    const id = (await channel.inbound({ identifier, text: 'Hi' })).conversation_id;
    await settle();
    await api.post(`/dashboardapi/conversations/${id}/messages`, { kind: 'reply', body: 'Hello!' });
    await api.patch(`/dashboardapi/conversations/${id}`, { status: 'pending' });
    await settle();
    expect((await timersOf(id)).map((t) => t.trigger).sort()).toEqual([
      'no_customer_reply',
      'pending_for',
    ]);
    await channel.inbound({ identifier, text: 'Thanks, one more question' });
    await api.patch(`/dashboardapi/conversations/${id}`, { status: 'open' });
    await settle();
    expect(await timersOf(id)).toEqual([]);
    expect(await fireDueTimers(ctx.deps, new Date(Date.now() + 30 * 24 * HOUR))).toBe(0);
    await settle();
    expect(await notesOf(id)).toEqual([]);
    expect(await write('unrelated')).toBeGreaterThan(0);
  });

  it('an alarm whose conversation left its state without an event (closed) does not fire', async () => {
    const { owner, write } = await account();
    const api = as(ctx, owner);
    await createRule(owner, {
      name: 'Chase',
      trigger: 'no_customer_reply',
      wait_minutes: 60,
      actions: [{ type: 'add_note', body: 'chase' }],
    });
    const id = await write('Hi');
    await settle();
    await api.post(`/dashboardapi/conversations/${id}/messages`, { kind: 'reply', body: 'Hi!' });
    await settle();
    expect(await timersOf(id)).toHaveLength(1);
    await api.patch(`/dashboardapi/conversations/${id}`, { status: 'closed' });
    expect(await fireDueTimers(ctx.deps, new Date(Date.now() + 2 * HOUR))).toBe(0);
    expect(await timersOf(id)).toEqual([]);
  });

  it('changing a rule’s wait or switching it off drops its alarms', async () => {
    const { owner, write } = await account();
    const api = as(ctx, owner);
    const rule = await createRule(owner, {
      name: 'Pending',
      trigger: 'pending_for',
      wait_minutes: 60,
      actions: [{ type: 'add_note', body: 'x' }],
    });
    const id = await write('Hi');
    await api.patch(`/dashboardapi/conversations/${id}`, { status: 'pending' });
    await settle();
    expect(await timersOf(id)).toHaveLength(1);
    const changed = await api.patch(`${RULES}/${rule.id}`, { wait_minutes: 120 });
    expect(changed.json().wait_minutes).toBe(120);
    expect(await timersOf(id)).toEqual([]);
    // Another trigger without a wait clears it; a time-based one without a wait is refused.
    const bad = await api.patch(`${RULES}/${rule.id}`, {
      trigger: 'message_received',
      wait_minutes: 5,
    });
    expect(bad.statusCode).toBe(400);
    const moved = await api.patch(`${RULES}/${rule.id}`, { trigger: 'message_received' });
    expect(moved.json()).toMatchObject({ trigger: 'message_received', wait_minutes: null });
    const back = await api.patch(`${RULES}/${rule.id}`, { trigger: 'no_customer_reply' });
    expect(back.statusCode).toBe(400);
    expect(JSON.stringify(back.json().details)).toContain('wait_minutes');
  });
});

describe('running rules', () => {
  it('rules run in order and each sees what the ones before it did (docs/product/automation.md, "Running")', async () => {
    const { owner, write } = await account();
    const tag = await createTag(owner, 'escalated');
    // The second rule matches only once the first has raised the priority.
    await createRule(owner, {
      name: 'Urgent words',
      trigger: 'message_received',
      conditions: {
        match: 'all',
        conditions: [{ field: 'message', operator: 'contains', value: 'asap' }],
      },
      actions: [{ type: 'set_priority', priority: 'urgent' }],
    });
    await createRule(owner, {
      name: 'Escalate urgent',
      trigger: 'message_received',
      conditions: {
        match: 'all',
        conditions: [{ field: 'priority', operator: 'is', value: 'urgent' }],
      },
      actions: [{ type: 'add_tags', tag_ids: [tag] }],
    });
    const hit = await write('Please answer asap');
    const miss = await write('No hurry');
    await settle();
    expect((await conv(hit)).priority).toBe('urgent');
    expect(await tagIdsOf(hit)).toEqual([tag]);
    expect(await tagIdsOf(miss)).toEqual([]);
  });

  it('a customer message with the words gets the tag and the team, with one activity line', async () => {
    const { owner, write } = await account();
    const tag = await createTag(owner, 'refund');
    const team = (await as(ctx, owner).post('/dashboardapi/teams', { name: 'Billing' })).json() as {
      id: number;
    };
    await createRule(owner, {
      name: 'Refunds',
      trigger: 'message_received',
      conditions: {
        match: 'all',
        conditions: [
          { field: 'channel_type', operator: 'is', value: 'api' },
          { field: 'message', operator: 'matches', value: '\\brefunds?\\b' },
        ],
      },
      actions: [
        { type: 'add_tags', tag_ids: [tag] },
        { type: 'assign_team', team_id: team.id },
      ],
    });
    const hit = await write('I want a REFUND please');
    const miss = await write('Where is my parcel?');
    await settle();
    expect(await tagIdsOf(hit)).toEqual([tag]);
    expect((await conv(hit)).teamId).toBe(team.id);
    // The rule's one line tells all it did: its changes write none of their own.
    expect(await activityOf(hit)).toEqual(['Rule “Refunds” added tag refund, assigned to Billing']);
    expect(await tagIdsOf(miss)).toEqual([]);
    expect(await activityOf(miss)).toEqual([]);
  });

  it('a rule whose actions would change nothing does not act: no run, no line; an action that changes something still does', async () => {
    const { owner, write } = await account();
    await createRule(owner, {
      name: 'Orders',
      trigger: 'message_received',
      conditions: {
        match: 'all',
        conditions: [{ field: 'message', operator: 'contains', value: 'order' }],
      },
      actions: [{ type: 'set_priority', priority: 'high' }],
    });
    const identifier = `noop-${Math.random()}`;
    const id = await write('Where is my order?', identifier);
    await settle();
    await write('Any news on my order?', identifier);
    await settle();
    expect((await conv(id)).priority).toBe('high');
    expect(await activityOf(id)).toEqual(['Rule “Orders” set the priority to high']);
    const runs = await ctx.deps.db
      .select()
      .from(automationRuns)
      .where(eq(automationRuns.conversationId, id));
    expect(runs).toHaveLength(1);
    // An agent lowers it: the next order message raises it again.
    await as(ctx, owner).patch(`/dashboardapi/conversations/${id}`, { priority: 'low' });
    await write('My order, again', identifier);
    await settle();
    expect((await conv(id)).priority).toBe('high');
    expect((await activityOf(id)).filter((l) => l.startsWith('Rule'))).toHaveLength(2);
  });

  it('the event of a rule’s activity line names its message by number, so the line and the message beside it reach the agents', async () => {
    const { owner, write } = await account();
    await createRule(owner, {
      name: 'Urgent',
      trigger: 'message_received',
      actions: [{ type: 'set_priority', priority: 'urgent' }],
    });
    const seen: unknown[] = [];
    const off = ctx.deps.events.on('message_created', (e) => {
      if (e.isPrivate) seen.push(e.messageId);
    });
    try {
      await write('Hello');
      await settle();
    } finally {
      off();
    }
    expect(seen.length).toBeGreaterThan(0);
    for (const id of seen) expect(typeof id).toBe('number');
  });

  it('each trigger starts its rules: created, received, replied, status, priority, tags, assignee', async () => {
    const { owner, mate, write } = await account();
    const api = as(ctx, owner);
    const note = (trigger: string) => ({
      name: trigger,
      trigger,
      actions: [{ type: 'add_note', body: `fired ${trigger}` }],
    });
    for (const t of [
      'conversation_created',
      'message_received',
      'agent_replied',
      'status_changed',
      'priority_changed',
      'tags_changed',
      'assignee_changed',
    ])
      await createRule(owner, note(t));
    const id = await write('Hello');
    await settle();
    await api.post(`/dashboardapi/conversations/${id}/messages`, { kind: 'reply', body: 'Hi!' });
    await settle();
    await api.patch(`/dashboardapi/conversations/${id}`, { status: 'pending' });
    await api.patch(`/dashboardapi/conversations/${id}`, { priority: 'high' });
    await api.patch(`/dashboardapi/conversations/${id}`, { assignee_id: mate.userId });
    await api.post('/dashboardapi/tag/add/v2', { conversation_id: id, tags: ['vip'] });
    await settle();
    await write('Hello again', undefined);
    await settle();
    const notes = (
      await ctx.deps.db
        .select({ body: messages.body })
        .from(messages)
        .where(and(eq(messages.conversationId, id), eq(messages.kind, 'note')))
    ).map((m) => m.body);
    expect(notes.sort()).toEqual(
      [
        'fired conversation_created',
        'fired message_received',
        'fired agent_replied',
        'fired status_changed',
        'fired priority_changed',
        'fired assignee_changed',
        'fired tags_changed',
      ].sort(),
    );
  });

  it('an SLA warning and a breach start their rules once each; an SLA clock re-timed starts none (docs/product/automation.md)', async () => {
    const { owner, write } = await account();
    for (const t of ['sla_warning', 'sla_breached', 'status_changed'])
      await createRule(owner, {
        name: t,
        trigger: t,
        actions: [{ type: 'add_note', body: `fired ${t}` }],
      });
    const id = await write('Where is my parcel?');
    await settle();
    const scope = { accountId: owner.accountId, conversationId: id };
    ctx.deps.events.emit('conversation_updated', { ...scope, changes: ['sla'] });
    ctx.deps.events.emit('sla_warning', {
      ...scope,
      metric: 'first_response',
      dueAt: new Date().toISOString(),
    });
    ctx.deps.events.emit('sla_breached', {
      ...scope,
      metric: 'first_response',
      dueAt: new Date().toISOString(),
    });
    await settle();
    const notes = (
      await ctx.deps.db
        .select({ body: messages.body })
        .from(messages)
        .where(and(eq(messages.conversationId, id), eq(messages.kind, 'note')))
    ).map((m) => m.body);
    expect(notes.sort()).toEqual(['fired sla_breached', 'fired sla_warning']);
  });

  it('conditions combine with all or any; tags, assignee, first message and business hours count', async () => {
    const { owner, write } = await account();
    const id = await write('Hello');
    await settle();
    const dry = async (match: 'all' | 'any', conditions: object[]) => {
      const res = await as(ctx, owner).post(`${RULES}/dry-run`, {
        conversation_id: id,
        rule: {
          name: 'T',
          trigger: 'message_received',
          conditions: { match, conditions },
          actions: [{ type: 'close' }],
        },
      });
      expect(res.statusCode).toBe(200);
      return res.json() as { matched: boolean; conditions: { matched: boolean }[] };
    };
    const yes = { field: 'first_message', operator: 'is', value: true };
    const no = { field: 'assignee', operator: 'is', value: owner.userId };
    expect((await dry('all', [yes, no])).matched).toBe(false);
    expect((await dry('any', [yes, no])).matched).toBe(true);
    expect((await dry('all', [yes, no])).conditions.map((c) => c.matched)).toEqual([true, false]);
    expect(
      (await dry('all', [{ field: 'assignee', operator: 'is_none', value: null }])).matched,
    ).toBe(true);
    // No business hours set: always inside them, as the widget says.
    expect(
      (await dry('all', [{ field: 'business_hours', operator: 'is', value: true }])).matched,
    ).toBe(true);
    const tag = await createTag(owner, 'vip');
    expect(
      (await dry('all', [{ field: 'tags', operator: 'includes_none', value: [tag] }])).matched,
    ).toBe(true);
    expect(
      (await dry('all', [{ field: 'tags', operator: 'includes_any', value: [tag] }])).matched,
    ).toBe(false);
  });

  it('a dry run changes nothing and answers what would happen', async () => {
    const { owner, write } = await account();
    const id = await write('refund now');
    await settle();
    const before = await conv(id);
    const res = await as(ctx, owner).post(`${RULES}/dry-run`, {
      conversation_id: id,
      rule: {
        name: 'T',
        trigger: 'message_received',
        conditions: {
          match: 'all',
          conditions: [{ field: 'message', operator: 'contains', value: 'refund' }],
        },
        actions: [{ type: 'set_priority', priority: 'urgent' }, { type: 'close' }],
      },
    });
    expect(res.json()).toMatchObject({
      matched: true,
      actions: ['set the priority to urgent', 'closed it'],
      broken_reason: null,
    });
    const after = await conv(id);
    expect([after.status, after.priority]).toEqual([before.status, before.priority]);
    expect(await activityOf(id)).toEqual([]);
    const other = await signUp(ctx);
    const foreign = await as(ctx, other).post(`${RULES}/dry-run`, {
      conversation_id: id,
      rule: { name: 'T', trigger: 'message_received', actions: [{ type: 'close' }] },
    });
    expect(foreign.statusCode).toBe(404);
  });

  it('a rule runs once per event, through one job, even with two workers draining', async () => {
    const { owner, write } = await account();
    await createRule(owner, {
      name: 'Once',
      trigger: 'message_received',
      actions: [{ type: 'add_note', body: 'once' }],
    });
    const id = await write('Hello');
    await automationQueued(ctx.deps);
    // A second instance's worker, with the same handler, drains at the same time.
    const second = new JobWorker(ctx.deps.db);
    second.register(AUTOMATION_RUN_JOB, {
      run: (job) => runRules(ctx.deps, job.payload as unknown as RunPayload),
    });
    await Promise.all([ctx.deps.jobs.drain(), second.drain()]);
    const notes = await ctx.deps.db
      .select()
      .from(messages)
      .where(and(eq(messages.conversationId, id), eq(messages.kind, 'note')));
    expect(notes).toHaveLength(1);
    const runJobs = await ctx.deps.db.select().from(jobs).where(eq(jobs.kind, 'automation.run'));
    expect(runJobs.filter((j) => j.status !== 'done')).toEqual([]);
  });

  it('a rule’s own changes start no rule (status set by a rule does not fire status rules)', async () => {
    const { owner, write } = await account();
    await createRule(owner, {
      name: 'Pend',
      trigger: 'message_received',
      actions: [{ type: 'set_status', status: 'pending' }],
    });
    await createRule(owner, {
      name: 'Reopen',
      trigger: 'status_changed',
      actions: [{ type: 'set_status', status: 'open' }],
    });
    const id = await write('Hello');
    await settle();
    expect((await conv(id)).status).toBe('pending');
    const runs = await ctx.deps.db
      .select()
      .from(automationRuns)
      .where(eq(automationRuns.conversationId, id));
    expect(runs).toHaveLength(1);
  });

  it('a conversation stops running rules after the hourly limit', async () => {
    const { owner, write } = await account();
    await createRule(owner, {
      name: 'Note',
      trigger: 'message_received',
      actions: [{ type: 'add_note', body: 'seen' }],
    });
    const identifier = `limit-${Math.random()}`;
    const id = await write('1', identifier);
    await settle();
    await ctx.deps.db.insert(automationRuns).values(
      Array.from({ length: MAX_RUNS_PER_CONVERSATION_PER_HOUR }, () => ({
        accountId: owner.accountId,
        conversationId: id,
        ruleId: null,
      })),
    );
    await write('2', identifier);
    await settle();
    const notes = await ctx.deps.db
      .select()
      .from(messages)
      .where(and(eq(messages.conversationId, id), eq(messages.kind, 'note')));
    expect(notes).toHaveLength(1);
  });

  it('a rule naming a deleted tag is broken: listed with its reason, and it does not run', async () => {
    const { owner, write } = await account();
    const tag = await createTag(owner, 'soon-gone');
    const rule = await createRule(owner, {
      name: 'Tagger',
      trigger: 'message_received',
      actions: [
        { type: 'add_tags', tag_ids: [tag] },
        { type: 'set_priority', priority: 'high' },
      ],
    });
    expect(rule.broken_reason).toBeNull();
    expect((await as(ctx, owner).delete(`/dashboardapi/tags/${tag}`)).statusCode).toBe(200);
    const listed = (await as(ctx, owner).get(RULES)).json().rules[0];
    expect(listed.broken_reason).toMatch(/tag/);
    const id = await write('Hello');
    await settle();
    expect((await conv(id)).priority).toBe('none');
    expect(await activityOf(id)).toEqual([]);
  });

  it('a fast reply action sends the template filled for the conversation', async () => {
    const { owner, write } = await account();
    const created = await as(ctx, owner).post(FAST_REPLY_PATHS.create, {
      name: 'Thanks',
      template_content: 'Thanks for writing, we are on it (ticket {{ticket_id}}).',
    });
    expect(created.statusCode).toBe(201);
    await createRule(owner, {
      name: 'Ack',
      trigger: 'conversation_created',
      actions: [{ type: 'send_fast_reply', fast_reply_id: (created.json() as { id: number }).id }],
    });
    const id = await write('Hello');
    await settle();
    const replies = await ctx.deps.db
      .select({ body: messages.body })
      .from(messages)
      .where(and(eq(messages.conversationId, id), eq(messages.direction, 'outgoing')));
    expect(replies.map((r) => r.body)).toEqual([
      `Thanks for writing, we are on it (ticket ${id}).`,
    ]);
  });
});

describe('auto-assign, and the automatic changes rules hear (docs/product/automation.md)', () => {
  /** The agent's app holds a realtime socket: online, so auto-assignment may choose them. */
  const online = (s: Session) =>
    noteSocket(ctx.deps, { accountId: s.accountId, userId: s.userId, connected: true });

  /** An account with a team of both agents that hands out by `mode`; its channel assigns nobody. */
  async function withTeam(mode: 'round_robin' | 'least_busy' | 'off' = 'round_robin') {
    const a = await account();
    const team = (
      await as(ctx, a.owner).post('/dashboardapi/teams', {
        name: 'Tier 2',
        user_ids: [a.owner.userId, a.mate.userId],
      })
    ).json() as { id: number };
    const res = await as(ctx, a.owner).put(`/dashboardapi/assignment/teams/${team.id}`, { mode });
    expect(res.statusCode).toBe(200);
    return { ...a, team: team.id };
  }

  const nameOf = (a: { owner: Session }, userId: number | null) =>
    userId === a.owner.userId ? 'Olga Owner' : 'Tariq Teammate';

  it('auto-assign within a team hands conversations out by round-robin, and the line says why', async () => {
    const a = await withTeam('round_robin');
    await online(a.owner);
    await online(a.mate);
    await createRule(a.owner, {
      name: 'Hand out',
      trigger: 'conversation_created',
      actions: [{ type: 'auto_assign', team_id: a.team }],
    });
    const first = await a.write('Hello');
    await settle();
    const second = await a.write('Hello too');
    await settle();
    const [one, two] = [await conv(first), await conv(second)];
    expect(one.teamId).toBe(a.team);
    expect(one.assigneeId).not.toBeNull();
    expect(two.assigneeId).not.toBeNull();
    expect(two.assigneeId).not.toBe(one.assigneeId);
    const who = nameOf(a, one.assigneeId);
    expect(await activityOf(first)).toEqual([
      `Assigned to ${who} by round-robin`,
      `Rule “Hand out” assigned to ${who} by round-robin within Tier 2`,
    ]);
  });

  it('with nobody available the conversation waits in the queue, and goes to the first agent who comes online', async () => {
    const a = await withTeam('round_robin');
    await createRule(a.owner, {
      name: 'Hand out',
      trigger: 'conversation_created',
      actions: [{ type: 'auto_assign', team_id: a.team }],
    });
    const id = await a.write('Hello');
    await settle();
    expect((await conv(id)).assigneeId).toBeNull();
    expect(await activityOf(id)).toEqual([
      'Rule “Hand out” queued it for round-robin within Tier 2: no agent available',
    ]);
    const queued = await ctx.deps.db
      .select()
      .from(assignmentQueue)
      .where(eq(assignmentQueue.conversationId, id));
    expect(queued).toHaveLength(1);
    await online(a.mate);
    await vi.waitFor(async () => expect((await conv(id)).assigneeId).toBe(a.mate.userId));
  });

  it('without a team it follows the conversation’s setup, and stops saying so when nothing assigns', async () => {
    const a = await account();
    await online(a.mate);
    await as(ctx, a.owner).put('/dashboardapi/availability/me', { status: 'offline' });
    await createRule(a.owner, {
      name: 'Hand out',
      trigger: 'status_changed',
      actions: [{ type: 'auto_assign' }],
    });
    const id = await a.write('Hello');
    await settle();
    await as(ctx, a.owner).patch(`/dashboardapi/conversations/${id}`, { status: 'pending' });
    await settle();
    await as(ctx, a.owner).patch(`/dashboardapi/conversations/${id}`, { status: 'open' });
    await settle();
    // Pending is not handed out; open, but neither its team nor its channel assigns automatically.
    expect((await conv(id)).assigneeId).toBeNull();
    expect((await activityOf(id)).filter((l) => l.startsWith('Rule'))).toEqual([
      'Rule “Hand out” stopped: Only an open conversation is auto-assigned.',
      'Rule “Hand out” stopped: Auto-assignment is off for its team and its channel.',
    ]);
    // The channel hands out by least-busy: the rule follows it.
    await as(ctx, a.owner).put(`/dashboardapi/assignment/channels/${a.channel.channelId}`, {
      mode: 'least_busy',
    });
    await as(ctx, a.owner).patch(`/dashboardapi/conversations/${id}`, { status: 'pending' });
    await as(ctx, a.owner).patch(`/dashboardapi/conversations/${id}`, { status: 'open' });
    await settle();
    expect((await conv(id)).assigneeId).toBe(a.mate.userId);
    expect((await activityOf(id)).at(-1)).toBe(
      'Rule “Hand out” assigned to Tariq Teammate by least-busy',
    );
  });

  it('a rule auto-assigning within a deleted team is broken and does not run', async () => {
    const a = await withTeam('round_robin');
    await online(a.mate);
    await createRule(a.owner, {
      name: 'Hand out',
      trigger: 'conversation_created',
      actions: [{ type: 'auto_assign', team_id: a.team }],
    });
    expect((await as(ctx, a.owner).delete(`/dashboardapi/teams/${a.team}`)).statusCode).toBe(200);
    const listed = (await as(ctx, a.owner).get(RULES)).json().rules[0];
    expect(listed.broken_reason).toBe('The team it names was deleted.');
    const id = await a.write('Hello');
    await settle();
    expect((await conv(id)).assigneeId).toBeNull();
    expect(await activityOf(id)).toEqual([]);
    // Saving one that names an unknown team is a 400 at the field.
    const res = await as(ctx, a.owner).post(RULES, {
      name: 'R',
      trigger: 'conversation_created',
      actions: [{ type: 'auto_assign', team_id: a.team }],
    });
    expect(res.statusCode).toBe(400);
    expect(JSON.stringify(res.json().details)).toContain('actions.0.team_id');
  });

  it('a dry run says whom auto-assign would pick, or where it would stop, and changes nothing', async () => {
    const a = await withTeam('least_busy');
    await online(a.mate);
    const id = await a.write('Hello');
    await settle();
    const dry = async (action: object) => {
      const res = await as(ctx, a.owner).post(`${RULES}/dry-run`, {
        conversation_id: id,
        rule: { name: 'T', trigger: 'message_received', actions: [action] },
      });
      expect(res.statusCode).toBe(200);
      return (res.json() as { actions: string[] }).actions;
    };
    expect(await dry({ type: 'auto_assign', team_id: a.team })).toEqual([
      'assigned to Tariq Teammate by least-busy within Tier 2',
    ]);
    expect(await dry({ type: 'auto_assign' })).toEqual([
      'auto-assigned it, but it would stop: Auto-assignment is off for its team and its channel.',
    ]);
    const after = await conv(id);
    expect([after.assigneeId, after.teamId]).toEqual([null, null]);
    expect(await activityOf(id)).toEqual([]);
    const queued = await ctx.deps.db
      .select()
      .from(assignmentQueue)
      .where(eq(assignmentQueue.conversationId, id));
    expect(queued).toEqual([]);
  });

  it('a snoozed conversation waking up starts “status changed” rules', async () => {
    const { owner, write } = await account();
    await createRule(owner, {
      name: 'Woke',
      trigger: 'status_changed',
      conditions: {
        match: 'all',
        conditions: [{ field: 'status', operator: 'is', value: 'open' }],
      },
      actions: [{ type: 'add_note', body: 'woke up' }],
    });
    const id = await write('Hello');
    await settle();
    const until = new Date(Date.now() + 60_000).toISOString();
    await as(ctx, owner).patch(`/dashboardapi/conversations/${id}`, { snoozed_until: until });
    await settle();
    await ctx.deps.db
      .update(conversations)
      .set({ snoozedUntil: new Date(Date.now() - 1000) })
      .where(eq(conversations.id, id));
    expect(await wakeSnoozed(ctx.deps)).toBeGreaterThanOrEqual(1);
    await settle();
    expect((await conv(id)).status).toBe('open');
    const notes = await ctx.deps.db
      .select({ body: messages.body })
      .from(messages)
      .where(and(eq(messages.conversationId, id), eq(messages.kind, 'note')));
    expect(notes.map((n) => n.body)).toEqual(['woke up']);
  });

  it('an auto-assignment starts “assignee changed” rules', async () => {
    const a = await account();
    await online(a.mate);
    await as(ctx, a.owner).put('/dashboardapi/availability/me', { status: 'offline' });
    await as(ctx, a.owner).put(`/dashboardapi/assignment/channels/${a.channel.channelId}`, {
      mode: 'round_robin',
    });
    await createRule(a.owner, {
      name: 'Heard',
      trigger: 'assignee_changed',
      conditions: {
        match: 'all',
        conditions: [{ field: 'assignee', operator: 'is', value: a.mate.userId }],
      },
      actions: [{ type: 'add_tags', tag_ids: [await createTag(a.owner, 'handed-out')] }],
    });
    const id = await a.write('Hello');
    await vi.waitFor(async () => expect((await conv(id)).assigneeId).toBe(a.mate.userId));
    await settle();
    expect(await tagIdsOf(id)).toHaveLength(1);
    expect(await activityOf(id)).toContain('Rule “Heard” added tag handed-out');
  });

  it('a rule’s own auto-assignment does not start it again (the loop guard)', async () => {
    const a = await withTeam('round_robin');
    await online(a.owner);
    await online(a.mate);
    await createRule(a.owner, {
      name: 'Rebalance',
      trigger: 'assignee_changed',
      actions: [{ type: 'auto_assign', team_id: a.team }],
    });
    const id = await a.write('Hello');
    await settle();
    await as(ctx, a.owner).patch(`/dashboardapi/conversations/${id}`, {
      assignee_id: a.owner.userId,
    });
    await settle();
    expect((await conv(id)).assigneeId).not.toBeNull();
    const runs = await ctx.deps.db
      .select()
      .from(automationRuns)
      .where(eq(automationRuns.conversationId, id));
    expect(runs).toHaveLength(1);
    expect((await activityOf(id)).filter((l) => l.startsWith('Rule “Rebalance”'))).toHaveLength(1);
  });
});

describe('mentions, webhooks, stores and contact fields (docs/product/automation.md)', () => {
  it('a mention action writes a note that notifies the teammate it names', async () => {
    const { owner, mate, write } = await account();
    await createRule(owner, {
      name: 'Ping Tariq',
      trigger: 'message_received',
      actions: [{ type: 'mention', user_id: mate.userId, body: 'a VIP wrote' }],
    });
    const id = await write('Hello');
    await settle();
    const notes = await ctx.deps.db
      .select({ body: messages.body })
      .from(messages)
      .where(and(eq(messages.conversationId, id), eq(messages.kind, 'note')));
    expect(notes.map((n) => n.body)).toEqual(['@Tariq Teammate a VIP wrote']);
    const mine = await ctx.deps.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, mate.userId), eq(notifications.conversationId, id)));
    expect(mine.map((n) => n.kind)).toEqual(['mention']);
    expect(await activityOf(id)).toContain('Rule “Ping Tariq” mentioned Tariq Teammate in a note');
  });

  it('a mention of someone who is not a member is a 400 naming the field', async () => {
    const { owner } = await account();
    const stranger = await signUp(ctx);
    const res = await as(ctx, owner).post(RULES, {
      name: 'R',
      trigger: 'message_received',
      actions: [{ type: 'mention', user_id: stranger.userId, body: 'hi' }],
    });
    expect(res.statusCode).toBe(400);
    expect(JSON.stringify(res.json().details)).toContain('actions.0.user_id');
  });

  it('a webhook URL that is not a URL, not https or a private address is a 400 naming it', async () => {
    const { owner } = await account();
    const bad = async (action: object, path: string, words: RegExp) => {
      const res = await as(ctx, owner).post(RULES, {
        name: 'Hook',
        trigger: 'message_received',
        actions: [{ type: 'close' }, action],
      });
      expect(res.statusCode).toBe(400);
      const details = res.json().details as { path: string; message: string }[];
      const hit = details.find((d) => d.path === path);
      expect(hit?.message).toMatch(words);
    };
    const secret = 'sixteen-chars-at-least';
    await bad({ type: 'send_webhook', url: 'not a url', secret }, 'actions.1.url', /full URL/);
    await bad({ type: 'send_webhook', url: 'ftp://x.example', secret }, 'actions.1.url', /https/);
    await bad({ type: 'send_webhook', url: 'http://x.example', secret }, 'actions.1.url', /https/);
    await bad(
      { type: 'send_webhook', url: 'https://10.0.0.1/h', secret },
      'actions.1.url',
      /private/,
    );
    await bad({ type: 'send_webhook', url: 'https://x.example/h' }, 'actions.1.secret', /secret/);
    await bad(
      { type: 'send_webhook', url: 'https://x.example/h', secret: 'short' },
      'actions.1.secret',
      /16/,
    );
  });

  it('a webhook to a host that resolves to a private address is refused when delivered', async () => {
    const { owner, write } = await account();
    await createRule(owner, {
      name: 'Hook',
      trigger: 'message_received',
      actions: [
        { type: 'send_webhook', url: 'https://localhost:9/hook', secret: 'sixteen-chars-at-least' },
      ],
    });
    const id = await write('Hello');
    await settle();
    const lines = await activityOf(id);
    expect(lines).toContain('Rule “Hook” sent a webhook to localhost:9');
    expect(lines.find((l) => l.includes('could not send'))).toMatch(
      /^Rule “Hook” could not send its webhook to localhost:9 after 1 try: Refusing to call a private address/,
    );
  });

  it('a store condition matches the conversation’s store and not another; a deleted store breaks it', async () => {
    const { owner, write } = await account();
    const store = async (name: string) => {
      const res = await as(ctx, owner).post('/dashboardapi/brand', { name });
      expect(res.statusCode).toBe(201);
      return (res.json() as { id: number }).id;
    };
    const north = await store('North');
    const south = await store('South');
    const rule = (name: string, operator: string, value: number) =>
      createRule(owner, {
        name,
        trigger: 'priority_changed',
        conditions: { match: 'all', conditions: [{ field: 'store', operator, value }] },
        actions: [{ type: 'add_note', body: name }],
      });
    await rule('In North', 'is', north);
    await rule('In South', 'is', south);
    await rule('Not South', 'is_not', south);
    const id = await write('Hello');
    await settle();
    await ctx.deps.db.update(conversations).set({ brandId: north }).where(eq(conversations.id, id));
    await as(ctx, owner).patch(`/dashboardapi/conversations/${id}`, { priority: 'high' });
    await settle();
    const lines = await activityOf(id);
    expect(lines).toContain('Rule “In North” added a note');
    expect(lines).toContain('Rule “Not South” added a note');
    expect(lines.some((l) => l.startsWith('Rule “In South”'))).toBe(false);
    const unknown = await as(ctx, owner).post(RULES, {
      name: 'Gone',
      trigger: 'message_received',
      conditions: { match: 'all', conditions: [{ field: 'store', operator: 'is', value: 999999 }] },
      actions: [{ type: 'close' }],
    });
    expect(unknown.statusCode).toBe(400);
    expect(JSON.stringify(unknown.json().details)).toContain('conditions.conditions.0.value');
  });

  it('a contact field condition reads the contact’s fields and custom attributes', async () => {
    const { owner, channel } = await account();
    const { conversation_id: id, contact_id } = await channel.inbound({
      identifier: `vip-${Math.random()}`,
      text: 'Hello',
      name: 'Vera Vip',
      email: 'vera@big.example',
    });
    await ctx.deps.db
      .update(contacts)
      .set({ attributes: { plan: 'Enterprise', seats: 40 } })
      .where(eq(contacts.id, contact_id));
    const holds = async (condition: object) => {
      const res = await as(ctx, owner).post(`${RULES}/dry-run`, {
        rule: {
          name: 'Try',
          trigger: 'message_received',
          conditions: { match: 'all', conditions: [{ field: 'contact_field', ...condition }] },
          actions: [{ type: 'close' }],
        },
        conversation_id: id,
      });
      expect(res.statusCode).toBe(200);
      return (res.json() as { matched: boolean }).matched;
    };
    expect(await holds({ name: 'email', operator: 'contains', value: '@BIG.example' })).toBe(true);
    expect(await holds({ name: 'email', operator: 'contains', value: '@small' })).toBe(false);
    expect(await holds({ name: 'name', operator: 'is', value: 'vera vip' })).toBe(true);
    expect(await holds({ name: 'phone', operator: 'is_empty' })).toBe(true);
    expect(await holds({ name: 'phone', operator: 'is_not_empty' })).toBe(false);
    expect(await holds({ name: 'plan', operator: 'is', value: 'enterprise' })).toBe(true);
    expect(await holds({ name: 'plan', operator: 'is', value: 'free' })).toBe(false);
    expect(await holds({ name: 'seats', operator: 'is', value: '40' })).toBe(true);
    expect(await holds({ name: 'coupon', operator: 'is_empty' })).toBe(true);
    const res = await as(ctx, owner).post(RULES, {
      name: 'R',
      trigger: 'message_received',
      conditions: {
        match: 'all',
        conditions: [{ field: 'contact_field', name: 'plan', operator: 'is', value: '' }],
      },
      actions: [{ type: 'close' }],
    });
    expect(res.statusCode).toBe(400);
    const details = res.json().details as { path: string; message: string }[];
    expect(details).toContainEqual({
      path: 'conditions.conditions.0.value',
      message: 'Write the value to compare with.',
    });
  });
});
