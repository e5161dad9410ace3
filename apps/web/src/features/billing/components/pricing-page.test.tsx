import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { BILLING_PATHS, type BillingState } from '@parley/contracts';
import { makeStore } from '../../../app/store';
import { meLoaded } from '../../auth';
import { fakeApi, json } from '../../../test/fake-api';
import { ME, signInCookies } from '../../../test/fixtures';
import { renderPage } from '../../../test/render';
import { PricingPage } from './pricing-page';

const DAY = 86_400_000;

const TRIAL: BillingState = {
  configured: true,
  access: 'trial',
  is_subscription_active: false,
  subscription_status: null,
  is_trial_active: true,
  trial_end_date: new Date(Date.now() + 9 * DAY).toISOString(),
  trial_days_left: 9,
  suppress_billing: false,
  payment_failure_triggered_at: null,
  payment_action_required_triggered_at: null,
  has_customer: false,
  plans: [
    {
      name: 'Starter',
      price_id: 'price_starter',
      unit_amount: 2900,
      currency: 'usd',
      interval: 'month',
      is_current: false,
    },
    {
      name: 'Pro',
      price_id: 'price_pro',
      unit_amount: 7900,
      currency: 'usd',
      interval: 'month',
      is_current: false,
    },
  ],
};

function renderAs(
  state: BillingState,
  {
    permission = 'owner',
    at = '/settings/pricing',
  }: { permission?: 'owner' | 'agent'; at?: string } = {},
  routes: Parameters<typeof fakeApi>[0] = {},
) {
  const api = fakeApi({ [`GET ${BILLING_PATHS.state}`]: () => json(200, state), ...routes });
  signInCookies();
  const { store } = makeStore({ persist: false });
  store.dispatch(meLoaded({ ...ME, permission_level: permission }));
  const redirects: string[] = [];
  renderPage(<PricingPage redirect={(url) => redirects.push(url)} />, {
    at,
    path: '/settings/pricing',
    store,
  });
  return { api, redirects };
}

describe('/settings/pricing (docs/product/README.md: billing page with the card-payment provider portal link)', () => {
  it('shows the plans with Stripe’s prices and the trial days left; Subscribe goes to Stripe Checkout', async () => {
    const { api, redirects } = renderAs(
      TRIAL,
      {},
      {
        [`POST ${BILLING_PATHS.checkout}`]: () =>
          json(200, { url: 'https://checkout.stripe.com/c/pay/cs_test_1' }),
      },
    );
    expect(await screen.findByText('Free trial: 9 days left')).toBeInTheDocument();
    const pro = screen.getByLabelText('Pro plan');
    expect(within(pro).getByText(/79\.00 \/ month/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /manage billing/i })).not.toBeInTheDocument();
    await userEvent.click(within(pro).getByRole('button', { name: 'Subscribe to Pro' }));
    await waitFor(() => expect(redirects).toEqual(['https://checkout.stripe.com/c/pay/cs_test_1']));
    expect(api.calls.find((c) => c.path === BILLING_PATHS.checkout)?.body).toEqual({
      price_id: 'price_pro',
    });
  });

  it('an active subscription marks the current plan and Manage billing opens the customer portal', async () => {
    const { redirects } = renderAs(
      {
        ...TRIAL,
        access: 'subscribed',
        is_subscription_active: true,
        subscription_status: 'active',
        is_trial_active: false,
        has_customer: true,
        plans: TRIAL.plans.map((p) => ({ ...p, is_current: p.price_id === 'price_pro' })),
      },
      {},
      {
        [`POST ${BILLING_PATHS.portal}`]: () =>
          json(200, { url: 'https://billing.stripe.com/p/session/test_1' }),
      },
    );
    expect(await screen.findByText('Your Pro subscription is active')).toBeInTheDocument();
    expect(within(screen.getByLabelText('Pro plan')).getByText('Current plan')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /subscribe to/i })).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: /manage billing/i }));
    await waitFor(() => expect(redirects).toEqual(['https://billing.stripe.com/p/session/test_1']));
  });

  it('after the trial, says the inbox is read-only and shows a failed payment', async () => {
    renderAs({
      ...TRIAL,
      access: 'read_only',
      is_trial_active: false,
      trial_days_left: 0,
      trial_end_date: new Date(Date.now() - DAY).toISOString(),
      payment_failure_triggered_at: new Date(Date.now() - 2 * DAY).toISOString(),
    });
    expect(await screen.findByText('Your free trial has ended')).toBeInTheDocument();
    expect(screen.getByText(/inbox is read-only/)).toBeInTheDocument();
    expect(screen.getByText('A payment failed')).toBeInTheDocument();
  });

  it('without Stripe, says billing is off and nothing is restricted, with no trial countdown and nothing to buy', async () => {
    renderAs(
      {
        ...TRIAL,
        configured: false,
        access: 'not_configured',
        plans: TRIAL.plans.map((p) => ({
          ...p,
          unit_amount: null,
          currency: null,
          interval: null,
        })),
      },
      { permission: 'agent' },
    );
    expect(await screen.findByText('Billing is off')).toBeInTheDocument();
    expect(screen.getByText(/nothing is restricted/)).toBeInTheDocument();
    expect(screen.queryByText(/Subscribe to keep replying/)).not.toBeInTheDocument();
    expect(screen.queryByText(/Free trial/)).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Subscribe to/ })).not.toBeInTheDocument();
    expect(screen.queryByText(/Only owners and admins/)).not.toBeInTheDocument();
  });

  it('says when billing is suppressed by the operator', async () => {
    renderAs({ ...TRIAL, access: 'suppressed', suppress_billing: true });
    expect(await screen.findByText('Billing is turned off for this account')).toBeInTheDocument();
  });

  it('shows Stripe’s refusal in words and stays on the page', async () => {
    const { redirects } = renderAs(
      TRIAL,
      {},
      {
        [`POST ${BILLING_PATHS.checkout}`]: () =>
          json(503, {
            code: 'billing_not_configured',
            message: 'Billing is not configured on this server (no Stripe key). Ask the operator.',
          }),
      },
    );
    await userEvent.click(await screen.findByRole('button', { name: 'Subscribe to Starter' }));
    expect(
      await screen.findByText(/Billing is not configured on this server \(no Stripe key\)/),
    ).toBeInTheDocument();
    expect(redirects).toEqual([]);
  });

  it('agents see the state but cannot subscribe; the Checkout return is acknowledged', async () => {
    renderAs(TRIAL, { permission: 'agent', at: '/settings/pricing?checkout=success' });
    expect(await screen.findByText(/Thank you!/)).toBeInTheDocument();
    expect(screen.getByText(/Only owners and admins/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Subscribe to Pro' })).toBeDisabled();
  });
});
