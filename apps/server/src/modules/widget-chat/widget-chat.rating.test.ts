import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WIDGET_API } from '@parley/contracts';
import { as, createTestContext, signUp, type Session, type TestContext } from '../../test/harness';
import { chattingVisitor, startSession, storeWithWidget } from './widget-chat.fixtures';

let ctx: TestContext;
let owner: Session;
let shop: Awaited<ReturnType<typeof storeWithWidget>>;
beforeAll(async () => {
  ctx = await createTestContext({
    AUTH_RATE_LIMIT_PER_MINUTE: '1000',
    WIDGET_SESSION_RATE_LIMIT_PER_MINUTE: '1000',
  });
  owner = await signUp(ctx, { name: 'Olga Owner' });
  shop = await storeWithWidget(ctx, owner, { name: 'Maya Boutique' });
});
afterAll(() => ctx.close());

const setStatus = (session: Session, id: number, status: string) =>
  as(ctx, session).patch(`/dashboardapi/conversations/${id}`, { status });

describe('POST /widgetapi/conversations/:id/rating (rating prompt in the widget)', () => {
  it("the visitor rates their own closed conversation; the rating shows in the widget's list and replaces an earlier one", async () => {
    const { api, conversationId } = await chattingVisitor(ctx, shop.shop);
    expect((await setStatus(owner, conversationId, 'closed')).statusCode).toBe(200);

    const res = await api.post(WIDGET_API.rating(conversationId), {
      rating: 4,
      comment: '  Quick and kind.  ',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().conversation).toMatchObject({
      id: conversationId,
      status: 'closed',
      rating: 4,
    });
    const listed = (await api.get(WIDGET_API.conversations)).json().conversations;
    expect(listed).toEqual([expect.objectContaining({ id: conversationId, rating: 4 })]);

    // One rating per conversation, as on the /feedback page: a second one replaces the first.
    const again = await api.post(WIDGET_API.rating(conversationId), { rating: 5 });
    expect(again.json().conversation.rating).toBe(5);
    const relisted = (await api.get(WIDGET_API.conversations)).json().conversations;
    expect(relisted[0].rating).toBe(5);
  });

  it('is refused with 409 conversation_not_closed while the conversation is open', async () => {
    const { api, conversationId } = await chattingVisitor(ctx, shop.shop);
    const res = await api.post(WIDGET_API.rating(conversationId), { rating: 5 });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({
      code: 'conversation_not_closed',
      message: expect.stringContaining('still open'),
    });
    const listed = (await api.get(WIDGET_API.conversations)).json().conversations;
    expect(listed[0].rating).toBeNull();
  });

  it('refuses a rating outside 1–5 with 400 in words', async () => {
    const { api, conversationId } = await chattingVisitor(ctx, shop.shop);
    await setStatus(owner, conversationId, 'closed');
    for (const rating of [0, 6, 2.5]) {
      const res = await api.post(WIDGET_API.rating(conversationId), { rating });
      expect(res.statusCode).toBe(400);
    }
    const missing = await api.post(WIDGET_API.rating(conversationId), {});
    expect(missing.statusCode).toBe(400);
    expect(missing.body).toContain('Choose a rating from 1 to 5.');
  });

  it("another visitor's conversation is answered 404 and keeps no rating (same store and cross-account)", async () => {
    const a = await chattingVisitor(ctx, shop.shop);
    await setStatus(owner, a.conversationId, 'closed');
    const sameStore = await startSession(ctx, shop.shop);
    const ownerB = await signUp(ctx, { account_name: 'Other Co' });
    const storeB = await storeWithWidget(ctx, ownerB);
    const otherAccount = await startSession(ctx, storeB.shop);
    for (const intruder of [sameStore, otherAccount]) {
      const res = await intruder.api.post(WIDGET_API.rating(a.conversationId), { rating: 1 });
      expect(res.statusCode).toBe(404);
    }
    const listed = (await a.api.get(WIDGET_API.conversations)).json().conversations;
    expect(listed[0].rating).toBeNull();
  });

  it('needs a visitor token (401 without one)', async () => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: WIDGET_API.rating(1),
      payload: { rating: 5 },
    });
    expect(res.statusCode).toBe(401);
  });
});
