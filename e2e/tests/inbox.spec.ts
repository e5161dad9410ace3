import crypto from 'node:crypto';
import { expect as baseExpect, test, type Page } from '@playwright/test';
import {
  linkFromMailbox,
  panelChannelSubscribed,
  postJson,
  chooseOption,
  sessionHeaders,
  signUpInBrowser,
  signUpThroughApi,
  startApiChannel,
  startWebhookReceiver,
  uniqueEmail,
} from './helpers';

// Two browsers on a small shared machine: first loads of the inbox chunk can take a while.
const expect = baseExpect.configure({ timeout: 30_000 });

const UNASSIGNED = '/inboxes/unassigned/open/newest';

test('two agents share the inbox live: a customer message arrives, one agent takes it and replies, the webhook gets the signed reply', async ({
  browser,
  baseURL,
}) => {
  // Two browsers, a sign-up, an invitation and a webhook delivery on a 2-core machine.
  test.setTimeout(180_000);
  const receiver = await startWebhookReceiver();
  const ownerContext = await browser.newContext();
  const mateContext = await browser.newContext();
  try {
    // 1. An owner signs up in the browser and invites a teammate, who joins through the UI.
    const owner = await ownerContext.newPage();
    await signUpInBrowser(owner, { name: 'Olga Owner', workspace: 'Shared Inbox Co' });
    const ownerApi = await sessionHeaders(ownerContext);
    const mateEmail = uniqueEmail('mate');
    await postJson(owner.request, '/dashboardapi/teammembers/invite', ownerApi, {
      email: mateEmail,
      permission_level: 'agent',
    });
    const link = await linkFromMailbox(mateEmail, '/settings/teammembers/invite/confirm/');
    const mate = await mateContext.newPage();
    await mate.goto(link);
    await expect(mate.getByText('Shared Inbox Co')).toBeVisible();
    await mate.getByLabel('Name', { exact: true }).fill('Tariq Teammate');
    await mate.getByLabel('Password').fill('teammate password 1');
    await mate.getByRole('button', { name: /join|accept/i }).click();
    await expect(mate).toHaveURL(/\/inboxes/);

    // 2. The owner creates an API channel whose replies go to the local webhook receiver.
    const channel = (await postJson(owner.request, '/dashboardapi/supportchannel', ownerApi, {
      type: 'api',
      name: 'Shop backend',
      webhook_url: receiver.url,
    })) as { id: number; webhook_secret: string };
    expect(channel.webhook_secret).toMatch(/^whsec_/);
    const { key: apiKey } = (await postJson(owner.request, '/dashboardapi/apikeys', ownerApi, {
      name: 'e2e shop backend',
    })) as { key: string };

    // 3. Both agents watch the Unassigned view, live.
    const agents = [mate, owner];
    for (const page of agents) {
      const subscribed = panelChannelSubscribed(page);
      await page.goto(UNASSIGNED);
      await expect(page.getByRole('heading', { name: 'No conversations here' })).toBeVisible();
      await subscribed;
    }

    const customer = `Casey Customer ${crypto.randomBytes(3).toString('hex')}`;
    const question = `Where is my order #${crypto.randomInt(10_000, 99_999)}?`;
    const inbound = await fetch(`${baseURL}/api/v1/channels/${channel.id}/messages`, {
      method: 'POST',
      headers: { authorization: `Bearer ${apiKey}`, 'content-type': 'application/json' },
      body: JSON.stringify({
        contact: { identifier: 'customer-42', name: customer, email: uniqueEmail('casey') },
        message: { id: 'shop-msg-1', body: question },
      }),
    });
    expect(inbound.status).toBe(201);
    const { conversation_id: conversationId } = (await inbound.json()) as {
      conversation_id: number;
    };

    const rowOf = (page: Page) =>
      page
        .getByRole('list', { name: 'Conversations' })
        .getByRole('link', { name: new RegExp(customer) });
    for (const page of agents) {
      await expect(rowOf(page)).toBeVisible();
      await expect(rowOf(page)).toContainText(question);
    }

    // 4. The teammate points at it (docs/product/states.md: the ticket preloads), opens it, assigns it to
    // themself and replies through the composer.
    const preloaded = mate.waitForResponse((res) =>
      res.url().includes(`/external-api/tickets/${conversationId}`),
    );
    await rowOf(mate).hover();
    expect((await preloaded).status()).toBe(200);
    await rowOf(mate).click();
    await expect(mate).toHaveURL(new RegExp(`${UNASSIGNED}/${conversationId}$`));
    const pane = mate.getByRole('region', { name: `Conversation ${conversationId}` });
    await expect(pane.getByText(question)).toBeVisible();
    await pane.getByRole('button', { name: 'Assign to me' }).click();
    await expect(pane.getByRole('button', { name: 'Assign to me' })).toHaveCount(0);
    await expect(pane.getByRole('combobox', { name: 'Assignee' })).toBeVisible();
    await expect(pane.getByText('Tariq Teammate (me)')).toBeVisible();

    // The owner, who never reloads, sees it leave the Unassigned view.
    await expect(rowOf(owner)).toHaveCount(0);
    await expect(owner.getByRole('heading', { name: 'No conversations here' })).toBeVisible();

    const answer = `Hi ${customer}, your order ships today.`;
    const replyForm = pane.getByRole('form', { name: 'Reply' });
    await replyForm.getByRole('textbox', { name: 'Reply text' }).fill(answer);
    await replyForm.getByRole('button', { name: 'Send' }).click();
    await expect(replyForm.getByRole('textbox', { name: 'Reply text' })).toHaveValue('');
    await expect(pane.getByText(answer)).toBeVisible();

    // 5. The customer's system receives the reply, signed with the channel's webhook secret.
    await expect.poll(() => receiver.received.length, { timeout: 15_000 }).toBeGreaterThan(0);
    const [hook] = receiver.received;
    const timestamp = String(hook!.headers['x-parley-timestamp']);
    expect(timestamp).toMatch(/^\d+$/);
    expect(Math.abs(Date.now() / 1000 - Number(timestamp))).toBeLessThan(300);
    const expected = crypto
      .createHmac('sha256', channel.webhook_secret)
      .update(`${timestamp}.${hook!.body}`)
      .digest('hex');
    expect(hook!.headers['x-parley-signature']).toBe(`sha256=${expected}`);
    const payload = JSON.parse(hook!.body) as {
      event: string;
      channel_id: number;
      conversation_id: number;
      contact: { identifier: string; name: string };
      message: { body: string };
    };
    expect(payload).toMatchObject({
      event: 'message.created',
      channel_id: channel.id,
      conversation_id: conversationId,
      contact: { identifier: 'customer-42', name: customer },
      message: { body: answer },
    });
    expect(receiver.received).toHaveLength(1);
  } finally {
    await ownerContext.close();
    await mateContext.close();
    await receiver.close();
  }
});

