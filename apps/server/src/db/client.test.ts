import { describe, expect, it } from 'vitest';
import { executePrepared, rowsOf } from './client';
import { createTestContext } from '../test/harness';
import { sql } from 'drizzle-orm';

describe('database connections', () => {
  // Compiling a plan costs 100–200 ms, far more than an inbox query runs for (docs/benchmarks.md).
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
  // account, when PostgreSQL chose (the tag, mine and team views at 60 % of the rate).
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
