import fs from 'node:fs/promises';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import crypto from 'node:crypto';
import {
  expect,
  type APIRequestContext,
  type BrowserContext,
  type Locator,
  type Page,
  type WebSocket,
} from '@playwright/test';

export function uniqueEmail(prefix = 'e2e') {
  return `${prefix}-${crypto.randomBytes(4).toString('hex')}@example.com`;
}

export const PASSWORD = 'e2e password 123';

/** Signs up through the real form and waits for the logged-in shell, which opens on /setup. */
export async function signUpInBrowser(
  page: Page,
  opts: { name?: string; email?: string; workspace?: string } = {},
) {
  const email = opts.email ?? uniqueEmail();
  await page.goto('/signup');
  await page.getByLabel('Name', { exact: true }).fill(opts.name ?? 'Erin Example');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(PASSWORD);
  await page.getByLabel('Workspace name').fill(opts.workspace ?? 'E2E Support');
  await page.getByRole('button', { name: /sign up|create/i }).click();
  await expect(page).toHaveURL(/\/setup$/);
  return { email, password: PASSWORD };
}

/**
 * Signs up through the API from `context` (for journeys that are not about signing up): the
 * browser is then signed in to a new workspace of its own.
 */
export async function signUpThroughApi(
  context: BrowserContext,
  opts: { name: string; workspace: string },
) {
  const email = uniqueEmail();
  const res = await context.request.post('/dashboardapi/auth/signup', {
    data: { name: opts.name, email, password: PASSWORD, account_name: opts.workspace },
  });
  expect(res.ok(), await res.text()).toBe(true);
  return { email, password: PASSWORD, headers: await sessionHeaders(context) };
}

