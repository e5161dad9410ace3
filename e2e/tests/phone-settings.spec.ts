import { expect, test, type Page } from '@playwright/test';
import { signUpInBrowser } from './helpers';

/*
 * Settings, forms and modals on a phone (390×844, touch): no page wider than the screen and no
 * control smaller than WCAG 2.2's 24×24 px target — measured in a real browser, since jsdom has
 * no layout.
 */
test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

const CONTROLS =
  'a, button, input, select, textarea, [role=button], [role=switch], [role=checkbox], [role=radio], [role=tab], [role=combobox], .ant-select-selection-item-remove';
/** antd draws a control's hit area on a wrapper: the wrapper is the target. */
const TARGET_HOSTS =
  '.ant-select, .ant-picker, .ant-input-affix-wrapper, .ant-input-number, .ant-tabs-tab, .ant-menu-item, .ant-checkbox-wrapper, .ant-radio-wrapper, .ant-radio-button-wrapper, .ant-segmented-item';

/** Controls that are targets of their own even inside a wrapper. */
const OWN_TARGETS = 'button, [role=button], .ant-select-selection-item-remove';

/** The page's width problems: its overflow, and each visible control under 24×24 px. */
async function layoutProblems(page: Page, within = 'body') {
  return page.evaluate(
    ({ controls, hosts, buttons, root }) => {
      const problems: string[] = [];
      const { scrollWidth } = document.documentElement;
      if (scrollWidth > window.innerWidth)
        problems.push(`the page is ${scrollWidth} px wide on a ${window.innerWidth} px screen`);
      const seen = new Set<Element>();
      for (const scope of document.querySelectorAll(root)) {
        for (const found of scope.querySelectorAll(controls)) {
          // A button inside a wrapper (the password field's eye) is a target of its own.
          const el = found.matches(buttons) ? found : (found.closest(hosts) ?? found);
          if (seen.has(el)) continue;
          seen.add(el);
          const box = el.getBoundingClientRect();
          const style = getComputedStyle(el);
          if (box.width === 0 || box.height === 0 || style.visibility === 'hidden') continue;
          // The checkbox and radio inputs are drawn by their label; file inputs by a button.
          if (el instanceof HTMLInputElement && ['checkbox', 'radio', 'file'].includes(el.type))
            continue;
          // WCAG exempts a link inside a sentence.
          if (el.tagName === 'A' && style.display === 'inline') continue;
          if (box.width < 24 || box.height < 24) {
            const name = (el.getAttribute('aria-label') ?? el.textContent ?? '').trim();
            problems.push(
              `${el.tagName.toLowerCase()} “${name.slice(0, 40)}” is ${Math.round(box.width)}×${Math.round(box.height)} px`,
            );
          }
        }
      }
      return problems;
    },
    { controls: CONTROLS, hosts: TARGET_HOSTS, buttons: OWN_TARGETS, root: within },
  );
}

test('the sign-up form fits a phone and its show-password eye is a 24 px target', async ({
  page,
}) => {
  await page.goto('/signup');
  await expect(page.getByLabel('Password')).toBeVisible();
  expect(await layoutProblems(page)).toEqual([]);
});

test('settings on a phone: full-width pages, the menu in a drawer, modals on screen, no small targets', async ({
  page,
}) => {
  test.setTimeout(90_000);
  await signUpInBrowser(page, { workspace: 'Phone Settings Co' });

  // The menu of settings pages opens from a button and takes the person to the page.
  await page.goto('/settings/global');
  await page.getByRole('button', { name: 'Settings menu' }).click();
  const menu = page.getByRole('navigation', { name: 'Settings' });
  await menu.getByRole('link', { name: 'Team members' }).click();
  await expect(page).toHaveURL(/\/settings\/teammembers$/);
  await expect(page.getByRole('heading', { name: 'Team members' })).toBeVisible();
  await expect(menu).toBeHidden();

  for (const path of [
    '/settings/global',
    '/settings/profile',
    '/settings/profile/changepassword',
    '/settings/teammembers',
    '/settings/supportchannels',
    '/settings/tags',
    '/settings/help-center-articles',
    '/reporting',
  ]) {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 3 }).first()).toBeVisible();
    await page.waitForLoadState('networkidle');
    expect(await layoutProblems(page), path).toEqual([]);
  }

  // A settings modal fits the screen and keeps its targets.
  await page.goto('/settings/teammembers');
  await page.getByRole('button', { name: 'Invite teammate' }).click();
  const dialog = page.getByRole('dialog', { name: 'Invite a teammate' });
  await expect(dialog).toBeVisible();
  // Measured once its opening zoom has ended.
  await expect.poll(() => page.evaluate(() => document.getAnimations().length)).toBe(0);
  const box = (await dialog.boundingBox())!;
  expect(box.x).toBeGreaterThanOrEqual(0);
  expect(box.x + box.width).toBeLessThanOrEqual(390);
  expect(await layoutProblems(page, '.ant-modal-wrap')).toEqual([]);
});
