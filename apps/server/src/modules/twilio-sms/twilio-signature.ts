import crypto from 'node:crypto';
import { safeEqual } from '../../lib/crypto';

/** Form parameters as Twilio posts them; a key may repeat. */
export type FormParams = Record<string, string | string[]>;

export function parseForm(raw: string): FormParams {
  const out: FormParams = {};
  for (const [key, value] of new URLSearchParams(raw)) {
    const prev = out[key];
    if (prev === undefined) out[key] = value;
    else out[key] = Array.isArray(prev) ? [...prev, value] : [prev, value];
  }
  return out;
}

/** The first value of a form parameter. */
export function param(params: FormParams, key: string): string | undefined {
  const v = params[key];
  return Array.isArray(v) ? v[0] : v;
}

/**
 * X-Twilio-Signature: base64(HMAC-SHA1(auth token, full URL + each parameter's key and value,
 * keys sorted; a repeated key's values de-duplicated and sorted)), as twilio-node computes it.
 */
export function twilioSignature(authToken: string, url: string, params: FormParams): string {
  const data = Object.keys(params)
    .sort()
    .reduce((acc, key) => {
      const v = params[key]!;
      const values = Array.isArray(v) ? [...new Set(v)].sort() : [v];
      return acc + values.map((value) => key + value).join('');
    }, url);
  return crypto.createHmac('sha1', authToken).update(Buffer.from(data, 'utf8')).digest('base64');
}

/** The URL with and without its default port: Twilio's validators accept either. */
function urlVariants(url: string): string[] {
  const parsed = new URL(url);
  const defaultPort = parsed.protocol === 'https:' ? '443' : '80';
  const variants = [url];
  if (parsed.port) {
    const without = new URL(url);
    without.port = '';
    variants.push(without.toString());
  } else {
    // URL drops a default port when set, so splice it in by hand.
    variants.push(url.replace(parsed.host, `${parsed.hostname}:${defaultPort}`));
  }
  return variants;
}

/** Constant-time check of a signature against the URL as Twilio called it. */
export function isValidTwilioSignature(
  authToken: string,
  url: string,
  params: FormParams,
  signature: string | undefined,
): boolean {
  if (!signature) return false;
  return urlVariants(url)
    .map((u) => safeEqual(twilioSignature(authToken, u, params), signature))
    .some(Boolean);
}
