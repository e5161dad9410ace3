import crypto from 'node:crypto';
import { safeEqual } from '../../lib/crypto';

/**
 * Meta's `X-Hub-Signature-256: sha256=<hex HMAC-SHA256(app secret, raw body)>`, over the bytes
 * exactly as received (Meta hashes its escaped-unicode JSON, so re-serialising would break it),
 * compared in constant time.
 */
export function isValidMetaSignature(
  rawBody: Buffer,
  header: string | undefined,
  appSecret: string,
): boolean {
  if (!header?.startsWith('sha256=')) return false;
  const expected = crypto.createHmac('sha256', appSecret).update(rawBody).digest('hex');
  return safeEqual(header.slice('sha256='.length).toLowerCase(), expected);
}
