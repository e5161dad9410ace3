import crypto from 'node:crypto';
import { WIDGET_API, WIDGET_SETTINGS_PATH, WIDGET_TOKEN_HEADER } from '@parley/contracts';
import { brands } from '../../db/schema';
import { as, type Session, type TestContext } from '../../test/harness';

let stores = 0;

/** A store of the account with its widget saved through the settings API (on unless told). */
export async function storeWithWidget(
  ctx: TestContext,
  owner: Session,
  opts: { enabled?: boolean; chat?: Record<string, unknown>; name?: string } = {},
) {
  stores += 1;
  const [brand] = await ctx.deps.db
    .insert(brands)
    .values({
      accountId: owner.accountId,
      name: opts.name ?? `Shop ${stores}`,
      myshopifyDomain: `shop-${stores}-${crypto.randomBytes(3).toString('hex')}.myshopify.com`,
    })
    .returning();
  const res = await as(ctx, owner).patch(`${WIDGET_SETTINGS_PATH}?brand_id=${brand!.id}`, {
    basic_settings: { is_widget_enabled: opts.enabled ?? true },
    ...(opts.chat ? { chat: opts.chat } : {}),
  });
  if (res.statusCode !== 200) throw new Error(`widget: ${res.statusCode} ${res.body}`);
  return {
    brand: brand!,
    shop: brand!.myshopifyDomain!,
    identitySecret: (res.json() as { identity_secret: string }).identity_secret,
  };
}

/** Calls as the chat app makes them: JSON, with the visitor's token header. */
export function visitor(ctx: TestContext, token: string) {
  const call = (method: 'GET' | 'POST' | 'PATCH', url: string, payload?: unknown) =>
    ctx.app.inject({
      method,
      url,
      headers: {
        [WIDGET_TOKEN_HEADER]: token,
        ...(payload === undefined ? {} : { 'content-type': 'application/json' }),
      },
      ...(payload === undefined ? {} : { payload: JSON.stringify(payload) }),
    });
  return {
    token,
    get: (url: string) => call('GET', url),
    post: (url: string, payload: unknown = {}) => call('POST', url, payload),
    patch: (url: string, payload: unknown = {}) => call('PATCH', url, payload),
  };
}

export async function startSession(ctx: TestContext, shop: string, token?: string) {
  const res = await ctx.app.inject({
    method: 'POST',
    url: WIDGET_API.sessions,
    payload: { myshopify_domain: shop, ...(token ? { visitor_token: token } : {}) },
  });
  if (res.statusCode !== 200) throw new Error(`session: ${res.statusCode} ${res.body}`);
  const session = res.json() as {
    visitor_token: string;
    visitor: { public_id: string };
    realtime: { channel: string };
  };
  return { session, api: visitor(ctx, session.visitor_token) };
}

/** A visitor who started a conversation through the pre-chat form. */
export async function chattingVisitor(
  ctx: TestContext,
  shop: string,
  text = 'Hello, where is my order?',
  preChat: Record<string, string> = { name: 'Vera Visitor', email: 'vera@example.com' },
) {
  const { session, api } = await startSession(ctx, shop);
  const res = await api.post(WIDGET_API.conversations, { pre_chat: preChat, body: text });
  if (res.statusCode !== 201) throw new Error(`start: ${res.statusCode} ${res.body}`);
  const started = res.json() as {
    conversation: { id: number };
    messages: { id: number; author: string; body: string }[];
  };
  return { session, api, conversationId: started.conversation.id, started };
}

/** hex HMAC-SHA256(secret, id): what the store's server puts in identify({hash}). */
export const signId = (secret: string, id: string) =>
  crypto.createHmac('sha256', secret).update(id).digest('hex');
