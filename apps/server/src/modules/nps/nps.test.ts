import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NPS_PATHS, type Me, type NpsRateResponse } from '@parley/contracts';
import { accounts, npsMilestones, npsResponses } from '../../db/schema';
import { as, createTestContext, signUp, type Session, type TestContext } from '../../test/harness';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext({ AUTH_RATE_LIMIT_PER_MINUTE: '1000', PRODUCT_NAME: 'Parley' });
});
afterAll(() => ctx.close());

const DAY = 86_400_000;

async function openMilestone(s: Session, opts: { startsAt?: Date; expiresAt?: Date } = {}) {
  const [m] = await ctx.deps.db
    .insert(npsMilestones)
    .values({
      accountId: s.accountId,
      userId: s.userId,
      name: 'test',
      startsAt: opts.startsAt ?? new Date(Date.now() - 1000),
      expiresAt: opts.expiresAt ?? new Date(Date.now() + DAY),
    })
    .returning();
  return m!.id;
}

const me = async (s: Session) => (await as(ctx, s).get('/dashboardapi/me')).json() as Me;

describe('feedback survey calls (docs/product/api.md), backed by the database', () => {
  it('shows the primary question, takes the star rating, answers the follow-ups, and completes on submit (flags: docs/product/states.md)', async () => {
    const s = await signUp(ctx);
    const milestoneId = await openMilestone(s);
    expect((await me(s)).nps_collection).toEqual({
      milestone_id: milestoneId,
      milestone_completed: false,
      show_nps_milestone: true,
      show_milestone_float_button: true,
    });

    const show = await as(ctx, s).get(
      `${NPS_PATHS.showPopup}?milestone_id=${milestoneId}&source=me_api`,
    );
    expect(show.statusCode).toBe(200);
    expect(show.json().data).toMatchObject({
      milestone_status: 'open',
      milestone_primary_question: {
        primary_question: true,
        text: 'How would you rate your experience with Parley so far?',
      },
    });

    const rated = await as(ctx, s).post(NPS_PATHS.rate, {
      rating_star: 'star4',
      milestone_id: milestoneId,
    });
    expect(rated.statusCode).toBe(200);
    const { nps_feedback_id, follow_up_questions } = rated.json() as NpsRateResponse;
    expect(follow_up_questions.length).toBeGreaterThanOrEqual(2);
    expect(
      follow_up_questions.every((q) => !q.primary_question && q.answer_options.length > 0),
    ).toBe(true);
    // Rating again changes the same feedback.
    const again = (
      await as(ctx, s).post(NPS_PATHS.rate, { rating_star: 'star5', milestone_id: milestoneId })
    ).json();
    expect(again.nps_feedback_id).toBe(nps_feedback_id);

    const [q1, q2] = follow_up_questions;
    const submitted = await as(ctx, s).post(NPS_PATHS.submit, {
      nps_feedback_id,
      responses: [
        {
          question_id: q1!.id,
          selected_option_ids: [q1!.answer_options[0]!.id, q1!.answer_options[1]!.id],
          other_text: null,
        },
        { question_id: q2!.id, selected_option_ids: [], other_text: 'A dark theme' },
      ],
    });
    expect(submitted.statusCode).toBe(200);
    const stored = await ctx.deps.db
      .select()
      .from(npsResponses)
      .where(eq(npsResponses.feedbackId, nps_feedback_id));
    expect(stored).toHaveLength(2);
    expect(stored.find((r) => r.questionId === q2!.id)?.otherText).toBe('A dark theme');

    expect((await me(s)).nps_collection).toEqual({
      milestone_id: milestoneId,
      milestone_completed: true,
      show_nps_milestone: false,
      show_milestone_float_button: false,
    });
    const after = await as(ctx, s).get(`${NPS_PATHS.showPopup}?milestone_id=${milestoneId}`);
    expect(after.json().data).toEqual({
      milestone_status: 'completed',
      milestone_primary_question: null,
    });
  });

  it("says 'expired' for an expired milestone and 'not_found' for someone else's; refuses to rate them", async () => {
    const s = await signUp(ctx);
    const other = await signUp(ctx);
    const expired = await openMilestone(s, {
      startsAt: new Date(Date.now() - 3 * DAY),
      expiresAt: new Date(Date.now() - DAY),
    });
    const theirs = await openMilestone(other);
    expect(
      (await as(ctx, s).get(`${NPS_PATHS.showPopup}?milestone_id=${expired}`)).json().data
        .milestone_status,
    ).toBe('expired');
    expect(
      (await as(ctx, s).get(`${NPS_PATHS.showPopup}?milestone_id=${theirs}`)).json().data
        .milestone_status,
    ).toBe('not_found');
    const rateExpired = await as(ctx, s).post(NPS_PATHS.rate, {
      rating_star: 'star3',
      milestone_id: expired,
    });
    expect(rateExpired.statusCode).toBe(409);
    expect(rateExpired.json().message).toBe('This feedback form has expired!');
    expect(
      (await as(ctx, s).post(NPS_PATHS.rate, { rating_star: 'star3', milestone_id: theirs }))
        .statusCode,
    ).toBe(404);
  });

  it('validates the rating text and the answers (docs/product/validation.md, docs/product/api.md)', async () => {
    const s = await signUp(ctx);
    const milestoneId = await openMilestone(s);
    const bad = await as(ctx, s).post(NPS_PATHS.rate, {
      rating_star: 'star6',
      milestone_id: milestoneId,
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().code).toBe('validation_error');
    const { nps_feedback_id, follow_up_questions } = (
      await as(ctx, s).post(NPS_PATHS.rate, { rating_star: 'star2', milestone_id: milestoneId })
    ).json() as NpsRateResponse;
    const [q1, q2] = follow_up_questions;
    const wrongOption = await as(ctx, s).post(NPS_PATHS.submit, {
      nps_feedback_id,
      responses: [
        { question_id: q1!.id, selected_option_ids: [q2!.answer_options[0]!.id], other_text: null },
      ],
    });
    expect(wrongOption.statusCode).toBe(400);
    // Nothing was recorded: the milestone is still open.
    expect((await me(s)).nps_collection.milestone_completed).toBe(false);
    const other = await signUp(ctx);
    const stolen = await as(ctx, other).post(NPS_PATHS.submit, { nps_feedback_id, responses: [] });
    expect(stolen.statusCode).toBe(404);
  });

  it('starts a survey 14 days after the account began, then not again for 90 days', async () => {
    const s = await signUp(ctx);
    expect((await me(s)).nps_collection.milestone_id).toBeNull();
    await ctx.deps.db
      .update(accounts)
      .set({ createdAt: new Date(Date.now() - 15 * DAY) })
      .where(eq(accounts.id, s.accountId));
    const first = (await me(s)).nps_collection;
    expect(first).toMatchObject({ show_nps_milestone: true, show_milestone_float_button: true });
    expect((await me(s)).nps_collection.milestone_id).toBe(first.milestone_id);
  });
});
