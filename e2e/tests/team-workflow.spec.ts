import crypto from 'node:crypto';
import fs from 'node:fs/promises';
import { expect as baseExpect, test, type Page } from '@playwright/test';
import {
  chooseOption,
  joinTeammate,
  panelChannelSubscribed,
  postJson,
  signUpThroughApi,
  startApiChannel,
} from './helpers';

// First loads of the inbox and settings chunks can take a while on a small shared machine.
const expect = baseExpect.configure({ timeout: 30_000 });

/** A customer of the API channel, with a name the test can find again. */
type Customer = { identifier: string; name: string };
const customer = (first: string): Customer => {
  const suffix = crypto.randomBytes(2).toString('hex');
  return { identifier: `${first}-${suffix}`, name: `${first} ${suffix}` };
};

/** A tag of the workspace, made through the API (owners and admins). */
async function createTag(page: Page, headers: Record<string, string>, name: string) {
  return (await postJson(page.request, '/dashboardapi/tags', headers, { name })) as { id: number };
}

const conversationList = (page: Page) => page.getByRole('list', { name: 'Conversations' });
const rowOf = (page: Page, name: string) =>
  conversationList(page).getByRole('listitem').filter({ hasText: name });
const paneOf = (page: Page, id: number) => page.getByRole('region', { name: `Conversation ${id}` });

/** Settings → `page`, through the menus. Realtime row updates reach the page from then on. */
async function openSettings(page: Page, name: string) {
  const subscribed = panelChannelSubscribed(page);
  await page.goto('/settings');
  await page.getByRole('link', { name, exact: true }).click();
  await expect(page.getByRole('heading', { name, exact: true })).toBeVisible();
  await subscribed;
}

/** Back to the inbox through the side navigation, on the All view. */
async function inboxAll(page: Page) {
  await page.getByRole('link', { name: 'Inboxes', exact: true }).click();
  await page
    .getByRole('navigation', { name: 'Inbox views' })
    .getByRole('link', { name: /^All/ })
    .click();
  await expect(page).toHaveURL(/\/inboxes\/all\/open\/newest$/);
}

/** Opens an inbox URL and waits until realtime row updates reach it. */
async function openInbox(page: Page, url: string) {
  const subscribed = panelChannelSubscribed(page);
  await page.goto(url);
  await expect(page.getByRole('searchbox', { name: 'Search conversations' })).toBeVisible();
  await subscribed;
}

// docs/product/automation.md
test('an admin writes an automation rule in Settings → Automation; a customer message containing "refund" is tagged and assigned by it, with the rule’s activity line', async ({
  page,
  context,
  request,
  baseURL,
}) => {
  test.setTimeout(60_000);
  const { headers } = await signUpThroughApi(context, { name: 'Ada Admin', workspace: 'Rules Co' });
  await createTag(page, headers, 'refund');
  // The teammate accepts from an API client of their own: this journey never signs them in.
  await joinTeammate({ request: page.request, headers }, request, { name: 'Tariq Teammate' });
  const channel = await startApiChannel(page.request, headers, baseURL!);

  // The rule, through the editor.
  await openSettings(page, 'Automation');
  await expect(page.getByText('No rules yet.', { exact: false })).toBeVisible();
  await page.getByRole('button', { name: 'New rule' }).click();
  const editor = page.getByRole('dialog', { name: 'New rule' });
  await editor.getByLabel('Name').fill('Refunds');
  await expect(editor.getByRole('combobox', { name: 'Trigger' })).toBeVisible();
  await expect(editor.getByTitle('When a customer message is received')).toBeVisible();
  await editor.getByRole('button', { name: 'Add a condition' }).click();
  await expect(editor.getByRole('combobox', { name: 'Field' })).toBeVisible();
  await expect(editor.getByTitle('Message text')).toBeVisible();
  await expect(editor.getByTitle('contains')).toBeVisible();
  await editor.getByRole('textbox', { name: 'Value' }).fill('refund');
  // The first action is "Add tags"; a second one assigns.
  await chooseOption(page, editor.getByRole('combobox', { name: 'Value' }).first(), 'refund');
  await page.keyboard.press('Escape');
  await editor.getByRole('button', { name: 'Add an action' }).click();
  await chooseOption(
    page,
    editor.getByRole('combobox', { name: 'Action' }).nth(1),
    'Assign to an agent',
  );
  await chooseOption(
    page,
    editor.getByRole('combobox', { name: 'Value' }).nth(1),
    'Tariq Teammate',
  );
  await expect(editor.getByRole('switch', { name: 'Rule is on' })).toBeChecked();
  await expect(editor).toContainText(
    /When a customer message is received.*refund.*add tag refund.*assign to Tariq Teammate/i,
  );
  await editor.getByRole('button', { name: 'Save' }).click();
  await expect(editor).toBeHidden();
  const rules = page.getByRole('list').filter({ hasText: 'Refunds' });
  await expect(rules.getByRole('switch', { name: 'Turn Refunds on or off' })).toBeChecked();

  // Two customers write, one of them about a refund. The rules of an event run in a queue, in
  // order: once the second is tagged, the first one's run is over.
  await inboxAll(page);
  const otto = customer('Otto');
  const casey = customer('Casey');
  await channel.send(otto, 'Where is my parcel?');
  const conversationId = await channel.send(casey, 'Hi, I would like a REFUND for order 4907.');
  const row = rowOf(page, casey.name);
  await expect(row.getByText('refund', { exact: true })).toBeVisible();
  await expect(row.getByRole('img', { name: 'Assigned to Tariq Teammate' })).toBeVisible();
  await expect(rowOf(page, otto.name)).toBeVisible();
  await expect(rowOf(page, otto.name).getByText('refund', { exact: true })).toHaveCount(0);
  await expect(rowOf(page, otto.name).getByRole('img', { name: /^Assigned to/ })).toHaveCount(0);

  await row.getByRole('link').click();
  const pane = paneOf(page, conversationId);
  await expect(
    pane
      .getByRole('list', { name: 'Messages' })
      .getByText('Rule “Refunds” added tag refund, assigned to Tariq Teammate'),
  ).toBeVisible();
  await expect(pane.getByRole('group', { name: 'Tags' })).toContainText('refund');
  await expect(pane.getByRole('combobox', { name: 'Assignee' })).toBeVisible();
  await expect(pane.getByTitle('Tariq Teammate', { exact: true })).toBeVisible();
});

