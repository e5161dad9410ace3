/** Billing through Stripe: the pricing page's calls and the Stripe webhook. */
export const BILLING_PATHS = {
  state: '/dashboardapi/billing',
  checkout: '/dashboardapi/billing/checkout',
  portal: '/dashboardapi/billing/portal',
  stripeWebhook: '/dashboardapi/billing/stripe/webhook',
  /** Operator switch (auth mode 'operator'). */
  operatorAccountBilling: '/operatorapi/accounts/:id/billing',
} as const;

/**
 * What an account may do (documented in docs/ARCHITECTURE.md, Billing):
 * - `subscribed`: a Stripe subscription is active (or past due, within the grace period).
 * - `trial`: the free trial has not ended.
 * - `suppressed`: the operator switched billing off for this account.
 * - `not_configured`: this server has no Stripe key; nothing is enforced.
 * - `read_only`: the trial has ended and nothing is paid — the inbox can be read, not written.
 */
export const BILLING_ACCESS = [
  'subscribed',
  'trial',
  'suppressed',
  'not_configured',
  'read_only',
] as const;
export type BillingAccess = (typeof BILLING_ACCESS)[number];
