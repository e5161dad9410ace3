import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { shopifyConnections } from '../../db/schema';
import { as, createTestContext, signUp, type Session, type TestContext } from '../../test/harness';
import { ownerAndTeammate } from '../../test/inbox-fixtures';
import { startFakeShopify, type FakeShopify } from '../../test/fake-shopify';

const SECRET = 'shpss_test_client_secret';
const ACME = 'acme.myshopify.com';
const GLOBEX = 'globex.myshopify.com';
const ACME_TOKEN = 'shpat_acme_admin_token_1';
const GLOBEX_TOKEN = 'shpat_globex_admin_token_1';

let ctx: TestContext;
let fake: FakeShopify;
let a: Session;
let b: Session;
let acmeBrandId: number;
let globexBrandId: number;

/** A brand / store of the account and a customer conversation on a channel of that store. */
async function brandWithConversation(s: Session, name: string, domain: string, email: string) {
  const api = as(ctx, s);
  const brand = await api.post('/dashboardapi/brand', { name, myshopify_domain: domain });
  expect(brand.statusCode).toBe(201);
  const brandId = (brand.json() as { id: number }).id;
  const channel = await api.post('/dashboardapi/supportchannel', {
    type: 'api',
    name: `${name} backend`,
    brand_id: brandId,
  });
  expect(channel.statusCode).toBe(201);
  const key = await api.post('/dashboardapi/apikeys', { name: 'tests' });
  const inbound = await ctx.app.inject({
    method: 'POST',
    url: `/api/v1/channels/${(channel.json() as { id: number }).id}/messages`,
    headers: { authorization: `Bearer ${(key.json() as { key: string }).key}` },
    payload: {
      contact: { identifier: email, name: 'Maya Patel', email },
      message: { body: 'Where is my order?' },
    },
  });
  expect(inbound.statusCode).toBeLessThan(300);
  return {
    brandId,
    conversationId: (inbound.json() as { conversation_id: number }).conversation_id,
  };
}

function signedWebhook(
  topic: string,
  shop: string,
  body: unknown,
  opts: { webhookId?: string; hmac?: string | null } = {},
) {
  const raw = JSON.stringify(body);
  const hmac = crypto.createHmac('sha256', SECRET).update(raw).digest('base64');
  return ctx.app.inject({
    method: 'POST',
    url: '/dashboardapi/shopify/webhook',
    headers: {
      'content-type': 'application/json',
      'x-shopify-topic': topic,
      'x-shopify-shop-domain': shop,
      'x-shopify-webhook-id': opts.webhookId ?? crypto.randomUUID(),
      ...(opts.hmac === null ? {} : { 'x-shopify-hmac-sha256': opts.hmac ?? hmac }),
    },
    payload: raw,
  });
}

const searches = () => fake.requests.filter((r) => r.path === 'customers/search.json').length;

let acmeConversation: number;
let globexConversation: number;

beforeAll(async () => {
  fake = await startFakeShopify();
  ctx = await createTestContext({
    SHOPIFY_API_BASE_TEMPLATE: fake.apiBaseTemplate,
    SHOPIFY_API_SECRET: SECRET,
    OUTBOUND_ALLOW_PRIVATE: 'true',
  });
  a = await signUp(ctx, { account_name: 'Acme Support' });
  b = await signUp(ctx, { account_name: 'Globex Support' });

  const acme = fake.addShop(ACME, ACME_TOKEN, 'Acme Outfitters');
  acme.customers.push({
    id: 501,
    first_name: 'Maya',
    last_name: 'Patel',
    email: 'maya@example.com',
    phone: '+14155550100',
  });
  acme.orders.push(
    {
      id: 9001,
      customerId: 501,
      name: '#1041',
      created_at: '2026-10-01T10:00:00Z',
      financial_status: 'paid',
      fulfillment_status: null,
      currency: 'USD',
      total_price: '20.00',
      line_items: [{ title: 'Socks', variant_title: 'M', quantity: 2, price: '10.00' }],
    },
    {
      id: 9002,
      customerId: 501,
      name: '#1042',
      created_at: '2026-11-01T10:00:00Z',
      financial_status: 'paid',
      fulfillment_status: 'fulfilled',
      currency: 'USD',
      total_price: '89.90',
      line_items: [{ title: 'Rain jacket', variant_title: null, quantity: 1, price: '89.90' }],
      tracking: { company: 'UPS', number: '1Z999', url: 'https://track.example/1Z999' },
    },
  );
  const globex = fake.addShop(GLOBEX, GLOBEX_TOKEN, 'Globex');
  globex.customers.push({
    id: 777,
    first_name: 'Gus',
    last_name: null,
    email: 'gus@example.com',
    phone: null,
  });

  ({ brandId: acmeBrandId, conversationId: acmeConversation } = await brandWithConversation(
    a,
    'Acme',
    ACME,
    'maya@example.com',
  ));
  ({ brandId: globexBrandId, conversationId: globexConversation } = await brandWithConversation(
    b,
    'Globex',
    GLOBEX,
    'gus@example.com',
  ));
});

