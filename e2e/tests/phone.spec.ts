import crypto from 'node:crypto';
import { expect as baseExpect, test, type Page } from '@playwright/test';
import { postJson, sessionHeaders, signUpInBrowser, uniqueEmail } from './helpers';

// A first load of the inbox chunk can take a while on a small shared machine.
const expect = baseExpect.configure({ timeout: 30_000 });

// A phone held upright: below 768 px the agent app shows one screen at a time.
const PHONE = { width: 390, height: 844 };
test.use({ viewport: PHONE, isMobile: true, hasTouch: true, deviceScaleFactor: 2 });

const ALL_OPEN = '/inboxes/all/open/newest';

/** The page never scrolls sideways: nothing is wider than the phone. */
async function expectNoHorizontalOverflow(page: Page) {
  const width = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(width, 'document scrollWidth').toBeLessThanOrEqual(PHONE.width);
}

/**
 * The controls a finger can reach on screen that are smaller than 24×24 px (WCAG 2.2 target
 * size) or stick out of the screen's sides. A select or a field with icons is measured by its
 * box (a tap anywhere on it reaches the field), not by its inner input.
 */
function targetsTooSmallOrOffScreen(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const found: string[] = [];
    const selector =
      'a[href], button, input:not([type=hidden]), textarea, select, [role=button], [role=combobox], [role=tab]';
    for (const element of document.querySelectorAll<HTMLElement>(selector)) {
      const target =
        element.closest<HTMLElement>('.ant-select, .ant-input-affix-wrapper') ?? element;
      const box = target.getBoundingClientRect();
      const style = getComputedStyle(element);
      // Not drawn, visually hidden (1 px), or scrolled out of view inside a list.
      if (box.width <= 1 || box.height <= 1 || style.visibility === 'hidden') continue;
      if (box.bottom <= 0 || box.top >= window.innerHeight) continue;
      const name = element.getAttribute('aria-label') ?? element.textContent?.trim() ?? '';
      if (box.width < 24 || box.height < 24 || box.left < 0 || box.right > window.innerWidth) {
        found.push(`${element.tagName} "${name.slice(0, 40)}" ${box.width}×${box.height}`);
      }
    }
    return found;
  });
}