test('an agent sees a customer write again live, and finds conversations from the search box by words, name and id', async ({
  page,
  baseURL,
}) => {
  test.setTimeout(120_000);
  await signUpInBrowser(page, { name: 'Sam Searcher', workspace: 'Search Co' });
  const api = await sessionHeaders(page.context());
  const channel = (await postJson(page.request, '/dashboardapi/supportchannel', api, {
    type: 'api',
    name: 'Shop backend',
  })) as { id: number };
  const { key } = (await postJson(page.request, '/dashboardapi/apikeys', api, {
    name: 'e2e search',
  })) as { key: string };
  const tag = crypto.randomBytes(3).toString('hex');
  const send = async (identifier: string, name: string, body: string) => {
    const res = await fetch(`${baseURL}/api/v1/channels/${channel.id}/messages`, {
      method: 'POST',
      headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
      body: JSON.stringify({ contact: { identifier, name }, message: { body } }),
    });
    expect(res.status).toBe(201);
    return ((await res.json()) as { conversation_id: number }).conversation_id;
  };
  const zelda = `Zelda Quartz ${tag}`;
  const otto = `Otto Lind ${tag}`;
  const zeldaConversation = await send('z-1', zelda, 'My carabiner arrived broken');
  await send('o-1', otto, 'Can I change the delivery address?');

  const subscribed = panelChannelSubscribed(page);
  await page.goto('/inboxes/all/open/newest');
  const list = page.getByRole('list', { name: 'Conversations' });
  const row = (name: string) => list.getByRole('link', { name: new RegExp(name) });
  await expect(row(zelda)).toBeVisible();
  await subscribed;

  // The same customer writes again in her open conversation: the row updates without a reload.
  expect(await send('z-1', zelda, 'Also the ZIPPER of the bag is torn')).toBe(zeldaConversation);
  await expect(row(zelda)).toContainText('Also the ZIPPER of the bag is torn');

  const search = page.getByRole('searchbox', { name: 'Search conversations' });
  const searchFor = async (text: string) => {
    await search.fill(text);
    await search.press('Enter');
  };
  // Words of her latest message, typed in another case than she wrote them.
  await searchFor('zipper torn');
  await expect(row(zelda)).toBeVisible();
  await expect(row(otto)).toHaveCount(0);
  // The other customer by name.
  await searchFor(`Lind ${tag}`);
  await expect(row(otto)).toBeVisible();
  await expect(row(zelda)).toHaveCount(0);
  // A ticket by id.
  await searchFor(`id:${zeldaConversation}`);
  await expect(row(zelda)).toBeVisible();
  await expect(row(otto)).toHaveCount(0);
  // Nothing matches: the list says so in words.
  await searchFor('parachute');
  await expect(
    page.getByRole('heading', { name: 'No conversations match your search' }),
  ).toBeVisible();
});

