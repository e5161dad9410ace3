import { z } from 'zod';
import { BILLING_ACCESS } from './billing-constants';

export const billingPlanSchema = z.object({
  name: z.string(),
  price_id: z.string(),
  /** In the currency's smallest unit (cents); null when Stripe could not be asked. */
  unit_amount: z.number().int().nullable(),
  currency: z.string().nullable(),
  /** month, year…; null for one-off prices or when unknown. */
  interval: z.string().nullable(),
  is_current: z.boolean(),
});
export type BillingPlan = z.infer<typeof billingPlanSchema>;

export const billingStateResponse = z.object({
  configured: z.boolean(),
  access: z.enum(BILLING_ACCESS),
  is_subscription_active: z.boolean(),
  subscription_status: z.string().nullable(),
  is_trial_active: z.boolean(),
  trial_end_date: z.string().nullable(),
  /** Whole days left in the trial, rounded up; 0 when it has ended or there is none. */
  trial_days_left: z.number().int(),
  suppress_billing: z.boolean(),
  payment_failure_triggered_at: z.string().nullable(),
  payment_action_required_triggered_at: z.string().nullable(),
  has_customer: z.boolean(),
  plans: z.array(billingPlanSchema),
});
export type BillingState = z.infer<typeof billingStateResponse>;

export const billingCheckoutBody = z.object({
  price_id: z.string().min(1).max(255),
});
export type BillingCheckoutBody = z.infer<typeof billingCheckoutBody>;

/** A Stripe-hosted page to send the admin to. */
export const billingRedirectResponse = z.object({ url: z.url() });
export type BillingRedirect = z.infer<typeof billingRedirectResponse>;

export const operatorBillingPatch = z.object({ suppress_billing: z.boolean() });
export const operatorBillingResponse = z.object({
  account_id: z.number().int(),
  suppress_billing: z.boolean(),
});
