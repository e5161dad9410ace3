import { and, eq, isNull } from 'drizzle-orm';
import { apiKeys } from '../../db/schema';
import type { Db } from '../../db/client';
import { hashToken, randomToken } from '../../lib/crypto';
import { notFound } from '../../lib/errors';

const PREFIX = 'pk_';

/** A new key is shown once; only its hash and first characters are kept. */
export async function createApiKey(db: Db, v: { accountId: number; userId: number; name: string }) {
  const key = `${PREFIX}${randomToken(24)}`;
  const [row] = await db
    .insert(apiKeys)
    .values({
      accountId: v.accountId,
      name: v.name,
      keyHash: hashToken(key),
      prefix: key.slice(0, 10),
      createdBy: v.userId,
    })
    .returning();
  return { ...toApi(row!), key };
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

export async function revokeApiKey(db: Db, { accountId, id }: { accountId: number; id: number }) {
  const [row] = await db
    .update(apiKeys)
    .set({ revokedAt: new Date() })
    .where(and(eq(apiKeys.id, id), eq(apiKeys.accountId, accountId), isNull(apiKeys.revokedAt)))
    .returning({ id: apiKeys.id });
  if (!row) throw notFound('That API key');
}

/** The account behind a key, if the key is live. */
export async function verifyApiKey(db: Db, key: string) {
  if (!key.startsWith(PREFIX)) return null;
  const [row] = await db
    .select({ id: apiKeys.id, accountId: apiKeys.accountId, lastUsedAt: apiKeys.lastUsedAt })
    .from(apiKeys)
    .where(and(eq(apiKeys.keyHash, hashToken(key)), isNull(apiKeys.revokedAt)))
    .limit(1);
  if (!row) return null;
  if (!row.lastUsedAt || Date.now() - row.lastUsedAt.getTime() > 60_000) {
    await db.update(apiKeys).set({ lastUsedAt: new Date() }).where(eq(apiKeys.id, row.id));
  }
  return { keyId: row.id, accountId: row.accountId };
}
