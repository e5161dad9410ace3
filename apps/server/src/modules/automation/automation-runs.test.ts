import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TAG_PATHS } from '@parley/contracts';
import { automationRuns, conversations, jobs } from '../../db/schema';
import { as, createTestContext, type TestContext } from '../../test/harness';
import { automationQueued, runRules, type RunPayload } from './automation-runner';
import { conversationFacts } from './automation.queries';
import { automationKit } from './automation.fixtures';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext({ AUTH_RATE_LIMIT_PER_MINUTE: '1000' });
});
afterAll(() => ctx.close());

const { settle, activityOf, createRule, account } = automationKit(() => ctx);

async function runsOf(id: number) {
  return ctx.deps.db.select().from(automationRuns).where(eq(automationRuns.conversationId, id));
}

describe('runs read together (docs/product/automation.md, "Running")', () => {
  it('runs of one conversation claimed together see what the earlier ones did', async () => {
    const { owner, write } = await account();
    await createRule(owner, {
      name: 'Escalate',
      trigger: 'message_received',
      conditions: {
        match: 'all',
        conditions: [{ field: 'priority', operator: 'is', value: 'none' }],
      },
      actions: [{ type: 'set_priority', priority: 'high' }],
    });
    const identifier = `together-${Math.random()}`;
    const id = await write('one', identifier);
    await write('two', identifier);
    await write('three', identifier);
    await automationQueued(ctx.deps);
    const queued = await ctx.deps.db
      .select()
      .from(jobs)
      .where(and(eq(jobs.kind, 'automation.run'), eq(jobs.status, 'queued')));
    expect(queued.filter((j) => j.payload.conversationId === id)).toHaveLength(3);
    await settle();
    // The first run raised the priority; the two after it, in the same claim, saw it raised.
    const [row] = await ctx.deps.db.select().from(conversations).where(eq(conversations.id, id));
    expect(row!.priority).toBe('high');
    expect(await activityOf(id)).toEqual(['Rule “Escalate” set the priority to high']);
    expect(await runsOf(id)).toHaveLength(1);
  });

  it('facts the claim read beforehand only tell whether a rule would act: it acts on the conversation as it is now', async () => {
    const { owner, write } = await account();
    await createRule(owner, {
      name: 'Escalate',
      trigger: 'message_received',
      conditions: {
        match: 'all',
        conditions: [{ field: 'priority', operator: 'is', value: 'none' }],
      },
      actions: [{ type: 'set_priority', priority: 'high' }],
    });
    const id = await write('please hurry');
    await automationQueued(ctx.deps);
    const [job] = (
      await ctx.deps.db
        .select()
        .from(jobs)
        .where(and(eq(jobs.kind, 'automation.run'), eq(jobs.status, 'queued')))
    ).filter((j) => j.payload.conversationId === id);
    const payload = job!.payload as unknown as RunPayload;
    const readBefore = await conversationFacts(ctx.deps.db, {
      ...payload,
      messageId: payload.messageId ?? null,
    });
    // Between the claim's read and the run, an agent sets the priority herself.
    const patched = await as(ctx, owner).patch(`/dashboardapi/conversations/${id}`, {
      priority: 'urgent',
    });
    expect(patched.statusCode).toBe(200);
    await runRules(ctx.deps, payload, { facts: readBefore, acted: new Set() });
    expect(await runsOf(id)).toHaveLength(0);
    const [row] = await ctx.deps.db.select().from(conversations).where(eq(conversations.id, id));
    expect(row!.priority).toBe('urgent');
  });

  it('a rule that has run stops at once when a tag it names is deleted (nothing kept from its last run)', async () => {
    const { owner, write } = await account();
    const tag = (
      await as(ctx, owner).post(TAG_PATHS.list, { name: `vip-${Math.random()}` })
    ).json() as { id: number };
    await createRule(owner, {
      name: 'VIP',
      trigger: 'message_received',
      actions: [{ type: 'add_tags', tag_ids: [tag.id] }],
    });
    const first = await write('Hello');
    await settle();
    expect(await runsOf(first)).toHaveLength(1);
    expect((await as(ctx, owner).delete(`/dashboardapi/tags/${tag.id}`)).statusCode).toBe(200);
    const second = await write('Hello again');
    await settle();
    expect(await runsOf(second)).toEqual([]);
    expect(await activityOf(second)).toEqual([]);
  });

  it('each run is counted with its one activity line, and the hourly limit counts the runs just made', async () => {
    const { owner, write } = await account();
    await createRule(owner, {
      name: 'Seen',
      trigger: 'message_received',
      actions: [{ type: 'add_note', body: 'seen' }],
    });
    const identifier = `counted-${Math.random()}`;
    const id = await write('1', identifier);
    for (let n = 2; n <= 25; n++) await write(String(n), identifier);
    await settle();
    const runs = await runsOf(id);
    expect(runs).toHaveLength(20);
    expect(await activityOf(id)).toHaveLength(20);
  });
});
