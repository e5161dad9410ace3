import {
  MYSHOPIFY_DOMAIN_PATTERN,
  type ShopifyConnectBody,
  type ShopifyConnection,
  type ShopifyOrder,
  type ShopifyOrders,
} from '@parley/contracts';
import { and, eq } from 'drizzle-orm';
import { brands, contacts } from '../../db/schema';
import type { Deps } from '../../lib/deps';
import {
  AppError,
  apiText,
  badRequest,
  conflict,
  isUniqueViolation,
  notFound,
} from '../../lib/errors';
import { num, objs, strings, text } from '../channels/channels.public';
import { findOwnConversation } from '../conversations/conversations.service';
import {
  adminGet,
  isAuthFailure,
  isTransient,
  shopifyErrorText,
  type AdminAnswer,
} from './shopify-api';
import {
  connectionOfShopAnywhere,
  deleteConnection,
  findConnection,
  findConnectionOfBrand,
  findOwnBrand,
  findOwnBrandByDomain,
  firstDelivery,
  listConnections,
  liveConnections,
  markConnection,
  saveConnection,
  type ShopifyConnectionRow,
} from './shopify.queries';
import { isValidShopifyHmac } from './shopify-signature';
import { TtlCache } from '../../lib/ttl-cache';

const unavailable = () =>
  new AppError(503, 'shopify_unavailable', 'Shopify is not answering, try again in a moment.');

const brokenError = (message: string) =>
  new AppError(
    409,
    'shopify_connection_broken',
    apiText(
      'Shopify refused the store’s access token ({message}). An admin must reconnect the store.',
      { message },
    ),
  );

/** One cache per server (Deps), so test servers never share answers. */
const caches = new WeakMap<Deps, TtlCache<ShopifyOrders>>();
function cacheOf(deps: Deps) {
  let cache = caches.get(deps);
  if (!cache) {
    cache = new TtlCache<ShopifyOrders>({ maxEntries: 1000, ttlMs: 60_000 });
    caches.set(deps, cache);
  }
  return cache;
}
const cachePrefix = (accountId: number, brandId: number) => `${accountId}:${brandId}:`;

function toConnection(row: ShopifyConnectionRow, brandName: string): ShopifyConnection {
  return {
    id: row.id,
    brand_id: row.brandId,
    brand_name: brandName,
    shop_domain: row.shopDomain,
    shop_name: row.shopName,
    status: row.status,
    status_message: row.statusMessage,
    connected_at: row.connectedAt.toISOString(),
  };
}

export async function listShopifyConnections(deps: Deps, accountId: number) {
  const rows = await listConnections(deps.db, { accountId });
  return { connections: rows.map((r) => toConnection(r.connection, r.brandName)) };
}

/** Mapping `integrations` (docs/product/data.md): the account's connected Shopify stores. */
export async function shopifyIntegrations(deps: Deps, accountId: number) {
  const rows = await liveConnections(deps.db, { accountId });
  return rows.map((r) => ({ type: 'shopify', name: r.shopDomain, brand_id: r.brandId }));
}

/** Calls the Admin API, turning network failures into a clear "try again" error. */
async function call(
  deps: Deps,
  shopDomain: string,
  token: string,
  path: string,
  query?: Record<string, string>,
): Promise<AdminAnswer> {
  try {
    return await adminGet(deps.config, shopDomain, token, path, query);
  } catch {
    throw unavailable();
  }
}

/**
 * Connects a brand's store: the token must open shop.json of that store before it is sealed and
 * kept. With a domain and no brand of it yet, the brand is created under the shop's name.
 */
export async function connectShopify(
  deps: Deps,
  accountId: number,
  body: ShopifyConnectBody,
): Promise<ShopifyConnection> {
  let brand =
    body.brand_id !== undefined
      ? await findOwnBrand(deps.db, { accountId, brandId: body.brand_id })
      : await findOwnBrandByDomain(deps.db, { accountId, domain: body.myshopify_domain! });
  if (body.brand_id !== undefined && !brand)
    throw badRequest('Unknown store.', [{ path: 'brand_id', message: 'Unknown store.' }]);
  const shopDomain = body.myshopify_domain ?? brand?.myshopifyDomain ?? null;
  if (!shopDomain || !MYSHOPIFY_DOMAIN_PATTERN.test(shopDomain))
    throw badRequest('Enter the store’s myshopify.com domain, like acme.myshopify.com.', [
      { path: 'myshopify_domain', message: 'Enter the store’s myshopify.com domain.' },
    ]);
  const elsewhere = await connectionOfShopAnywhere(deps.db, shopDomain);
  if (elsewhere && (elsewhere.accountId !== accountId || elsewhere.brandId !== brand?.id))
    throw conflict(
      apiText('{shopDomain} is already connected to another store or account.', { shopDomain }),
    );

  const answer = await call(deps, shopDomain, body.admin_api_token, 'shop.json');
  if (answer.status !== 200) {
    if (isTransient(answer.status)) throw unavailable();
    throw new AppError(
      400,
      'validation_error',
      apiText('Shopify did not accept the token for {shopDomain}: {error}', {
        shopDomain,
        error: shopifyErrorText(answer),
      }),
      [{ path: 'admin_api_token', message: shopifyErrorText(answer) }],
    );
  }
  const shop = (answer.json?.shop ?? {}) as { name?: unknown };
  const shopName = typeof shop.name === 'string' && shop.name ? shop.name : shopDomain;

  try {
    if (!brand) {
      const [created] = await deps.db
        .insert(brands)
        .values({ accountId, name: shopName, myshopifyDomain: shopDomain })
        .returning();
      brand = created!;
    } else if (!brand.myshopifyDomain) {
      await deps.db
        .update(brands)
        .set({ myshopifyDomain: shopDomain })
        .where(and(eq(brands.id, brand.id), eq(brands.accountId, accountId)));
    }
    const row = await saveConnection(deps.db, {
      accountId,
      brandId: brand.id,
      shopDomain,
      shopName,
      sealedToken: deps.secrets.seal(body.admin_api_token),
    });
    cacheOf(deps).deletePrefix(cachePrefix(accountId, row.brandId));
    return toConnection(row, brand.name);
  } catch (err) {
    if (isUniqueViolation(err))
      throw conflict(
        apiText('{shopDomain} is already connected to another store or account.', { shopDomain }),
      );
    throw err;
  }
}

