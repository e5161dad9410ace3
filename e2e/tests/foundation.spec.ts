import { expect, test } from '@playwright/test';
import { PASSWORD, linkFromMailbox, signUpInBrowser, uniqueEmail } from './helpers';

test('sign up → shell → change a global setting → reload keeps it → sign out → protected route sends to /login', async ({
  page,
}) => {
  await signUpInBrowser(page, { workspace: 'Journey Co' });
  await expect(page).toHaveTitle('Parley');
  await expect(page.getByRole('navigation').getByText('Inboxes')).toBeVisible();

  await page.goto('/settings/global');
  const toggle = page.getByRole('switch', { name: /auto.?assign/i });
  await expect(toggle).toHaveAttribute('aria-checked', 'false');
  await toggle.click();
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Global settings successfully updated')).toBeVisible();

  await page.reload();
  await expect(page.getByRole('switch', { name: /auto.?assign/i })).toHaveAttribute(
    'aria-checked',
    'true',
  );

  await page.getByRole('button', { name: 'User menu' }).click();
  await page.getByText('Sign out').click();
  await expect(page).toHaveURL(/\/login$/);

  await page.goto('/settings/global');
  await expect(page).toHaveURL(/\/login$/);
});

test('a 401 from the server sends the user to /login with cookies cleared (docs/product/errors.md)', async ({
  page,
  context,
}) => {
  await signUpInBrowser(page);
  const cookies = Object.fromEntries((await context.cookies()).map((c) => [c.name, c.value]));
  // End the session behind the browser's back: its next call answers 401.
  const res = await page.request.post('/dashboardapi/auth/logout', {
    headers: {
      authorization: `Token ${cookies.auth_token}`,
      'x-dc-account-id': cookies.account_id!,
      'x-csrftoken': cookies.csrftoken!,
    },
  });
  expect(res.status()).toBe(200);
  await page.goto('/settings/global');
  await expect(page).toHaveURL(/\/login$/);
  const after = (await context.cookies()).map((c) => c.name);
  expect(after).not.toContain('auth_token');
});

test('the forgot-password page shows the expiry alert with ?alert=expiry_surpassed', async ({
  page,
}) => {
  await page.goto('/login/forgotpassword?alert=expiry_surpassed');
  await expect(page.getByRole('alert')).toContainText(/90 days/);
  await page.goto('/login/forgotpassword');
  await expect(page.getByRole('alert')).toHaveCount(0);
});

test('forgot password → mailbox link → reset → sign in with the new password', async ({
  page,
  browser,
}) => {
  const { email } = await signUpInBrowser(page);
  const other = await browser.newPage();
  await other.goto('/login/forgotpassword');
  await other.getByLabel('Email').fill(email);
  await other.getByRole('button', { name: /send|reset/i }).click();
  const link = await linkFromMailbox(email, '/login/resetpassword');
  await other.goto(link);
  await other.getByLabel('New password', { exact: true }).fill('brand new password 1');
  await other.getByLabel(/confirm/i).fill('brand new password 1');
  await other.getByRole('button', { name: /reset|save|set/i }).click();
  await expect(other).toHaveURL(/\/login/);
  await other.getByLabel('Email').fill(email);
  await other.getByLabel('Password').fill('brand new password 1');
  await other.getByRole('button', { name: /sign in|log in/i }).click();
  await expect(other).toHaveURL(/\/inboxes/);
  expect(PASSWORD).not.toBe('brand new password 1');
});

test('an invited teammate accepts the invitation and lands in the shared account', async ({
  page,
  browser,
}) => {
  await signUpInBrowser(page, { workspace: 'Invite Co' });
  const invitee = uniqueEmail('invitee');
  await page.goto('/settings/teammembers');
  await page
    .getByRole('button', { name: /invite/i })
    .first()
    .click();
  await page.getByLabel('Email').fill(invitee);
  await page
    .getByRole('button', { name: /send invitation|invite/i })
    .last()
    .click();
  await expect(page.getByText(invitee)).toBeVisible();

  const link = await linkFromMailbox(invitee, '/settings/teammembers/invite/confirm/');
  const guest = await browser.newPage();
  await guest.goto(link);
  await expect(guest.getByText('Invite Co')).toBeVisible();
  await guest.getByLabel('Name', { exact: true }).fill('Ivy Invitee');
  await guest.getByLabel('Password').fill('invitee password 1');
  await guest.getByRole('button', { name: /join|accept/i }).click();
  await expect(guest).toHaveURL(/\/inboxes/);
});
