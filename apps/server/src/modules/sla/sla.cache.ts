import type { Db } from '../../db/client';
import { TtlCache } from '../../lib/ttl-cache';
import { accountSlaRules, type AccountSlaRules } from './sla.queries';

/**
 * An account's enabled policies and business hours, kept a few seconds per instance: every
 * customer message and every inbox page asks, and an account without an enabled policy must
 * cost nothing more than a lookup here (docs/product/sla.md). A change on this instance forgets
 * the entry at once; other instances see it when theirs expires.
 */
const TTL_MS = 10_000;
const caches = new WeakMap<Db, TtlCache<AccountSlaRules>>();

function cacheOf(db: Db) {
  let cache = caches.get(db);
  if (!cache) {
    cache = new TtlCache({ maxEntries: 20_000, ttlMs: TTL_MS });
    caches.set(db, cache);
  }
  return cache;
}

/** The cached rules, or undefined when they must be read. */
export function peekSlaRules(db: Db, accountId: number) {
  return cacheOf(db).get(String(accountId));
}

export async function slaRulesOf(db: Db, accountId: number): Promise<AccountSlaRules> {
  return peekSlaRules(db, accountId) ?? freshSlaRules(db, accountId);
}

/** Reads under way, so a burst of messages of an uncached account reads its rules once. */
const reading = new WeakMap<Db, Map<number, Promise<AccountSlaRules>>>();

/** The rules read now, and cached for the next asker. */
export function freshSlaRules(db: Db, accountId: number): Promise<AccountSlaRules> {
  let inFlight = reading.get(db);
  if (!inFlight) reading.set(db, (inFlight = new Map()));
  const pending = inFlight.get(accountId);
  if (pending) return pending;
  const read = accountSlaRules(db, { accountId })
    .then((rules) => {
      // Forgotten meanwhile (a change committed during the read): not cached.
      if (inFlight.get(accountId) === read) cacheOf(db).set(String(accountId), rules);
      return rules;
    })
    .finally(() => {
      if (inFlight.get(accountId) === read) inFlight.delete(accountId);
    });
  inFlight.set(accountId, read);
  return read;
}

export function forgetSlaRules(db: Db, accountId: number) {
  cacheOf(db).delete(String(accountId));
  reading.get(db)?.delete(accountId);
}