/** Forgets the store's token and connection; the brand stays. */
export async function disconnectShopify(deps: Deps, accountId: number, id: number) {
  const found = await findConnection(deps.db, { accountId, id });
  if (!found || !(await deleteConnection(deps.db, { accountId, id })))
    throw notFound('That Shopify connection was not found.');
  cacheOf(deps).deletePrefix(cachePrefix(accountId, found.connection.brandId));
}

async function connectionForConversation(deps: Deps, accountId: number, brandId: number | null) {
  if (brandId !== null) return findConnectionOfBrand(deps.db, { accountId, brandId });
  // A conversation of a channel without a store (e.g. a shared inbox): the account's only store.
  const live = await liveConnections(deps.db, { accountId });
  return live.length === 1 ? live[0]! : null;
}

/** Shopify's answer to a data call: auth failures break the connection, others ask to retry. */
async function fetchData(
  deps: Deps,
  connection: ShopifyConnectionRow,
  token: string,
  path: string,
  query?: Record<string, string>,
) {
  const answer = await call(deps, connection.shopDomain, token, path, query);
  if (answer.status === 200 && answer.json) return answer.json;
  if (isAuthFailure(answer.status)) {
    const message = shopifyErrorText(answer);
    await markConnection(deps.db, {
      accountId: connection.accountId,
      id: connection.id,
      status: 'broken',
      statusMessage: message,
    });
    throw brokenError(message);
  }
  throw unavailable();
}

function toOrder(o: Record<string, unknown>, shopDomain: string): ShopifyOrder {
  const id = num(o.id);
  return {
    id,
    name: text(o.name) ?? `#${id}`,
    created_at: text(o.created_at) ?? '',
    cancelled_at: text(o.cancelled_at),
    financial_status: text(o.financial_status),
    fulfillment_status: text(o.fulfillment_status),
    currency: text(o.currency) ?? '',
    subtotal_price: text(o.subtotal_price),
    total_tax: text(o.total_tax),
    total_price: text(o.total_price) ?? '0.00',
    line_items: objs(o.line_items).map((l) => ({
      title: text(l.title) ?? '',
      variant_title: text(l.variant_title),
      quantity: num(l.quantity),
      price: text(l.price) ?? '0.00',
    })),
    fulfillments: objs(o.fulfillments).map((f) => ({
      status: text(f.status),
      tracking_company: text(f.tracking_company),
      tracking_numbers: strings(f.tracking_numbers),
      tracking_urls: strings(f.tracking_urls),
    })),
    admin_url: `https://${shopDomain}/admin/orders/${id}`,
  };
}

/**
 * The contact's Shopify customer (found by email, else phone) and their latest
 * 10 orders, from the conversation's store. Cached a minute per account + store + customer key;
 * the store's order and customer webhooks clear it sooner.
 */
