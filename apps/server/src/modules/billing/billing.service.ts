import { DAY_MS, type BillingAccess, type BillingPlan, type BillingState } from '@parley/contracts';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import type { Deps } from '../../lib/deps';
import type { AgentContext } from '../../lib/http-types';
import { hashToken } from '../../lib/crypto';
import { AppError, badRequest, conflict, notFound } from '../../lib/errors';
import { findUserById } from '../auth/auth.service';
import { billingNotConfigured, stripeApi, verifyStripeSignature } from './billing.stripe';
import {
  findAccountBilling,
  findAccountByCustomer,
  markTriggered,
  recordEvent,
  setCustomerOnce,
  updateAccountBilling,
  type AccountBillingRow,
} from './billing.queries';

/** Subscription statuses that keep the inbox writable (past_due: the 14-day grace, docs/product/limits.md). */
const ACTIVE_STATUSES = new Set(['active', 'past_due']);

type BillingFields = Pick<
  AccountBillingRow,
  'suppressBilling' | 'isSubscriptionActive' | 'trialEndDate'
>;

/**
 * What the account may do (see BILLING_ACCESS). Only `read_only` restricts anything: the trial
 * has ended, nothing is paid, billing is not suppressed, and this server sells through Stripe.
 * A server without Stripe answers `not_configured` during a trial too: there is no trial to
 * count down when nothing can ever be bought or locked.
 */
export function accessOf(account: BillingFields, configured: boolean, now = Date.now()) {
  if (account.suppressBilling) return 'suppressed' satisfies BillingAccess;
  if (account.isSubscriptionActive) return 'subscribed' satisfies BillingAccess;
  if (!configured) return 'not_configured' satisfies BillingAccess;
  if (account.trialEndDate && account.trialEndDate.getTime() > now)
    return 'trial' satisfies BillingAccess;
  return 'read_only' satisfies BillingAccess;
}

export const READ_ONLY_MESSAGE =
  'Your free trial has ended. The inbox is read-only until an admin subscribes on the Pricing page.';

/** 402 payment_required when the account is read-only (trial over, nothing paid). */
export async function assertWritable(deps: Deps, accountId: number): Promise<void> {
  const account = await findAccountBilling(deps.db, accountId);
  if (account && accessOf(account, deps.config.stripe.secretKey !== null) === 'read_only')
    throw new AppError(402, 'payment_required', READ_ONLY_MESSAGE);
}

// Plan prices come from Stripe (GET /v1/prices/:id), kept for 10 minutes.
const PRICE_TTL_MS = 10 * 60 * 1000;
interface StripePrice {
  id: string;
  unit_amount: number | null;
  currency: string;
  recurring: { interval: string } | null;
}
const priceCache = new Map<string, { at: number; price: StripePrice | null }>();

async function priceOf(stripe: Config['stripe'], priceId: string): Promise<StripePrice | null> {
  // Per Stripe account: the same price id means nothing under another key.
  const key = `${stripe.apiBase} ${hashToken(stripe.secretKey ?? '')} ${priceId}`;
  const hit = priceCache.get(key);
  if (hit && Date.now() - hit.at < PRICE_TTL_MS) return hit.price;
  const price = await stripeApi<StripePrice>(
    stripe,
    'GET',
    `/v1/prices/${encodeURIComponent(priceId)}`,
  ).catch(() => null);
  // A failure is not cached for long: the next page view asks again.
  priceCache.set(key, { at: price ? Date.now() : Date.now() - PRICE_TTL_MS + 30_000, price });
  return price;
}

