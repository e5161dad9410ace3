import crypto from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect as baseExpect, test, type APIRequestContext } from '@playwright/test';
import { panelChannelSubscribed, postJson, sessionHeaders, signUpInBrowser } from './helpers';

// Two browsers on a small shared machine: first loads of the inbox chunk can take a while.
const expect = baseExpect.configure({ timeout: 30_000 });

/** A store of the agent's workspace with its widget turned on. */
async function storeWithWidget(request: APIRequestContext, headers: Record<string, string>) {
  const shop = `e2e-${crypto.randomBytes(4).toString('hex')}.myshopify.com`;
  const brand = (await postJson(request, '/dashboardapi/brand', headers, {
    name: 'Acme Outfitters',
    myshopify_domain: shop,
  })) as { id: number };
  const res = await request.patch(`/dashboardapi/widget/settings?brand_id=${brand.id}`, {
    headers,
    data: { basic_settings: { is_widget_enabled: true }, theme: { cta: 'Chat with Acme' } },
  });
  expect(res.status(), await res.text()).toBe(200);
  return shop;
}

/** A merchant's store page on its own origin, with the one installation snippet on it. */
async function startStorePage(parleyBase: string, shop: string) {
  const html = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Acme store</title></head>
<body><h1>Acme store</h1><p>Linen shirts, canvas totes.</p>
<script async src="${parleyBase}/widget/loader.js" data-myshopify-domain="${shop}"></script>
</body></html>`;
  const server = http.createServer((_req, res) => {
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    res.end(html);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

test('a visitor chats on a store page while an agent answers live: pre-chat form, typing, a file, the unread badge, reload keeps the history, a private note never reaches the visitor', async ({
  browser,
  baseURL,
}) => {
  test.setTimeout(180_000);
  const agentContext = await browser.newContext();
  const visitorContext = await browser.newContext();
  let store: Awaited<ReturnType<typeof startStorePage>> | null = null;
  try {
    // The merchant signs up, adds a store and turns its widget on.
    const agent = await agentContext.newPage();
    await signUpInBrowser(agent, { name: 'Olga Owner', workspace: 'Acme Support' });
    const shop = await storeWithWidget(agent.request, await sessionHeaders(agentContext));
    store = await startStorePage(baseURL!, shop);

    const subscribed = panelChannelSubscribed(agent);
    await agent.goto('/inboxes/unassigned/open/newest');
    await subscribed;

    // Everything the visitor's browser receives over realtime, to prove the note never came.
    const visitor = await visitorContext.newPage();
    const received: string[] = [];
    visitor.on('websocket', (ws) =>
      ws.on('framereceived', ({ payload }) => received.push(String(payload))),
    );
    await visitor.goto(store.url);
    const launcher = visitor.getByRole('button', { name: 'Chat with Acme' });
    await expect(launcher).toBeVisible();
    await expect(visitor.locator('iframe')).toHaveCount(0); // the app loads on first open only
    await launcher.click();
    const chat = visitor.frameLocator('iframe[title="Chat"]');

    // The pre-chat form (name and email by default), then the first message.
    await chat.getByRole('button', { name: 'Start a conversation' }).click();
    const form = chat.getByRole('form', { name: 'Start a conversation' });
    await form.getByRole('button', { name: 'Start the chat' }).click();
    await expect(form.getByRole('alert')).toHaveText('Please fill in your name.');
    const visitorName = `Vera Visitor ${crypto.randomBytes(2).toString('hex')}`;
    const question = `Do you ship to Norway? #${crypto.randomInt(1000, 9999)}`;
    await form.getByLabel('Your name').fill(visitorName);
    await form.getByLabel('Your email').fill('vera@example.com');
    await form.getByLabel('Your message').fill(question);
    await form.getByRole('button', { name: 'Start the chat' }).click();
    const thread = chat.getByRole('list', { name: 'Messages' });
    await expect(thread.getByText(question)).toBeVisible();

    // The agent sees it arrive live, opens it and starts typing: the visitor sees that.
    const row = agent
      .getByRole('list', { name: 'Conversations' })
      .getByRole('link', { name: new RegExp(visitorName) });
    await expect(row).toContainText(question);
    await row.click();
    const pane = agent.getByRole('region', { name: /^Conversation \d+$/ });
    await expect(pane.getByText(question)).toBeVisible();
    const reply = pane.getByRole('form', { name: 'Reply' });
    await reply.getByRole('textbox', { name: 'Reply text' }).pressSequentially('Yes, we', {
      delay: 30,
    });
    await expect(chat.getByTestId('widget-agent-typing')).toContainText('Olga Owner is typing');

    const answer = 'Yes, we ship to Norway in 3 to 5 days.';
    await reply.getByRole('textbox', { name: 'Reply text' }).fill(answer);
    await reply.getByRole('button', { name: 'Send' }).click();
    await expect(thread.getByText(answer)).toBeVisible();
    await expect(thread.getByText('Olga Owner').first()).toBeVisible();
    await expect(chat.getByTestId('widget-agent-typing')).toHaveCount(0);

    // A private note, then another reply: only the reply reaches the visitor.
    const secret = `Internal: VIP customer ${crypto.randomBytes(3).toString('hex')}`;
    await pane.getByText('Internal note', { exact: true }).click();
    const note = pane.getByRole('form', { name: 'Internal note' });
    await note.getByRole('textbox', { name: 'Internal note text' }).fill(secret);
    await note.getByRole('button', { name: 'Add note' }).click();
    await expect(note.getByRole('textbox', { name: 'Internal note text' })).toHaveValue('');
    await expect(pane.getByRole('list', { name: 'Messages' }).getByText(secret)).toBeVisible();
    await pane.getByText('Reply', { exact: true }).click();
    const followUp = 'Anything else I can help with?';
    await reply.getByRole('textbox', { name: 'Reply text' }).fill(followUp);
    await reply.getByRole('button', { name: 'Send' }).click();
    await expect(thread.getByText(followUp)).toBeVisible();
    await expect(chat.getByText(secret)).toHaveCount(0);

    // The visitor answers with a file; the agent sees both live.
    const thanks = 'No, that is all. Thanks!';
    await chat.getByTestId('widget-file-input').setInputFiles({
      name: 'receipt.txt',
      mimeType: 'text/plain',
      buffer: Buffer.from('Order 1001, paid.'),
    });
    await expect(chat.getByText('receipt.txt')).toBeVisible();
    await expect(chat.getByText(/^Uploading/)).toHaveCount(0);
    await chat.getByRole('textbox', { name: 'Write a message' }).fill(thanks);
    await chat.getByRole('button', { name: 'Send', exact: true }).click();
    await expect(pane.getByText(thanks)).toBeVisible();
    await expect(pane.getByText('receipt.txt').first()).toBeVisible();
    await expect(thread.getByRole('link', { name: /receipt\.txt/ })).toBeVisible();

    // With the chat closed, a reply badges the launcher; opening the chat reads it.
    await chat.getByRole('button', { name: 'Close the chat' }).click();
    await expect(visitor.locator('iframe')).toBeHidden();
    const lastWord = 'Have a great day!';
    await reply.getByRole('textbox', { name: 'Reply text' }).fill(lastWord);
    await reply.getByRole('button', { name: 'Send' }).click();
    const badge = launcher.getByLabel('unread messages');
    await expect(badge).toHaveText('1');
    await launcher.click();
    await expect(thread.getByText(lastWord)).toBeVisible();
    await expect(badge).toBeHidden();

    // A reload of the store page keeps the history (the token stays in the store's storage).
    await visitor.reload();
    await visitor.getByRole('button', { name: 'Chat with Acme' }).click();
    const history = chat.getByRole('region', { name: 'Your conversations' });
    await expect(history.getByRole('button')).toHaveCount(1);
    await history.getByRole('button').click();
    for (const text of [question, answer, followUp, thanks, lastWord])
      await expect(thread.getByText(text)).toBeVisible();
    await expect(chat.getByText(secret)).toHaveCount(0);
    expect(received.join('\n')).not.toContain(secret);
    expect(received.join('\n')).toContain('pusher_internal:subscription_succeeded');
  } finally {
    await agentContext.close();
    await visitorContext.close();
    await store?.close();
  }
});

