/**
 * A small in-process LRU with a time limit (e.g. Shopify's answers, so opening a conversation again
 * does not spend the store's API rate limit; verified API keys, so each inbound message does not
 * pay a lookup). A Map keeps insertion order, so re-inserting on read makes the first key the
 * least recently used.
 */
export class TtlCache<T> {
  private readonly entries = new Map<string, { value: T; expiresAt: number }>();

  constructor(private readonly opts: { maxEntries: number; ttlMs: number }) {}

  get(key: string): T | undefined {
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    this.entries.delete(key);
    if (entry.expiresAt <= Date.now()) return undefined;
    this.entries.set(key, entry);
    return entry.value;
  }

  set(key: string, value: T) {
    this.entries.delete(key);
    this.entries.set(key, { value, expiresAt: Date.now() + this.opts.ttlMs });
    while (this.entries.size > this.opts.maxEntries) {
      const oldest = this.entries.keys().next().value;
      if (oldest === undefined) break;
      this.entries.delete(oldest);
    }
  }

  delete(key: string) {
    this.entries.delete(key);
  }

  clear() {
    this.entries.clear();
  }

  /** Forgets every entry whose key starts with `prefix` (e.g. one store's `account:brand:`). */
  deletePrefix(prefix: string) {
    // Deleting the current key while iterating a Map is safe.
    for (const key of this.entries.keys()) if (key.startsWith(prefix)) this.entries.delete(key);
  }
}
