import { sql, type SQL } from 'drizzle-orm';

/**
 * Duration percentiles from log-scale histograms. Sorting every duration of a long range for an
 * exact percentile_cont is what made year-long reports slow (hundreds of thousands of rows sorted
 * per group); counting them into buckets is a hash aggregate. Each bucket also keeps its smallest
 * and largest duration, so an order statistic that is the first or last of its bucket (always the
 * case for small sets, where nearly every duration has a bucket of its own) is exact, and one
 * inside a crowded bucket is interpolated between the two: off by less than the bucket's width.
 */

/** Bucket width: each bucket's upper bound is 2 % above its lower bound. */
const RATIO = 1.02;
const LOG_RATIO = Math.log(RATIO);

/** A bucket of durations: how many, and the smallest and largest (seconds). */
export interface Bucket {
  /** Bucket index: 0 for under one second, k ≥ 1 for [RATIO^(k-1), RATIO^k). */
  b: number;
  n: number;
  lo: number;
  hi: number;
}

/**
 * The bucket of a duration in seconds, as SQL; `-1` when there is none (a conversation not yet
 * answered), so such rows still count in the group.
 */
export function bucketOf(seconds: SQL): SQL {
  return sql`case when ${seconds} is null then -1 when ${seconds} < 1 then 0
    else 1 + floor(ln(${seconds}) / ${LOG_RATIO}::float8)::int end`;
}

/** The bucket index a duration falls in (the JS twin of bucketOf, for tests). */
export function bucketIndex(seconds: number): number {
  return seconds < 1 ? 0 : 1 + Math.floor(Math.log(seconds) / LOG_RATIO);
}

/** A histogram's row from SQL, numbers as text or numbers. */
export function toBucket(r: Record<string, unknown>): Bucket {
  return { b: Number(r.b), n: Number(r.n), lo: Number(r.lo), hi: Number(r.hi) };
}

/** Adds a bucket to a histogram kept by bucket index. */
export function addBucket(into: Map<number, Bucket>, bucket: Bucket): void {
  const had = into.get(bucket.b);
  if (!had) into.set(bucket.b, { ...bucket });
  else {
    had.n += bucket.n;
    had.lo = Math.min(had.lo, bucket.lo);
    had.hi = Math.max(had.hi, bucket.hi);
  }
}

/**
 * percentile_cont over the durations a histogram counts (PostgreSQL's definition: the value at
 * rank (n − 1)·p, interpolated between its neighbours). `null` when it counts none.
 */
export function percentiles(buckets: Iterable<Bucket>, ps: readonly number[]): number[] | null {
  const sorted = [...buckets].filter((k) => k.b >= 0 && k.n > 0).sort((a, z) => a.b - z.b);
  const total = sorted.reduce((sum, k) => sum + k.n, 0);
  if (total === 0) return null;
  /** The k-th smallest duration (0-based): exact at a bucket's ends, interpolated inside. */
  const nth = (rank: number): number => {
    let before = 0;
    for (const k of sorted) {
      if (rank < before + k.n) {
        const j = rank - before;
        return k.n === 1 ? k.lo : k.lo + ((k.hi - k.lo) * j) / (k.n - 1);
      }
      before += k.n;
    }
    return sorted[sorted.length - 1]!.hi;
  };
  return ps.map((p) => {
    const h = (total - 1) * p;
    const low = Math.floor(h);
    const value = nth(low);
    return h === low ? value : value + (h - low) * (nth(low + 1) - value);
  });
}
