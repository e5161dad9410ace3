import crypto from 'node:crypto';
import type { Config } from '../../config';
import { apiText, AppError, type ApiText } from '../../lib/errors';
import { safeEqual } from '../../lib/crypto';

/** stripe-node's `DEFAULT_TOLERANCE`: events signed more than 5 minutes ago are refused. */
export const STRIPE_SIGNATURE_TOLERANCE_S = 300;

/** A refused signature: its whole sentence, `The Stripe-Signature header is not valid: …`. */
const badSignature = (text: ApiText) => new AppError(400, 'validation_error', text);

/**
 * Verifies `Stripe-Signature: t=<unix>,v1=<hex>[,v1=…]` over the raw body, as stripe-node does:
 * HMAC-SHA256(secret, `${t}.${body}`) must equal one of the v1 values (constant time), then the
 * timestamp must be within the tolerance. Throws a 400 AppError otherwise.
 */
export function verifyStripeSignature(
  rawBody: Buffer | string,
  header: string | undefined,
  secret: string,
  { tolerance = STRIPE_SIGNATURE_TOLERANCE_S, now = Date.now() / 1000 } = {},
): void {
  if (!header)
    throw badSignature(apiText('The Stripe-Signature header is not valid: it is missing.'));
  let timestamp: number | null = null;
  const signatures: string[] = [];
  for (const part of header.split(',')) {
    const at = part.indexOf('=');
    if (at < 0) continue;
    const key = part.slice(0, at).trim();
    const value = part.slice(at + 1).trim();
    if (key === 't' && /^\d{1,12}$/.test(value)) timestamp = Number(value);
    else if (key === 'v1') signatures.push(value);
  }
  if (timestamp === null || signatures.length === 0)
    throw badSignature(
      apiText('The Stripe-Signature header is not valid: it has no timestamp or no v1 signature.'),
    );
  const expected = crypto
    .createHmac('sha256', secret)
    .update(`${timestamp}.`)
    .update(rawBody)
    .digest('hex');
  if (!signatures.some((s) => safeEqual(s, expected)))
    throw badSignature(
      apiText('The Stripe-Signature header is not valid: no signature matches the body.'),
    );
  if (tolerance > 0 && now - timestamp > tolerance)
    throw badSignature(
      apiText('The Stripe-Signature header is not valid: its timestamp is too old.'),
    );
}

/** Stripe's form encoding: nested objects as `a[b][0][c]=v`. */
export function stripeForm(params: Record<string, unknown>): string {
  const out = new URLSearchParams();
  const walk = (prefix: string, value: unknown) => {
    if (value === undefined || value === null) return;
    if (Array.isArray(value)) value.forEach((v, i) => walk(`${prefix}[${i}]`, v));
    else if (typeof value === 'object')
      for (const [k, v] of Object.entries(value)) walk(prefix ? `${prefix}[${k}]` : k, v);
    else out.append(prefix, String(value));
  };
  walk('', params);
  return out.toString();
}

/** Calls Stripe's API (STRIPE_API_BASE) with the secret key; its errors become 502s in words. */
export async function stripeApi<T>(
  stripe: Config['stripe'],
  method: 'GET' | 'POST',
  path: string,
  params: Record<string, unknown> = {},
  { idempotencyKey }: { idempotencyKey?: string } = {},
): Promise<T> {
  if (!stripe.secretKey) throw billingNotConfigured();
  const body = method === 'POST' ? stripeForm(params) : undefined;
  let res: Response;
  try {
    res = await fetch(`${stripe.apiBase}${path}`, {
      method,
      headers: {
        authorization: `Bearer ${stripe.secretKey}`,
        ...(body === undefined ? {} : { 'content-type': 'application/x-www-form-urlencoded' }),
        ...(idempotencyKey ? { 'idempotency-key': idempotencyKey } : {}),
      },
      ...(body === undefined ? {} : { body }),
      signal: AbortSignal.timeout(15_000),
    });
  } catch {
    throw new AppError(502, 'payment_provider_error', 'Stripe could not be reached. Try again.');
  }
  const json = (await res.json().catch(() => null)) as
    (T & { error?: { message?: string } }) | null;
  if (!res.ok || json === null) {
    // Stripe's own words are quoted as they are.
    const reason = json?.error?.message ?? null;
    throw new AppError(
      502,
      'payment_provider_error',
      reason !== null
        ? apiText('Stripe refused the request: {reason}', { reason })
        : apiText('Stripe refused the request: it answered {status}', { status: res.status }),
    );
  }
  return json;
}

export const billingNotConfigured = () =>
  new AppError(
    503,
    'billing_not_configured',
    'Billing is not configured on this server (no Stripe key). Ask the operator.',
  );
