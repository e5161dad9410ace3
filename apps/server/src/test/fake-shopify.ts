import http from 'node:http';
import type { AddressInfo } from 'node:net';

/** The REST Admin API version Parley pins (SHOPIFY_API_BASE_TEMPLATE). */
export const FAKE_SHOPIFY_API_VERSION = '2025-07';

export interface FakeShopifyOrder {
  id: number;
  customerId: number;
  name: string;
  created_at: string;
  financial_status: string | null;
  fulfillment_status: string | null;
  currency: string;
  total_price: string;
  line_items: { title: string; variant_title: string | null; quantity: number; price: string }[];
  tracking?: { company: string; number: string; url: string };
}

export interface FakeShopifyCustomer {
  id: number;
  first_name: string | null;
  last_name: string | null;
  email: string | null;
  phone: string | null;
}

interface FakeShop {
  token: string;
  name: string;
  customers: FakeShopifyCustomer[];
  orders: FakeShopifyOrder[];
}

/**
 * A local Shopify Admin API (REST, one path prefix per shop: `/{shop}/admin/api/{version}`):
 * checks the X-Shopify-Access-Token header, answers shop.json, customers/search.json and
 * customers/{id}/orders.json in Shopify's shapes, and its error bodies (`{"errors": ...}`).
 * `failNext` makes the next calls answer a given status (401, 429, 503...).
 */
export async function startFakeShopify() {
  const shops = new Map<string, FakeShop>();
  const requests: { shop: string; path: string; query: URLSearchParams; token: string }[] = [];
  const failures: number[] = [];

  const send = (res: http.ServerResponse, status: number, body: unknown) => {
    res.statusCode = status;
    res.setHeader('content-type', 'application/json; charset=utf-8');
    res.end(JSON.stringify(body));
  };

  const server = http.createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://fake-shopify');
    const match = /^\/([^/]+)\/admin\/api\/([^/]+)\/(.+)$/.exec(url.pathname);
    if (!match) return send(res, 404, { errors: 'Not Found' });
    const [, shopDomain = '', version, path = ''] = match;
    const token = String(req.headers['x-shopify-access-token'] ?? '');
    requests.push({ shop: shopDomain, path, query: url.searchParams, token });
    const failure = failures.shift();
    if (failure === 429) {
      res.setHeader('retry-after', '2.0');
      return send(res, 429, {
        errors:
          'Exceeded 2 calls per second for api client. Reduce request rates to resume uninterrupted service.',
      });
    }
    if (failure === 401)
      return send(res, 401, {
        errors: '[API] Invalid API key or access token (unrecognized login or wrong password)',
      });
    if (failure === 403)
      return send(res, 403, {
        errors: 'This action requires merchant approval for read_orders scope.',
      });
    if (failure) return send(res, failure, { errors: 'Internal Server Error' });
    if (version !== FAKE_SHOPIFY_API_VERSION) return send(res, 404, { errors: 'Not Found' });
    const shop = shops.get(shopDomain);
    if (!shop) return send(res, 404, { errors: 'Not Found' });
    if (token !== shop.token)
      return send(res, 401, {
        errors: '[API] Invalid API key or access token (unrecognized login or wrong password)',
      });

    if (path === 'shop.json')
      return send(res, 200, {
        shop: { id: 1, name: shop.name, myshopify_domain: shopDomain, currency: 'USD' },
      });
    if (path === 'customers/search.json') {
      // Only the `email:"…"` / `phone:"…"` queries Parley sends.
      const q = /^(email|phone):"?([^"]*)"?$/.exec(url.searchParams.get('query') ?? '');
      const found = q
        ? shop.customers.filter((c) =>
            q[1] === 'email'
              ? c.email?.toLowerCase() === q[2]?.toLowerCase()
              : c.phone?.replace(/\D/g, '') === q[2]?.replace(/\D/g, ''),
          )
        : [];
      return send(res, 200, { customers: found });
    }
    const ordersOf = /^customers\/(\d+)\/orders\.json$/.exec(path);
    if (ordersOf) {
      const limit = Number(url.searchParams.get('limit') ?? 50);
      const orders = shop.orders
        .filter((o) => o.customerId === Number(ordersOf[1]))
        .sort((a, b) => b.created_at.localeCompare(a.created_at))
        .slice(0, limit)
        .map((o) => ({
          id: o.id,
          name: o.name,
          created_at: o.created_at,
          cancelled_at: null,
          financial_status: o.financial_status,
          fulfillment_status: o.fulfillment_status,
          currency: o.currency,
          subtotal_price: o.total_price,
          total_tax: '0.00',
          total_price: o.total_price,
          line_items: o.line_items.map((l, i) => ({ id: o.id * 100 + i, ...l })),
          fulfillments: o.tracking
            ? [
                {
                  id: o.id * 10,
                  status: 'success',
                  tracking_company: o.tracking.company,
                  tracking_number: o.tracking.number,
                  tracking_numbers: [o.tracking.number],
                  tracking_url: o.tracking.url,
                  tracking_urls: [o.tracking.url],
                },
              ]
            : [],
        }));
      return send(res, 200, { orders });
    }
    return send(res, 404, { errors: 'Not Found' });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const { port } = server.address() as AddressInfo;
  return {
    /** For SHOPIFY_API_BASE_TEMPLATE. */
    apiBaseTemplate: `http://127.0.0.1:${port}/{shop}/admin/api/${FAKE_SHOPIFY_API_VERSION}`,
    requests,
    addShop(domain: string, token: string, name = 'Acme Outfitters') {
      const shop: FakeShop = { token, name, customers: [], orders: [] };
      shops.set(domain, shop);
      return shop;
    },
    failNext(...statuses: number[]) {
      failures.push(...statuses);
    },
    close: () => new Promise<void>((r) => server.close(() => r())),
  };
}
export type FakeShopify = Awaited<ReturnType<typeof startFakeShopify>>;
