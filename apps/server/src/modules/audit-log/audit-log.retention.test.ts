import { eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AUDIT_LOG_PATHS } from '@parley/contracts';
import { auditLog } from '../../db/schema';
import { as, createTestContext, signUp, type TestContext } from '../../test/harness';
import { pruneAuditLog } from './audit-log.service';

// How long the audit log keeps its entries (docs/product/audit-log.md).

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext({ AUTH_RATE_LIMIT_PER_MINUTE: '1000' });
});
afterAll(() => ctx.close());

/** `n` entries of the account made `daysAgo` days ago. */
async function entriesAged(accountId: number, daysAgo: number, n = 1) {
  const rows = await ctx.deps.db
    .insert(auditLog)
    .values(
      Array.from({ length: n }, () => ({
        accountId,
        action: 'login',
        createdAt: sql`now() - make_interval(days => ${daysAgo})` as unknown as Date,
      })),
    )
    .returning({ id: auditLog.id });
  return rows.map((r) => r.id);
}

async function remaining(ids: number[]) {
  const rows = await ctx.deps.db
    .select({ id: auditLog.id })
    .from(auditLog)
    .where(inArray(auditLog.id, ids));
  return rows.map((r) => r.id).sort((a, b) => a - b);
}

describe('audit log retention', () => {
  it('keeps everything until an owner chooses a retention; the choice is kept and recorded', async () => {
    const owner = await signUp(ctx);
    const api = as(ctx, owner);
    expect((await api.get(AUDIT_LOG_PATHS.settings)).json()).toEqual({ retention_days: null });

    const set = await api.put(AUDIT_LOG_PATHS.settings, { retention_days: 90 });
    expect(set.statusCode).toBe(200);
    expect(set.json()).toEqual({ retention_days: 90 });
    expect((await api.get(AUDIT_LOG_PATHS.settings)).json()).toEqual({ retention_days: 90 });
    // The same choice again changes nothing and records nothing more.
    await api.put(AUDIT_LOG_PATHS.settings, { retention_days: 90 });
    expect((await api.put(AUDIT_LOG_PATHS.settings, { retention_days: null })).json()).toEqual({
      retention_days: null,
    });

    const entries = (await api.get(`${AUDIT_LOG_PATHS.list}?action=audit_log_retention_changed`))
      .json()
      .entries.map((e: { details: unknown; actor: { id: number } }) => [e.details, e.actor.id]);
    expect(entries).toEqual([
      [{ from: 90, to: null }, owner.userId],
      [{ from: null, to: 90 }, owner.userId],
    ]);
  });

  it('refuses a number of days it does not offer with 400', async () => {
    const owner = await signUp(ctx);
    const refused = await as(ctx, owner).put(AUDIT_LOG_PATHS.settings, { retention_days: 7 });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({
      code: 'validation_error',
      details: [{ path: 'retention_days', message: expect.stringContaining('730') }],
    });
  });

  it('deletes entries older than each account’s retention; newer ones, and accounts keeping everything, stay', async () => {
    const short = await signUp(ctx, { name: 'Short Memory' });
    const long = await signUp(ctx, { name: 'Long Memory' });
    const forever = await signUp(ctx, { name: 'Keeps Everything' });
    await as(ctx, short).put(AUDIT_LOG_PATHS.settings, { retention_days: 30 });
    await as(ctx, long).put(AUDIT_LOG_PATHS.settings, { retention_days: 365 });

    const shortOld = await entriesAged(short.accountId, 31, 3);
    const shortNew = await entriesAged(short.accountId, 29);
    const longMid = await entriesAged(long.accountId, 200);
    const longOld = await entriesAged(long.accountId, 400);
    const foreverOld = await entriesAged(forever.accountId, 3000);

    // Small batches: the pass goes on until nothing is left to delete.
    expect(await pruneAuditLog(ctx.deps, { batchSize: 2 })).toBeGreaterThanOrEqual(4);
    expect(await remaining([...shortOld, ...shortNew])).toEqual(shortNew);
    expect(await remaining([...longMid, ...longOld])).toEqual(longMid);
    expect(await remaining(foreverOld)).toEqual(foreverOld);
    // The retention change itself is recent, so it stays.
    const kept = await ctx.deps.db
      .select({ action: auditLog.action })
      .from(auditLog)
      .where(eq(auditLog.accountId, short.accountId));
    expect(kept.map((r) => r.action)).toContain('audit_log_retention_changed');
    expect(await pruneAuditLog(ctx.deps)).toBe(0);
  });
});
