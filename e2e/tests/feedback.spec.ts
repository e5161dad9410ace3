import crypto from 'node:crypto';
import { expect as baseExpect, test } from '@playwright/test';
import {
  linkFromMailbox,
  panelChannelSubscribed,
  postJson,
  sessionHeaders,
  signUpInBrowser,
  uniqueEmail,
} from './helpers';

// First loads of the inbox chunk can take a while on a small shared machine.
const expect = baseExpect.configure({ timeout: 30_000 });

test('an agent closes a conversation → the customer gets the feedback email → rates it 4 with a comment → the agent sees the rating', async ({
  browser,
  baseURL,
}) => {
  test.setTimeout(180_000);
  const agentContext = await browser.newContext();
  const customerContext = await browser.newContext();
  try {
    // 1. An agent's workspace with an API channel; a customer with an email address writes in.
    const agent = await agentContext.newPage();
    await signUpInBrowser(agent, { name: 'Olga Owner', workspace: 'Feedback Shop' });
    const api = await sessionHeaders(agentContext);
    const channel = (await postJson(agent.request, '/dashboardapi/supportchannel', api, {
      type: 'api',
      name: 'Shop backend',
      webhook_url: null,
    })) as { id: number };
    const { key } = (await postJson(agent.request, '/dashboardapi/apikeys', api, {
      name: 'e2e feedback',
    })) as { key: string };
    const customerEmail = uniqueEmail('rater');
    const question = `Is parcel #${crypto.randomInt(10_000, 99_999)} on its way?`;
    const inbound = await fetch(`${baseURL}/api/v1/channels/${channel.id}/messages`, {
      method: 'POST',
      headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
      body: JSON.stringify({
        contact: { identifier: 'rater-1', name: 'Rita Rater', email: customerEmail },
        message: { body: question },
      }),
    });
    expect(inbound.status).toBe(201);
    const { conversation_id: conversationId } = (await inbound.json()) as {
      conversation_id: number;
    };

    // 2. The agent opens it and closes it.
    const subscribed = panelChannelSubscribed(agent);
    await agent.goto(`/inboxes/all/open/newest/${conversationId}`);
    const pane = agent.getByRole('region', { name: `Conversation ${conversationId}` });
    await test.step('the conversation opens, live', async () => {
      await expect(pane.getByText(question)).toBeVisible();
      await subscribed;
    });
    await pane.getByRole('button', { name: 'check-circle Close' }).click();
    await expect(pane.getByTestId('conversation-status')).toHaveText('Closed');
    const contact = pane.getByRole('complementary', { name: 'Contact' });
    await expect(contact.getByText('Customer rating')).toBeVisible();

    // 3. The feedback email arrives in the mailbox with a signed link.
    const link = await test.step('the feedback email', () =>
      linkFromMailbox(customerEmail, '/feedback'));
    expect(link.startsWith(`${baseURL}/feedback?token=`)).toBe(true);

    // 4. The customer, signed in nowhere, rates the conversation 4 stars with a comment.
    const customer = await customerContext.newPage();
    await customer.goto(link);
    await expect(customer.getByRole('heading', { name: 'How did we do?' })).toBeVisible();
    await expect(customer.getByText('Feedback Shop', { exact: true })).toBeVisible();
    await customer.getByRole('radio').nth(3).click();
    await expect(customer.getByText('4 of 5 · Satisfied')).toBeVisible();
    const comment = `Fast and friendly ${crypto.randomBytes(2).toString('hex')}`;
    await customer.getByLabel('Comment').fill(comment);
    await customer.getByRole('button', { name: 'Send feedback' }).click();
    await expect(customer.getByText('Thank you for your feedback!')).toBeVisible();

    // 5. The agent, without reloading, sees the rating and the comment on the conversation.
    await test.step('the agent sees the rating live', async () => {
      await expect(contact.getByLabel('Rated 4 of 5')).toBeVisible();
      await expect(contact.getByText(`“${comment}”`)).toBeVisible();
    });

    // The same email's transcript link shows the thread to the customer.
    const transcript = await linkFromMailbox(customerEmail, '/transcript');
    await customer.goto(transcript);
    await expect(customer.getByRole('article', { name: 'Transcript' })).toContainText(question);
  } finally {
    await agentContext.close();
    await customerContext.close();
  }
});