// docs/product/macros.md
test('an agent makes a macro in Settings → Macros and runs it from the conversation header (button and the m key) and on two selected conversations from the bulk bar', async ({
  page,
  context,
  baseURL,
}) => {
  test.setTimeout(60_000);
  const { headers } = await signUpThroughApi(context, {
    name: 'Maya Macro',
    workspace: 'Macros Co',
  });
  await createTag(page, headers, 'vip');
  const channel = await startApiChannel(page.request, headers, baseURL!);
  const [ana, ben, cleo, dev] = [
    customer('Ana'),
    customer('Ben'),
    customer('Cleo'),
    customer('Dev'),
  ];
  const [anaId, benId] = [
    await channel.send(ana, `Hello from ${ana.name}`),
    await channel.send(ben, `Hello from ${ben.name}`),
    await channel.send(cleo, `Hello from ${cleo.name}`),
    await channel.send(dev, `Hello from ${dev.name}`),
  ];

  // The macro: add the tag vip, set the priority to urgent.
  await openSettings(page, 'Macros');
  await expect(page.getByText('No macros yet.', { exact: false })).toBeVisible();
  await page.getByRole('button', { name: 'New macro' }).click();
  const editor = page.getByRole('dialog', { name: 'New macro' });
  await editor.getByLabel('Name', { exact: true }).fill('VIP escalation');
  await editor.getByLabel('Description (optional)').fill('For our best customers');
  await chooseOption(page, editor.getByRole('combobox', { name: 'Value' }).first(), 'vip');
  await page.keyboard.press('Escape');
  await editor.getByRole('button', { name: 'Add an action' }).click();
  await chooseOption(page, editor.getByRole('combobox', { name: 'Value' }).nth(1), 'Urgent');
  await expect(editor).toContainText('add tag vip, set priority to Urgent');
  await editor.getByRole('button', { name: 'Save' }).click();
  await expect(editor).toBeHidden();
  await expect(page.getByText('VIP escalation', { exact: true })).toBeVisible();

  // From the header's button, on Ana's conversation.
  await inboxAll(page);
  await rowOf(page, ana.name).getByRole('link').click();
  const pane = paneOf(page, anaId);
  await expect(pane.getByText(`Hello from ${ana.name}`)).toBeVisible();
  await pane.getByRole('button', { name: 'Macros' }).click();
  const picker = page.getByRole('list', { name: 'Macros' });
  await picker.getByRole('button', { name: 'VIP escalation' }).click();
  await expect(page.getByText('Macro “VIP escalation” applied')).toBeVisible();
  await expect(pane.getByRole('group', { name: 'Tags' })).toContainText('vip');
  await expect(pane.getByRole('combobox', { name: 'Priority' })).toBeVisible();
  await expect(pane.getByTitle('Urgent', { exact: true })).toBeVisible();
  await expect(
    pane
      .getByRole('list', { name: 'Messages' })
      .getByText(
        'Maya Macro ran the macro “VIP escalation”: added tag vip, set the priority to urgent',
      ),
  ).toBeVisible();
  await expect(rowOf(page, ana.name).getByText('vip', { exact: true })).toBeVisible();
  await expect(rowOf(page, ana.name).getByText('Urgent', { exact: true })).toBeVisible();

  // With the m key on Ben's: the picker's search, Enter runs the first match.
  await rowOf(page, ben.name).getByRole('link').click();
  const benPane = paneOf(page, benId);
  await expect(benPane.getByText(`Hello from ${ben.name}`)).toBeVisible();
  await page.keyboard.press('m');
  const search = page.getByRole('searchbox', { name: 'Search macros' });
  await expect(search).toBeFocused();
  await search.fill('best customers');
  await search.press('Enter');
  await expect(benPane.getByRole('group', { name: 'Tags' })).toContainText('vip');
  await expect(rowOf(page, ben.name).getByText('Urgent', { exact: true })).toBeVisible();

  // On Cleo's and Dev's from the list, as one bulk job.
  await rowOf(page, cleo.name).getByRole('checkbox').check();
  await rowOf(page, dev.name).getByRole('checkbox').check();
  const bar = page.getByRole('toolbar', { name: 'Bulk actions' });
  await expect(bar).toContainText('2 selected');
  await bar.getByRole('button', { name: 'Macro' }).click();
  await page.getByRole('menuitem', { name: 'VIP escalation' }).click();
  await expect(page.getByText('2 conversations changed')).toBeVisible();
  await expect(bar).toBeHidden();
  for (const person of [cleo, dev]) {
    await expect(rowOf(page, person.name).getByText('vip', { exact: true })).toBeVisible();
    await expect(rowOf(page, person.name).getByText('Urgent', { exact: true })).toBeVisible();
  }
});

