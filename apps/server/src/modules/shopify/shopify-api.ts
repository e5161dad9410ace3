import type { Config } from '../../config';
import { safeGet } from '../../lib/safe-fetch';

export interface AdminAnswer {
  status: number;
  json: Record<string, unknown> | null;
}

/** A store's Admin API root: SHOPIFY_API_BASE_TEMPLATE with `{shop}` filled in. */
export function adminApiBase(config: Config, shopDomain: string): string {
  return config.shopify.apiBaseTemplate.replace('{shop}', shopDomain);
}

/**
 * One GET to a store's REST Admin API. The shop host comes from an admin's input, so the call
 * goes through safeGet (no private addresses, no redirects, a size cap — docs/security.md); the token
 * travels in X-Shopify-Access-Token, never in the URL. Network failures and timeouts throw.
 */
export async function adminGet(
  config: Config,
  shopDomain: string,
  accessToken: string,
  path: string,
  query: Record<string, string> = {},
): Promise<AdminAnswer> {
  const url = new URL(`${adminApiBase(config, shopDomain)}/${path}`);
  for (const [k, v] of Object.entries(query)) url.searchParams.set(k, v);
  const res = await safeGet(
    url.toString(),
    { 'x-shopify-access-token': accessToken, accept: 'application/json' },
    { allowPrivate: config.outboundAllowPrivate, timeoutMs: 10_000, maxBytes: 5_000_000 },
  );
  const text = res.bytes.toString('utf8');
  let json: Record<string, unknown> | null = null;
  try {
    const parsed: unknown = JSON.parse(text);
    if (parsed && typeof parsed === 'object') json = parsed as Record<string, unknown>;
  } catch {
    json = null;
  }
  return { status: res.status, json };
}

/** Shopify's `{"errors": "…"}` or `{"errors": {"field": ["…"]}}`, as one sentence. */
export function shopifyErrorText(answer: AdminAnswer): string {
  const errors = answer.json?.errors;
  if (typeof errors === 'string' && errors) return errors;
  if (errors && typeof errors === 'object') {
    const parts = Object.entries(errors as Record<string, unknown>).map(
      ([field, v]) => `${field} ${Array.isArray(v) ? v.join(', ') : String(v)}`,
    );
    if (parts.length) return parts.join('; ');
  }
  return `Shopify answered HTTP ${answer.status}`;
}

/** The token is refused: wrong, revoked, or missing a scope. Only a new token fixes it. */
export const isAuthFailure = (status: number) => status === 401 || status === 403;

/** Rate-limited or Shopify is down: worth trying again shortly. */
export const isTransient = (status: number) => status === 429 || status >= 500;
