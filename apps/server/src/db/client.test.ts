import { describe, expect, it } from 'vitest';
import { executePrepared, isoTimestamp, rowsOf } from './client';
import { createTestContext } from '../test/harness';
import { sql } from 'drizzle-orm';

describe('database connections', () => {
  // Compiling a plan costs 100–200 ms, far more than an inbox query runs for (issue 3 budgets).
  it.runIf(process.env.DATABASE_URL)('run PostgreSQL queries without JIT compilation', async () => {
    const ctx = await createTestContext();
    try {
      const checks = await Promise.all(
        Array.from({ length: 4 }, () => ctx.deps.db.execute(sql`show jit`)),
      );
      for (const result of checks) expect(rowsOf<{ jit: string }>(result)[0]!.jit).toBe('off');
    } finally {
      await ctx.close();
    }
  });

  // A statement first prepared for a small account kept planning on every call, for every
  // account, when PostgreSQL chose (issue 3: the tag, mine and team views at 60 % of the rate).
  it.runIf(process.env.DATABASE_URL)(
    'run the prepared inbox statements on their generic plan, and every other query with its values',
    async () => {
      const ctx = await createTestContext();
      try {
        const mode = sql`select current_setting('plan_cache_mode') as mode, current_setting('jit') as jit`;
        const prepared = await Promise.all(
          Array.from({ length: 4 }, () =>
            executePrepared<{ mode: string; jit: string }>(ctx.deps.db, mode),
          ),
        );
        for (const [row] of prepared)
          expect(row).toEqual({ mode: 'force_generic_plan', jit: 'off' });
        const planned = rowsOf<{ mode: string }>(await ctx.deps.db.execute(mode));
        expect(planned[0]!.mode).toBe('auto');
        // Inside a transaction a prepared statement runs on the transaction's connection.
        const inTx = await ctx.deps.db.transaction((tx) =>
          executePrepared<{ mode: string }>(tx, mode),
        );
        expect(inTx[0]!.mode).toBe('auto');
      } finally {
        await ctx.close();
      }
    },
  );
});

describe('isoTimestamp', () => {
  it('writes PostgreSQL text timestamps exactly as Date would, whatever their precision or offset', () => {
    for (const text of [
      '2026-11-25 10:07:03+00',
      '2026-11-25 10:07:03.1+00',
      '2026-11-25 10:07:03.12+00',
      '2026-11-25 10:07:03.123456+00',
      '2024-02-29 23:59:59.999999+00',
      '2026-11-25 15:37:03.5+05:30',
      '2026-11-25T10:07:03.123Z',
    ])
      expect({ text, iso: isoTimestamp(text) }).toEqual({
        text,
        iso: new Date(text).toISOString(),
      });
    expect(isoTimestamp(new Date(0))).toBe('1970-01-01T00:00:00.000Z');
  });

  it('reads the timestamps the database driver answers', async () => {
    const ctx = await createTestContext();
    try {
      const [row] = rowsOf<Record<string, string>>(
        await ctx.deps.db.execute(sql`select now() as a,
          '2024-02-29 23:59:59.999999+00'::timestamptz as b,
          '1999-12-31 23:00:00-01'::timestamptz as c,
          date_trunc('second', now()) as d`),
      );
      for (const v of Object.values(row!)) expect(isoTimestamp(v)).toBe(new Date(v).toISOString());
    } finally {
      await ctx.close();
    }
  });
});