test('/widget-demo, opened from Settings → Chat widget, shows the store’s widget and opens no realtime connection of the agent app', async ({
  page,
  context,
}) => {
  test.setTimeout(90_000);
  await signUpInBrowser(page, { name: 'Dana Demo', workspace: 'Demo Co' });
  const shop = await storeWithWidget(page.request, await sessionHeaders(context));
  await page.goto('/settings/widgets');
  const [demo] = await Promise.all([
    context.waitForEvent('page'),
    page.getByRole('link', { name: 'the demonstration store page' }).click(),
  ]);
  expect(new URL(demo.url()).searchParams.get('shop')).toBe(shop);
  await demo.close();
  const sockets: string[] = [];
  page.on('websocket', (ws) => sockets.push(ws.url()));
  await page.goto(`/widget-demo?shop=${encodeURIComponent(shop)}`);
  await expect(page.getByRole('heading', { name: shop })).toBeVisible();
  const launcher = page.getByRole('button', { name: 'Chat with Acme' });
  await expect(launcher).toBeVisible();
  await page.waitForTimeout(1500);
  expect(sockets).toEqual([]);

  // The widget itself works on the page: its frame loads and greets the visitor.
  await launcher.click();
  const chat = page.frameLocator('iframe[title="Chat"]');
  await expect(chat.getByText('Hi there! How can we help?')).toBeVisible();
  await expect(chat.getByRole('heading', { name: 'Acme Outfitters' })).toBeVisible();
});

