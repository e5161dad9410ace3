import crypto from 'node:crypto';
import { expect as baseExpect, test } from '@playwright/test';
import { createTransport } from 'nodemailer';
import { E2E_SMTP_PORT } from '../playwright.config';
import { postJson, sessionHeaders, signUpInBrowser } from './helpers';

const expect = baseExpect.configure({ timeout: 30_000 });

/**
 * Every classic way to run script from an email body: a script tag, event handlers, javascript:
 * links, inline SVG with script, frames, meta refresh, and a mutation-XSS shape.
 */
const MALICIOUS_HTML = `
<p id="greeting">Hello from a suspicious mail</p>
<script>window.top.pwnedByMail = 'script'; alert('script')</script>
<img src="x" onerror="alert('onerror')">
<a href="javascript:alert('link')" id="js-link">click me</a>
<a href="jav&#x09;ascript:alert('encoded')">encoded link</a>
<svg xmlns="http://www.w3.org/2000/svg" onload="alert('svg-onload')"><script>alert('svg-script')</script><circle r="4"/></svg>
<iframe src="javascript:alert('iframe')"></iframe>
<meta http-equiv="refresh" content="0;url=javascript:alert('refresh')">
<body onload="alert('body')"><details open ontoggle="alert('toggle')">x</details>
<math><mtext><table><mglyph><style><img src=x onerror="alert('mxss')">
<form action="javascript:alert('form')"><button>send</button></form>
`;

test('a malicious HTML email sent over SMTP renders inert in the agent app (sandboxed frame, no script runs)', async ({
  page,
  context,
}) => {
  // Signing up, building the inbox and filing the mail take a while when the machine is busy.
  test.setTimeout(120_000);
  const dialogs: string[] = [];
  page.on('dialog', (dialog) => {
    dialogs.push(dialog.message());
    void dialog.dismiss();
  });
  await signUpInBrowser(page);
  const headers = await sessionHeaders(context);
  const address = `support@shop-${crypto.randomBytes(3).toString('hex')}.example`;
  await postJson(page.request, '/dashboardapi/emailsetup', headers, {
    from_name: 'E2E Support',
    from_address: address,
  });

  // A real SMTP client delivers it to the server's built-in SMTP server.
  const subject = `Invoice question ${crypto.randomBytes(3).toString('hex')}`;
  const info = await createTransport({
    host: '127.0.0.1',
    port: E2E_SMTP_PORT,
    secure: false,
    ignoreTLS: true,
  }).sendMail({
    from: 'Mallory <mallory@attacker.example>',
    to: address,
    subject,
    text: 'Hello from a suspicious mail',
    html: MALICIOUS_HTML,
  });
  expect(info.accepted).toEqual([address]);

  // The mail became a conversation.
  let conversationId: number | undefined;
  await expect(async () => {
    const res = await page.request.get('/dashboardapi/conversations?view=all&status=open', {
      headers,
    });
    const list = (await res.json()) as { items: { id: number; subject: string | null }[] };
    conversationId = list.items.find((c) => c.subject === subject)?.id;
    expect(conversationId).toBeDefined();
  }).toPass();

  await page.goto(`/inboxes/unassigned/open/newest/${conversationId}`);
  // The unverified sending domain brings up the DMARC reminder; "Later" puts it away.
  const later = page.getByRole('dialog', { name: 'Verify your email domain' }).getByRole('button', {
    name: 'Later',
  });
  await later.click({ timeout: 15_000 }).catch(() => undefined);
  const pane = page.getByRole('region', { name: `Conversation ${conversationId}` });
  const frameElement = pane.locator('iframe[title^="Message from"]');
  await expect(frameElement).toBeVisible();

  // Sandboxed without allow-scripts, content given as srcdoc with a CSP that forbids scripts.
  const sandbox = (await frameElement.getAttribute('sandbox')) ?? '';
  expect(sandbox).not.toContain('allow-scripts');
  expect(await frameElement.getAttribute('src')).toBeNull();
  const srcdoc = (await frameElement.getAttribute('srcdoc')) ?? '';
  expect(srcdoc).toContain("script-src 'none'");
  expect(srcdoc).not.toMatch(/<script|onerror|onload|ontoggle|javascript:|<svg|<iframe|<form/i);

  // The mail's text shows, and nothing in it is active.
  const frame = page.frameLocator(`iframe[title^="Message from"]`);
  await expect(frame.locator('p').first()).toContainText('Hello from a suspicious mail');
  await frame.getByText('click me').click();
  await frame.getByText('encoded link').click();
  const inside = await frameElement.evaluate((el: HTMLIFrameElement) => {
    const doc = el.contentDocument!;
    return {
      scripts: doc.querySelectorAll('script').length,
      handlers: [...doc.querySelectorAll('*')].filter((n) =>
        [...n.attributes].some((a) => a.name.startsWith('on')),
      ).length,
      jsLinks: [...doc.querySelectorAll('a')].filter((a) =>
        (a.getAttribute('href') ?? '').toLowerCase().includes('script'),
      ).length,
    };
  });
  expect(inside).toMatchObject({ scripts: 0, handlers: 0, jsLinks: 0 });
  // The frame was measured to its content (auto-height).
  await expect
    .poll(() =>
      frameElement.evaluate(
        (el: HTMLIFrameElement) =>
          Math.abs(
            el.getBoundingClientRect().height - el.contentDocument!.documentElement.offsetHeight,
          ) <= 2,
      ),
    )
    .toBe(true);
  await page.waitForTimeout(1000);
  expect(dialogs).toEqual([]);
  expect(
    await page.evaluate(() => (window as { pwnedByMail?: string }).pwnedByMail),
  ).toBeUndefined();
  expect(page.url()).toContain(`/${conversationId}`);
});
