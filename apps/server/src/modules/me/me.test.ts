import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { meSchema } from '@parley/contracts';
import { accounts, notifications, npsMilestones } from '../../db/schema';
import { as, createTestContext, signUp, type TestContext } from '../../test/harness';
import { initialsOf } from './me.service';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext({ AUTH_RATE_LIMIT_PER_MINUTE: '1000' });
});
afterAll(() => ctx.close());

describe('GET /dashboardapi/me (Me: docs/product/data.md)', () => {
  it('answers every field of the Me entity, billing and nps_collection included', async () => {
    const s = await signUp(ctx, { name: 'Linus Pauling' });
    const res = await as(ctx, s).get('/dashboardapi/me');
    expect(res.statusCode).toBe(200);
    const me = meSchema.parse(res.json());
    expect(Object.keys(res.json()).sort()).toEqual(Object.keys(meSchema.shape).sort());
    expect(me).toMatchObject({
      id: s.userId,
      name: 'Linus Pauling',
      email: s.email,
      initials: 'LP',
      permission_level: 'owner',
      unread_notification_count: 0,
      dmarc_verification_required: false,
      payment_failure_triggered_at: null,
      payment_action_required_triggered_at: null,
      billing: { is_subscription_active: false, is_trial_active: true, suppress_billing: false },
      nps_collection: {
        milestone_id: null,
        milestone_completed: false,
        show_nps_milestone: false,
        show_milestone_float_button: false,
      },
    });
    // A new account is on a 14-day trial.
    const trialDays = (new Date(me.billing.trial_end_date!).getTime() - Date.now()) / 86_400_000;
    expect(trialDays).toBeGreaterThan(13.9);
    expect(trialDays).toBeLessThanOrEqual(14);
  });

  it('reads billing, payment, DMARC, notifications and the survey milestone from the database', async () => {
    const s = await signUp(ctx);
    const failedAt = new Date('2026-11-01T10:00:00Z');
    await ctx.deps.db
      .update(accounts)
      .set({
        isSubscriptionActive: true,
        paymentFailureTriggeredAt: failedAt,
        dmarcVerificationRequired: true,
      })
      .where(eq(accounts.id, s.accountId));
    await ctx.deps.db.insert(notifications).values([
      { accountId: s.accountId, userId: s.userId, kind: 'mention', title: 'You were mentioned' },
      { accountId: s.accountId, userId: s.userId, kind: 'assigned', title: 'Assigned to you' },
      {
        accountId: s.accountId,
        userId: s.userId,
        kind: 'assigned',
        title: 'Old',
        readAt: new Date(),
      },
    ]);
    const [milestone] = await ctx.deps.db
      .insert(npsMilestones)
      .values({
        accountId: s.accountId,
        userId: s.userId,
        name: 'day_30',
        startsAt: new Date(Date.now() - 1000),
        expiresAt: new Date(Date.now() + 86_400_000),
      })
      .returning();
    const me = (await as(ctx, s).get('/dashboardapi/me')).json();
    expect(me.billing).toMatchObject({ is_subscription_active: true, is_trial_active: false });
    expect(me.payment_failure_triggered_at).toBe(failedAt.toISOString());
    expect(me.dmarc_verification_required).toBe(true);
    expect(me.unread_notification_count).toBe(2);
    expect(me.nps_collection).toEqual({
      milestone_id: milestone!.id,
      milestone_completed: false,
      show_nps_milestone: true,
      show_milestone_float_button: true,
    });
  });

  it('builds initials from the first and last name', () => {
    expect(initialsOf('Ada Lovelace')).toBe('AL');
    expect(initialsOf('  jean  paul   sartre ')).toBe('JS');
    expect(initialsOf('Cher')).toBe('CH');
  });
});
