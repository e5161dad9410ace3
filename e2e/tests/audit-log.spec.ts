import fs from 'node:fs/promises';
import { expect as baseExpect, test, type Page } from '@playwright/test';
import {
  chooseOption,
  joinTeammate,
  PASSWORD,
  sessionHeaders,
  signUpThroughApi,
  postJson,
} from './helpers';

// First loads of the settings chunks can take a while on a small shared machine.
const expect = baseExpect.configure({ timeout: 30_000 });

const auditEntries = (page: Page) =>
  // The entries, not the action buttons each one lists.
  page.getByRole('main').locator('.ant-list-item');
const entry = (page: Page, text: string | RegExp) => auditEntries(page).filter({ hasText: text });

// docs/product/audit-log.md, docs/product/screens.md (Settings → Audit log), docs/product/roles.md
test('an owner reads the audit log — who did what and when, newest first, a failed sign-in too — filters it by action, person and days, exports it as CSV, chooses how long it is kept, and an agent has neither the menu entry nor the page', async ({
  page,
  context,
  browser,
  request,
}) => {
  test.setTimeout(180_000);
  const startedAt = Date.now();
  const owner = await signUpThroughApi(context, { name: 'Olga Owner', workspace: 'Audit Co' });
  const headers = owner.headers;

  // An agent who joins from a browser of their own, and a teammate who becomes an admin.
  const agentContext = await browser.newContext();
  try {
    const aziz = await joinTeammate({ request: page.request, headers }, agentContext.request, {
      name: 'Aziz Agent',
    });
    await joinTeammate({ request: page.request, headers }, request, { name: 'Ada Admin' });
    const members = (await (
      await page.request.get('/dashboardapi/teammembers', { headers })
    ).json()) as { members: { id: number; name: string }[] };
    const ada = members.members.find((m) => m.name === 'Ada Admin')!;
    const promoted = await page.request.patch(`/dashboardapi/teammembers/${ada.id}`, {
      headers,
      data: { permission_level: 'admin' },
    });
    expect(promoted.status(), await promoted.text()).toBe(200);
    await postJson(page.request, '/dashboardapi/teams', headers, { name: 'Billing' });
    const hours = await page.request.put('/dashboardapi/business-hours', {
      headers,
      data: {
        business_hours: {
          time_zone: 'Europe/Paris',
          days: [1, 2, 3, 4, 5].map((day) => ({ day, open: '09:00', close: '17:00' })),
          holidays: [],
        },
      },
    });
    expect(hours.status(), await hours.text()).toBe(200);

    // The owner signs in through the form, mistyping the password once.
    await context.clearCookies();
    await page.goto('/login');
    const form = page.getByRole('form', { name: 'Sign in' });
    await form.getByLabel('Email').fill(owner.email);
    await form.getByLabel('Password', { exact: true }).fill('not the password');
    await form.getByRole('button', { name: 'Sign in' }).click();
    await expect(page.getByText('The email or password is incorrect.')).toBeVisible();
    await form.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await form.getByRole('button', { name: 'Sign in' }).click();
    await expect(page).toHaveURL(/\/inboxes/);

    // Settings → Audit log, through the menu.
    await page.goto('/settings');
    await page.getByRole('link', { name: 'Audit log', exact: true }).click();
    await expect(page).toHaveURL(/\/settings\/audit-log$/);
    await expect(page.getByRole('heading', { name: 'Audit log', exact: true })).toBeVisible();

    // Newest first, each entry a sentence naming who did it.
    const expected = [
      'Olga Owner signed in',
      'Someone tried to sign in as Olga Owner with a wrong password',
      'Olga Owner changed the business hours',
      'Olga Owner created the team Billing',
      'Olga Owner changed the role of Ada Admin from Agent to Admin',
      'Ada Admin accepted the invitation and joined',
      /^Olga Owner invited mate-\S+@example\.com as Agent/,
      'Aziz Agent accepted the invitation and joined',
      `Olga Owner invited ${aziz.email} as Agent`,
      'Olga Owner created the workspace',
    ];
    await expect(auditEntries(page)).toHaveCount(expected.length);
    for (const [index, text] of expected.entries())
      await expect(auditEntries(page).nth(index)).toContainText(text);
    // The mistyped password is no sign-in, but is in the log as a failed one.
    await expect(entry(page, 'signed in')).toHaveCount(1);
    await chooseOption(page, page.getByRole('combobox', { name: 'Action' }), 'Failed sign-in');
    await expect(auditEntries(page)).toHaveCount(1);
    await expect(auditEntries(page).first()).toContainText(
      'Someone tried to sign in as Olga Owner with a wrong password',
    );
    await page.reload();
    await expect(auditEntries(page)).toHaveCount(expected.length);

    // When: each entry carries its moment, within this journey.
    const roleChange = entry(page, 'changed the role of Ada Admin');
    const at = Date.parse((await roleChange.locator('time').getAttribute('datetime'))!);
    expect(at).toBeGreaterThanOrEqual(startedAt - 1_000);
    expect(at).toBeLessThanOrEqual(Date.now());
    await expect(roleChange.locator('time')).toContainText(/ago|now|second|minute/i);

    // Filter by action: only the role change; cleared, everything again.
    const action = page.getByRole('combobox', { name: 'Action' });
    await chooseOption(page, action, 'Role changed');
    await expect(auditEntries(page)).toHaveCount(1);
    await expect(auditEntries(page).first()).toContainText(
      'Olga Owner changed the role of Ada Admin from Agent to Admin',
    );
    await chooseOption(page, action, 'Team created');
    await expect(auditEntries(page)).toHaveCount(1);
    await expect(auditEntries(page).first()).toContainText('Olga Owner created the team Billing');
    await chooseOption(page, action, 'Team deleted');
    await expect(page.getByText('Nothing matches these filters yet.')).toBeVisible();
    await action
      .locator(
        'xpath=ancestor::*[contains(concat(" ", normalize-space(@class), " "), " ant-select ")][1]',
      )
      .hover();
    await page.locator('.ant-select-clear').click();
    await expect(auditEntries(page)).toHaveCount(expected.length);

    // Filter by person: only what Ada did; closing the filter shows everyone again.
    await entry(page, 'Ada Admin accepted the invitation')
      .getByRole('button', { name: 'Only this person' })
      .click();
    await expect(page.getByText('Only Ada Admin')).toBeVisible();
    await expect(auditEntries(page)).toHaveCount(1);
    await expect(auditEntries(page).first()).toContainText('Ada Admin accepted the invitation');
    await page.getByLabel('Show everyone').click();
    await expect(page.getByText('Only Ada Admin')).toHaveCount(0);
    await expect(auditEntries(page)).toHaveCount(expected.length);

    // The list is read afresh: a reload shows the same entries.
    await page.reload();
    await expect(auditEntries(page)).toHaveCount(expected.length);
    await expect(auditEntries(page).first()).toContainText('Olga Owner signed in');

    // Filter by days: last month holds nothing of this journey; the last 7 days hold it all.
    const days = page.getByRole('textbox', { name: 'Date range' }).first();
    await days.click();
    await page.locator('.ant-picker-presets').getByText('Last month', { exact: true }).click();
    await expect(page.getByText('Nothing matches these filters yet.')).toBeVisible();
    await days.click();
    await page.locator('.ant-picker-presets').getByText('Last 7 days', { exact: true }).click();
    await expect(auditEntries(page)).toHaveCount(expected.length);

    // Export CSV: the entries shown, as a file, and the export is itself in the log.
    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Export CSV' }).click();
    const file = await download;
    expect(file.suggestedFilename()).toMatch(/^audit-log-\d{4}-\d{2}-\d{2}\.csv$/);
    const rows = (await fs.readFile(await file.path(), 'utf8')).trim().split('\r\n');
    expect(rows[0]).toBe('time,action,actor_name,actor_email,subject_name,subject_email,details');
    expect(rows.slice(1).map((row) => row.split(',')[1])).toEqual([
      'audit_log_exported',
      'login',
      'login_failed',
      'business_hours_updated',
      'team_created',
      'member_role_changed',
      'invitation_accepted',
      'invitation_sent',
      'invitation_accepted',
      'invitation_sent',
      'signup',
    ]);
    expect(rows[3]).toContain(`Olga Owner,${owner.email}`);
    for (const row of rows.slice(1))
      expect(Date.parse(row.split(',')[0]!)).toBeGreaterThanOrEqual(startedAt - 1_000);
    await page.reload();
    await expect(auditEntries(page).first()).toContainText(
      'Olga Owner exported the audit log as CSV',
    );

    // Retention: as long as the workspace exists, until the owner picks 90 days; kept on reload.
    await expect(page.getByText('Entries are kept as long as the workspace exists.')).toBeVisible();
    const keep = page.getByRole('combobox', { name: 'Keep entries for' });
    await chooseOption(page, keep, '90 days');
    await expect(page.getByText('Retention saved')).toBeVisible();
    await expect(
      page.getByText('Older entries are deleted within the hour, for good.'),
    ).toBeVisible();
    await page.reload();
    await expect(
      page
        .locator('.ant-select')
        .filter({ has: page.getByRole('combobox', { name: 'Keep entries for' }) })
        .getByTitle('90 days', { exact: true }),
    ).toBeVisible();
    await expect(auditEntries(page).first()).toContainText(
      'Olga Owner set the audit log to keep entries for 90 days',
    );

    // An agent: no menu entry, and the page says "not allowed" without asking the server.
    const agentPage = await agentContext.newPage();
    const auditCalls: string[] = [];
    agentPage.on('request', (req) => {
      if (req.url().includes('/dashboardapi/audit-log')) auditCalls.push(req.url());
    });
    await agentPage.goto('/settings');
    const settingsMenu = agentPage.getByRole('link', { name: 'Team members', exact: true });
    await expect(settingsMenu).toBeVisible();
    await expect(agentPage.getByRole('link', { name: 'Audit log', exact: true })).toHaveCount(0);
    await agentPage.goto('/settings/audit-log');
    await expect(
      agentPage.getByRole('heading', { name: "You don't have access to this page" }),
    ).toBeVisible();
    await expect(
      agentPage.getByText('Only owners and admins of this workspace can open Audit log', {
        exact: false,
      }),
    ).toBeVisible();
    await expect(agentPage.getByRole('heading', { name: 'Audit log', exact: true })).toHaveCount(0);
    expect(auditCalls).toEqual([]);
    // Still signed in: the way back leads into the app, not to /login.
    await agentPage.getByRole('button', { name: 'Go back' }).click();
    await expect(agentPage).toHaveURL(/\/settings/);
    await expect(agentPage).not.toHaveURL(/\/settings\/audit-log/);
    await expect(settingsMenu).toBeVisible();
    // The server refuses the agent all the same.
    const refused = await agentContext.request.get('/dashboardapi/audit-log', {
      headers: await sessionHeaders(agentContext),
    });
    expect(refused.status()).toBe(403);
  } finally {
    await agentContext.close();
  }
});
