import { expect, test } from '@playwright/test';
import { signUpInBrowser } from './helpers';

// Help widget (docs/product/states.md), its frame messages (docs/product/api.md): the panel embeds the operator's live chat (here a page
// on another origin that speaks the protocol, e2e/fake-help-widget) and the two talk over
// postMessage, each accepting the other's origin only.
test('the embedded live chat greets the agent, its replies reach the title and a callout, and it can close the panel', async ({
  page,
}) => {
  await signUpInBrowser(page, { name: 'Hana Helper' });
  await page.goto('/inboxes');
  const chat = page.frameLocator('[data-testid="help-widget-frame"]');
  // init → init_success → initial_email and current_page, while the panel is still closed.
  await expect(chat.locator('#greeting')).toHaveText('Hello Hana Helper');
  await expect(chat.locator('#email')).toHaveText(/@example\.com$/);
  await expect(chat.locator('#page')).toHaveText(/^\/inboxes/);

  const title = await page.title();
  // The frame is hidden while the panel is closed: the reply is played with a DOM click.
  await chat.locator('#reply').dispatchEvent('click');
  await expect(page).toHaveTitle('(1) New message');
  const callout = page.getByTestId('help-new-message-callout');
  await expect(callout).toContainText('We are on it!');

  // Opening the chat: the widget hears it is open on its chat page and resets its count.
  await callout.click();
  await expect(page.getByRole('dialog', { name: 'Chat with us' })).toBeVisible();
  await expect(chat.locator('#open')).toHaveText('true');
  await expect(chat.locator('#showing')).toHaveText('chat');
  await expect(chat.locator('#reset')).toHaveText('1');
  await expect(page).toHaveTitle(title);

  // The widget closes the panel itself.
  await chat.getByRole('button', { name: 'Close the panel' }).click();
  await expect(page.getByRole('dialog', { name: 'Chat with us' })).toBeHidden();
  await expect(chat.locator('#open')).toHaveText('false');
});

// Help menu (docs/product/states.md): Watch Onboarding Videos lists the videos the operator published
// (ONBOARDING_VIDEOS) on /setup, each opening in a new tab.
test('Watch Onboarding Videos leads to the published videos on /setup', async ({ page }) => {
  await signUpInBrowser(page, { name: 'Vera Viewer' });
  await page.goto('/inboxes');
  await page.getByRole('button', { name: 'Help', exact: true }).click();
  await page.getByRole('link', { name: 'Watch Onboarding Videos' }).click();
  await expect(page).toHaveURL(/\/setup#onboarding-videos$/);
  const videos = page.getByRole('list', { name: 'Watch Onboarding Videos' });
  const video = videos.getByRole('link', { name: 'Your first day in the inbox' });
  await expect(video).toHaveAttribute('href', 'https://videos.example.test/first-day');
  await expect(video).toHaveAttribute('target', '_blank');
  await expect(videos).toContainText('4 min');
  await expect(videos).toContainText('Views, assignment and replies.');
});
