import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CONVERSATION_STATUSES } from '@parley/contracts';
import { rowsOf } from '../../db/client';
import { conversations, teams } from '../../db/schema';
import { as, createTestContext, type Session, type TestContext } from '../../test/harness';
import { apiChannelFor, ownerAndTeammate } from '../../test/inbox-fixtures';
import {
  countViews,
  FOLD_AT,
  foldCountChanges,
  foldPendingCountChanges,
  recountViews,
} from './conversations.queries';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext({ AUTH_RATE_LIMIT_PER_MINUTE: '1000' });
});
afterAll(() => ctx.close());

/** The kept counts equal a full recount, for each agent and every status filter. */
async function expectCountsRight(agents: Session[]) {
  for (const agent of agents) {
    const scope = { accountId: agent.accountId, userId: agent.userId };
    for (const status of [...CONVERSATION_STATUSES, 'all']) {
      const recounted = await recountViews(ctx.deps.db, scope, status);
      expect(await countViews(ctx.deps.db, scope, status), `${status} for ${agent.userId}`).toEqual(
        recounted,
      );
    }
  }
}

/** A request that must succeed. */
async function ok<R extends { statusCode: number; body: string }>(request: Promise<R>) {
  const res = await request;
  if (res.statusCode >= 300) throw new Error(`answered ${res.statusCode}: ${res.body}`);
  return res;
}

const pendingChanges = async (accountId: number) =>
  rowsOf<{ n: number }>(
    await ctx.deps.db.execute(
      sql`select count(*)::int as n from conversation_count_changes where account_id = ${accountId}`,
    ),
  )[0]!.n;