export async function ordersForConversation(
  deps: Deps,
  accountId: number,
  conversationId: number,
): Promise<ShopifyOrders> {
  const conversation = await findOwnConversation(deps.db, accountId, conversationId);
  const connection = await connectionForConversation(deps, accountId, conversation.brandId);
  if (!connection || connection.status === 'disconnected' || !connection.sealedToken)
    throw new AppError(
      409,
      'shopify_not_connected',
      'This conversation’s store is not connected to Shopify.',
    );
  if (connection.status === 'broken') throw brokenError(connection.statusMessage ?? 'unknown');

  const [contact] = await deps.db
    .select({ email: contacts.email, phone: contacts.phone })
    .from(contacts)
    .where(and(eq(contacts.id, conversation.contactId), eq(contacts.accountId, accountId)))
    .limit(1);
  const email = contact?.email?.trim().toLowerCase() || null;
  const phone = contact?.phone?.trim() || null;
  const lookup = email ? `email:"${email}"` : phone ? `phone:"${phone}"` : null;
  const empty: ShopifyOrders = {
    shop_domain: connection.shopDomain,
    customer: null,
    orders: [],
    fetched_at: new Date().toISOString(),
  };
  if (!lookup) return empty;

  const cache = cacheOf(deps);
  const key = `${cachePrefix(accountId, connection.brandId)}${lookup}`;
  const cached = cache.get(key);
  if (cached) return cached;

  const token = deps.secrets.open(connection.sealedToken);
  const found = await fetchData(deps, connection, token, 'customers/search.json', {
    query: lookup,
    limit: '1',
    fields: 'id,first_name,last_name,email',
  });
  const customer = objs(found.customers)[0];
  let result = empty;
  if (customer) {
    const customerId = num(customer.id);
    const orders = await fetchData(deps, connection, token, `customers/${customerId}/orders.json`, {
      status: 'any',
      limit: '10',
    });
    const name = [text(customer.first_name), text(customer.last_name)].filter(Boolean).join(' ');
    result = {
      ...empty,
      customer: {
        id: customerId,
        name: name || null,
        email: text(customer.email),
        admin_url: `https://${connection.shopDomain}/admin/customers/${customerId}`,
      },
      orders: objs(orders.orders)
        .map((o) => toOrder(o, connection.shopDomain))
        .sort((a, b) => b.created_at.localeCompare(a.created_at)),
    };
  }
  cache.set(key, result);
  return result;
}

/** "paid, fulfilled" / "refunded, unfulfilled" / "cancelled": what a customer understands. */
export function orderStatusText(order: ShopifyOrder): string {
  if (order.cancelled_at) return 'cancelled';
  const financial = order.financial_status?.replace(/_/g, ' ') ?? null;
  const fulfillment = (order.fulfillment_status ?? 'unfulfilled').replace(/_/g, ' ');
  return [financial, fulfillment].filter(Boolean).join(', ');
}

/**
 * Fast-reply variables of the conversation's latest order. Every value is null when there is no
 * store, customer or order, or Shopify cannot be asked now: the template's fallback is used then.
 */
export async function latestOrderVariables(deps: Deps, accountId: number, conversationId: number) {
  const none = { order_number: null, order_status: null, order_tracking_url: null };
  try {
    const { orders } = await ordersForConversation(deps, accountId, conversationId);
    const latest = orders[0];
    if (!latest) return none;
    return {
      order_number: latest.name,
      order_status: orderStatusText(latest),
      order_tracking_url: latest.fulfillments.flatMap((f) => f.tracking_urls)[0] ?? null,
    };
  } catch (err) {
    if (err instanceof AppError) return none;
    throw err;
  }
}

const INVALIDATING_TOPICS = new Set([
  'orders/create',
  'orders/updated',
  'orders/cancelled',
  'orders/fulfilled',
  'orders/paid',
  'customers/update',
]);

/**
 * POST /dashboardapi/shopify/webhook: verified by X-Shopify-Hmac-SHA256 over the raw body,
 * routed by X-Shopify-Shop-Domain to that store's connection only, each X-Shopify-Webhook-Id
 * handled once. Order and customer topics clear the store's cached orders; app/uninstalled
 * disconnects the store (Shopify has revoked the token).
 */
export async function acceptShopifyWebhook(
  deps: Deps,
  raw: Buffer,
  headers: { hmac?: string; shop?: string; topic?: string; webhookId?: string },
): Promise<void> {
  const secret = deps.config.shopify.apiSecret;
  if (!secret)
    throw new AppError(
      403,
      'forbidden',
      'Shopify webhooks are not configured (SHOPIFY_API_SECRET).',
    );
  if (!headers.hmac)
    throw new AppError(401, 'unauthenticated', 'The X-Shopify-Hmac-SHA256 header is missing.');
  if (!isValidShopifyHmac(raw, headers.hmac, secret))
    throw new AppError(
      401,
      'unauthenticated',
      'The X-Shopify-Hmac-SHA256 signature does not match.',
    );
  const shop = headers.shop?.trim().toLowerCase();
  if (!shop || !headers.topic)
    throw badRequest('X-Shopify-Shop-Domain and X-Shopify-Topic are required.');

  const connection = await connectionOfShopAnywhere(deps.db, shop);
  // A store that is not (or no longer) connected: acknowledged so Shopify stops retrying.
  if (!connection) return;
  if (
    headers.webhookId &&
    !(await firstDelivery(deps.db, {
      webhookId: headers.webhookId,
      connectionId: connection.id,
      topic: headers.topic,
    }))
  )
    return;

  const { accountId, brandId } = connection;
  if (INVALIDATING_TOPICS.has(headers.topic)) {
    cacheOf(deps).deletePrefix(cachePrefix(accountId, brandId));
  } else if (headers.topic === 'app/uninstalled') {
    await markConnection(deps.db, {
      accountId,
      id: connection.id,
      status: 'disconnected',
      statusMessage: 'The store uninstalled the app. Connect it again with a new Admin API token.',
      dropToken: true,
    });
    cacheOf(deps).deletePrefix(cachePrefix(accountId, brandId));
  }
}
