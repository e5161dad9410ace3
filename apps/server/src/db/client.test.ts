import { describe, expect, it } from 'vitest';
import { rowsOf } from './client';
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

  it('search messages of one account through the (account, words) index where btree_gin is available', async () => {
    const ctx = await createTestContext();
    try {
      const indexes = rowsOf<{ indexname: string }>(
        await ctx.deps.db.execute(
          sql`select indexname from pg_indexes where tablename = 'messages' and indexname like 'messages_fts%'`,
        ),
      ).map((r) => r.indexname);
      expect(indexes).toEqual(['messages_fts_account_idx']);
    } finally {
      await ctx.close();
    }
  });
});
