import crypto from 'node:crypto';
import { expect, test, type Locator, type Page } from '@playwright/test';
import { postJson, sessionHeaders, signUpInBrowser, uniqueEmail } from './helpers';

// One look everywhere (app/global.css): the pages drawn outside antd's components take the
// theme's font and link colours from the root, and the help widget keeps clear of the page.

const PRIMARY = 'rgb(47, 91, 234)';

/** The font stack a page's body renders with: the theme's, never the browser's serif default. */
async function expectThemeFont(page: Page) {
  const font = await page.evaluate(() => getComputedStyle(document.body).fontFamily);
  expect(font).toMatch(/^Inter\b/);
  expect(font).toMatch(/sans-serif$/);
  expect(font).not.toMatch(/Times/);
}

async function box(locator: Locator) {
  const found = await locator.boundingBox();
  expect(found).not.toBeNull();
  return found!;
}

const overlaps = (a: { x: number; y: number; width: number; height: number }, b: typeof a) =>
  a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

test('the public help center, /feedback, /transcript, /widget-demo and the error page use the theme font; links are the theme’s, not underlined blue', async ({
  page,
  browser,
}) => {
  await signUpInBrowser(page, { name: 'Lena Look', workspace: 'Look Outfitters' });
  const api = await sessionHeaders(page.context());
  const title = `Returns in ${crypto.randomBytes(3).toString('hex')}`;
  await postJson(page.request, '/dashboardapi/help-center/articles', api, {
    title,
    body: '<p>Within 30 days.</p>',
    status: 'published',
  });

  // A stranger's browser: public pages, no session.
  const visitor = await browser.newPage();
  await visitor.goto(`/help-center/${api['x-dc-account-id']}`);
  const article = visitor.getByRole('link', { name: title });
  await expect(article).toBeVisible();
  await expectThemeFont(visitor);
  await expect(article).toHaveCSS('color', PRIMARY);
  await expect(article).toHaveCSS('text-decoration-line', 'none');
  await article.click();
  await expect(visitor.getByRole('heading', { name: title })).toBeVisible();
  await expectThemeFont(visitor);

  for (const path of ['/feedback?token=1.2.3.x', '/transcript?token=1.2.3.x', '/widget-demo']) {
    await visitor.goto(path);
    await expect(visitor.locator('#root')).not.toBeEmpty();
    await expectThemeFont(visitor);
  }

  // The error page: the app's code cannot be loaded (a stale tab after a deploy).
  await visitor.route(/\/assets\/themed-app-[^/]*\.js$/, (route) => route.abort());
  await visitor.goto('/feedback?token=1.2.3.x');
  const reload = visitor.getByRole('button', { name: 'Reload' });
  await expect(reload).toBeVisible();
  await expectThemeFont(visitor);
  await expect(reload).toHaveCSS('background-color', PRIMARY);
  await expect(reload).toHaveCSS('color', 'rgb(255, 255, 255)');
  await visitor.close();
});

