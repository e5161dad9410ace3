import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

/**
 * The key that encrypts secrets at rest: SECRET_KEY when set, else one generated once into
 * DATA_DIR/secret.key (owner-readable only) so the embedded mode needs no setup.
 */
export function ensureSecretKey(configured: string | undefined, dataDir: string): string {
  if (configured) return configured.toLowerCase();
  const file = path.join(dataDir, 'secret.key');
  if (fs.existsSync(file)) return fs.readFileSync(file, 'utf8').trim();
  const key = crypto.randomBytes(32).toString('hex');
  fs.writeFileSync(file, `${key}\n`, { mode: 0o600, flag: 'wx' });
  return key;
}