export async function billingState(deps: Deps, accountId: number): Promise<BillingState> {
  const account = await findAccountBilling(deps.db, accountId);
  if (!account) throw notFound('That account was not found.');
  const { stripe } = deps.config;
  const configured = stripe.secretKey !== null;
  const now = Date.now();
  const trialEnd = account.trialEndDate?.getTime() ?? null;
  const isTrialActive = !account.isSubscriptionActive && trialEnd !== null && trialEnd > now;
  const plans: BillingPlan[] = await Promise.all(
    stripe.plans.map(async (plan) => {
      const price = configured ? await priceOf(stripe, plan.priceId) : null;
      return {
        name: plan.name,
        price_id: plan.priceId,
        unit_amount: price?.unit_amount ?? null,
        currency: price?.currency ?? null,
        interval: price?.recurring?.interval ?? null,
        is_current: account.isSubscriptionActive && account.subscriptionPriceId === plan.priceId,
      };
    }),
  );
  return {
    configured,
    access: accessOf(account, configured, now),
    is_subscription_active: account.isSubscriptionActive,
    subscription_status: account.subscriptionStatus,
    is_trial_active: isTrialActive,
    trial_end_date: account.trialEndDate?.toISOString() ?? null,
    trial_days_left: trialEnd !== null && trialEnd > now ? Math.ceil((trialEnd - now) / DAY_MS) : 0,
    suppress_billing: account.suppressBilling,
    payment_failure_triggered_at: account.paymentFailureTriggeredAt?.toISOString() ?? null,
    payment_action_required_triggered_at:
      account.paymentActionRequiredTriggeredAt?.toISOString() ?? null,
    has_customer: account.stripeCustomerId !== null,
    plans,
  };
}

/** The account's Stripe customer, created on first need (idempotent per account). */
async function ensureCustomer(deps: Deps, agent: AgentContext, account: AccountBillingRow) {
  if (account.stripeCustomerId) return account.stripeCustomerId;
  const user = await findUserById(deps.db, agent.userId);
  const customer = await stripeApi<{ id: string }>(
    deps.config.stripe,
    'POST',
    '/v1/customers',
    {
      name: account.name,
      email: user?.email,
      metadata: { account_id: account.id },
    },
    { idempotencyKey: `parley-customer-${account.id}-${account.createdAt.getTime()}` },
  );
  return setCustomerOnce(deps.db, account.id, customer.id);
}

const pricingUrl = (config: Config, outcome?: string) =>
  `${config.publicUrl}/settings/pricing${outcome ? `?checkout=${outcome}` : ''}`;

/** A Stripe Checkout session for one of the configured plans; the admin is sent to its URL. */
export async function startCheckout(deps: Deps, agent: AgentContext, priceId: string) {
  const { stripe } = deps.config;
  if (!stripe.secretKey) throw billingNotConfigured();
  if (!stripe.plans.some((p) => p.priceId === priceId))
    throw badRequest('That plan is not offered. Choose one of the plans on the Pricing page.');
  const account = await findAccountBilling(deps.db, agent.accountId);
  if (!account) throw notFound('That account was not found.');
  if (account.isSubscriptionActive)
    throw conflict('This account already has a subscription. Use Manage billing to change it.');
  const customer = await ensureCustomer(deps, agent, account);
  // Days left of the free trial carry over (Stripe wants a trial end at least 48 h away).
  const trialEnd = account.trialEndDate?.getTime() ?? 0;
  const keepTrial = trialEnd > Date.now() + 2 * DAY_MS;
  const session = await stripeApi<{ id: string; url: string }>(
    stripe,
    'POST',
    '/v1/checkout/sessions',
    {
      mode: 'subscription',
      customer,
      client_reference_id: account.id,
      line_items: [{ price: priceId, quantity: 1 }],
      success_url: pricingUrl(deps.config, 'success'),
      cancel_url: pricingUrl(deps.config, 'canceled'),
      subscription_data: {
        metadata: { account_id: account.id },
        ...(keepTrial ? { trial_end: Math.floor(trialEnd / 1000) } : {}),
      },
    },
  );
  return { url: session.url };
}

/** A Stripe customer-portal session (cards, invoices, plan changes). */
export async function openPortal(deps: Deps, agent: AgentContext) {
  const { stripe } = deps.config;
  if (!stripe.secretKey) throw billingNotConfigured();
  const account = await findAccountBilling(deps.db, agent.accountId);
  if (!account) throw notFound('That account was not found.');
  if (!account.stripeCustomerId)
    throw conflict('There is no billing account yet. Subscribe to a plan first.');
  const session = await stripeApi<{ url: string }>(stripe, 'POST', '/v1/billing_portal/sessions', {
    customer: account.stripeCustomerId,
    return_url: pricingUrl(deps.config),
  });
  return { url: session.url };
}

interface StripeEvent {
  id: string;
  type: string;
  created: number;
  data: { object: Record<string, unknown> };
}

