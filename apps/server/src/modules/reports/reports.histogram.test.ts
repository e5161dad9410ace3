import { describe, expect, it } from 'vitest';
import { addBucket, bucketIndex, percentiles, type Bucket } from './reports.histogram';
import { splitRange, wholeMonths } from './reports.conversations';

/** PostgreSQL's percentile_cont over a list of values. */
function percentileCont(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  const h = (sorted.length - 1) * p;
  const low = Math.floor(h);
  return sorted[low]! + (h - low) * ((sorted[low + 1] ?? sorted[low]!) - sorted[low]!);
}

function histogram(values: number[]): Bucket[] {
  const buckets = new Map<number, Bucket>();
  for (const v of values) addBucket(buckets, { b: bucketIndex(v), n: 1, lo: v, hi: v });
  return [...buckets.values()];
}

/** A deterministic pseudo-random sequence (no flaky draws). */
function* lcg(seed: number) {
  let x = seed;
  for (;;) {
    x = (x * 1103515245 + 12345) % 2147483648;
    yield x / 2147483648;
  }
}

describe('duration percentiles from histograms (reports: median and p90)', () => {
  it('equal percentile_cont exactly for small sets, where each value has a bucket of its own', () => {
    const sets = [[60, 600, 1200], [7200, 86400, 172800], [900, 1200], [42], [5, 5, 5, 3600]];
    for (const values of sets)
      expect(percentiles(histogram(values), [0.5, 0.9])).toEqual([
        percentileCont(values, 0.5),
        percentileCont(values, 0.9),
      ]);
  });

  it('stay within the 2 % bucket width of percentile_cont over many values', () => {
    const random = lcg(7);
    // Log-normal-ish durations from seconds to weeks.
    const values = Array.from({ length: 50_000 }, () =>
      Math.round(Math.exp(2 + 11 * random.next().value! * random.next().value!)),
    );
    const [median, p90] = percentiles(histogram(values), [0.5, 0.9])!;
    expect(Math.abs(median! / percentileCont(values, 0.5) - 1)).toBeLessThan(0.02);
    expect(Math.abs(p90! / percentileCont(values, 0.9) - 1)).toBeLessThan(0.02);
  });

  it('add up histograms of parts into the histogram of the whole (how months combine)', () => {
    const a = [30, 90, 4000, 4010, 9000];
    const b = [31, 4005, 20000];
    const merged = new Map<number, Bucket>();
    for (const k of [...histogram(a), ...histogram(b)]) addBucket(merged, k);
    expect(percentiles(merged.values(), [0.5])).toEqual(
      percentiles(histogram([...a, ...b]), [0.5]),
    );
    expect(merged.get(bucketIndex(4000))).toMatchObject({ n: 3, lo: 4000, hi: 4010 });
  });

  it('count nothing without durations: no percentile rather than zero', () => {
    expect(percentiles([], [0.5])).toBeNull();
    expect(percentiles([{ b: -1, n: 3, lo: 0, hi: 0 }], [0.5])).toBeNull();
  });
});

describe('report ranges split into rolled-up months and raw intervals', () => {
  it('finds the UTC months wholly inside a range', () => {
    expect(wholeMonths('2026-01-01T00:00:00Z', '2026-04-01T00:00:00Z')).toEqual([
      '2026-01-01',
      '2026-02-01',
      '2026-03-01',
    ]);
    // Local midnights in Kolkata are 18:30 UTC the day before: January is not whole.
    expect(wholeMonths('2025-12-31T18:30:00Z', '2026-03-31T18:30:00Z')).toEqual([
      '2026-01-01',
      '2026-02-01',
    ]);
    expect(wholeMonths('2026-03-01T00:00:00Z', '2026-03-11T00:00:00Z')).toEqual([]);
  });

  it('reads clean months from the rollup and everything else raw, with no gap or overlap', () => {
    const clean = new Set(['2026-01-01', '2026-03-01']);
    expect(splitRange('2025-12-15T00:00:00Z', '2026-04-10T00:00:00Z', clean)).toEqual({
      months: ['2026-01-01', '2026-03-01'],
      intervals: [
        { from: '2025-12-15T00:00:00Z', to: '2026-01-01T00:00:00Z' },
        { from: '2026-02-01T00:00:00Z', to: '2026-03-01T00:00:00Z' }, // February is dirty
        { from: '2026-04-01T00:00:00Z', to: '2026-04-10T00:00:00Z' },
      ],
    });
    expect(splitRange('2026-01-01T00:00:00Z', '2026-02-01T00:00:00Z', clean)).toEqual({
      months: ['2026-01-01'],
      intervals: [],
    });
    expect(splitRange('2026-01-01T00:00:00Z', '2026-02-01T00:00:00Z', new Set())).toEqual({
      months: [],
      intervals: [{ from: '2026-01-01T00:00:00Z', to: '2026-02-01T00:00:00Z' }],
    });
  });
});
