import crypto from 'node:crypto';

/**
 * Encrypts secrets at rest (channel tokens, webhook secrets) with AES-256-GCM under SECRET_KEY.
 * Format: v1.<iv>.<tag>.<ciphertext>, each base64url.
 */
export class SecretBox {
  private readonly key: Buffer;

  constructor(hexKey: string) {
    this.key = Buffer.from(hexKey, 'hex');
    if (this.key.length !== 32) throw new Error('SecretBox needs a 32-byte key');
  }

  seal(plain: string): string {
    const iv = crypto.randomBytes(12);
    const cipher = crypto.createCipheriv('aes-256-gcm', this.key, iv);
    const data = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
    const tag = cipher.getAuthTag();
    return ['v1', iv, tag, data]
      .map((p) => (typeof p === 'string' ? p : p.toString('base64url')))
      .join('.');
  }

  /** An HMAC of `data` under a key derived for `purpose`, base64url (e.g. signed download links). */
  sign(purpose: string, data: string): string {
    const key = crypto.createHmac('sha256', this.key).update(`purpose:${purpose}`).digest();
    return crypto.createHmac('sha256', key).update(data).digest('base64url');
  }

  /** Constant-time check of a `sign` result. */
  verify(purpose: string, data: string, signature: string): boolean {
    const expected = Buffer.from(this.sign(purpose, data));
    const given = Buffer.from(signature);
    return given.length === expected.length && crypto.timingSafeEqual(given, expected);
  }

  open(sealed: string): string {
    const [version, iv, tag, data] = sealed.split('.');
    if (version !== 'v1' || !iv || !tag || data === undefined)
      throw new Error('Unrecognised sealed secret');
    const decipher = crypto.createDecipheriv('aes-256-gcm', this.key, Buffer.from(iv, 'base64url'));
    decipher.setAuthTag(Buffer.from(tag, 'base64url'));
    return Buffer.concat([
      decipher.update(Buffer.from(data, 'base64url')),
      decipher.final(),
    ]).toString('utf8');
  }

  sealJson(value: Record<string, unknown>): string {
    return this.seal(JSON.stringify(value));
  }

  openJson<T extends Record<string, unknown>>(sealed: string | null): T {
    return (sealed ? JSON.parse(this.open(sealed)) : {}) as T;
  }
}
