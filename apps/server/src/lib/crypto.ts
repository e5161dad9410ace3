import crypto from 'node:crypto';
import { promisify } from 'node:util';

const scrypt = promisify(crypto.scrypt) as (
  password: string,
  salt: Buffer,
  keylen: number,
  options: crypto.ScryptOptions,
) => Promise<Buffer>;

/** 128-bit random token, URL-safe. */
export function randomToken(bytes = 16): string {
  return crypto.randomBytes(bytes).toString('base64url');
}

/** Tokens are stored as SHA-256: a database leak does not leak live sessions. */
export function hashToken(token: string): string {
  return crypto.createHash('sha256').update(token).digest('hex');
}

export function safeEqual(a: string, b: string): boolean {
  const ab = Buffer.from(a);
  const bb = Buffer.from(b);
  return ab.length === bb.length && crypto.timingSafeEqual(ab, bb);
}

// scrypt is memory-hard; N=2^15, r=8, p=3 is one of OWASP's recommended equivalents (32 MiB).
const SCRYPT = { N: 2 ** 15, r: 8, p: 3, keylen: 32 };

export async function hashPassword(password: string): Promise<string> {
  const salt = crypto.randomBytes(16);
  const { N, r, p, keylen } = SCRYPT;
  const key = await scrypt(password.normalize('NFKC'), salt, keylen, {
    N,
    r,
    p,
    maxmem: 256 * N * r * 2,
  });
  return `scrypt$${N}$${r}$${p}$${salt.toString('base64')}$${key.toString('base64')}`;
}

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const [alg, n, r, p, salt, key] = stored.split('$');
  if (alg !== 'scrypt' || !n || !r || !p || !salt || !key) return false;
  const expected = Buffer.from(key, 'base64');
  const N = Number(n);
  const actual = await scrypt(
    password.normalize('NFKC'),
    Buffer.from(salt, 'base64'),
    expected.length,
    {
      N,
      r: Number(r),
      p: Number(p),
      maxmem: 256 * N * Number(r) * 2,
    },
  );
  return crypto.timingSafeEqual(actual, expected);
}

/** A hash of a random password: used to spend the same time when the email is unknown. */
export const DUMMY_PASSWORD_HASH_PROMISE = hashPassword(randomToken());
