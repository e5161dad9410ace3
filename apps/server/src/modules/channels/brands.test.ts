import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WIDGET_SETTINGS_PATH } from '@parley/contracts';
import { as, createTestContext, signUp, type TestContext } from '../../test/harness';
import { ownerAndTeammate } from '../../test/inbox-fixtures';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext({ AUTH_RATE_LIMIT_PER_MINUTE: '1000' });
});
afterAll(() => ctx.close());

describe('stores (brands): a new workspace adds its own, then sets up its chat widget', () => {
  it('an admin adds a store; it is listed by brand/all and the widget settings open on it', async () => {
    const s = await signUp(ctx);
    expect((await as(ctx, s).get(WIDGET_SETTINGS_PATH)).json()).toMatchObject({ store: null });
    const res = await as(ctx, s).post('/dashboardapi/brand', {
      name: '  Acme Outdoor ',
      myshopify_domain: 'Acme-Outdoor.myshopify.com',
    });
    expect(res.statusCode).toBe(201);
    const store = res.json();
    expect(store).toMatchObject({
      name: 'Acme Outdoor',
      myshopify_domain: 'acme-outdoor.myshopify.com',
    });
    expect((await as(ctx, s).get('/dashboardapi/brand/all')).json()).toEqual([store]);
    expect((await as(ctx, s).get(WIDGET_SETTINGS_PATH)).json()).toMatchObject({
      store: { id: store.id },
    });
  });

  it('refuses a bad domain (400), a domain another workspace has (409), and agents (403)', async () => {
    const a = await signUp(ctx);
    const b = await signUp(ctx);
    const bad = await as(ctx, a).post('/dashboardapi/brand', {
      name: 'Shop',
      myshopify_domain: 'not a domain',
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ code: 'validation_error' });
    expect((await as(ctx, a).post('/dashboardapi/brand', { name: '' })).statusCode).toBe(400);
    expect(
      (
        await as(ctx, a).post('/dashboardapi/brand', {
          name: 'A',
          myshopify_domain: 'twin.example.com',
        })
      ).statusCode,
    ).toBe(201);
    const taken = await as(ctx, b).post('/dashboardapi/brand', {
      name: 'B',
      myshopify_domain: 'twin.example.com',
    });
    expect(taken.statusCode).toBe(409);
    expect((await as(ctx, b).get('/dashboardapi/brand/all')).json()).toEqual([]);

    const { mate } = await ownerAndTeammate(ctx);
    expect((await as(ctx, mate).post('/dashboardapi/brand', { name: 'Mine' })).statusCode).toBe(
      403,
    );
  });
});