function parseEvent(raw: Buffer): StripeEvent {
  let event: unknown;
  try {
    event = JSON.parse(raw.toString('utf8'));
  } catch {
    throw new AppError(400, 'invalid_json', 'The event is not valid JSON.');
  }
  const e = event as Partial<StripeEvent> | null;
  if (
    !e ||
    typeof e.id !== 'string' ||
    typeof e.type !== 'string' ||
    typeof e.created !== 'number' ||
    typeof e.data?.object !== 'object' ||
    e.data.object === null
  )
    throw badRequest('The event has no id, type, created time or data object.');
  return e as StripeEvent;
}

const customerOf = (object: Record<string, unknown>): string | null => {
  const c = object.customer;
  if (typeof c === 'string') return c;
  if (c && typeof c === 'object' && typeof (c as { id?: unknown }).id === 'string')
    return (c as { id: string }).id;
  return null;
};

/**
 * The Stripe webhook: verifies the signature on the raw body, then applies the event once
 * (event ids are recorded in the same transaction as the change, so a retry after a failure
 * is applied again and a duplicate is not).
 */
export async function handleStripeWebhook(
  deps: Deps,
  rawBody: Buffer,
  signature: string | undefined,
): Promise<{ received: true; duplicate: boolean }> {
  const secret = deps.config.stripe.webhookSecret;
  if (!secret) throw billingNotConfigured();
  verifyStripeSignature(rawBody, signature, secret);
  const event = parseEvent(rawBody);
  const object = event.data.object;
  const customer = customerOf(object);
  return deps.db.transaction(async (tx) => {
    const db = tx as unknown as Db;
    const account = customer ? await findAccountByCustomer(db, customer) : null;
    const fresh = await recordEvent(db, {
      id: event.id,
      type: event.type,
      accountId: account?.id ?? null,
    });
    if (!fresh) return { received: true as const, duplicate: true };
    if (account) await applyEvent(db, account, event);
    return { received: true as const, duplicate: false };
  });
}

async function applyEvent(db: Db, account: AccountBillingRow, event: StripeEvent) {
  const at = new Date(event.created * 1000);
  const o = event.data.object;
  switch (event.type) {
    case 'invoice.payment_failed':
      return markTriggered(db, account.id, 'paymentFailureTriggeredAt', at);
    case 'invoice.payment_action_required':
      return markTriggered(db, account.id, 'paymentActionRequiredTriggeredAt', at);
    case 'invoice.paid':
      return updateAccountBilling(db, account.id, {
        paymentFailureTriggeredAt: null,
        paymentActionRequiredTriggeredAt: null,
      });
  }
  if (!event.type.startsWith('customer.subscription.')) return;
  // Stripe does not promise order: an event older than the last one applied changes nothing.
  if (account.subscriptionEventAt && at < account.subscriptionEventAt) return;
  const subscriptionId = typeof o.id === 'string' ? o.id : null;
  // A late event about an older subscription must not undo the current one.
  if (
    account.stripeSubscriptionId &&
    subscriptionId !== account.stripeSubscriptionId &&
    account.isSubscriptionActive &&
    (event.type === 'customer.subscription.deleted' || !ACTIVE_STATUSES.has(String(o.status)))
  )
    return;
  const status = event.type === 'customer.subscription.deleted' ? 'canceled' : String(o.status);
  const trialEnd = typeof o.trial_end === 'number' ? new Date(o.trial_end * 1000) : null;
  const items = (o.items as { data?: { price?: { id?: unknown } }[] } | undefined)?.data;
  const priceId = items?.[0]?.price?.id;
  await updateAccountBilling(db, account.id, {
    stripeSubscriptionId: subscriptionId,
    subscriptionStatus: status,
    subscriptionPriceId: typeof priceId === 'string' ? priceId : account.subscriptionPriceId,
    isSubscriptionActive: ACTIVE_STATUSES.has(status),
    subscriptionEventAt: at,
    // A Stripe trial (status trialing) is the account's trial: Me's is_trial_active follows it.
    ...(status === 'trialing' && trialEnd ? { trialEndDate: trialEnd } : {}),
  });
}

// Reads other modules may use: they come through this service, never through billing.queries.ts.
export { setSuppressBilling } from './billing.queries';
