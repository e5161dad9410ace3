import crypto from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BILLING_PATHS, type BillingState, type Me } from '@parley/contracts';
import { accounts } from '../../db/schema';
import { as, createTestContext, signUp, type Session, type TestContext } from '../../test/harness';
import { apiChannelFor, ownerAndTeammate } from '../../test/inbox-fixtures';
import { ConfigError, loadConfig } from '../../config';
import { verifyStripeSignature } from './billing.stripe';

const SECRET_KEY = 'sk_test_parley_0123456789';
const WHSEC = 'whsec_parley_test_secret';
const OPERATOR_TOKEN = 'op_'.padEnd(40, 'b');

/** A local stand-in for api.stripe.com: checks the bearer key, answers Stripe-shaped JSON. */
async function fakeStripe() {
  const calls: { method: string; path: string; form: Record<string, string> }[] = [];
  let n = 0;
  const server = http.createServer((req, res) => {
    let raw = '';
    req.on('data', (c: Buffer) => (raw += c.toString()));
    req.on('end', () => {
      const send = (status: number, body: unknown) => {
        res.writeHead(status, { 'content-type': 'application/json' });
        res.end(JSON.stringify(body));
      };
      if (req.headers.authorization !== `Bearer ${SECRET_KEY}`)
        return send(401, {
          error: { type: 'invalid_request_error', message: 'Invalid API Key provided: sk_****' },
        });
      const path = (req.url ?? '').split('?')[0]!;
      const form = Object.fromEntries(new URLSearchParams(raw));
      calls.push({ method: req.method ?? '', path, form });
      n += 1;
      const price = /^\/v1\/prices\/(price_\w+)$/.exec(path);
      if (req.method === 'GET' && price)
        return send(200, {
          id: price[1],
          object: 'price',
          active: true,
          currency: 'usd',
          unit_amount: price[1] === 'price_pro' ? 7900 : 2900,
          recurring: { interval: 'month', interval_count: 1 },
        });
      if (req.method === 'POST' && path === '/v1/customers')
        return send(200, { id: `cus_fake${n}`, object: 'customer', email: form.email ?? null });
      if (req.method === 'POST' && path === '/v1/checkout/sessions')
        return send(200, {
          id: `cs_test_${n}`,
          object: 'checkout.session',
          mode: form.mode,
          customer: form.customer,
          url: `https://checkout.stripe.com/c/pay/cs_test_${n}`,
        });
      if (req.method === 'POST' && path === '/v1/billing_portal/sessions')
        return send(200, {
          id: `bps_${n}`,
          object: 'billing_portal.session',
          customer: form.customer,
          url: `https://billing.stripe.com/p/session/test_${n}`,
        });
      send(404, { error: { type: 'invalid_request_error', message: `Unrecognized request URL` } });
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const { port } = server.address() as AddressInfo;
  return { url: `http://127.0.0.1:${port}`, calls, close: () => server.close() };
}

let ctx: TestContext;
let stripe: Awaited<ReturnType<typeof fakeStripe>>;
beforeAll(async () => {
  stripe = await fakeStripe();
  ctx = await createTestContext({
    AUTH_RATE_LIMIT_PER_MINUTE: '1000',
    OPERATOR_TOKEN,
    STRIPE_SECRET_KEY: SECRET_KEY,
    STRIPE_WEBHOOK_SECRET: WHSEC,
    STRIPE_API_BASE: stripe.url,
    STRIPE_PLANS: 'Starter=price_starter,Pro=price_pro',
  });
});
afterAll(async () => {
  await ctx.close();
  stripe.close();
});

let eventCounter = 0;
const nowS = () => Math.floor(Date.now() / 1000);

/** Posts an event signed as Stripe signs it: v1 = hex HMAC-SHA256(whsec, `${t}.${body}`). */
function deliver(
  stripeEvent: Record<string, unknown>,
  { secret = WHSEC, t = nowS(), header }: { secret?: string; t?: number; header?: string } = {},
) {
  const body = JSON.stringify(stripeEvent);
  const v1 = crypto.createHmac('sha256', secret).update(`${t}.${body}`).digest('hex');
  return ctx.app.inject({
    method: 'POST',
    url: BILLING_PATHS.stripeWebhook,
    headers: {
      'content-type': 'application/json; charset=utf-8',
      'stripe-signature': header ?? `t=${t},v1=${v1}`,
    },
    payload: body,
  });
}

function event(type: string, object: Record<string, unknown>, created = nowS()) {
  eventCounter += 1;
  return {
    id: `evt_test_${eventCounter}_${crypto.randomBytes(4).toString('hex')}`,
    object: 'event',
    api_version: '2025-01-27.acacia',
    created,
    livemode: false,
    type,
    data: { object },
  };
}

const subscription = (customer: string, over: Record<string, unknown> = {}) => ({
  id: 'sub_1',
  object: 'subscription',
  customer,
  status: 'active',
  trial_end: null,
  items: { object: 'list', data: [{ id: 'si_1', price: { id: 'price_pro', object: 'price' } }] },
  ...over,
});
const invoice = (customer: string) => ({
  id: `in_${crypto.randomBytes(4).toString('hex')}`,
  object: 'invoice',
  customer,
  subscription: 'sub_1',
  status: 'open',
});

const me = async (s: Session) => (await as(ctx, s).get('/dashboardapi/me')).json() as Me;
const state = async (s: Session) =>
  (await as(ctx, s).get(BILLING_PATHS.state)).json() as BillingState;

/** An admin goes through Checkout once, so the account has a Stripe customer. */
async function customerOf(s: Session): Promise<string> {
  const res = await as(ctx, s).post(BILLING_PATHS.checkout, { price_id: 'price_starter' });
  expect(res.statusCode).toBe(200);
  const [row] = await ctx.deps.db.select().from(accounts).where(eq(accounts.id, s.accountId));
  return row!.stripeCustomerId!;
}

async function endTrial(s: Session) {
  await ctx.deps.db
    .update(accounts)
    .set({ trialEndDate: new Date(Date.now() - 1000) })
    .where(eq(accounts.id, s.accountId));
}

describe('Stripe-Signature verification (docs/security.md)', () => {
  it('matches the documented vector HMAC(whsec_test, 1492774577.{"id":"evt"}) = 247e03a9…855b', () => {
    const body = '{"id":"evt"}';
    const v1 = crypto.createHmac('sha256', 'whsec_test').update(`1492774577.${body}`).digest('hex');
    expect(v1.startsWith('247e03a9')).toBe(true);
    expect(v1.endsWith('855b')).toBe(true);
    const header = `t=1492774577,v1=${'0'.repeat(64)},v1=${v1},v0=abc`;
    expect(() =>
      verifyStripeSignature(body, header, 'whsec_test', { now: 1492774577 + 300 }),
    ).not.toThrow();
    expect(() =>
      verifyStripeSignature(body, header, 'whsec_test', { now: 1492774577 + 301 }),
    ).toThrow(/too old/);
    expect(() =>
      verifyStripeSignature(`${body} `, header, 'whsec_test', { now: 1492774577 }),
    ).toThrow(/no signature matches/);
  });

  it('answers 400 to a wrong secret, a stale timestamp, a missing header or a changed body', async () => {
    const s = await signUp(ctx);
    const cus = await customerOf(s);
    const e = event('customer.subscription.created', subscription(cus));
    expect((await deliver(e, { secret: 'whsec_someone_else' })).statusCode).toBe(400);
    expect((await deliver(e, { t: nowS() - 301 })).statusCode).toBe(400);
    expect((await deliver(e, { header: '' })).statusCode).toBe(400);
    const res = await deliver(e, { header: `t=${nowS()},v1=${'ab'.repeat(32)}` });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'validation_error' });
    expect((await me(s)).billing.is_subscription_active).toBe(false);
  });
});

describe('the Stripe webhook keeps the billing fields true to Stripe', () => {
  it('a new account starts on a trial of TRIAL_DAYS (14) days with an end date', async () => {
    const s = await signUp(ctx);
    const m = await me(s);
    expect(m.billing.is_trial_active).toBe(true);
    const days = (new Date(m.billing.trial_end_date!).getTime() - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(13.9);
    expect(days).toBeLessThanOrEqual(14);
    expect((await state(s)).trial_days_left).toBe(14);
  });

  it('subscription events set is_subscription_active and the plan; deleted clears it', async () => {
    const s = await signUp(ctx);
    const cus = await customerOf(s);
    const created = await deliver(event('customer.subscription.created', subscription(cus)));
    expect(created.statusCode).toBe(200);
    expect(created.json()).toEqual({ received: true, duplicate: false });
    expect((await me(s)).billing).toMatchObject({
      is_subscription_active: true,
      is_trial_active: false,
    });
    const st = await state(s);
    expect(st).toMatchObject({ access: 'subscribed', subscription_status: 'active' });
    expect(st.plans.find((p) => p.price_id === 'price_pro')).toMatchObject({
      is_current: true,
      unit_amount: 7900,
      currency: 'usd',
      interval: 'month',
    });
    await deliver(
      event('customer.subscription.deleted', subscription(cus, { status: 'canceled' })),
    );
    expect((await me(s)).billing.is_subscription_active).toBe(false);
  });

  it('a trialing subscription moves trial_end_date to Stripe’s trial end', async () => {
    const s = await signUp(ctx);
    const cus = await customerOf(s);
    const trialEnd = nowS() + 30 * 86_400;
    await deliver(
      event(
        'customer.subscription.created',
        subscription(cus, { status: 'trialing', trial_end: trialEnd }),
      ),
    );
    const m = await me(s);
    expect(m.billing.is_trial_active).toBe(true);
    expect(m.billing.trial_end_date).toBe(new Date(trialEnd * 1000).toISOString());
  });

  it('a late, older subscription event does not undo a newer one (Stripe does not order events)', async () => {
    const s = await signUp(ctx);
    const cus = await customerOf(s);
    await deliver(event('customer.subscription.updated', subscription(cus), nowS()));
    await deliver(
      event(
        'customer.subscription.updated',
        subscription(cus, { status: 'incomplete' }),
        nowS() - 60,
      ),
    );
    expect((await me(s)).billing.is_subscription_active).toBe(true);
  });

  it('payment_failed and payment_action_required set the trigger dates (kept from the first); invoice.paid clears them', async () => {
    const s = await signUp(ctx);
    const cus = await customerOf(s);
    const first = nowS() - 3 * 86_400;
    await deliver(event('invoice.payment_failed', invoice(cus), first));
    await deliver(event('invoice.payment_failed', invoice(cus), nowS()));
    // The event's own time, not the clock when asserting (a second may have passed since).
    const actionRequired = nowS() - 60;
    await deliver(event('invoice.payment_action_required', invoice(cus), actionRequired));
    let m = await me(s);
    expect(m.payment_failure_triggered_at).toBe(new Date(first * 1000).toISOString());
    expect(m.payment_action_required_triggered_at).toBe(
      new Date(actionRequired * 1000).toISOString(),
    );
    await deliver(event('invoice.paid', { ...invoice(cus), status: 'paid' }));
    m = await me(s);
    expect(m.payment_failure_triggered_at).toBeNull();
    expect(m.payment_action_required_triggered_at).toBeNull();
  });

  it('is idempotent on the event id: a redelivered event is acknowledged and not applied again', async () => {
    const s = await signUp(ctx);
    const cus = await customerOf(s);
    const failed = event('invoice.payment_failed', invoice(cus), nowS() - 86_400);
    expect((await deliver(failed)).json()).toEqual({ received: true, duplicate: false });
    await deliver(event('invoice.paid', invoice(cus)));
    const again = await deliver(failed);
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual({ received: true, duplicate: true });
    expect((await me(s)).payment_failure_triggered_at).toBeNull();
  });

  it('events for one account’s customer never touch another account (cross-account)', async () => {
    const a = await signUp(ctx);
    const b = await signUp(ctx);
    const cusA = await customerOf(a);
    await deliver(event('customer.subscription.created', subscription(cusA)));
    await deliver(event('invoice.payment_failed', invoice(cusA)));
    expect((await me(b)).billing.is_subscription_active).toBe(false);
    expect((await me(b)).payment_failure_triggered_at).toBeNull();
    const stB = await state(b);
    expect(stB).toMatchObject({ has_customer: false, access: 'trial' });
    // Unknown customers are acknowledged (Stripe stops retrying) and change nothing.
    const unknown = await deliver(
      event('customer.subscription.created', subscription('cus_nobody')),
    );
    expect(unknown.statusCode).toBe(200);
  });
});

describe('GET /dashboardapi/billing, Checkout and the customer portal', () => {
  it('lists the configured plans with Stripe’s prices and the trial state', async () => {
    const s = await signUp(ctx);
    const st = await state(s);
    expect(st).toMatchObject({
      configured: true,
      access: 'trial',
      is_trial_active: true,
      suppress_billing: false,
      has_customer: false,
    });
    expect(st.plans.map((p) => [p.name, p.unit_amount])).toEqual([
      ['Starter', 2900],
      ['Pro', 7900],
    ]);
  });

  it('Subscribe creates the Stripe customer once and a subscription Checkout session for the plan', async () => {
    const s = await signUp(ctx);
    const before = stripe.calls.length;
    const res = await as(ctx, s).post(BILLING_PATHS.checkout, { price_id: 'price_pro' });
    expect(res.statusCode).toBe(200);
    expect(res.json().url).toMatch(/^https:\/\/checkout\.stripe\.com\/c\/pay\/cs_test_/);
    const calls = stripe.calls.slice(before);
    const customer = calls.find((c) => c.path === '/v1/customers')!;
    expect(customer.form['metadata[account_id]']).toBe(String(s.accountId));
    const session = calls.find((c) => c.path === '/v1/checkout/sessions')!;
    expect(session.form).toMatchObject({
      mode: 'subscription',
      'line_items[0][price]': 'price_pro',
      'line_items[0][quantity]': '1',
      client_reference_id: String(s.accountId),
      'subscription_data[metadata][account_id]': String(s.accountId),
    });
    expect(session.form.success_url).toMatch(/\/settings\/pricing\?checkout=success$/);
    // The days left of the free trial carry over into Stripe.
    expect(Number(session.form['subscription_data[trial_end]'])).toBeGreaterThan(
      nowS() + 13 * 86_400,
    );
    await as(ctx, s).post(BILLING_PATHS.checkout, { price_id: 'price_starter' });
    expect(stripe.calls.slice(before).filter((c) => c.path === '/v1/customers')).toHaveLength(1);
  });

  it('refuses a plan that is not offered (400), agents (403) and a second subscription (409)', async () => {
    const { owner: s, mate } = await ownerAndTeammate(ctx);
    const agentTry = await as(ctx, mate).post(BILLING_PATHS.checkout, { price_id: 'price_pro' });
    expect(agentTry.statusCode).toBe(403);
    expect((await as(ctx, mate).post(BILLING_PATHS.portal)).statusCode).toBe(403);
    expect((await as(ctx, mate).get(BILLING_PATHS.state)).statusCode).toBe(200);
    const bad = await as(ctx, s).post(BILLING_PATHS.checkout, { price_id: 'price_free_lunch' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toMatch(/not offered/);
    await ctx.deps.db
      .update(accounts)
      .set({ isSubscriptionActive: true })
      .where(eq(accounts.id, s.accountId));
    const already = await as(ctx, s).post(BILLING_PATHS.checkout, { price_id: 'price_pro' });
    expect(already.statusCode).toBe(409);
  });

  it('Manage billing opens the customer portal of the account’s own customer; none yet = 409', async () => {
    const a = await signUp(ctx);
    const b = await signUp(ctx);
    expect((await as(ctx, a).post(BILLING_PATHS.portal)).statusCode).toBe(409);
    const cusA = await customerOf(a);
    const res = await as(ctx, a).post(BILLING_PATHS.portal);
    expect(res.statusCode).toBe(200);
    expect(res.json().url).toMatch(/^https:\/\/billing\.stripe\.com\/p\/session\//);
    expect(stripe.calls.at(-1)!.form).toMatchObject({ customer: cusA });
    expect(stripe.calls.at(-1)!.form.return_url).toMatch(/\/settings\/pricing$/);
    // Account B has no customer of its own and never reaches A's.
    expect((await as(ctx, b).post(BILLING_PATHS.portal)).statusCode).toBe(409);
  });
});

describe('after the trial, with nothing paid, the inbox is read-only (402 payment_required)', () => {
  it('refuses replies and status changes with a clear message, still serves reads and inbound mail', async () => {
    const s = await signUp(ctx);
    const channel = await apiChannelFor(ctx, s);
    const { conversation_id: id } = await channel.inbound({ identifier: 'ro1', text: 'hello' });
    await endTrial(s);
    expect((await me(s)).billing.is_trial_active).toBe(false);
    expect((await state(s)).access).toBe('read_only');

    const reply = await as(ctx, s).post(`/dashboardapi/conversations/${id}/messages`, {
      body: 'reply',
    });
    expect(reply.statusCode).toBe(402);
    expect(reply.json()).toMatchObject({ code: 'payment_required' });
    expect(reply.json().message).toMatch(/trial has ended.*read-only/);
    const status = await as(ctx, s).patch(`/dashboardapi/conversations/${id}`, {
      status: 'closed',
    });
    expect(status.statusCode).toBe(402);

    expect((await as(ctx, s).get(`/dashboardapi/conversations/${id}`)).statusCode).toBe(200);
    expect((await as(ctx, s).get(`/dashboardapi/conversations/${id}/messages`)).statusCode).toBe(
      200,
    );
    // Customers' messages keep arriving; the account can still subscribe.
    await channel.inbound({ identifier: 'ro1', text: 'anyone?' });
    expect(
      (await as(ctx, s).post(BILLING_PATHS.checkout, { price_id: 'price_pro' })).statusCode,
    ).toBe(200);
  });

  it('an active subscription (from a signed event) or the operator’s suppress_billing lifts it', async () => {
    const s = await signUp(ctx);
    const channel = await apiChannelFor(ctx, s);
    const { conversation_id: id } = await channel.inbound({ identifier: 'ro2', text: 'hello' });
    const cus = await customerOf(s);
    await endTrial(s);
    const reply = () =>
      as(ctx, s).post(`/dashboardapi/conversations/${id}/messages`, { body: 'reply' });
    expect((await reply()).statusCode).toBe(402);
    await deliver(event('customer.subscription.created', subscription(cus)));
    expect((await reply()).statusCode).toBe(201);
    await deliver(
      event('customer.subscription.deleted', subscription(cus, { status: 'canceled' })),
    );
    expect((await reply()).statusCode).toBe(402);

    const op = (accountId: number, body: unknown, token = OPERATOR_TOKEN) =>
      ctx.app.inject({
        method: 'PATCH',
        url: BILLING_PATHS.operatorAccountBilling.replace(':id', String(accountId)),
        headers: { authorization: `Bearer ${token}` },
        payload: body as object,
      });
    expect(
      (await op(s.accountId, { suppress_billing: true }, 'op_'.padEnd(40, 'z'))).statusCode,
    ).toBe(401);
    expect(
      (
        await as(ctx, s).patch(
          BILLING_PATHS.operatorAccountBilling.replace(':id', String(s.accountId)),
          { suppress_billing: true },
        )
      ).statusCode,
    ).toBe(401);
    const on = await op(s.accountId, { suppress_billing: true });
    expect(on.statusCode).toBe(200);
    expect(on.json()).toEqual({ account_id: s.accountId, suppress_billing: true });
    expect((await me(s)).billing.suppress_billing).toBe(true);
    expect((await state(s)).access).toBe('suppressed');
    expect((await reply()).statusCode).toBe(201);
    expect((await op(2_000_000_000, { suppress_billing: true })).statusCode).toBe(404);
    expect((await op(s.accountId, { suppress_billing: 'yes' })).statusCode).toBe(400);
  });
});

describe('when Stripe refuses', () => {
  it('a rejected API key answers 502 payment_provider_error with Stripe’s reason, nothing stored', async () => {
    const wrong = await createTestContext({
      AUTH_RATE_LIMIT_PER_MINUTE: '1000',
      STRIPE_SECRET_KEY: 'sk_test_not_the_right_one',
      STRIPE_API_BASE: stripe.url,
      STRIPE_PLANS: 'Pro=price_pro',
      TRIAL_DAYS: '3',
    });
    try {
      const s = await signUp(wrong);
      const res = await as(wrong, s).post(BILLING_PATHS.checkout, { price_id: 'price_pro' });
      expect(res.statusCode).toBe(502);
      expect(res.json()).toMatchObject({ code: 'payment_provider_error' });
      expect(res.json().message).toMatch(/Stripe refused the request: Invalid API Key/);
      const st = (await as(wrong, s).get(BILLING_PATHS.state)).json() as BillingState;
      expect(st.has_customer).toBe(false);
      expect(st.plans[0]).toMatchObject({ name: 'Pro', unit_amount: null });
      // TRIAL_DAYS sets the length of every new account's trial.
      expect(st.trial_days_left).toBe(3);
    } finally {
      await wrong.close();
    }
  });
});

describe('without STRIPE_SECRET_KEY (the embedded demo)', () => {
  it('answers 503 billing_not_configured to Checkout, the portal and the webhook, says billing is off even during the trial, and enforces nothing', async () => {
    const plain = await createTestContext({ AUTH_RATE_LIMIT_PER_MINUTE: '1000' });
    try {
      const s = await signUp(plain);
      const api = as(plain, s);
      const checkout = await api.post(BILLING_PATHS.checkout, { price_id: 'price_pro' });
      expect(checkout.statusCode).toBe(503);
      expect(checkout.json()).toMatchObject({ code: 'billing_not_configured' });
      expect(checkout.json().message).toMatch(/Billing is not configured/);
      expect((await api.post(BILLING_PATHS.portal)).statusCode).toBe(503);
      const hook = await plain.app.inject({
        method: 'POST',
        url: BILLING_PATHS.stripeWebhook,
        headers: { 'content-type': 'application/json', 'stripe-signature': 't=1,v1=00' },
        payload: '{}',
      });
      expect(hook.statusCode).toBe(503);
      // A new account's trial is not counted down either: billing is off on this server.
      expect((await api.get(BILLING_PATHS.state)).json()).toMatchObject({
        configured: false,
        access: 'not_configured',
        plans: [],
      });
      const channel = await apiChannelFor(plain, s);
      const { conversation_id: id } = await channel.inbound({ identifier: 'd1', text: 'hi' });
      await plain.deps.db
        .update(accounts)
        .set({ trialEndDate: new Date(Date.now() - 1000) })
        .where(eq(accounts.id, s.accountId));
      const st = (await api.get(BILLING_PATHS.state)).json() as BillingState;
      expect(st).toMatchObject({ configured: false, access: 'not_configured', plans: [] });
      expect(
        (await api.post(`/dashboardapi/conversations/${id}/messages`, { body: 'hi' })).statusCode,
      ).toBe(201);
    } finally {
      await plain.close();
    }
  });
});

describe('Stripe configuration', () => {
  it('reads STRIPE_PLANS as Name=price_id pairs and refuses anything else, naming the variable', () => {
    const config = loadConfig({ STRIPE_PLANS: 'Starter plan=price_1, Pro=price_2' });
    expect(config.stripe.plans).toEqual([
      { name: 'Starter plan', priceId: 'price_1' },
      { name: 'Pro', priceId: 'price_2' },
    ]);
    expect(config.stripe.apiBase).toBe('https://api.stripe.com');
    expect(config.trialDays).toBe(14);
    expect(() => loadConfig({ STRIPE_PLANS: 'Pro' })).toThrow(ConfigError);
    expect(() => loadConfig({ STRIPE_PLANS: 'Pro' })).toThrow(/STRIPE_PLANS/);
    expect(() => loadConfig({ STRIPE_WEBHOOK_SECRET: 'secret' })).toThrow(/STRIPE_WEBHOOK_SECRET/);
  });
});