// docs/product/bulk.md
test('an agent selects conversations with checkboxes and a shift-click range, tags them and closes them from the bulk bar, and the list follows when the progress ends', async ({
  page,
  context,
  baseURL,
}) => {
  test.setTimeout(60_000);
  const { headers } = await signUpThroughApi(context, { name: 'Bo Bulk', workspace: 'Bulk Co' });
  await createTag(page, headers, 'wholesale');
  const channel = await startApiChannel(page.request, headers, baseURL!);
  const [ann, bea, cal, dee, eli] = [
    customer('Ann'),
    customer('Bea'),
    customer('Cal'),
    customer('Dee'),
    customer('Eli'),
  ];
  const people = [ann, bea, cal, dee, eli];
  for (const person of people) await channel.send(person, `Order question from ${person.name}`);

  await openInbox(page, '/inboxes/all/open/newest');
  const list = conversationList(page);
  for (const person of people) await expect(rowOf(page, person.name)).toBeVisible();
  // Newest first: Eli, Dee, Cal, Bea, Ann. Dee, then Shift+click Bea: Dee, Cal and Bea.
  const names = await list.getByRole('listitem').allInnerTexts();
  expect(names.map((text) => people.find((p) => text.includes(p.name)))).toEqual([
    eli,
    dee,
    cal,
    bea,
    ann,
  ]);
  const box = (person: Customer) => rowOf(page, person.name).getByRole('checkbox');
  await box(dee).click();
  await box(bea).click({ modifiers: ['Shift'] });
  const bar = page.getByRole('toolbar', { name: 'Bulk actions' });
  await expect(bar).toContainText('3 selected');
  for (const person of [dee, cal, bea]) await expect(box(person)).toBeChecked();
  for (const person of [eli, ann]) await expect(box(person)).not.toBeChecked();

  // Tag them.
  await bar.getByRole('button', { name: 'Tag' }).click();
  await page
    .getByRole('menu')
    .getByRole('group')
    .first()
    .getByRole('menuitem', { name: 'wholesale' })
    .click();
  await expect(page.getByText('3 conversations changed')).toBeVisible();
  await expect(bar).toBeHidden();
  for (const person of [dee, cal, bea])
    await expect(rowOf(page, person.name).getByText('wholesale', { exact: true })).toBeVisible();
  for (const person of [eli, ann])
    await expect(rowOf(page, person.name).getByText('wholesale', { exact: true })).toHaveCount(0);

  // Close one of them and one more: they leave the Open list.
  await box(cal).click();
  await box(ann).click();
  await expect(bar).toContainText('2 selected');
  await bar.getByRole('button', { name: 'Status' }).click();
  await page.getByRole('menuitem', { name: 'Closed (resolved)' }).click();
  await expect(page.getByText('2 conversations changed')).toBeVisible();
  await expect(bar).toBeHidden();
  for (const person of [cal, ann]) await expect(rowOf(page, person.name)).toHaveCount(0);
  await expect(list.getByRole('listitem')).toHaveCount(3);
  await expect(page.getByRole('heading', { name: /^All/ })).toContainText('3');

  // The Closed list has them.
  await page.getByRole('button', { name: 'Status: Open' }).click();
  await page.getByRole('menuitem', { name: 'Closed', exact: true }).click();
  for (const person of [cal, ann]) await expect(rowOf(page, person.name)).toBeVisible();
  await expect(list.getByRole('listitem')).toHaveCount(2);
});

