import crypto from 'node:crypto';
import { expect as baseExpect, test, type APIRequestContext } from '@playwright/test';
import { STRIPE_PORT, STRIPE_WEBHOOK_SECRET } from '../playwright.config';
import { signUpInBrowser } from './helpers';

const expect = baseExpect.configure({ timeout: 20_000 });
const DAY_MS = 86_400_000;

/** Posts an event to the webhook signed as Stripe signs it: HMAC-SHA256 over `{t}.{body}`. */
async function sendStripeEvent(request: APIRequestContext, type: string, customer: string) {
  const body = JSON.stringify({
    id: `evt_e2e_${crypto.randomBytes(6).toString('hex')}`,
    object: 'event',
    type,
    created: Math.floor(Date.now() / 1000),
    data: {
      object: {
        id: `in_e2e_${crypto.randomBytes(4).toString('hex')}`,
        object: 'invoice',
        customer,
      },
    },
  });
  const t = Math.floor(Date.now() / 1000);
  const v1 = crypto
    .createHmac('sha256', STRIPE_WEBHOOK_SECRET)
    .update(`${t}.${body}`)
    .digest('hex');
  const res = await request.post('/dashboardapi/billing/stripe/webhook', {
    headers: { 'content-type': 'application/json', 'stripe-signature': `t=${t},v1=${v1}` },
    data: body,
  });
  expect(res.status(), await res.text()).toBe(200);
}

// payment failure (docs/product/states.md): a signed invoice.payment_failed → the banner; 14 days later
// the blocking modal; a signed invoice.paid → both gone.
test('the payment-failure journey follows Stripe: banner, the blocking modal 14 days later, gone once paid', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await signUpInBrowser(page, { name: 'Bea Billing', workspace: 'Billing Co' });

  // Subscribing from the pricing page sends the admin to Stripe Checkout (and makes the customer).
  await page.goto('/settings/pricing');
  await page.getByRole('button', { name: 'Subscribe to Starter' }).click();
  await expect(page.getByRole('heading', { name: 'Fake Stripe Checkout' })).toBeVisible();
  const { customers } = (await (
    await page.request.get(`http://127.0.0.1:${STRIPE_PORT}/e2e/customers`)
  ).json()) as { customers: { id: string }[] };
  const customer = customers.at(-1)!.id;

  await sendStripeEvent(page.request, 'invoice.payment_failed', customer);
  await page.goto('/inboxes');
  const banner = page.getByTestId('payment-banner');
  await expect(banner).toContainText('Update your payment method within 14 days');
  await expect(page.getByRole('dialog', { name: 'Your payment is overdue' })).toHaveCount(0);

  // 15 days later (the browser's clock): the banner turns to an error and the modal blocks.
  await page.clock.setFixedTime(new Date(Date.now() + 15 * DAY_MS));
  await page.goto('/inboxes');
  await expect(banner).toContainText('More than 14 days have passed');
  await expect(page.getByRole('dialog', { name: 'Your payment is overdue' })).toBeVisible();

  await sendStripeEvent(page.request, 'invoice.paid', customer);
  await page.goto('/inboxes');
  await expect(page.getByRole('navigation', { name: 'Main' })).toBeVisible();
  await expect(banner).toHaveCount(0);
  await expect(page.getByRole('dialog', { name: 'Your payment is overdue' })).toHaveCount(0);
});
