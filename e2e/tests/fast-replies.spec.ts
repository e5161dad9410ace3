import crypto from 'node:crypto';
import { expect as baseExpect, test } from '@playwright/test';
import {
  postJson,
  sessionHeaders,
  signUpInBrowser,
  startWebhookReceiver,
  uniqueEmail,
} from './helpers';

const expect = baseExpect.configure({ timeout: 30_000 });

// docs/product/states.md, docs/product/api.md: a template with a variable and a file, made on the settings page, used
// from the composer with "/": the reply the customer's system receives carries the customer's
// name and the file.
test('a fast reply with a variable and an attachment, inserted with "/", reaches the customer with their name and the file', async ({
  page,
  context,
  baseURL,
}) => {
  test.setTimeout(180_000);
  const receiver = await startWebhookReceiver();
  try {
    await signUpInBrowser(page, { name: 'Fiona Fast', workspace: 'Fast Replies Co' });
    const api = await sessionHeaders(context);
    const channel = (await postJson(page.request, '/dashboardapi/supportchannel', api, {
      type: 'api',
      name: 'Shop backend',
      webhook_url: receiver.url,
    })) as { id: number };
    const { key } = (await postJson(page.request, '/dashboardapi/apikeys', api, {
      name: 'e2e',
    })) as { key: string };
    const first = `Jamie${crypto.randomBytes(2).toString('hex')}`;
    const inbound = await fetch(`${baseURL}/api/v1/channels/${channel.id}/messages`, {
      method: 'POST',
      headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
      body: JSON.stringify({
        contact: { identifier: 'c-1', name: `${first} Rivera`, email: uniqueEmail('jamie') },
        message: { id: 'm-1', body: 'Can I get a refund?' },
      }),
    });
    expect(inbound.status).toBe(201);
    const { conversation_id: conversationId } = (await inbound.json()) as {
      conversation_id: number;
    };

    // 1. The template, with a variable and a file, on Settings → Fast replies.
    // With no template yet, the page opens on a new one.
    await page.goto('/settings/fastreplies');
    await expect(page.getByText('No templates yet.')).toBeVisible();
    await page.getByLabel('Name', { exact: true }).fill('Refund policy');
    const template = page.getByLabel('Template', { exact: true });
    await template.fill('Hi ');
    await page.getByRole('button', { name: 'Customer first name' }).click();
    await expect(template).toHaveValue('Hi {{customer_first_name}}');
    await template.press('End');
    await template.pressSequentially(', here is our refund policy.');
    await page.getByLabel('Attach files').setInputFiles({
      name: 'refund-policy.pdf',
      mimeType: 'application/pdf',
      buffer: Buffer.from('%PDF-1.4\n% Parley e2e\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n'),
    });
    await expect(
      page.locator('[data-status="done"]', { hasText: 'refund-policy.pdf' }),
    ).toBeVisible();
    await page.getByRole('button', { name: 'Create template' }).click();
    await expect(page.getByText('Template Created.')).toBeVisible();

    // 2. In the conversation, "/" opens the picker; Enter inserts the resolved template + file.
    await page.goto(`/inboxes/all/open/newest/${conversationId}`);
    const pane = page.getByRole('region', { name: `Conversation ${conversationId}` });
    await expect(pane.getByText('Can I get a refund?')).toBeVisible();
    const reply = pane.getByRole('form', { name: 'Reply' });
    const text = reply.getByRole('textbox', { name: 'Reply text' });
    await text.click();
    await text.press('/');
    const picker = page.getByRole('listbox', { name: 'Fast replies' });
    await expect(picker).toBeVisible();
    await text.pressSequentially('refund');
    await expect(picker.getByRole('option')).toHaveCount(1);
    await text.press('Enter');
    await expect(text).toHaveValue(`Hi ${first}, here is our refund policy.`);
    await expect(reply.getByRole('list', { name: 'Attachments' })).toContainText(
      'refund-policy.pdf',
    );
    await reply.getByRole('button', { name: /Send/ }).click();
    await expect(text).toHaveValue('');
    await expect(
      pane
        .getByRole('article', { name: 'Fiona Fast' })
        .getByText(`Hi ${first}, here is our refund policy.`),
    ).toBeVisible();

    // 3. The customer's system receives the name and the file.
    await expect.poll(() => receiver.received.length, { timeout: 20_000 }).toBeGreaterThan(0);
    const payload = JSON.parse(receiver.received[0]!.body) as {
      message: { body: string; attachments: { file_name: string; url: string }[] };
    };
    expect(payload.message.body).toBe(`Hi ${first}, here is our refund policy.`);
    expect(payload.message.attachments).toEqual([
      expect.objectContaining({ file_name: 'refund-policy.pdf' }),
    ]);
    const file = await page.request.get(payload.message.attachments[0]!.url);
    expect(file.status()).toBe(200);
    expect((await file.body()).subarray(0, 8).toString()).toBe('%PDF-1.4');
  } finally {
    await receiver.close();
  }
});