afterAll(async () => {
  await ctx?.close();
  await fake?.close();
});

describe('connecting a Shopify store', () => {
  it('refuses a token Shopify does not accept, in Shopify’s words, and keeps nothing', async () => {
    const res = await as(ctx, a).post('/dashboardapi/shopify/connect', {
      brand_id: acmeBrandId,
      admin_api_token: 'shpat_wrong_token_123',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toContain('Invalid API key or access token');
    const rows = await ctx.deps.db.select().from(shopifyConnections);
    expect(rows).toHaveLength(0);
  });

  it('refuses a domain that is not a myshopify.com store (the Admin API lives only there)', async () => {
    const res = await as(ctx, a).post('/dashboardapi/shopify/connect', {
      myshopify_domain: 'internal.example.com',
      admin_api_token: ACME_TOKEN,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('validation_error');
  });

  it('connects with a good token, sealed at rest, and lists the store under the mapping integrations (docs/product/data.md)', async () => {
    const res = await as(ctx, a).post('/dashboardapi/shopify/connect', {
      brand_id: acmeBrandId,
      admin_api_token: ACME_TOKEN,
    });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({
      brand_id: acmeBrandId,
      shop_domain: ACME,
      shop_name: 'Acme Outfitters',
      status: 'connected',
    });
    const check = fake.requests.findLast((r) => r.path === 'shop.json');
    expect(check).toMatchObject({ shop: ACME, token: ACME_TOKEN });
    const [row] = await ctx.deps.db.select().from(shopifyConnections);
    expect(row!.sealedToken).not.toContain(ACME_TOKEN);
    expect(ctx.deps.secrets.open(row!.sealedToken!)).toBe(ACME_TOKEN);

    const mapping = (await as(ctx, a).get('/dashboardapi/conversation/mapping')).json();
    expect(mapping.integrations).toEqual([{ type: 'shopify', name: ACME, brand_id: acmeBrandId }]);
    const other = (await as(ctx, b).get('/dashboardapi/conversation/mapping')).json();
    expect(other.integrations).toEqual([]);
  });

  it('lets only owners and admins connect', async () => {
    const { mate } = await ownerAndTeammate(ctx);
    const res = await as(ctx, mate).post('/dashboardapi/shopify/connect', {
      myshopify_domain: 'teammate.myshopify.com',
      admin_api_token: ACME_TOKEN,
    });
    expect(res.statusCode).toBe(403);
  });

  it('never connects another account’s brand or store (cross-account)', async () => {
    const cross = await as(ctx, b).post('/dashboardapi/shopify/connect', {
      brand_id: acmeBrandId,
      admin_api_token: ACME_TOKEN,
    });
    expect(cross.statusCode).toBe(400);
    const stolen = await as(ctx, b).post('/dashboardapi/shopify/connect', {
      myshopify_domain: ACME,
      admin_api_token: ACME_TOKEN,
    });
    expect(stolen.statusCode).toBe(409);
  });

  it('connects account B’s own store by its domain', async () => {
    const res = await as(ctx, b).post('/dashboardapi/shopify/connect', {
      myshopify_domain: GLOBEX,
      admin_api_token: GLOBEX_TOKEN,
    });
    expect(res.statusCode).toBe(201);
    expect(res.json().brand_id).toBe(globexBrandId);
  });
});

describe('the contact’s orders beside the conversation', () => {
  it('answers the customer’s orders, newest first, with status, items, totals, tracking and admin links', async () => {
    const res = await as(ctx, a).get(
      `/dashboardapi/conversations/${acmeConversation}/shopify/orders`,
    );
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.customer).toMatchObject({ id: 501, name: 'Maya Patel', email: 'maya@example.com' });
    expect(body.orders.map((o: { name: string }) => o.name)).toEqual(['#1042', '#1041']);
    expect(body.orders[0]).toMatchObject({
      financial_status: 'paid',
      fulfillment_status: 'fulfilled',
      total_price: '89.90',
      currency: 'USD',
      line_items: [{ title: 'Rain jacket', quantity: 1, price: '89.90' }],
      fulfillments: [
        {
          tracking_company: 'UPS',
          tracking_numbers: ['1Z999'],
          tracking_urls: ['https://track.example/1Z999'],
        },
      ],
      admin_url: `https://${ACME}/admin/orders/9002`,
    });
    const search = fake.requests.findLast((r) => r.path === 'customers/search.json');
    expect(search?.query.get('query')).toBe('email:"maya@example.com"');
    const orders = fake.requests.findLast((r) => r.path === 'customers/501/orders.json');
    expect(orders?.query.get('status')).toBe('any');
    expect(orders?.query.get('limit')).toBe('10');
  });

  it('caches the answer briefly; an orders/create webhook clears it', async () => {
    const before = searches();
    await as(ctx, a).get(`/dashboardapi/conversations/${acmeConversation}/shopify/orders`);
    expect(searches()).toBe(before);

    const hook = await signedWebhook('orders/create', ACME, { id: 9003, customer: { id: 501 } });
    expect(hook.statusCode).toBe(200);
    await as(ctx, a).get(`/dashboardapi/conversations/${acmeConversation}/shopify/orders`);
    expect(searches()).toBe(before + 1);
  });

  it('fills the fast-reply order variables from the latest order', async () => {
    const template = await as(ctx, a).post('/dashboardapi/fastreply', {
      name: 'Order update',
      template_content:
        'Order {{order_number}} is {{order_status}}: {{order_tracking_url | no tracking yet}}',
    });
    expect(template.statusCode).toBe(201);
    const resolved = await as(ctx, a).get(
      `/dashboardapi/fastreply/resolve?id=${template.json().id}&conversation_id=${acmeConversation}`,
    );
    expect(resolved.json().content).toBe(
      'Order #1042 is paid, fulfilled: https://track.example/1Z999',
    );
  });

  it('never shows account A’s orders to account B (cross-account)', async () => {
    const res = await as(ctx, b).get(
      `/dashboardapi/conversations/${acmeConversation}/shopify/orders`,
    );
    expect(res.statusCode).toBe(404);
    const own = await as(ctx, b).get(
      `/dashboardapi/conversations/${globexConversation}/shopify/orders`,
    );
    expect(own.statusCode).toBe(200);
    expect(own.json()).toMatchObject({ shop_domain: GLOBEX, customer: { id: 777 }, orders: [] });
    expect(
      fake.requests.filter((r) => r.shop === GLOBEX).every((r) => r.token === GLOBEX_TOKEN),
    ).toBe(true);
  });

  it('says Shopify is not answering on 429 / 5xx, and keeps the connection', async () => {
    await signedWebhook('customers/update', ACME, { id: 501 });
    fake.failNext(429);
    const limited = await as(ctx, a).get(
      `/dashboardapi/conversations/${acmeConversation}/shopify/orders`,
    );
    expect(limited.statusCode).toBe(503);
    expect(limited.json()).toMatchObject({
      code: 'shopify_unavailable',
      message: 'Shopify is not answering, try again in a moment.',
    });
    fake.failNext(502);
    const down = await as(ctx, a).get(
      `/dashboardapi/conversations/${acmeConversation}/shopify/orders`,
    );
    expect(down.json().code).toBe('shopify_unavailable');
    const [row] = await ctx.deps.db
      .select()
      .from(shopifyConnections)
      .where(eq(shopifyConnections.brandId, acmeBrandId));
    expect(row!.status).toBe('connected');
  });

  it('marks the connection broken when Shopify refuses the token (401), with a clear message', async () => {
    // As Shopify answers a revoked token.
    fake.failNext(401);
    const res = await as(ctx, a).get(
      `/dashboardapi/conversations/${acmeConversation}/shopify/orders`,
    );
    expect(res.statusCode).toBe(409);
    expect(res.json().code).toBe('shopify_connection_broken');
    expect(res.json().message).toContain('reconnect');
    const list = (await as(ctx, a).get('/dashboardapi/shopify/connections')).json();
    expect(list.connections[0]).toMatchObject({ status: 'broken' });

    // Reconnecting with a working token mends it.
    const again = await as(ctx, a).post('/dashboardapi/shopify/connect', {
      brand_id: acmeBrandId,
      admin_api_token: ACME_TOKEN,
    });
    expect(again.json().status).toBe('connected');
  });
});

describe('store webhooks (X-Shopify-Hmac-SHA256)', () => {
  it('refuses a wrong or missing signature', async () => {
    const wrong = await signedWebhook('app/uninstalled', ACME, { id: 1 }, { hmac: 'bm9wZQ==' });
    expect(wrong.statusCode).toBe(401);
    const missing = await signedWebhook('app/uninstalled', ACME, { id: 1 }, { hmac: null });
    expect(missing.statusCode).toBe(401);
    const [row] = await ctx.deps.db
      .select()
      .from(shopifyConnections)
      .where(eq(shopifyConnections.brandId, acmeBrandId));
    expect(row!.status).toBe('connected');
  });

  it('handles a retried delivery (same X-Shopify-Webhook-Id) once', async () => {
    const id = crypto.randomUUID();
    await as(ctx, a).get(`/dashboardapi/conversations/${acmeConversation}/shopify/orders`);
    expect(
      (await signedWebhook('orders/updated', ACME, { id: 9002 }, { webhookId: id })).statusCode,
    ).toBe(200);
    await as(ctx, a).get(`/dashboardapi/conversations/${acmeConversation}/shopify/orders`);
    const after = searches();
    expect(
      (await signedWebhook('orders/updated', ACME, { id: 9002 }, { webhookId: id })).statusCode,
    ).toBe(200);
    await as(ctx, a).get(`/dashboardapi/conversations/${acmeConversation}/shopify/orders`);
    expect(searches()).toBe(after);
  });

  it('app/uninstalled disconnects only that shop’s connection, never another account’s', async () => {
    const res = await signedWebhook('app/uninstalled', ACME, { id: 1, domain: ACME });
    expect(res.statusCode).toBe(200);
    const rows = await ctx.deps.db.select().from(shopifyConnections).orderBy(shopifyConnections.id);
    const acme = rows.find((r) => r.shopDomain === ACME)!;
    const globex = rows.find((r) => r.shopDomain === GLOBEX)!;
    expect(acme).toMatchObject({ status: 'disconnected', sealedToken: null });
    expect(globex).toMatchObject({ status: 'connected' });

    const orders = await as(ctx, a).get(
      `/dashboardapi/conversations/${acmeConversation}/shopify/orders`,
    );
    expect(orders.json().code).toBe('shopify_not_connected');
    const mapping = (await as(ctx, a).get('/dashboardapi/conversation/mapping')).json();
    expect(mapping.integrations).toEqual([]);
  });

  it('lets only the owning account disconnect a store', async () => {
    const { connections } = (await as(ctx, b).get('/dashboardapi/shopify/connections')).json();
    const globexId = connections[0].id as number;
    expect(
      (await as(ctx, a).delete(`/dashboardapi/shopify/connections/${globexId}`)).statusCode,
    ).toBe(404);
    expect(
      (await as(ctx, b).delete(`/dashboardapi/shopify/connections/${globexId}`)).statusCode,
    ).toBe(204);
    const mapping = (await as(ctx, b).get('/dashboardapi/conversation/mapping')).json();
    expect(mapping.integrations).toEqual([]);
  });
});
