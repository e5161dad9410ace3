import { describe, expect, it } from 'vitest';
import { isoTimestamp, rowsOf } from './client';
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