// docs/product/saved-views.md: the list's filters (priority, SLA, days of creation) live in the URL.
test('the inbox Filters panel shows only the conversations of the chosen priority and SLA state, counts them on the button and as removable chips, keeps them over a reload, and removing a chip brings the others back', async ({
  page,
  context,
  baseURL,
}) => {
  test.setTimeout(60_000);
  const { headers } = await signUpThroughApi(context, {
    name: 'Fay Filter',
    workspace: 'Filters Co',
  });
  const channel = await startApiChannel(page.request, headers, baseURL!);
  const tag = crypto.randomBytes(2).toString('hex');
  const urgentOne = { identifier: `h-${tag}`, name: `Hana High ${tag}` };
  const calmOne = { identifier: `l-${tag}`, name: `Leo Low ${tag}` };
  const priorities: [typeof urgentOne, string][] = [
    [urgentOne, 'high'],
    [calmOne, 'low'],
  ];
  for (const [person, priority] of priorities) {
    const id = await channel.send(person, `A question from ${person.name}`);
    const res = await page.request.patch(`/dashboardapi/conversations/${id}`, {
      headers,
      data: { priority },
    });
    expect(res.status(), await res.text()).toBe(200);
  }

  await page.goto('/inboxes/all/open/newest');
  const list = page.getByRole('list', { name: 'Conversations' });
  const row = (name: string) => list.getByRole('listitem').filter({ hasText: name });
  await expect(row(urgentOne.name)).toBeVisible();
  await expect(row(calmOne.name)).toBeVisible();
  const chips = page.getByRole('list', { name: 'Filters in use' });
  await expect(chips).toHaveCount(0);

  // Filters → Priority: High, and SLA: No SLA (neither has a policy).
  await page.getByRole('button', { name: 'Filters', exact: true }).click();
  await chooseOption(page, page.getByLabel('Priority', { exact: true }), 'High');
  await page.keyboard.press('Escape');
  await expect(row(calmOne.name)).toHaveCount(0);
  await expect(row(urgentOne.name)).toBeVisible();
  await expect(page.getByRole('button', { name: 'Filters (1 in use)' })).toBeVisible();
  await chooseOption(page, page.getByLabel('SLA', { exact: true }), 'No SLA');
  await page.keyboard.press('Escape');
  await expect(page.getByRole('button', { name: 'Filters (2 in use)' })).toHaveText('2');
  await expect(page).toHaveURL(/[?&]priority=high(&|$)/);
  await expect(page).toHaveURL(/[?&]sla=none(&|$)/);
  await expect(chips.getByRole('listitem').filter({ hasText: /^Priority: High$/ })).toBeVisible();
  await expect(chips.getByRole('listitem').filter({ hasText: /^SLA: No SLA$/ })).toBeVisible();
  await expect(list.getByRole('listitem')).toHaveCount(1);

  // A reload keeps them: they are in the URL.
  await page.reload();
  await expect(row(urgentOne.name)).toBeVisible();
  await expect(page.getByRole('button', { name: 'Filters (2 in use)' })).toBeVisible();
  await expect(chips.getByRole('listitem').filter({ hasText: /^Priority: High$/ })).toBeVisible();
  await expect(row(calmOne.name)).toHaveCount(0);
  await expect(list.getByRole('listitem')).toHaveCount(1);

  // Removing the priority chip brings the low-priority conversation back; the SLA one stays.
  await chips.getByRole('button', { name: 'Remove filter Priority: High' }).click();
  await expect(row(calmOne.name)).toBeVisible();
  await expect(row(urgentOne.name)).toBeVisible();
  await expect(page.getByRole('button', { name: 'Filters (1 in use)' })).toBeVisible();
  await expect(chips.getByRole('listitem').filter({ hasText: /^Priority/ })).toHaveCount(0);
  await expect(chips.getByRole('listitem').filter({ hasText: /^SLA: No SLA$/ })).toBeVisible();
  await expect(page).not.toHaveURL(/priority=/);
  await expect(page).toHaveURL(/[?&]sla=none(&|$)/);
});
