import { and, eq, isNull } from 'drizzle-orm';
import { apiKeys } from '../../db/schema';
import type { Db } from '../../db/client';
import { hashToken, randomToken } from '../../lib/crypto';
import { notFound } from '../../lib/errors';
import { TtlCache } from '../../lib/ttl-cache';
import { recordAudit } from '../audit-log/audit-log.service';

const PREFIX = 'pk_';

/** A new key is shown once; only its hash and first characters are kept. */
export async function createApiKey(db: Db, v: { accountId: number; userId: number; name: string }) {
  const key = `${PREFIX}${randomToken(24)}`;
  const row = await db.transaction(async (tx) => {
    const [created] = await tx
      .insert(apiKeys)
      .values({
        accountId: v.accountId,
        name: v.name,
        keyHash: hashToken(key),
        prefix: key.slice(0, 10),
        createdBy: v.userId,
      })
      .returning();
    await recordAudit(tx, {
      accountId: v.accountId,
      userId: v.userId,
      action: 'api_key_created',
      details: { api_key_id: created!.id, name: created!.name, prefix: created!.prefix },
    });
    return created!;
  });
  return { ...toApi(row), key };
}

function toApi(r: typeof apiKeys.$inferSelect) {
  return {
    id: r.id,
    name: r.name,
    prefix: r.prefix,
    last_used_at: r.lastUsedAt?.toISOString() ?? null,
    created_at: r.createdAt.toISOString(),
  };
}

export async function listApiKeys(db: Db, accountId: number) {
  const rows = await db
    .select()
    .from(apiKeys)
    .where(and(eq(apiKeys.accountId, accountId), isNull(apiKeys.revokedAt)))
    .orderBy(apiKeys.createdAt);
  return { keys: rows.map(toApi) };
}

export async function revokeApiKey(
  db: Db,
  { accountId, userId, id }: { accountId: number; userId: number; id: number },
) {
  const row = await db.transaction(async (tx) => {
    const [revoked] = await tx
      .update(apiKeys)
      .set({ revokedAt: new Date() })
      .where(and(eq(apiKeys.id, id), eq(apiKeys.accountId, accountId), isNull(apiKeys.revokedAt)))
      .returning({
        id: apiKeys.id,
        keyHash: apiKeys.keyHash,
        name: apiKeys.name,
        prefix: apiKeys.prefix,
      });
    if (!revoked) throw notFound('That API key was not found.');
    await recordAudit(tx, {
      accountId,
      userId,
      action: 'api_key_revoked',
      details: { api_key_id: revoked.id, name: revoked.name, prefix: revoked.prefix },
    });
    return revoked;
  });
  forgetVerifiedKey(row.keyHash);
}

/**
 * Verified keys are remembered for a few seconds, so a system posting many messages does not pay
 * a lookup for each (the inbound throughput budget, docs/benchmarks.md). Revocation evicts the key here at once
 * (and a lookup racing it is discarded, as in the session cache); other processes (scale-out)
 * see it within API_KEY_CACHE_TTL_MS.
 */
export const API_KEY_CACHE_TTL_MS = 5_000;
const verifiedKeys = new TtlCache<{ keyId: number; accountId: number }>({
  maxEntries: 10_000,
  ttlMs: API_KEY_CACHE_TTL_MS,
});
let revocations = 0;

function forgetVerifiedKey(keyHash: string) {
  revocations += 1;
  verifiedKeys.delete(keyHash);
}

/** The account behind a key, if the key is live. */
export async function verifyApiKey(db: Db, key: string) {
  if (!key.startsWith(PREFIX)) return null;
  const keyHash = hashToken(key);
  const cached = verifiedKeys.get(keyHash);
  if (cached) return cached;
  const mark = revocations;
  const [row] = await db
    .select({ id: apiKeys.id, accountId: apiKeys.accountId, lastUsedAt: apiKeys.lastUsedAt })
    .from(apiKeys)
    .where(and(eq(apiKeys.keyHash, keyHash), isNull(apiKeys.revokedAt)))
    .limit(1);
  if (!row) return null;
  if (!row.lastUsedAt || Date.now() - row.lastUsedAt.getTime() > 60_000) {
    await db.update(apiKeys).set({ lastUsedAt: new Date() }).where(eq(apiKeys.id, row.id));
  }
  const verified = { keyId: row.id, accountId: row.accountId };
  if (mark === revocations) verifiedKeys.set(keyHash, verified);
  return verified;
}
