import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  DEMO_REQUESTS_PATH,
  HELP_WIDGET_CONFIG_PATH,
  RELEASE_NOTES_PATH,
  WIDGET_PUBLIC_SETTINGS_PATH,
} from '@parley/contracts';
import { brands, demoRequests, widgets } from '../../db/schema';
import { as, createTestContext, signUp, type TestContext } from '../../test/harness';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext({ AUTH_RATE_LIMIT_PER_MINUTE: '1000' });
});
afterAll(() => ctx.close());

describe('release notes modal data (docs/product/screens.md), served by the server', () => {
  it('lists about 15 dated entries from May to August, newest first', async () => {
    const s = await signUp(ctx);
    const res = await as(ctx, s).get(RELEASE_NOTES_PATH);
    expect(res.statusCode).toBe(200);
    const items = res.json().items as { released_on: string }[];
    expect(items.length).toBeGreaterThanOrEqual(14);
    expect(items.length).toBeLessThanOrEqual(16);
    const months = new Set(items.map((i) => Number(i.released_on.slice(5, 7))));
    expect([...months].sort()).toEqual([5, 6, 7, 8]);
    expect(items[0]!.released_on >= items.at(-1)!.released_on).toBe(true);
  });
});

describe('the help widget panel’s embedded live chat (frame messages: docs/product/screens.md, docs/product/api.md)', () => {
  it('answers null without HELP_WIDGET_URL (menu only), the URL with it; agents only', async () => {
    const s = await signUp(ctx);
    const none = await as(ctx, s).get(HELP_WIDGET_CONFIG_PATH);
    expect(none.statusCode).toBe(200);
    expect(none.json()).toEqual({ frame_url: null });
    expect((await ctx.app.inject({ method: 'GET', url: HELP_WIDGET_CONFIG_PATH })).statusCode).toBe(
      401,
    );

    const url = 'https://help.example.com/widget/frame?workspace=1';
    const other = await createTestContext({ HELP_WIDGET_URL: url });
    try {
      const agent = await signUp(other);
      expect((await as(other, agent).get(HELP_WIDGET_CONFIG_PATH)).json()).toEqual({
        frame_url: url,
      });
    } finally {
      await other.close();
    }
  });
});

describe('schedule a demo (modal: docs/product/screens.md)', () => {
  it("stores the person's chosen slot for the operator; refuses a slot in the past", async () => {
    const s = await signUp(ctx);
    const slot = new Date(Date.now() + 3 * 86_400_000).toISOString();
    const res = await as(ctx, s).post(DEMO_REQUESTS_PATH, { slot, timezone: 'Asia/Kolkata' });
    expect(res.statusCode).toBe(201);
    const [row] = await ctx.deps.db
      .select()
      .from(demoRequests)
      .where(eq(demoRequests.id, res.json().id));
    expect(row).toMatchObject({
      accountId: s.accountId,
      userId: s.userId,
      timezone: 'Asia/Kolkata',
    });
    expect(row!.slot.toISOString()).toBe(slot);
    const past = await as(ctx, s).post(DEMO_REQUESTS_PATH, {
      slot: new Date(Date.now() - 60_000).toISOString(),
      timezone: 'UTC',
    });
    expect(past.statusCode).toBe(400);
  });
});

describe('GET /dashboardapi/widget/public_settings/ (docs/product/data.md, docs/product/api.md) (no authentication)', () => {
  it('answers basic_settings and theme for a store; disabled until its widget is set up; 404 for unknown stores', async () => {
    const s = await signUp(ctx);
    const [brand] = await ctx.deps.db
      .insert(brands)
      .values({ accountId: s.accountId, name: 'Maya', myshopifyDomain: 'maya-shop.myshopify.com' })
      .returning();
    const url = `${WIDGET_PUBLIC_SETTINGS_PATH}?myshopify_domain=maya-shop.myshopify.com`;
    const before = await ctx.app.inject({ method: 'GET', url });
    expect(before.statusCode).toBe(200);
    expect(before.json()).toMatchObject({
      basic_settings: { is_widget_enabled: false },
      theme: { messageTheme: 'light' },
    });
    await ctx.deps.db.insert(widgets).values({
      accountId: s.accountId,
      brandId: brand!.id,
      isEnabled: true,
      theme: { primary: '#0a7d5a', messageTheme: 'dark', cta: 'Ask us anything' },
    });
    const after = (await ctx.app.inject({ method: 'GET', url })).json();
    expect(after).toEqual({
      basic_settings: { is_widget_enabled: true },
      theme: {
        primary: '#0a7d5a',
        messageTheme: 'dark',
        z_index: expect.any(Number),
        cta: 'Ask us anything',
      },
    });
    const unknown = await ctx.app.inject({
      method: 'GET',
      url: `${WIDGET_PUBLIC_SETTINGS_PATH}?myshopify_domain=nope.myshopify.com`,
    });
    expect(unknown.statusCode).toBe(404);
  });
});
