import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CALLBACK_FORM_PATH, CALLBACK_MESSAGES } from '@parley/contracts';
import { callbackRequests, conversations, messages } from '../../db/schema';
import { as, createTestContext, signUp, type Session, type TestContext } from '../../test/harness';

let ctx: TestContext;
let operator: Session;
beforeAll(async () => {
  // The operator's support workspace is the first account; its id is known before start in
  // production (OPERATOR_ACCOUNT_ID); here the first sign-up gets id 1 on a fresh database.
  ctx = await createTestContext({ AUTH_RATE_LIMIT_PER_MINUTE: '1000', OPERATOR_ACCOUNT_ID: '1' });
  operator = await signUp(ctx, { name: 'Opal Operator' });
});
afterAll(() => ctx.close());

const valid = {
  customer_name: 'Maya Merchant',
  contact_number: '+91 98765 43210',
  email_address: 'maya@shop.example',
  best_time_to_call: '12pm-3pm',
  query_type: 'Pricing',
  message: 'We send 20k WhatsApp messages a month.',
  myshopify_domain: 'maya-shop.myshopify.com',
  attachments: [],
  submission_url: 'http://localhost/inboxes',
  is_created_from_dc_app: true,
};

describe('POST /dashboardapi/widget/form/ (docs/product/data.md, docs/product/api.md) (Request Callback)', () => {
  it("stores the request and opens a conversation for it in the operator's support workspace", async () => {
    expect(operator.accountId).toBe(1);
    const merchant = await signUp(ctx);
    const res = await as(ctx, merchant).post(CALLBACK_FORM_PATH, valid);
    expect(res.statusCode).toBe(201);
    expect(res.json().message).toBe(CALLBACK_MESSAGES.success);
    const [stored] = await ctx.deps.db
      .select()
      .from(callbackRequests)
      .where(eq(callbackRequests.id, res.json().id));
    expect(stored).toMatchObject({ accountId: merchant.accountId, queryType: 'Pricing' });
    const [conv] = await ctx.deps.db
      .select()
      .from(conversations)
      .where(eq(conversations.id, stored!.operatorConversationId!));
    expect(conv).toMatchObject({
      accountId: operator.accountId,
      subject: 'Callback request — Pricing',
    });
    const [msg] = await ctx.deps.db
      .select()
      .from(messages)
      .where(eq(messages.conversationId, conv!.id));
    expect(msg!.body).toContain('Best time to call: 12pm-3pm IST');
    // The merchant cannot see the operator's conversation.
    expect(
      (await as(ctx, merchant).get(`/dashboardapi/conversations/${conv!.id}`)).statusCode,
    ).toBe(404);
  });

  it('answers the validation messages (docs/product/validation.md) for missing fields, and refuses unknown slots and reasons', async () => {
    const merchant = await signUp(ctx);
    const res = await as(ctx, merchant).post(CALLBACK_FORM_PATH, {
      ...valid,
      customer_name: '  ',
      contact_number: undefined,
      email_address: '',
      best_time_to_call: 'midnight',
      query_type: undefined,
    });
    expect(res.statusCode).toBe(400);
    const text = JSON.stringify(res.json());
    for (const m of [
      CALLBACK_MESSAGES.name,
      CALLBACK_MESSAGES.contactNumber,
      CALLBACK_MESSAGES.email,
      CALLBACK_MESSAGES.bestTime,
    ])
      expect(text).toContain(m);
  });

  it("refuses another account's attachment ids", async () => {
    const merchant = await signUp(ctx);
    const res = await as(ctx, merchant).post(CALLBACK_FORM_PATH, {
      ...valid,
      attachments: [999_999],
    });
    expect(res.statusCode).toBe(400);
  });
});