test('an agent on a phone opens the list, answers, assigns, tags and closes a conversation, and goes back — with no sideways scrolling', async ({
  page,
  baseURL,
}) => {
  test.setTimeout(120_000);
  await signUpInBrowser(page, { name: 'Pia Phone', workspace: 'Pocket Support' });
  const api = await sessionHeaders(page.context());

  // A customer writes through the API channel.
  const channel = (await postJson(page.request, '/dashboardapi/supportchannel', api, {
    type: 'api',
    name: 'Shop backend',
  })) as { id: number };
  const { key } = (await postJson(page.request, '/dashboardapi/apikeys', api, {
    name: 'e2e phone',
  })) as { key: string };
  const customer = `Pat Pocket ${crypto.randomBytes(3).toString('hex')}`;
  const question = `Can I change my size? Order #${crypto.randomInt(10_000, 99_999)}`;
  const inbound = await fetch(`${baseURL}/api/v1/channels/${channel.id}/messages`, {
    method: 'POST',
    headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
    body: JSON.stringify({
      contact: { identifier: 'pocket-1', name: customer, email: uniqueEmail('pat') },
      message: { id: 'pocket-msg-1', body: question },
    }),
  });
  expect(inbound.status).toBe(201);
  const { conversation_id: id } = (await inbound.json()) as { conversation_id: number };

  // The shell: a top bar whose menu button opens the navigation in a drawer.
  await page.goto(ALL_OPEN);
  await page.getByRole('button', { name: 'Open navigation' }).tap();
  const navigation = page.getByRole('dialog').getByRole('navigation', { name: 'Main' });
  await expect(navigation.getByRole('link', { name: 'Reporting' })).toBeVisible();
  await page.getByRole('dialog').getByRole('button', { name: 'Close' }).tap();
  await expect(page.getByRole('dialog')).toBeHidden();

  // The list, full width, alone.
  const row = page
    .getByRole('list', { name: 'Conversations' })
    .getByRole('link', { name: new RegExp(customer) });
  await expect(row).toBeVisible();
  await expect(page.getByRole('region', { name: 'Views' })).toHaveCount(0);
  await expect(page.getByRole('heading', { level: 1, name: 'Inboxes' })).toBeAttached();
  await expectNoHorizontalOverflow(page);
  expect(await targetsTooSmallOrOffScreen(page)).toEqual([]);

  // A sheet opened from the list fits the screen.
  await page.getByRole('button', { name: 'New conversation' }).tap();
  const sheet = page.getByRole('dialog', { name: 'New conversation' });
  await expect(sheet).toBeVisible();
  expect((await sheet.boundingBox())!.width).toBeLessThanOrEqual(PHONE.width);
  await expectNoHorizontalOverflow(page);
  await sheet.getByRole('button', { name: 'Cancel' }).tap();
  await expect(sheet).toBeHidden();

  // The conversation, in place of the list.
  await row.tap();
  await expect(page).toHaveURL(new RegExp(`${ALL_OPEN}/${id}$`));
  const pane = page.getByRole('region', { name: `Conversation ${id}` });
  await expect(pane.getByText(question)).toBeVisible();
  await expect(page.getByRole('region', { name: 'Conversation list' })).toHaveCount(0);
  await expectNoHorizontalOverflow(page);
  expect(await targetsTooSmallOrOffScreen(page)).toEqual([]);

  // Answer.
  const answer = `Hi ${customer}, yes — a new size ships tomorrow.`;
  const reply = pane.getByRole('form', { name: 'Reply' });
  const replyBox = await reply.boundingBox();
  expect(replyBox!.width).toBeGreaterThan(PHONE.width * 0.9);
  await reply.getByRole('textbox', { name: 'Reply text' }).fill(answer);
  await reply.getByRole('button', { name: 'Send' }).tap();
  await expect(reply.getByRole('textbox', { name: 'Reply text' })).toHaveValue('');
  await expect(pane.getByText(answer)).toBeVisible();

  // Assign.
  await pane.getByRole('button', { name: 'Assign to me' }).tap();
  await expect(pane.getByRole('button', { name: 'Assign to me' })).toHaveCount(0);
  await expect(pane.getByText('Pia Phone (me)')).toBeVisible();

  // Tag: a new one, typed.
  const tagName = `size-${crypto.randomBytes(2).toString('hex')}`;
  await pane.getByRole('combobox', { name: 'Add tag' }).tap();
  await pane.getByRole('combobox', { name: 'Add tag' }).fill(tagName);
  // The drawn option (antd's role=option copies are for screen readers, not fingers).
  await page
    .locator('.ant-select-item-option')
    .filter({ hasText: `Create tag “${tagName}”` })
    .tap();
  await expect(pane.getByRole('button', { name: `Remove tag ${tagName}` })).toBeVisible();

  // The contact details: a screen of their own, and back.
  await pane.getByRole('button', { name: 'Contact details' }).tap();
  await expect(pane.getByRole('heading', { name: 'Contact details' })).toBeVisible();
  await expect(pane.getByRole('complementary', { name: 'Contact' })).toContainText(customer);
  await expectNoHorizontalOverflow(page);
  await pane.getByRole('button', { name: 'Back to the conversation' }).tap();

  // Close.
  await pane.getByRole('button', { name: /\bClose$/ }).tap();
  await expect(pane.getByTestId('conversation-status')).toHaveText('Closed');
  await expectNoHorizontalOverflow(page);

  // Back to the list, where the closed conversation has left the open ones.
  await pane.getByRole('button', { name: 'Back to conversations' }).tap();
  await expect(page).toHaveURL(new RegExp(`${ALL_OPEN}$`));
  await expect(page.getByRole('heading', { name: 'No conversations here' })).toBeVisible();
  await expectNoHorizontalOverflow(page);
});