/** The newest mail to `to` in the embedded mailbox, with its first link to `pathPrefix`. */
export async function linkFromMailbox(to: string, pathPrefix: string): Promise<string> {
  const dir = path.join(process.env.E2E_DATA_DIR!, 'mailbox');
  for (let attempt = 0; attempt < 20; attempt++) {
    const files = (await fs.readdir(dir).catch(() => [] as string[]))
      .filter((f) => f.endsWith(`-${to}.eml`))
      .sort();
    const last = files.at(-1);
    if (last) {
      const raw = (await fs.readFile(path.join(dir, last), 'utf8'))
        .replace(/=\r?\n/g, '')
        .replace(/=3D/g, '=');
      const match = new RegExp(`https?://\\S*${pathPrefix}\\S*`).exec(raw);
      if (match) return match[0];
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`no mail to ${to} with ${pathPrefix}`);
}

/** The signed-in browser's session, as the headers the dashboard API asks for. */
export async function sessionHeaders(context: BrowserContext): Promise<Record<string, string>> {
  const cookies = Object.fromEntries((await context.cookies()).map((c) => [c.name, c.value]));
  return {
    authorization: `Token ${cookies.auth_token}`,
    'x-dc-account-id': cookies.account_id!,
    'x-csrftoken': cookies.csrftoken!,
  };
}

export async function postJson(
  request: APIRequestContext,
  url: string,
  headers: Record<string, string>,
  data: unknown,
) {
  const res = await request.post(url, { headers, data });
  expect(res.status(), `${url}: ${await res.text()}`).toBe(201);
  return res.json();
}

export interface ReceivedHook {
  headers: http.IncomingHttpHeaders;
  body: string;
}

/** A local HTTP server standing in for the customer's system behind the API channel's webhook. */
export async function startWebhookReceiver() {
  const received: ReceivedHook[] = [];
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      received.push({ headers: req.headers, body: Buffer.concat(chunks).toString('utf8') });
      res.statusCode = 200;
      res.end('ok');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/hooks/parley`,
    received,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/**
 * Resolves once one of the page's realtime sockets confirmed the subscription of the user's own
 * panel channel (where inbox events arrive). Call before navigating. Every socket is watched, not
 * the first: a page still loading when this is called may open a socket of its own and then
 * leave, and that socket never subscribes. Frames are watched from the socket's opening.
 */
export function panelChannelSubscribed(page: Page): Promise<void> {
  return new Promise((resolve) => {
    const onSocket = (ws: WebSocket) => {
      if (!ws.url().includes('/app/')) return;
      ws.on('framereceived', ({ payload }) => {
        if (
          typeof payload === 'string' &&
          payload.includes('pusher_internal:subscription_succeeded') &&
          /private-dcuser-\d+-panel0/.test(payload)
        ) {
          page.off('websocket', onSocket);
          resolve();
        }
      });
    };
    page.on('websocket', onSocket);
  });
}

/**
 * An API channel of the signed-in workspace and a key for it: `send` posts a customer's message
 * as the customer's own system would (`POST /api/v1/channels/{id}/messages`) and answers the
 * conversation it landed in. The quickest way to have customers write in.
 */
export async function startApiChannel(
  request: APIRequestContext,
  headers: Record<string, string>,
  baseURL: string,
  opts: { name?: string; webhook_url?: string } = {},
) {
  const channel = (await postJson(request, '/dashboardapi/supportchannel', headers, {
    type: 'api',
    name: opts.name ?? 'Shop backend',
    ...(opts.webhook_url ? { webhook_url: opts.webhook_url } : {}),
  })) as { id: number };
  const { key } = (await postJson(request, '/dashboardapi/apikeys', headers, {
    name: `e2e ${crypto.randomBytes(2).toString('hex')}`,
  })) as { key: string };
  const send = async (contact: { identifier: string; name: string }, body: string) => {
    const res = await fetch(`${baseURL}/api/v1/channels/${channel.id}/messages`, {
      method: 'POST',
      headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
      body: JSON.stringify({ contact, message: { body } }),
    });
    expect(res.status, await res.clone().text()).toBe(201);
    return ((await res.json()) as { conversation_id: number }).conversation_id;
  };
  return { id: channel.id, key, send };
}

/**
 * A teammate joins the signed-in owner's workspace: invited through the API, the mailed
 * invitation accepted through `invitee` (a browser context's `request` signs that browser in as
 * the teammate).
 */
export async function joinTeammate(
  owner: { request: APIRequestContext; headers: Record<string, string> },
  invitee: APIRequestContext,
  opts: { name: string; permission_level?: 'agent' | 'admin' },
) {
  const email = uniqueEmail('mate');
  await postJson(owner.request, '/dashboardapi/teammembers/invite', owner.headers, {
    email,
    permission_level: opts.permission_level ?? 'agent',
  });
  const link = await linkFromMailbox(email, '/settings/teammembers/invite/confirm/');
  const token = new URL(link).pathname.split('/').pop()!;
  const res = await invitee.post(`/dashboardapi/teammembers/invite/${token}/accept`, {
    data: { name: opts.name, password: PASSWORD },
  });
  expect(res.status(), await res.text()).toBe(200);
  return { email, password: PASSWORD };
}

/**
 * Picks `option` (its label) in the antd Select whose combobox is `select`, and waits until the
 * select shows it. The visible options carry their label as a title (the listbox antd gives
 * assistive technology is a hidden copy). A click landing while the dropdown still moves in is
 * tried again.
 */
export async function chooseOption(page: Page, select: Locator, option: string) {
  const field = select.locator(
    'xpath=ancestor::*[contains(concat(" ", normalize-space(@class), " "), " ant-select ")][1]',
  );
  const chosen = field.getByTitle(option, { exact: true });
  await expect(async () => {
    if (!(await chosen.isVisible())) {
      await select.click();
      await page
        .locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden)')
        .getByTitle(option, { exact: true })
        .click({ timeout: 5_000 });
    }
    await expect(chosen).toBeVisible({ timeout: 1_000 });
  }).toPass();
}
