import crypto from 'node:crypto';
import { safeEqual } from '../../lib/crypto';

/**
 * Shopify's `X-Shopify-Hmac-SHA256: base64(HMAC-SHA256(app client secret, raw body))`, over the
 * bytes exactly as received, compared in constant time.
 */
export function isValidShopifyHmac(rawBody: Buffer, header: string | undefined, secret: string) {
  if (!header) return false;
  const expected = crypto.createHmac('sha256', secret).update(rawBody).digest('base64');
  return safeEqual(header.trim(), expected);
}
