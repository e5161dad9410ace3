import { and, eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  BUSINESS_HOURS_PATH,
  conversationListResponse,
  conversationSlaPath,
  MAX_SLA_POLICIES,
  SLA_POLICIES_ORDER_PATH,
  SLA_POLICIES_PATH,
  type ConversationDetail,
  type SlaPolicyList,
} from '@parley/contracts';
import { auditLog, brands, slaClocks, slaPolicies } from '../../db/schema';
import { addBusinessMs } from '../../lib/business-calendar';
import { as, createTestContext, signUp, type Session, type TestContext } from '../../test/harness';
import { ownerAndTeammate } from '../../test/inbox-fixtures';
import { createPolicy, inboxOf, policyBody } from './sla.fixtures';

// docs/product/sla.md

let ctx: TestContext;
let owner: Session;
let mate: Session;
let stranger: Session;

beforeAll(async () => {
  ctx = await createTestContext({ AUTH_RATE_LIMIT_PER_MINUTE: '1000' });
  ({ owner, mate } = await ownerAndTeammate(ctx));
  stranger = await signUp(ctx, { name: 'Other Account' });
});
afterAll(() => ctx.close());

const M = 60_000;
const ms = (iso: string | null | undefined) => (iso ? Date.parse(iso) : NaN);

async function auditActions(accountId: number) {
  const rows = await ctx.deps.db
    .select({ action: auditLog.action })
    .from(auditLog)
    .where(and(eq(auditLog.accountId, accountId), like(auditLog.action, 'sla_%')));
  return rows.map((r) => r.action);
}

describe('SLA policies (owners and admins write, everyone reads)', () => {
  it('creates, lists, changes, reorders and deletes policies, each in the audit log', async () => {
    const s = await signUp(ctx);
    const api = as(ctx, s);
    const first = await createPolicy(ctx, s, { name: 'VIP' });
    const second = await createPolicy(ctx, s, { name: 'Everyone', enabled: false });
    expect([first.position, second.position]).toEqual([0, 1]);

    const patched = await api.patch(`${SLA_POLICIES_PATH}/${second.id}`, {
      enabled: true,
      warning_minutes: 10,
    });
    expect(patched.statusCode).toBe(200);
    expect(patched.json()).toMatchObject({ enabled: true, warning_minutes: 10, name: 'Everyone' });

    const reordered = await api.put(SLA_POLICIES_ORDER_PATH, { ids: [second.id, first.id] });
    expect(reordered.statusCode).toBe(200);
    expect((reordered.json() as SlaPolicyList).policies.map((p) => p.name)).toEqual([
      'Everyone',
      'VIP',
    ]);
    const partial = await api.put(SLA_POLICIES_ORDER_PATH, { ids: [first.id] });
    expect(partial.statusCode).toBe(400);
    expect(partial.json().details[0].path).toBe('ids');

    expect((await api.delete(`${SLA_POLICIES_PATH}/${first.id}`)).statusCode).toBe(200);
    const list = (await api.get(SLA_POLICIES_PATH)).json() as SlaPolicyList;
    expect(list.policies.map((p) => p.id)).toEqual([second.id]);
    expect(await auditActions(s.accountId)).toEqual([
      'sla_policy_created',
      'sla_policy_created',
      'sla_policy_updated',
      'sla_policies_reordered',
      'sla_policy_deleted',
    ]);
  });

  it('agents read the policies but may not change them', async () => {
    const policy = await createPolicy(ctx, owner, { name: 'Team policy' });
    const agent = as(ctx, mate);
    expect((await agent.get(SLA_POLICIES_PATH)).statusCode).toBe(200);
    expect((await agent.post(SLA_POLICIES_PATH, policyBody())).statusCode).toBe(403);
    expect((await agent.patch(`${SLA_POLICIES_PATH}/${policy.id}`, { name: 'x' })).statusCode).toBe(
      403,
    );
    expect((await agent.delete(`${SLA_POLICIES_PATH}/${policy.id}`)).statusCode).toBe(403);
    expect((await agent.put(BUSINESS_HOURS_PATH, { business_hours: null })).statusCode).toBe(403);
    await as(ctx, owner).delete(`${SLA_POLICIES_PATH}/${policy.id}`);
  });

  it('another account’s policy is not found', async () => {
    const policy = await createPolicy(ctx, stranger);
    const api = as(ctx, owner);
    expect(
      (await api.patch(`${SLA_POLICIES_PATH}/${policy.id}`, { name: 'Mine' })).statusCode,
    ).toBe(404);
    expect((await api.delete(`${SLA_POLICIES_PATH}/${policy.id}`)).statusCode).toBe(404);
    const [row] = await ctx.deps.db.select().from(slaPolicies).where(eq(slaPolicies.id, policy.id));
    expect(row?.name).toBe('Standard');
  });

  it('refuses a policy naming another account’s store, one without any target, and one too many', async () => {
    const s = await signUp(ctx);
    const api = as(ctx, s);
    const [theirs] = await ctx.deps.db
      .insert(brands)
      .values({ accountId: stranger.accountId, name: 'Their store' })
      .returning();
    const [ours] = await ctx.deps.db
      .insert(brands)
      .values({ accountId: s.accountId, name: 'Our store' })
      .returning();
    const foreign = await api.post(
      SLA_POLICIES_PATH,
      policyBody({ conditions: { channel_types: [], brand_ids: [ours!.id, theirs!.id] } }),
    );
    expect(foreign.statusCode).toBe(400);
    expect(foreign.json()).toMatchObject({
      code: 'validation_error',
      details: [{ path: 'conditions.brand_ids.1' }],
    });
    const none = {
      first_response_minutes: null,
      next_response_minutes: null,
      resolution_minutes: null,
    };
    const empty = await api.post(
      SLA_POLICIES_PATH,
      policyBody({ targets: { urgent: none, high: none, medium: none, low: none, none } }),
    );
    expect(empty.statusCode).toBe(400);
    expect(empty.json().details[0].path).toBe('targets');

    await ctx.deps.db.insert(slaPolicies).values(
      Array.from({ length: MAX_SLA_POLICIES }, (_, i) => ({
        accountId: s.accountId,
        name: `P${i}`,
        position: i,
        businessHoursOnly: false,
        warningMinutes: 30,
        conditions: { channel_types: [], brand_ids: [] },
        targets: policyBody().targets,
      })),
    );
    const tooMany = await api.post(SLA_POLICIES_PATH, policyBody());
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.json()).toMatchObject({ code: 'validation_error' });
    expect(tooMany.json().message).toContain(String(MAX_SLA_POLICIES));
  });
});

