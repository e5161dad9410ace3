import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  CALLBACK_FORM_PATH,
  DEMO_REQUESTS_PATH,
  NPS_PATHS,
  OPERATOR_PATHS,
  type NpsRateResponse,
} from '@parley/contracts';
import { npsMilestones } from '../../db/schema';
import { as, createTestContext, signUp, type Session, type TestContext } from '../../test/harness';

const TOKEN = 'op_'.padEnd(40, 'x');
let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext({ AUTH_RATE_LIMIT_PER_MINUTE: '1000', OPERATOR_TOKEN: TOKEN });
});
afterAll(() => ctx.close());

const operator = (method: 'GET' | 'PATCH', url: string, body?: unknown, token = TOKEN) =>
  ctx.app.inject({
    method,
    url,
    headers: { authorization: `Bearer ${token}` },
    ...(body === undefined ? {} : { payload: body as object }),
  });

/** A person answers the survey through the real survey calls (docs/product/api.md). */
async function answerSurvey(s: Session, stars: number, submit: boolean) {
  const [m] = await ctx.deps.db
    .insert(npsMilestones)
    .values({
      accountId: s.accountId,
      userId: s.userId,
      name: 'After 30 days',
      startsAt: new Date(Date.now() - 1000),
      expiresAt: new Date(Date.now() + 86_400_000),
    })
    .returning();
  const rated = (
    await as(ctx, s).post(NPS_PATHS.rate, { rating_star: `star${stars}`, milestone_id: m!.id })
  ).json() as NpsRateResponse;
  if (!submit) return;
  const [q] = rated.follow_up_questions;
  const res = await as(ctx, s).post(NPS_PATHS.submit, {
    nps_feedback_id: rated.nps_feedback_id,
    responses: [
      { question_id: q!.id, selected_option_ids: [q!.answer_options[0]!.id], other_text: 'More' },
    ],
  });
  expect(res.statusCode).toBe(200);
}

describe('the operator API (OPERATOR_TOKEN)', () => {
  it('answers 401 without the token, with a wrong one, and to an agent’s session', async () => {
    const s = await signUp(ctx);
    expect(
      (await ctx.app.inject({ method: 'GET', url: OPERATOR_PATHS.npsSummary })).statusCode,
    ).toBe(401);
    const wrong = await operator(
      'GET',
      OPERATOR_PATHS.npsSummary,
      undefined,
      'op_'.padEnd(40, 'y'),
    );
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json()).toMatchObject({ code: 'unauthenticated' });
    expect((await as(ctx, s).get(OPERATOR_PATHS.demoRequests)).statusCode).toBe(401);
  });

  it('is closed to everyone when OPERATOR_TOKEN is not set', async () => {
    const closed = await createTestContext({ AUTH_RATE_LIMIT_PER_MINUTE: '1000' });
    try {
      const res = await closed.app.inject({
        method: 'GET',
        url: OPERATOR_PATHS.callbackRequests,
        headers: { authorization: 'Bearer ' },
      });
      expect(res.statusCode).toBe(401);
    } finally {
      await closed.close();
    }
  });

  it('reads the survey: ratings, average, distribution and score (5★ share minus 1–3★ share), and each person’s answers', async () => {
    const people = await Promise.all([1, 2, 3, 4].map(() => signUp(ctx)));
    await answerSurvey(people[0]!, 5, true);
    await answerSurvey(people[1]!, 5, false);
    await answerSurvey(people[2]!, 4, false);
    await answerSurvey(people[3]!, 2, true);

    const summary = (await operator('GET', OPERATOR_PATHS.npsSummary)).json();
    expect(summary).toEqual({
      ratings: 4,
      submitted: 2,
      average_rating: 4,
      distribution: { '1': 0, '2': 1, '3': 0, '4': 1, '5': 2 },
      score: 25,
    });
    const tomorrow = new Date(Date.now() + 86_400_000).toISOString().slice(0, 10);
    expect(
      (await operator('GET', `${OPERATOR_PATHS.npsSummary}?from=${tomorrow}`)).json(),
    ).toMatchObject({ ratings: 0, score: null, average_rating: null });
    expect(
      (await operator('GET', `${OPERATOR_PATHS.npsSummary}?from=2026-02-10&to=2026-02-01`))
        .statusCode,
    ).toBe(400);

    const page1 = (await operator('GET', `${OPERATOR_PATHS.npsResponses}?limit=3`)).json();
    expect(page1.items).toHaveLength(3);
    expect(page1.items[0]).toMatchObject({
      rating_star: 2,
      user: { email: expect.stringContaining('@') },
      milestone: 'After 30 days',
      answers: [{ options: [expect.any(String)], other_text: 'More' }],
    });
    expect(page1.items[0].submitted_at).not.toBeNull();
    const page2 = (
      await operator(
        'GET',
        `${OPERATOR_PATHS.npsResponses}?limit=3&before_id=${page1.next_before_id}`,
      )
    ).json();
    expect(page2.items.map((i: { rating_star: number }) => i.rating_star)).toEqual([5]);
    expect(page2.next_before_id).toBeNull();
  });

  it('lists demo requests with the chosen slot and moves them through their statuses', async () => {
    const s = await signUp(ctx);
    const slot = new Date(Date.now() + 2 * 86_400_000).toISOString();
    const created = (
      await as(ctx, s).post(DEMO_REQUESTS_PATH, { slot, timezone: 'Europe/Paris' })
    ).json();
    const list = (await operator('GET', `${OPERATOR_PATHS.demoRequests}?status=requested`)).json();
    expect(list.items[0]).toMatchObject({
      id: created.id,
      slot,
      timezone: 'Europe/Paris',
      status: 'requested',
      account: { id: s.accountId },
      user: { id: s.userId },
    });
    const url = OPERATOR_PATHS.demoRequest.replace(':id', String(created.id));
    expect((await operator('PATCH', url, { status: 'confirmed' })).statusCode).toBe(200);
    expect((await operator('PATCH', url, { status: 'maybe' })).statusCode).toBe(400);
    expect(
      (
        await operator('PATCH', OPERATOR_PATHS.demoRequest.replace(':id', '999999'), {
          status: 'done',
        })
      ).statusCode,
    ).toBe(404);
    const confirmed = (
      await operator('GET', `${OPERATOR_PATHS.demoRequests}?status=confirmed`)
    ).json();
    expect(confirmed.items.map((i: { id: number }) => i.id)).toContain(created.id);
  });

  it('lists Request Callback forms', async () => {
    const s = await signUp(ctx);
    const res = await as(ctx, s).post(CALLBACK_FORM_PATH, {
      customer_name: 'Maya Merchant',
      contact_number: '+91 98765 43210',
      email_address: 'maya@shop.example',
      best_time_to_call: '12pm-3pm',
      query_type: 'Pricing',
      message: 'Call me',
      attachments: [],
    });
    expect(res.statusCode).toBe(201);
    const list = (await operator('GET', OPERATOR_PATHS.callbackRequests)).json();
    expect(list.items[0]).toMatchObject({
      customer_name: 'Maya Merchant',
      query_type: 'Pricing',
      message: 'Call me',
      account: { id: s.accountId },
    });
  });
});