// docs/product/saved-views.md
test('an agent filters the list, saves it as a view, sees it in the sidebar with its count and opens it again', async ({
  page,
  context,
  baseURL,
}) => {
  test.setTimeout(60_000);
  const { headers } = await signUpThroughApi(context, { name: 'Sal Saver', workspace: 'Views Co' });
  const channel = await startApiChannel(page.request, headers, baseURL!);
  const refunders = ['Rae', 'Rod'].map(customer);
  const other = customer('Uma');
  for (const person of refunders) await channel.send(person, 'I want a refund please');
  await channel.send(other, 'Do you ship to Norway?');

  await openInbox(page, '/inboxes/all/open/newest');
  await expect(rowOf(page, other.name)).toBeVisible();
  const search = page.getByRole('searchbox', { name: 'Search conversations' });
  await search.fill('refund');
  await search.press('Enter');
  await expect(page).toHaveURL(/search=refund/);
  await expect(rowOf(page, other.name)).toHaveCount(0);
  for (const person of refunders) await expect(rowOf(page, person.name)).toBeVisible();

  await page.getByRole('button', { name: 'Save these filters as a view' }).click();
  const dialog = page.getByRole('dialog', { name: 'Save view' });
  await expect(dialog).toContainText('Shows: All · Open · Newest first · “refund”');
  await dialog.getByLabel('Name').fill('Refunds');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('View saved')).toBeVisible();
  await expect(dialog).toBeHidden();

  const views = page.getByRole('navigation', { name: 'Inbox views' });
  const saved = views
    .getByRole('list', { name: 'Saved views' })
    .getByRole('link', { name: /Refunds/ });
  await expect(saved).toHaveText(/Refunds\s*2/);
  await expect(saved).toHaveAttribute('aria-current', 'page');

  // Elsewhere, then back through the view.
  await views.getByRole('link', { name: /^Mine/ }).click();
  await expect(page).toHaveURL(/\/inboxes\/mine\/open\/newest$/);
  await expect(saved).not.toHaveAttribute('aria-current', 'page');
  await expect(rowOf(page, refunders[0]!.name)).toHaveCount(0);
  await saved.click();
  await expect(page).toHaveURL(/\/inboxes\/all\/open\/newest\?search=refund$/);
  await expect(saved).toHaveAttribute('aria-current', 'page');
  await expect(search).toHaveValue('refund');
  for (const person of refunders) await expect(rowOf(page, person.name)).toBeVisible();
  await expect(rowOf(page, other.name)).toHaveCount(0);
  await expect(conversationList(page).getByRole('listitem')).toHaveCount(2);
});

// docs/product/notifications.md
test('an admin @mentions a teammate in an internal note; the teammate sees the bell’s unread count live, finds the mention in the drawer and lands on the conversation', async ({
  page,
  context,
  browser,
  baseURL,
}) => {
  test.setTimeout(60_000);
  const { headers } = await signUpThroughApi(context, {
    name: 'Olga Owner',
    workspace: 'Mentions Co',
  });
  const mateContext = await browser.newContext();
  try {
    await joinTeammate({ request: page.request, headers }, mateContext.request, {
      name: 'Tariq Teammate',
    });
    const channel = await startApiChannel(page.request, headers, baseURL!);
    const casey = customer('Casey');
    const conversationId = await channel.send(casey, 'My parcel arrived damaged');

    // The teammate works in the inbox, live.
    const mate = await mateContext.newPage();
    await openInbox(mate, '/inboxes/mine/open/newest');
    const bell = mate.getByRole('button', { name: /^Notifications/ });
    await expect(bell).toHaveAccessibleName('Notifications');

    // The admin writes a note and mentions them, picked from the list.
    await page.goto(`/inboxes/all/open/newest/${conversationId}`);
    const pane = paneOf(page, conversationId);
    await expect(pane.getByText('My parcel arrived damaged')).toBeVisible();
    await pane.getByText('Internal note', { exact: true }).click();
    const note = pane.getByRole('form', { name: 'Internal note' });
    const text = note.getByRole('textbox', { name: 'Internal note text' });
    await text.click();
    await text.pressSequentially('@Tar');
    await page.getByRole('menuitem', { name: /Tariq Teammate/ }).click();
    await expect(text).toHaveValue('@Tariq Teammate ');
    await text.press('End');
    await text.pressSequentially('can you check the photos?');
    await note.getByRole('button', { name: 'Add note' }).click();
    await expect(text).toHaveValue('');
    await expect(
      pane
        .getByRole('list', { name: 'Messages' })
        .getByText('@Tariq Teammate can you check the photos?'),
    ).toBeVisible();

    // The teammate's bell counts it without a reload; the drawer names who and where.
    await expect(bell).toHaveAccessibleName('Notifications, 1 unread');
    await expect(mate.getByTestId('notification-count')).toHaveText('1');
    await bell.click();
    const drawer = mate.getByRole('dialog', { name: 'Notifications' });
    const item = drawer
      .getByRole('list', { name: 'Notifications' })
      .getByRole('button', { name: /Olga Owner mentioned you/ });
    await expect(item).toContainText(`Olga Owner mentioned you in “${casey.name}”`);
    await expect(item).toContainText('@Tariq Teammate can you check the photos?');
    await expect(item.getByRole('img', { name: 'Unread' })).toBeVisible();
    await item.click();
    await expect(mate).toHaveURL(
      new RegExp(`/inboxes/all/all/newest/${conversationId}\\?search=id:${conversationId}$`),
    );
    await expect(drawer).toBeHidden();
    await expect(
      paneOf(mate, conversationId).getByText('@Tariq Teammate can you check the photos?'),
    ).toBeVisible();
    await expect(bell).toHaveAccessibleName('Notifications');
    await expect(mate.getByTestId('notification-count')).toHaveCount(0);
  } finally {
    await mateContext.close();
  }
});