describe('business hours', () => {
  const hours = {
    time_zone: 'Europe/Paris',
    days: [1, 2, 3, 4, 5].map((day) => ({ day, open: '09:00', close: '17:00' })),
    holidays: ['2026-12-25', '2026-05-01', '2026-12-25'],
  };

  it('saves the hours (holidays once each, in order) and reads them back', async () => {
    const s = await signUp(ctx);
    const api = as(ctx, s);
    expect((await api.get(BUSINESS_HOURS_PATH)).json()).toEqual({ business_hours: null });
    const saved = await api.put(BUSINESS_HOURS_PATH, { business_hours: hours });
    expect(saved.statusCode).toBe(200);
    const expected = { ...hours, holidays: ['2026-05-01', '2026-12-25'] };
    expect(saved.json()).toEqual({ business_hours: expected });
    expect((await as(ctx, s).get(BUSINESS_HOURS_PATH)).json()).toEqual({
      business_hours: expected,
    });
  });

  it('a time zone the server does not know is a 400 naming business_hours.time_zone', async () => {
    const res = await as(ctx, owner).put(BUSINESS_HOURS_PATH, {
      business_hours: { ...hours, time_zone: 'Mars/Olympus_Mons' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().details[0].path).toBe('business_hours.time_zone');
  });

  it('two periods of a day may not overlap: a lunch break is fine, a period starting before the one before it ends is a 400 naming it', async () => {
    const lunch = [
      { day: 1, open: '09:00', close: '12:30' },
      { day: 1, open: '13:30', close: '18:00' },
    ];
    const ok = await as(ctx, owner).put(BUSINESS_HOURS_PATH, {
      business_hours: { ...hours, days: lunch },
    });
    expect(ok.statusCode).toBe(200);
    const res = await as(ctx, owner).put(BUSINESS_HOURS_PATH, {
      business_hours: {
        ...hours,
        days: [lunch[1], { day: 1, open: '09:00', close: '14:00' }],
      },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().details).toEqual([
      expect.objectContaining({
        path: 'business_hours.days.0',
        message: 'Starts before the period before it on that day ends.',
      }),
    ]);
    // Nothing half-written: the lunch break stays.
    expect((await as(ctx, owner).get(BUSINESS_HOURS_PATH)).json().business_hours.days).toEqual(
      lunch,
    );
  });

  it('saving the hours re-times the running clocks of business-hours policies', async () => {
    const s = await signUp(ctx);
    await createPolicy(ctx, s, { business_hours_only: true });
    const inbox = await inboxOf(ctx, s);
    const id = await inbox.newConversation();
    const before = (await inbox.clocks(id)).clocks.find((k) => k.metric === 'first_response')!;
    // No hours yet: round the clock, four hours (priority none) after the start.
    expect(ms(before.due_at) - ms(before.started_at)).toBe(240 * M);

    expect((await as(ctx, s).put(BUSINESS_HOURS_PATH, { business_hours: hours })).statusCode).toBe(
      200,
    );
    await ctx.deps.jobs.drain();
    const after = (await inbox.clocks(id)).clocks.find((k) => k.metric === 'first_response')!;
    const expected = addBusinessMs(
      { timeZone: hours.time_zone, days: hours.days, holidays: hours.holidays },
      new Date(before.started_at),
      240 * M,
    );
    expect(after.due_at).toBe(expected!.toISOString());
  });
});

describe('the clocks of a conversation', () => {
  let inbox: Awaited<ReturnType<typeof inboxOf>>;
  let s: Session;
  beforeAll(async () => {
    s = await signUp(ctx);
    await createPolicy(ctx, s);
    inbox = await inboxOf(ctx, s);
  });

  it('a customer’s new conversation counts first response and resolution; the first reply in time is met', async () => {
    const id = await inbox.newConversation();
    const detail = (
      await as(ctx, s).get(`/dashboardapi/conversations/${id}`)
    ).json() as ConversationDetail;
    const sla = await inbox.clocks(id);
    expect(sla.policy).toMatchObject({ name: 'Standard' });
    const first = sla.clocks.find((k) => k.metric === 'first_response')!;
    expect(first).toMatchObject({ state: 'running', started_at: detail.created_at });
    // Priority none: 240 minutes for a first response, 2880 to resolve.
    expect(ms(first.due_at) - ms(detail.created_at)).toBe(240 * M);
    expect(detail.sla).toEqual({
      metric: 'first_response',
      state: 'running',
      due_at: first.due_at,
    });

    await inbox.reply(id);
    const after = await inbox.clocks(id);
    expect(after.clocks.find((k) => k.metric === 'first_response')).toMatchObject({
      state: 'met',
      breached_at: null,
    });
    const row = (
      await as(ctx, s).get(`/dashboardapi/conversations/${id}`)
    ).json() as ConversationDetail;
    expect(row.sla).toMatchObject({ metric: 'resolution', state: 'running' });
  });

  it('a first reply after the due time is missed', async () => {
    const id = await inbox.newConversation();
    // The first response was due a minute ago.
    await ctx.deps.db
      .update(slaClocks)
      .set({ dueAt: new Date(Date.now() - M) })
      .where(and(eq(slaClocks.conversationId, id), eq(slaClocks.metric, 'first_response')));
    await inbox.reply(id);
    const first = (await inbox.clocks(id)).clocks.find((k) => k.metric === 'first_response')!;
    expect(first.state).toBe('missed');
    expect(first.breached_at).toBe(first.due_at);
  });

  it('a customer writing again after an answer starts a next-response clock, stopped by the next answer', async () => {
    const id = await inbox.newConversation();
    await inbox.reply(id);
    await inbox.customerWrites(id);
    const detail = (
      await as(ctx, s).get(`/dashboardapi/conversations/${id}`)
    ).json() as ConversationDetail;
    const next = (await inbox.clocks(id)).clocks.find((k) => k.metric === 'next_response')!;
    expect(next).toMatchObject({ state: 'running', started_at: detail.waiting_since });
    expect(ms(next.due_at) - ms(next.started_at)).toBe(120 * M);
    expect(detail.sla).toMatchObject({ metric: 'next_response', state: 'running' });
    // A second message while waiting starts nothing new.
    await inbox.customerWrites(id);
    await inbox.reply(id);
    const clocks = (await inbox.clocks(id)).clocks.filter((k) => k.metric === 'next_response');
    expect(clocks.map((k) => k.state)).toEqual(['met']);
  });

  it('pending pauses every clock; back to open, the due time moves by the time it waited', async () => {
    const id = await inbox.newConversation();
    const due0 = (await inbox.clocks(id)).clocks.find((k) => k.metric === 'resolution')!.due_at;
    await inbox.patch(id, { status: 'pending' });
    const paused = await inbox.clocks(id);
    expect(paused.clocks.map((k) => [k.metric, k.state, k.due_at])).toEqual([
      ['first_response', 'paused', null],
      ['resolution', 'paused', null],
    ]);
    const row = (
      await as(ctx, s).get(`/dashboardapi/conversations/${id}`)
    ).json() as ConversationDetail;
    expect(row.sla).toEqual({ metric: 'first_response', state: 'paused', due_at: null });
    // It waited on the customer for two hours.
    await ctx.deps.db
      .update(slaClocks)
      .set({ pausedAt: new Date(Date.now() - 120 * M) })
      .where(eq(slaClocks.conversationId, id));
    await inbox.patch(id, { status: 'open' });
    const due1 = (await inbox.clocks(id)).clocks.find((k) => k.metric === 'resolution')!.due_at;
    expect(ms(due1) - ms(due0)).toBeGreaterThanOrEqual(120 * M);
    expect(ms(due1) - ms(due0)).toBeLessThan(121 * M);
  });

  it('a priority change re-times the clocks; a priority without a target ends the clock unjudged', async () => {
    const id = await inbox.newConversation();
    await inbox.patch(id, { priority: 'urgent' });
    const urgent = await inbox.clocks(id);
    const first = urgent.clocks.find((k) => k.metric === 'first_response')!;
    expect(ms(first.due_at) - ms(first.started_at)).toBe(15 * M);
    // Low has no resolution target.
    await inbox.patch(id, { priority: 'low' });
    const low = await inbox.clocks(id);
    expect(low.clocks.map((k) => k.metric)).toEqual(['first_response']);
    expect(ms(low.clocks[0]!.due_at) - ms(low.clocks[0]!.started_at)).toBe(240 * M);
    const [cancelled] = await ctx.deps.db
      .select()
      .from(slaClocks)
      .where(and(eq(slaClocks.conversationId, id), eq(slaClocks.metric, 'resolution')));
    expect(cancelled).toMatchObject({ cancelled: true, breachedAt: null });
    expect(cancelled!.stoppedAt).not.toBeNull();
  });

  it('closing stops the resolution clock; reopened, the conversation gets no new one', async () => {
    const id = await inbox.newConversation();
    await inbox.reply(id);
    await inbox.patch(id, { status: 'closed' });
    const closed = await inbox.clocks(id);
    expect(closed.clocks.map((k) => [k.metric, k.state])).toEqual([
      ['first_response', 'met'],
      ['resolution', 'met'],
    ]);
    await inbox.patch(id, { status: 'open' });
    expect((await inbox.clocks(id)).clocks.map((k) => k.state)).toEqual(['met', 'met']);
  });

  it('list rows carry their clock; rows of an account without policies carry null', async () => {
    const id = await inbox.newConversation();
    const page = conversationListResponse.parse(
      (await as(ctx, s).get('/dashboardapi/conversations?view=all&status=all&limit=100')).json(),
    );
    const row = page.items.find((i) => i.id === id)!;
    expect(row.sla).toMatchObject({ metric: 'first_response', state: 'running' });
    expect(page.items.every((i) => i.sla === null || typeof i.sla.metric === 'string')).toBe(true);

    const plain = await signUp(ctx);
    const other = await inboxOf(ctx, plain);
    const plainId = await other.newConversation();
    const plainPage = conversationListResponse.parse(
      (await as(ctx, plain).get('/dashboardapi/conversations?view=all')).json(),
    );
    expect(plainPage.items.find((i) => i.id === plainId)!.sla).toBeNull();
    expect((await other.clocks(plainId)).clocks).toEqual([]);
  });

  it('another account’s conversation is not found', async () => {
    const id = await inbox.newConversation();
    const res = await as(ctx, stranger).get(conversationSlaPath(id));
    expect(res.statusCode).toBe(404);
  });

  it('deleting the policy ends its running clocks unjudged', async () => {
    const t = await signUp(ctx);
    const policy = await createPolicy(ctx, t);
    const own = await inboxOf(ctx, t);
    const id = await own.newConversation();
    expect((await as(ctx, t).delete(`${SLA_POLICIES_PATH}/${policy.id}`)).statusCode).toBe(200);
    await ctx.deps.jobs.drain();
    const rows = await ctx.deps.db.select().from(slaClocks).where(eq(slaClocks.conversationId, id));
    expect(rows.map((r) => r.cancelled)).toEqual([true, true]);
    const row = (
      await as(ctx, t).get(`/dashboardapi/conversations/${id}`)
    ).json() as ConversationDetail;
    expect(row.sla).toBeNull();
  });
});