test('the help menu’s Help Center opens the workspace’s own help center where no operator account is set', async ({
  page,
}) => {
  // The e2e server runs without OPERATOR_ACCOUNT_ID and without the demo.
  await signUpInBrowser(page, { name: 'Hugo Help', workspace: 'Help Yourself Ltd' });
  const help = page.getByRole('button', { name: 'Help', exact: true });
  await help.click();
  const panel = page.getByTestId('help-widget-panel');
  // Nothing published yet: the entry says so instead of leading to "not found".
  await expect(panel.getByText(/No help center is published yet/)).toBeVisible();
  await expect(panel.getByRole('link', { name: 'Help Center' })).toHaveCount(0);
  await help.click();

  const api = await sessionHeaders(page.context());
  await postJson(page.request, '/dashboardapi/help-center/articles', api, {
    title: 'Getting started',
    status: 'published',
  });
  await help.click();
  const entry = panel.getByRole('link', { name: 'Help Center' });
  await expect(entry).toHaveAttribute('href', `/help-center/${api['x-dc-account-id']}`);
  await entry.click();
  await expect(page.getByRole('link', { name: 'Getting started' })).toBeVisible();

  // Watch Onboarding Videos lands on the videos, scrolled into view.
  await page.goto('/inboxes');
  await help.click();
  await panel.getByRole('link', { name: 'Watch Onboarding Videos' }).click();
  await expect(page).toHaveURL(/\/setup#onboarding-videos$/);
  await expect(page.getByRole('heading', { name: 'Onboarding videos' })).toBeInViewport();
});

for (const viewport of [
  { width: 1440, height: 900 },
  { width: 390, height: 844 },
]) {
  test(`at ${viewport.width}×${viewport.height} the help panel fits, the file input stays hidden, and the callout neither covers Send nor sits over a modal`, async ({
    page,
    baseURL,
  }) => {
    test.setTimeout(90_000);
    await page.setViewportSize(viewport);
    await signUpInBrowser(page, { name: 'Vic Viewport' });
    const api = await sessionHeaders(page.context());
    const channel = (await postJson(page.request, '/dashboardapi/supportchannel', api, {
      type: 'api',
      name: 'Shop backend',
      webhook_url: 'https://hooks.example.test/parley',
    })) as { id: number };
    const { key } = (await postJson(page.request, '/dashboardapi/apikeys', api, {
      name: 'look',
    })) as { key: string };
    const inbound = await fetch(`${baseURL}/api/v1/channels/${channel.id}/messages`, {
      method: 'POST',
      headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
      body: JSON.stringify({
        contact: { identifier: 'c-1', name: 'Casey Look', email: uniqueEmail('casey') },
        message: { id: 'look-1', body: 'Where is my parcel?' },
      }),
    });
    expect(inbound.status).toBe(201);
    const { conversation_id: id } = (await inbound.json()) as { conversation_id: number };

    // The help panel: 376 × at most 704 px on a desktop, inside the viewport on a phone.
    await page.goto('/inboxes');
    await page.getByRole('button', { name: 'Help', exact: true }).click();
    const panel = page.getByTestId('help-widget-panel');
    const panelBox = await box(panel);
    if (viewport.width >= 1440) expect(panelBox.width).toBe(376);
    expect(panelBox.width).toBeLessThanOrEqual(376);
    expect(panelBox.height).toBeLessThanOrEqual(704);
    expect(panelBox.x).toBeGreaterThanOrEqual(0);
    expect(panelBox.y).toBeGreaterThanOrEqual(0);
    expect(panelBox.x + panelBox.width).toBeLessThanOrEqual(viewport.width);
    // No native "Choose Files" beside Attach files in the Request Callback form.
    await panel.getByRole('button', { name: /Request Callback/ }).click();
    await expect(panel.getByRole('button', { name: /Attach files/ })).toBeVisible();
    const input = await box(panel.locator('input[type="file"]'));
    expect(input.width * input.height).toBeLessThanOrEqual(1);
    await page.getByRole('button', { name: 'Close help' }).click();

    // The demo callout in an open conversation.
    await page.evaluate(() => localStorage.removeItem('showDemoAndChatCallout'));
    await page.goto(`/inboxes/all/open/newest/${id}`);
    const send = page.getByRole('button', { name: /Send/ });
    await expect(send).toBeVisible();
    const callout = page.getByTestId('help-demo-callout');
    await expect(callout).toBeVisible({ timeout: 10_000 });
    expect(overlaps(await box(callout), await box(send))).toBe(false);

    // A modal's backdrop covers it (the shortcuts list, opened with ? outside a text field).
    await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
    await page.keyboard.press('?');
    await expect(page.getByRole('dialog', { name: 'Keyboard shortcuts' })).toBeVisible();
    const calloutBox = await box(callout);
    const onTop = await page.evaluate(
      ([x, y]) => document.elementFromPoint(x!, y!)?.closest('[data-testid="help-demo-callout"]'),
      [calloutBox.x + calloutBox.width / 2, calloutBox.y + calloutBox.height / 2],
    );
    expect(onTop).toBeNull();
  });
}
