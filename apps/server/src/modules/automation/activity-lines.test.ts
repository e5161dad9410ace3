import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TAG_PATHS, type Message } from '@parley/contracts';
import { as, createTestContext, type TestContext } from '../../test/harness';
import { apiChannelFor, ownerAndTeammate } from '../../test/inbox-fixtures';
import { automationQueued } from './automation-runner';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext({ AUTH_RATE_LIMIT_PER_MINUTE: '1000' });
});
afterAll(() => ctx.close());

/** Lets the listeners queue their runs, then runs every due job (as a worker would). */
async function settle() {
  for (let i = 0; i < 5; i++) {
    await automationQueued(ctx.deps);
    if ((await ctx.deps.jobs.drain()) === 0) return;
  }
}

describe('activity lines keep what they say as facts', () => {
  it('a rule’s run and an agent’s status change store their facts beside the English, and the thread answers both', async () => {
    const { owner } = await ownerAndTeammate(ctx);
    const api = as(ctx, owner);
    const channel = await apiChannelFor(ctx, owner);
    const tag = (await api.post(TAG_PATHS.list, { name: 'vip' })).json() as { id: number };
    const rule = await api.post('/dashboardapi/automation-rules', {
      name: 'VIP',
      trigger: 'conversation_created',
      actions: [
        { type: 'set_priority', priority: 'high' },
        { type: 'add_tags', tag_ids: [tag.id] },
      ],
    });
    expect(rule.statusCode).toBe(201);
    const id = (await channel.inbound({ identifier: `vip-${Math.random()}`, text: 'Hello' }))
      .conversation_id;
    await settle();
    expect(
      (await api.patch(`/dashboardapi/conversations/${id}`, { status: 'closed' })).statusCode,
    ).toBe(200);

    const thread = (await api.get(`/dashboardapi/conversations/${id}/messages`)).json() as {
      items: Message[];
    };
    const lines = thread.items
      .filter((m) => m.kind === 'activity')
      .map(({ body, activity }) => ({ body, activity }));
    expect(lines).toEqual([
      {
        body: 'Rule “VIP” set the priority to high, added tag vip',
        activity: {
          key: 'rule_ran',
          rule: 'VIP',
          actions: [
            { key: 'set_priority', priority: 'high' },
            { key: 'added_tags', tags: ['vip'] },
          ],
          failure: null,
        },
      },
      {
        body: 'Olga Owner changed the status to closed',
        activity: { key: 'status_changed', actor: 'Olga Owner', status: 'closed' },
      },
    ]);
    // A customer's message has no facts of this kind.
    expect(thread.items.find((m) => m.kind === 'message')?.activity).toBeNull();
  });
});