/**
 * The agent app's help widget host (docs/product/api.md), played by a page on its own origin: it embeds the
 * operator's own widget with `&embed=help` and logs every frame message it receives.
 */
async function startHelpHost(parleyBase: string, shop: string) {
  const server = http.createServer((_req, res) => {
    const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    const frame = `${parleyBase}/widget/frame?${new URLSearchParams({ shop, embed: 'help', origin })}`;
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    res.end(`<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Agent app</title></head><body>
<ol id="log" aria-label="Frame messages"></ol>
<button id="open">Open</button><button id="hide">Hide</button>
<iframe id="help" title="Help chat" src="${frame}" style="width:376px;height:600px"></iframe>
<script>
  const PARLEY = ${JSON.stringify(parleyBase)};
  const frame = document.getElementById('help');
  const send = (type, payload) => frame.contentWindow.postMessage({ source: 'parley-help-widget', type, payload }, PARLEY);
  frame.addEventListener('load', () => send('init', { name: 'Hana Helper', email: 'hana@example.com', account_id: 1, page_url: '/inboxes' }));
  window.addEventListener('message', (event) => {
    if (event.origin !== PARLEY || event.source !== frame.contentWindow) return;
    const li = document.createElement('li');
    li.textContent = event.data.type + ' ' + JSON.stringify(event.data.payload);
    document.getElementById('log').append(li);
  });
  document.getElementById('open').onclick = () => { send('active_state', { open: true }); send('open_window_page', { page: 'chat' }); };
  document.getElementById('hide').onclick = () => send('active_state', { open: false });
</script></body></html>`);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

test('as the help widget (embed=help) the chat speaks docs/product/api.md with its host: init, pages, new_message, seen and close', async ({
  page,
  context,
  baseURL,
}) => {
  test.setTimeout(90_000);
  await signUpInBrowser(page, { name: 'Otto Operator', workspace: 'Parley Support' });
  const headers = await sessionHeaders(context);
  const shop = await storeWithWidget(page.request, headers);
  const host = await startHelpHost(baseURL!, shop);
  try {
    const agentApp = await context.newPage();
    await agentApp.goto(host.url);
    const log = agentApp.getByRole('list', { name: 'Frame messages' });
    await expect(log).toContainText('init_success {}');

    // The host opens the panel on the chat page: the agent's name and email are filled in.
    await agentApp.getByRole('button', { name: 'Open' }).click();
    await expect(log).toContainText('window_page_loaded {"page":"chat"}');
    const chat = agentApp.frameLocator('iframe[title="Help chat"]');
    const form = chat.getByRole('form', { name: 'Start a conversation' });
    await expect(form.getByLabel('Your name')).toHaveValue('Hana Helper');
    await expect(form.getByLabel('Your email')).toHaveValue('hana@example.com');
    await form.getByLabel('Your message').fill('How do I connect WhatsApp?');
    const started = agentApp.waitForResponse(
      (r) => r.url().endsWith('/widgetapi/conversations') && r.request().method() === 'POST',
    );
    await form.getByRole('button', { name: 'Start the chat' }).click();
    const { conversation } = (await (await started).json()) as { conversation: { id: number } };
    await expect(chat.getByText('How do I connect WhatsApp?')).toBeVisible();

    // The panel is closed when the operator's team answers: the host hears new_message.
    await agentApp.getByRole('button', { name: 'Hide' }).click();
    await postJson(
      page.request,
      `/dashboardapi/conversations/${conversation.id}/messages`,
      headers,
      {
        body: 'Go to Settings → Channels.',
      },
    );
    await expect(log).toContainText(
      'new_message {"count":1,"preview":"Go to Settings → Channels."}',
    );

    // Opened again on the thread, the reply is read: seen. The widget's × asks the host to close.
    await agentApp.getByRole('button', { name: 'Open' }).click();
    await chat.getByRole('button', { name: 'Back to your conversations' }).click();
    await chat.getByRole('region', { name: 'Your conversations' }).getByRole('button').click();
    await expect(chat.getByText('Go to Settings → Channels.')).toBeVisible();
    await expect(log).toContainText('seen {}');
    await chat.getByRole('button', { name: 'Close the chat' }).click();
    await expect(log).toContainText('close {}');
  } finally {
    await host.close();
  }
});
