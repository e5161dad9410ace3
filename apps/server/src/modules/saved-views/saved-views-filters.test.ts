import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SavedView } from '@parley/contracts';
import { as, createTestContext, signUp, type Session, type TestContext } from '../../test/harness';
import { apiChannelFor } from '../../test/inbox-fixtures';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext({ AUTH_RATE_LIMIT_PER_MINUTE: '1000' });
});
afterAll(() => ctx.close());

const URL = '/dashboardapi/saved-views';

const viewsOf = async (s: Session) => {
  const res = await as(ctx, s).get(URL);
  expect(res.statusCode).toBe(200);
  return (res.json() as { views: SavedView[] }).views;
};

describe('saved views with priority, SLA and creation-day filters', () => {
  it('keeps the filters as the list reads them and counts what the list shows, following changes', async () => {
    const owner = await signUp(ctx, { name: 'Olga Owner' });
    const channel = await apiChannelFor(ctx, owner);
    const ids: number[] = [];
    for (const who of ['a', 'b', 'c'])
      ids.push(
        (await channel.inbound({ identifier: who, text: `hi from ${who}` })).conversation_id,
      );
    const [a, b] = ids as [number, number];
    const api = as(ctx, owner);
    await api.patch(`/dashboardapi/conversations/${a}`, { priority: 'urgent' });

    const today = new Date().toISOString().slice(0, 10);
    const res = await api.post(URL, {
      name: 'Urgent today, no SLA',
      filters: {
        view: 'all',
        status: 'open',
        sort: 'newest',
        priority: ['urgent', 'high', 'urgent'],
        sla: ['none'],
        created_from: today,
        created_to: today,
      },
    });
    expect(res.statusCode).toBe(201);
    const saved = res.json() as SavedView;
    // Each choice once, in the list's order.
    expect(saved.filters).toMatchObject({
      priority: ['high', 'urgent'],
      sla: ['none'],
      created_from: today,
      created_to: today,
    });
    expect(saved.count).toBe(1);

    // The list with the same filters shows what the count says.
    const list = await api.get(
      `/dashboardapi/conversations?priority=high,urgent&sla=none&created_from=${today}&created_to=${today}`,
    );
    expect((list.json() as { items: { id: number }[] }).items.map((i) => i.id)).toEqual([a]);

    await api.patch(`/dashboardapi/conversations/${b}`, { priority: 'high' });
    expect((await viewsOf(owner)).find((v) => v.id === saved.id)?.count).toBe(2);

    // A view of days gone by counts none of them.
    const patched = await api.patch(`${URL}/${saved.id}`, {
      filters: { ...saved.filters, created_from: '2020-01-01', created_to: '2020-12-31' },
    });
    expect(patched.statusCode).toBe(200);
    expect((patched.json() as SavedView).count).toBe(0);
  });

  it('refuses filters the list refuses, naming the field', async () => {
    const owner = await signUp(ctx, { name: 'Olga Owner' });
    const backwards = await as(ctx, owner).post(URL, {
      name: 'Backwards',
      filters: { created_from: '2026-03-02', created_to: '2026-03-01' },
    });
    expect(backwards.statusCode).toBe(400);
    expect(backwards.json()).toMatchObject({
      code: 'validation_error',
      message:
        'filters.created_from: The “created from” date must be on or before the “created to” date.',
    });
    const unknown = await as(ctx, owner).post(URL, {
      name: 'Critical',
      filters: { priority: ['critical'] },
    });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json()).toMatchObject({
      message: 'filters.priority.0: Choose priorities among none, low, medium, high, urgent.',
    });
    expect(await viewsOf(owner)).toEqual([]);
  });
});