describe('view counts kept with the conversations', () => {
  it('equal a recount after new conversations, assignments, teams, tags, statuses, replies and read marks', async () => {
    const { owner, mate } = await ownerAndTeammate(ctx);
    const api = as(ctx, owner);
    const channel = await apiChannelFor(ctx, owner);
    const other = await apiChannelFor(ctx, owner);
    const [billing] = await ctx.deps.db
      .insert(teams)
      .values({ accountId: owner.accountId, name: 'Billing' })
      .returning();

    // New customers, two of them at once on each channel, and a known one writing again.
    const made = await Promise.all(
      ['a', 'b', 'c', 'd'].map((who, i) =>
        (i % 2 ? other : channel).inbound({ identifier: who, name: who, text: `hello ${who}` }),
      ),
    );
    await channel.inbound({ identifier: 'a', text: 'again' });
    const [a, b, c, d] = made.map((m) => m.conversation_id) as [number, number, number, number];
    await expectCountsRight([owner, mate]);

    await ok(api.patch(`/dashboardapi/conversations/${a}`, { assignee_id: owner.userId }));
    await ok(
      api.patch(`/dashboardapi/conversations/${b}`, {
        assignee_id: mate.userId,
        team_id: billing!.id,
      }),
    );
    await ok(api.patch(`/dashboardapi/conversations/${c}`, { assignee_id: mate.userId }));
    const tagged = (
      await ok(
        api.post('/dashboardapi/tag/add/v2', { conversation_id: c, tags: ['refund', 'vip'] }),
      )
    ).json() as { created_tags: { id: number; name: string }[] };
    await ok(api.post('/dashboardapi/tag/add/v2', { conversation_id: d, tags: ['refund'] }));
    await expectCountsRight([owner, mate]);

    // Read marks, a reply (which marks read), a customer answering, unread again.
    await ok(as(ctx, mate).post(`/dashboardapi/conversations/${b}/read`));
    await ok(
      as(ctx, owner).post(`/dashboardapi/conversations/${a}/messages`, {
        body: 'on it',
        kind: 'reply',
      }),
    );
    await expectCountsRight([owner, mate]);
    await channel.inbound({ identifier: 'a', text: 'thanks' });
    await ok(as(ctx, mate).post(`/dashboardapi/conversations/${c}/unread`));
    await expectCountsRight([owner, mate]);

    // Statuses: closed, snoozed, reopened by the customer; reassigned; a tag removed.
    await ok(api.patch(`/dashboardapi/conversations/${c}`, { status: 'closed' }));
    await ok(
      api.patch(`/dashboardapi/conversations/${b}`, {
        status: 'snoozed',
        snoozed_until: new Date(Date.now() + 3_600_000).toISOString(),
      }),
    );
    await ok(
      api.patch(`/dashboardapi/conversations/${a}`, {
        assignee_id: mate.userId,
        team_id: billing!.id,
      }),
    );
    const refund = tagged.created_tags.find((t) => t.name === 'refund')!;
    await ok(api.delete(`/dashboardapi/conversations/${d}/tags/${refund.id}`));
    await other.inbound({ identifier: 'b', text: 'still there?' });
    await expectCountsRight([owner, mate]);

    // A deleted tag and a deleted conversation leave no count behind.
    const vip = tagged.created_tags.find((t) => t.name === 'vip')!;
    await ok(api.delete(`/dashboardapi/tags/${vip.id}`));
    await ctx.deps.db.delete(conversations).where(eq(conversations.id, d));
    await expectCountsRight([owner, mate]);

    // Folded in, the changes leave the same counts.
    expect(await pendingChanges(owner.accountId)).toBeGreaterThan(0);
    await foldCountChanges(ctx.deps.db, owner.accountId);
    expect(await pendingChanges(owner.accountId)).toBe(0);
    await expectCountsRight([owner, mate]);
  });

  it('a reader folds the changes in once they pile up, and the counts stay right', async () => {
    const { owner, mate } = await ownerAndTeammate(ctx);
    const channel = await apiChannelFor(ctx, owner);
    for (let i = 0; i < 80; i += 1) {
      const made = await channel.inbound({ identifier: `pile-${i}`, text: `message ${i}` });
      if (i % 3 === 0)
        await ok(
          as(ctx, owner).patch(`/dashboardapi/conversations/${made.conversation_id}`, {
            assignee_id: i % 2 ? owner.userId : mate.userId,
          }),
        );
    }
    expect(await pendingChanges(owner.accountId)).toBeGreaterThan(FOLD_AT);
    const scope = { accountId: owner.accountId, userId: owner.userId };
    const first = await countViews(ctx.deps.db, scope, 'open');
    expect(await pendingChanges(owner.accountId)).toBe(0);
    expect(first).toEqual(await recountViews(ctx.deps.db, scope, 'open'));
    expect(first.all).toBe(80);
    await expectCountsRight([owner, mate]);
  });

  it('counts each account on its own', async () => {
    const first = await ownerAndTeammate(ctx);
    const second = await ownerAndTeammate(ctx);
    const one = await apiChannelFor(ctx, first.owner);
    const two = await apiChannelFor(ctx, second.owner);
    await one.inbound({ identifier: 'x', text: 'one' });
    await two.inbound({ identifier: 'x', text: 'two' });
    await two.inbound({ identifier: 'y', text: 'three' });
    const counts = (await as(ctx, second.owner).get('/dashboardapi/conversations/counts')).json();
    expect(counts).toMatchObject({ all: 2, unassigned: 2, channels: { [two.channelId]: 2 } });
    await expectCountsRight([first.owner, second.owner]);
  });

  it('the timer folds the changes of accounts nobody reads, and their counts stay right', async () => {
    const { owner, mate } = await ownerAndTeammate(ctx);
    const channel = await apiChannelFor(ctx, owner);
    for (const who of ['p', 'q', 'r']) await channel.inbound({ identifier: who, text: 'hi' });
    expect(await pendingChanges(owner.accountId)).toBeGreaterThan(0);
    expect(await foldPendingCountChanges(ctx.deps.db)).toBeGreaterThan(0);
    expect(await pendingChanges(owner.accountId)).toBe(0);
    await expectCountsRight([owner, mate]);
  });
});
