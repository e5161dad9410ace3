import crypto from 'node:crypto';
import { expect as baseExpect, test, type Page } from '@playwright/test';
import { sessionHeaders, signUpThroughApi, startApiChannel } from './helpers';

// First loads of the inbox and its lazy chunks can take a while on a small shared machine.
const expect = baseExpect.configure({ timeout: 30_000 });

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** A moment as the composer's schedule writes it (scheduled-send.ts), in the page's language. */
function sendAtTexts(page: Page, moments: number[]) {
  return page.evaluate(
    (list) =>
      list.map((at) =>
        new Intl.DateTimeFormat(document.documentElement.lang || undefined, {
          weekday: 'short',
          day: 'numeric',
          month: 'short',
          hour: '2-digit',
          minute: '2-digit',
        }).format(new Date(at)),
      ),
    moments,
  );
}

// docs/product/scheduled-send.md
test('an agent schedules a reply from the composer: it waits above the composer as scheduled (not in the thread), its text can be edited, and once cancelled it is gone and nothing reaches the thread', async ({
  page,
  context,
  baseURL,
}) => {
  test.setTimeout(60_000);
  const { headers } = await signUpThroughApi(context, {
    name: 'Sid Scheduler',
    workspace: 'Later Co',
  });
  const channel = await startApiChannel(page.request, headers, baseURL!);
  const suffix = crypto.randomBytes(2).toString('hex');
  const customer = { identifier: `kim-${suffix}`, name: `Kim ${suffix}` };
  const conversationId = await channel.send(customer, 'Can you call me back tomorrow?');

  await page.goto(`/inboxes/all/open/newest/${conversationId}`);
  const pane = page.getByRole('region', { name: `Conversation ${conversationId}` });
  const thread = pane.getByRole('list', { name: 'Messages' });
  await expect(thread.getByText('Can you call me back tomorrow?')).toBeVisible();
  const replyForm = pane.getByRole('form', { name: 'Reply' });
  const replyText = replyForm.getByRole('textbox', { name: 'Reply text' });
  const first = `We will call you back at noon ${suffix}.`;
  await replyText.fill(first);

  // Schedule → "In 1 hour" (the quick choices; the date picker steps by 5 minutes).
  await replyForm.getByRole('button', { name: 'Schedule' }).click();
  const before = Date.now();
  await page.getByRole('menuitem', { name: /^In 1 hour/ }).click();
  const after = Date.now();
  const hour = 60 * 60 * 1000;
  const minute = (at: number) => Math.floor(at / 60_000) * 60_000;
  const whens = await sendAtTexts(page, [minute(before + hour), minute(after + hour)]);
  const scheduledFor = new RegExp(`Scheduled for (${whens.map(escapeRegExp).join('|')})`);
  await expect(page.getByText(scheduledFor).first()).toBeVisible();
  await expect(replyText).toHaveValue('');

  const scheduled = pane.getByRole('region', { name: 'Scheduled messages' });
  const item = scheduled.getByRole('listitem');
  await expect(item).toHaveCount(1);
  await expect(item).toContainText(scheduledFor);
  await expect(item).toContainText(first);
  // Waiting, not sent: the thread does not have it.
  await expect(thread.getByText(first)).toHaveCount(0);

  // Edit its text.
  const second = `We will call you back at 14:00 ${suffix}.`;
  await item.getByRole('button', { name: 'Edit' }).click();
  const editor = page.getByRole('dialog', { name: 'Edit scheduled message' });
  await expect(editor.getByLabel('Reply text')).toHaveValue(first);
  await editor.getByLabel('Reply text').fill(second);
  await editor.getByRole('button', { name: 'Save' }).click();
  await expect(editor).toBeHidden();
  await expect(item).toContainText(second);
  await expect(item).not.toContainText(first);
  await expect(item).toContainText(scheduledFor);

  // The server keeps the edit, at the same time, still waiting.
  const listed = async () => {
    const res = await page.request.get(
      `/dashboardapi/conversations/${conversationId}/scheduled-messages`,
      { headers: await sessionHeaders(context) },
    );
    expect(res.status(), await res.text()).toBe(200);
    return ((await res.json()) as { scheduled_messages: { body: string; status: string }[] })
      .scheduled_messages;
  };
  expect(await listed()).toEqual([expect.objectContaining({ body: second, status: 'scheduled' })]);

  // Cancel it, confirming.
  await item.getByRole('button', { name: 'Cancel' }).click();
  await page.getByRole('button', { name: 'Cancel message' }).click();
  await expect(scheduled).toHaveCount(0);
  await expect(thread.getByText(second)).toHaveCount(0);
  expect(await listed()).toEqual([]);

  // A reload shows the conversation as it is: the customer's question, nothing waiting.
  await page.reload();
  await expect(thread.getByText('Can you call me back tomorrow?')).toBeVisible();
  await expect(pane.getByRole('form', { name: 'Reply' })).toBeVisible();
  await expect(scheduled).toHaveCount(0);
  await expect(thread.getByText(second)).toHaveCount(0);
});