// docs/product/contacts.md
test('an admin imports contacts from a CSV: maps the columns, watches the import finish, finds the new contacts and downloads the report of the bad row', async ({
  page,
  context,
}) => {
  test.setTimeout(60_000);
  await signUpThroughApi(context, { name: 'Ida Ingram', workspace: 'Contacts Co' });
  const tag = crypto.randomBytes(2).toString('hex');
  const csv = [
    'Who,E-mail,Mobile,Plan',
    `Nora Import ${tag},nora-${tag}@example.com,+44 20 7946 0001,Gold`,
    `Omar Import ${tag},omar-${tag}@example.com,0049 30 1234567,Silver`,
    `Pia Import ${tag},not-an-address,,Gold`,
    `Quinn Import ${tag},,+1 (555) 010-2030,Bronze`,
  ].join('\n');

  await page.goto('/contacts');
  await expect(page.getByText('No contacts yet', { exact: false })).toBeVisible();
  await page.getByRole('button', { name: 'Import' }).click();
  const modal = page.getByRole('dialog', { name: 'Import contacts' });
  const chooser = page.waitForEvent('filechooser');
  await modal.getByRole('button', { name: /Click or drop a CSV file here/ }).click();
  await (
    await chooser
  ).setFiles({ name: 'customers.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) });

  // The columns: email and phone recognised from their headers, the rest mapped by hand.
  await expect(
    modal.getByText('customers.csv: 4 rows. Choose where each column goes.'),
  ).toBeVisible();
  const column = (header: string) => modal.getByRole('combobox', { name: `Import “${header}” as` });
  await expect(column('E-mail')).toBeVisible();
  await expect(modal.getByTitle('Email', { exact: true })).toBeVisible();
  await expect(modal.getByTitle('Phone', { exact: true })).toBeVisible();
  await expect(modal.getByTitle('Don’t import', { exact: true })).toHaveCount(2);
  await chooseOption(page, column('Who'), 'Name');
  await chooseOption(page, column('Plan'), 'Custom attribute “Plan”');
  await expect(modal.getByTitle('Don’t import', { exact: true })).toHaveCount(0);
  await modal.getByRole('button', { name: 'Import 4 rows' }).click();

  // The progress, then what it did.
  await expect(modal.getByText('Imported 4 of 4')).toBeVisible();
  await expect(modal.getByText('3 contacts added')).toBeVisible();
  await expect(modal.getByText('0 contacts updated')).toBeVisible();
  await expect(modal.getByText('1 row not imported')).toBeVisible();
  const download = page.waitForEvent('download');
  await modal.getByRole('button', { name: 'Download error report' }).click();
  const report = await fs.readFile(await (await download).path(), 'utf8');
  expect(report.trim().split(/\r?\n/)).toEqual([
    'row,reason',
    expect.stringMatching(/^4,.*email/i),
  ]);
  await modal.getByRole('button', { name: 'Close' }).filter({ hasText: 'Close' }).click();
  await expect(modal).toBeHidden();

  // The list, read again, has them.
  for (const name of ['Nora', 'Omar', 'Quinn'])
    await expect(page.getByRole('link', { name: `${name} Import ${tag}` })).toBeVisible();
  await expect(page.getByText(`Pia Import ${tag}`)).toHaveCount(0);
});

// docs/product/merge-and-split.md
test('an agent merges another customer’s conversation into the open one after confirming, undoes it from the thread, then splits a later message into a new conversation and undoes that too', async ({
  page,
  context,
  baseURL,
}) => {
  test.setTimeout(90_000);
  const { headers } = await signUpThroughApi(context, {
    name: 'Mira Merge',
    workspace: 'Merge Co',
  });
  const channel = await startApiChannel(page.request, headers, baseURL!);
  const [ana, ben] = [customer('Ana'), customer('Ben')];
  const anaId = await channel.send(ana, `Order question from ${ana.name}`);
  const benId = await channel.send(ben, `Same order, from ${ben.name}`);

  await openInbox(page, '/inboxes/all/open/newest');
  await rowOf(page, ana.name).getByRole('link').click();
  const pane = paneOf(page, anaId);
  const thread = pane.getByRole('list', { name: 'Messages' });
  await expect(thread.getByText(`Order question from ${ana.name}`)).toBeVisible();

  // Merge Ben's conversation in, found by its number; another contact asks for a second step.
  await pane.getByRole('button', { name: 'More actions' }).click();
  await page.getByRole('menuitem', { name: 'Merge…' }).click();
  const dialog = page.getByRole('dialog', { name: 'Merge another conversation into this one' });
  await dialog.getByRole('textbox', { name: 'Conversation number' }).fill(`#${benId}`);
  await dialog.getByRole('button', { name: 'Find' }).click();
  await expect(dialog.getByRole('radio', { name: new RegExp(`#${benId}`) })).toBeChecked();
  await dialog.getByRole('button', { name: 'Merge', exact: true }).click();
  await expect(dialog.getByTestId('merge-other-contact')).toContainText(
    `#${benId} is with ${ben.name}, not ${ana.name}`,
  );
  await dialog.getByRole('button', { name: 'Merge anyway' }).click();
  await expect(dialog).toBeHidden();
  await expect(thread.getByText(`Same order, from ${ben.name}`)).toBeVisible();
  const mergedLine = thread
    .getByRole('listitem')
    .filter({ hasText: `Merged #${benId} into this conversation by Mira Merge` });
  await expect(mergedLine).toBeVisible();
  // Ben's conversation is closed and points here: it leaves the open list (Ana's row now shows
  // Ben's message as its latest).
  const bensRow = rowOf(page, ben.name).filter({ hasNotText: ana.name });
  await expect(bensRow).toHaveCount(0);

  // Undo from the thread: Ben's message goes back, and his conversation is open again.
  await mergedLine.getByRole('button', { name: 'Undo' }).click();
  await expect(page.getByText('Merge undone')).toBeVisible();
  await expect(thread.getByText(`Same order, from ${ben.name}`)).toHaveCount(0);
  await expect(bensRow).toBeVisible();

  // Ana writes again about something else; the agent splits it off.
  expect(await channel.send(ana, 'Another thing: can I change the colour?')).toBe(anaId);
  const later = thread.getByRole('listitem').filter({ hasText: 'can I change the colour?' });
  await expect(later).toBeVisible();
  await later.hover();
  await later.getByRole('button', { name: 'Message actions' }).click();
  await page.getByRole('menuitem', { name: 'Split from here' }).click();
  const splitLine = thread
    .getByRole('listitem')
    .filter({ hasText: /Split into #\d+ by Mira Merge/ });
  await expect(splitLine).toBeVisible();
  await expect(thread.getByText('can I change the colour?')).toHaveCount(0);
  await expect(thread.getByText(`Order question from ${ana.name}`)).toBeVisible();
  await expect(rowOf(page, ana.name)).toHaveCount(2);

  await splitLine.getByRole('button', { name: 'Undo' }).click();
  await expect(page.getByText('Split undone')).toBeVisible();
  await expect(thread.getByText('can I change the colour?')).toBeVisible();
  await expect(rowOf(page, ana.name)).toHaveCount(1);
});

// docs/product/assignment.md, docs/product/sla.md, docs/product/automation.md
test('with round-robin on for the channel, a new conversation goes to the only online agent with its first-response clock on the row; when the 1-minute target passes, the row shows it overdue and an “SLA breached” rule tags it late', async ({
  page,
  context,
  browser,
  baseURL,
}) => {
  // The SLA scanner looks every 15 s: the breach comes 60–75 s after the customer writes.
  test.setTimeout(240_000);
  const { headers } = await signUpThroughApi(context, {
    name: 'Ada Admin',
    workspace: 'Round Robin Co',
  });
  await createTag(page, headers, 'late');
  const mateContext = await browser.newContext();
  try {
    await joinTeammate({ request: page.request, headers }, mateContext.request, {
      name: 'Tariq Teammate',
    });
    const channel = await startApiChannel(page.request, headers, baseURL!);

    // The teammate is at work: an open inbox keeps them online (its realtime socket).
    const mate = await mateContext.newPage();
    await openInbox(mate, '/inboxes/mine/open/newest');
    await mate.getByRole('button', { name: /user menu$/ }).click();
    const mateAvailability = mate.getByRole('radiogroup', { name: 'Your availability' });
    await expect(mateAvailability.getByRole('radio', { name: /Online/ })).toBeChecked();
    await expect(mate.getByText('You get new conversations', { exact: true })).toBeVisible();
    await expect(mate.getByText('Shown as offline', { exact: false })).toHaveCount(0);
    await mate.keyboard.press('Escape');

    // Round-robin for the channel.
    await openSettings(page, 'Auto-assignment');
    await chooseOption(
      page,
      page.getByRole('combobox', { name: 'How Shop backend hands out new conversations' }),
      'Round-robin',
    );
    await expect(page.getByText('Auto-assignment saved')).toBeVisible();
    await expect(
      page.getByText('Online agents take turns, one new conversation each.'),
    ).toBeVisible();

    // A first answer within 1 minute, round the clock, for conversations without a priority.
    await openSettings(page, 'SLA policies');
    await page.getByRole('button', { name: 'New policy' }).click();
    const policy = page.getByRole('dialog', { name: 'New SLA policy' });
    await policy.getByLabel('Name').fill('One-minute answers');
    await expect(policy.getByRole('switch', { name: 'Count in business hours' })).not.toBeChecked();
    await expect(policy.getByText('Off: the clocks count round the clock.')).toBeVisible();
    await policy.getByRole('spinbutton', { name: 'First response target, No priority' }).fill('1');
    await chooseOption(
      page,
      policy.getByRole('combobox', { name: 'First response target unit, No priority' }),
      'minutes',
    );
    await policy.getByRole('button', { name: 'Save' }).click();
    await expect(policy).toBeHidden();
    await expect(
      page.getByText('Every channel · Every store · Round the clock · Targets for No priority'),
    ).toBeVisible();

    // The rule: when an SLA is breached, add the tag late.
    await openSettings(page, 'Automation');
    await page.getByRole('button', { name: 'New rule' }).click();
    const rule = page.getByRole('dialog', { name: 'New rule' });
    await rule.getByLabel('Name').fill('Late answers');
    await chooseOption(
      page,
      rule.getByRole('combobox', { name: 'Trigger' }),
      'When an SLA is breached',
    );
    await chooseOption(page, rule.getByRole('combobox', { name: 'Value' }).first(), 'late');
    await page.keyboard.press('Escape');
    await expect(rule.getByRole('switch', { name: 'Rule is on' })).toBeChecked();
    await expect(rule).toContainText('When an SLA is breached, add tag late');
    await rule.getByRole('button', { name: 'Save' }).click();
    await expect(rule).toBeHidden();
    await expect(
      page.getByRole('list').filter({ hasText: 'Late answers' }).getByRole('switch', {
        name: 'Turn Late answers on or off',
      }),
    ).toBeChecked();

    // The admin steps away: they keep their conversations but get no new ones.
    await inboxAll(page);
    await page.getByRole('button', { name: /user menu$/ }).click();
    const availability = page.getByRole('radiogroup', { name: 'Your availability' });
    // The choice's input is hidden under its button: the person clicks the button.
    await availability.locator('label').filter({ hasText: 'Away' }).click();
    await expect(availability.getByRole('radio', { name: /Away/ })).toBeChecked();
    await expect(
      page.getByText('You keep yours, but get no new ones', { exact: true }),
    ).toBeVisible();
    await page.keyboard.press('Escape');

    // A customer writes: round-robin hands the conversation to the teammate, the clock starts.
    const casey = customer('Casey');
    const conversationId = await channel.send(casey, 'Where is my order 5123?');
    const adminRow = rowOf(page, casey.name);
    await expect(adminRow.getByRole('img', { name: 'Assigned to Tariq Teammate' })).toBeVisible();
    await expect(
      adminRow.getByRole('img', { name: 'First response due in 1 min', exact: true }),
    ).toBeVisible();

    const row = rowOf(mate, casey.name);
    await expect(row.getByRole('img', { name: 'Assigned to Tariq Teammate' })).toBeVisible();
    await expect(
      row.getByRole('img', { name: 'First response due in 1 min', exact: true }),
    ).toBeVisible();
    await row.getByRole('link').click();
    const pane = paneOf(mate, conversationId);
    const thread = pane.getByRole('list', { name: 'Messages' });
    await expect(thread.getByText('Where is my order 5123?')).toBeVisible();
    await expect(thread.getByText('Assigned to Tariq Teammate by round-robin')).toBeVisible();
    await expect(pane.getByRole('combobox', { name: 'Assignee' })).toBeVisible();
    await expect(pane.getByTitle('Tariq Teammate (me)', { exact: true })).toBeVisible();
    const sla = pane.getByRole('region', { name: 'SLA' });
    await expect(sla).toContainText('One-minute answers');
    await expect(sla).toContainText('First response due in 1 min');
    await expect(row.getByText('late', { exact: true })).toHaveCount(0);

    // Nobody answers: the breach, live on the row and in the pane, and the rule's tag.
    const breach = { timeout: 120_000 };
    await expect(row.getByRole('img', { name: /^First response overdue by/ })).toBeVisible(breach);
    await expect(sla).toContainText(/First response overdue by \d+ min/);
    await expect(thread.getByText('Rule “Late answers” added tag late')).toBeVisible(breach);
    await expect(pane.getByRole('group', { name: 'Tags' })).toContainText('late');
    await expect(row.getByText('late', { exact: true })).toBeVisible();
    await expect(adminRow.getByRole('img', { name: /^First response overdue by/ })).toBeVisible();
    await expect(adminRow.getByText('late', { exact: true })).toBeVisible();
  } finally {
    await mateContext.close();
  }
});

// docs/product/sla.md: a day takes two periods (a lunch break), the second after the first.
test('an admin gives Monday two periods in Settings → Business hours, 09:00–12:00 and 14:00–18:00; both are kept after a reload, and an overlapping second period is refused in words, not saved', async ({
  page,
  context,
}) => {
  test.setTimeout(60_000);
  const { headers } = await signUpThroughApi(context, { name: 'Hal Hours', workspace: 'Hours Co' });
  const saves: string[] = [];
  page.on('request', (request) => {
    if (request.method() === 'PUT' && request.url().endsWith('/dashboardapi/business-hours'))
      saves.push(request.postData() ?? '');
  });

  await openSettings(page, 'Business hours');
  const form = page.getByRole('form', { name: 'Business hours' });
  await form.getByRole('radio', { name: 'Open at set hours' }).check();
  const monday = form.getByRole('group', { name: 'Monday' });
  await monday.getByRole('switch', { name: 'Open on Monday' }).click();
  await expect(monday.getByRole('switch', { name: 'Open on Monday' })).toBeChecked();
  await expect(monday.getByLabel('Monday opens at')).toHaveValue('09:00');
  await monday.getByLabel('Monday closes at').fill('12:00');
  await monday.getByRole('button', { name: 'Add a period on Monday' }).click();
  await monday.getByLabel('Monday, period 2, opens at').fill('14:00');
  await monday.getByLabel('Monday, period 2, closes at').fill('18:00');
  // Two at most: no third.
  await expect(monday.getByRole('button', { name: 'Add a period on Monday' })).toHaveCount(0);
  await form.getByRole('button', { name: 'Save business hours' }).click();
  await expect(page.getByText('Business hours saved')).toBeVisible();
  expect(saves).toHaveLength(1);

  // A reload shows both periods, in order.
  await page.reload();
  await expect(monday.getByRole('switch', { name: 'Open on Monday' })).toBeChecked();
  await expect(monday.getByLabel('Monday opens at')).toHaveValue('09:00');
  await expect(monday.getByLabel('Monday closes at')).toHaveValue('12:00');
  await expect(monday.getByLabel('Monday, period 2, opens at')).toHaveValue('14:00');
  await expect(monday.getByLabel('Monday, period 2, closes at')).toHaveValue('18:00');
  await expect(form.getByRole('group', { name: 'Tuesday' }).getByRole('switch')).not.toBeChecked();

  // The second period starting while the first is open: the person reads why, nothing is sent.
  await monday.getByLabel('Monday, period 2, opens at').fill('11:00');
  await form.getByRole('button', { name: 'Save business hours' }).click();
  await expect(monday.getByText('Start after 12:00, when the period before ends.')).toBeVisible();
  await expect(monday.getByLabel('Monday, period 2, opens at')).toHaveAttribute(
    'aria-invalid',
    'true',
  );
  expect(saves).toHaveLength(1);
  const kept = await page.request.get('/dashboardapi/business-hours', { headers });
  expect(kept.status(), await kept.text()).toBe(200);
  expect(
    ((await kept.json()) as { business_hours: { days: unknown[] } }).business_hours.days,
  ).toEqual([
    { day: 1, open: '09:00', close: '12:00' },
    { day: 1, open: '14:00', close: '18:00' },
  ]);
});
