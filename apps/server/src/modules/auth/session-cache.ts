/**
 * A short-lived, bounded, per-process cache of `token → session` lookups, so an agent's burst
 * of API calls does not pay one database round trip each just to authenticate (docs/benchmarks.md).
 *
 * Revocation stays immediate in this process: deleting a token (sign-out) or all of a user's
 * tokens (password change or reset) evicts them here, and — because that deletion may still be
 * inside an uncommitted transaction — the user's sessions bypass the cache for a while after
 * it, so a lookup racing the commit can never put the old session back. Other processes (scale-out)
 * see a revocation within TTL_MS. Code that removes a membership or a user must call
 * `revokeUser` too.
 */
export interface CachedSession {
  tokenId: number;
  userId: number;
  expiresAt: Date;
  lastUsedAt: Date;
  lastPasswordUpdated: Date;
  permissionLevel: 'owner' | 'admin' | 'agent';
}

export const SESSION_CACHE_TTL_MS = 5_000;
export const SESSION_CACHE_MAX_ENTRIES = 10_000;
/** Longer than any transaction that deletes tokens stays open. */
const REVOKED_BYPASS_MS = 60_000;

export class SessionCache {
  private readonly entries = new Map<string, { session: CachedSession; at: number }>();
  private readonly revokedUsers = new Map<number, number>();
  private readonly revokedTokens = new Map<number, number>();
  private generation = 0;

  constructor(
    private readonly ttlMs = SESSION_CACHE_TTL_MS,
    private readonly maxEntries = SESSION_CACHE_MAX_ENTRIES,
    private readonly now: () => number = () => Date.now(),
  ) {}

  get size() {
    return this.entries.size;
  }

  /** Taken before a database lookup and given back to `set`: a revocation in between wins. */
  mark(): number {
    return this.generation;
  }

  get(tokenHash: string, accountId: number): CachedSession | null {
    const key = `${tokenHash}:${accountId}`;
    const entry = this.entries.get(key);
    if (!entry) return null;
    if (this.now() - entry.at > this.ttlMs) {
      this.entries.delete(key);
      return null;
    }
    return entry.session;
  }

  set(tokenHash: string, accountId: number, session: CachedSession, mark: number): void {
    if (mark !== this.generation) return;
    const now = this.now();
    if (this.recentlyRevoked(this.revokedUsers, session.userId, now)) return;
    if (this.recentlyRevoked(this.revokedTokens, session.tokenId, now)) return;
    const key = `${tokenHash}:${accountId}`;
    this.entries.delete(key);
    // Maps iterate in insertion order: the first key is the oldest entry.
    while (this.entries.size >= this.maxEntries) {
      const oldest = this.entries.keys().next().value;
      if (oldest === undefined) break;
      this.entries.delete(oldest);
    }
    this.entries.set(key, { session, at: now });
  }

  /** Sign-out: this token is gone. */
  revokeToken(tokenId: number): void {
    this.generation += 1;
    this.note(this.revokedTokens, tokenId);
    for (const [key, e] of this.entries)
      if (e.session.tokenId === tokenId) this.entries.delete(key);
  }

  /** Password change or reset, or a membership removed: every session of the user. */
  revokeUser(userId: number): void {
    this.generation += 1;
    this.note(this.revokedUsers, userId);
    for (const [key, e] of this.entries) if (e.session.userId === userId) this.entries.delete(key);
  }

  clear(): void {
    this.generation += 1;
    this.entries.clear();
  }

  private note(map: Map<number, number>, id: number) {
    const now = this.now();
    for (const [k, at] of map) if (now - at > REVOKED_BYPASS_MS) map.delete(k);
    map.delete(id);
    map.set(id, now);
    // Bounded too: the oldest marks go first (they are the least likely to matter).
    while (map.size > this.maxEntries) map.delete(map.keys().next().value!);
  }

  private recentlyRevoked(map: Map<number, number>, id: number, now: number) {
    const at = map.get(id);
    return at !== undefined && now - at <= REVOKED_BYPASS_MS;
  }
}

/** The process's cache: token hashes are random, so one cache serves every app in the process. */
export const sessionCache = new SessionCache();
