import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium, type Browser, type Page, type Request } from 'playwright-core';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../e2e/chromium';
import { fmt, record, startServer, stopServer, webDist } from './lib';

const LOADS = 5;

/** Lighthouse's mobile throttling (docs/benchmarks.md): 150 ms RTT, 1.6 Mbit/s down, 750 kbit/s up, CPU ×4. */
const MOBILE = { latencyMs: 150, downBps: 1_600_000, upBps: 750_000, cpuSlowdown: 4 };

/** Bytes on the wire: the (encoded) body and the headers of the answer, as Chromium counts them. */
type Transfers = Map<string, number>;
const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
const sum = (transfers: Transfers) => [...transfers.values()].reduce((n, b) => n + b, 0);

/**
 * The page's Largest Contentful Paint once `ready` is on screen: the last candidate the browser
 * reported (a later, larger paint replaces an earlier one until the user acts).
 */
async function largestPaint(page: Page): Promise<number> {
  return page.evaluate(
    () =>
      new Promise<number>((resolve, reject) => {
        new PerformanceObserver((list) => {
          const last = list.getEntries().at(-1);
          if (last) resolve(last.startTime);
        }).observe({ type: 'largest-contentful-paint', buffered: true });
        setTimeout(() => reject(new Error('no largest-contentful-paint entry')), 5000);
      }),
  );
}

/** Records what each finished request of `page` cost on the wire, by path, when `keep` says so. */
function recordTransfers(page: Page, keep: (pathname: string) => boolean) {
  const transfers: Transfers = new Map();
  const pending: Promise<void>[] = [];
  page.on('requestfinished', (request: Request) => {
    const { pathname } = new URL(request.url());
    if (!keep(pathname)) return;
    pending.push(
      request.sizes().then((sizes) => {
        transfers.set(pathname, sizes.responseBodySize + sizes.responseHeadersSize);
      }),
    );
  });
  return async () => {
    await Promise.all(pending);
    return transfers;
  };
}

/**
 * Opens `url` in a fresh tab of `context` (an empty cache each time: a first visit), waits for
 * `ready`, and returns its LCP and the app's scripts it loaded with their bytes on the wire;
 * with `throttled`, over Lighthouse's mobile network and CPU.
 */
async function firstVisit(
  browser: Browser,
  url: string,
  ready: (page: Page) => Promise<void>,
  { cookies = [], throttled = false }: { cookies?: Cookies; throttled?: boolean } = {},
) {
  const context = await browser.newContext();
  try {
    await context.addCookies(cookies);
    const page = await context.newPage();
    if (throttled) {
      const cdp = await context.newCDPSession(page);
      await cdp.send('Network.enable');
      await cdp.send('Network.emulateNetworkConditions', {
        offline: false,
        latency: MOBILE.latencyMs,
        downloadThroughput: MOBILE.downBps / 8,
        uploadThroughput: MOBILE.upBps / 8,
      });
      await cdp.send('Emulation.setCPUThrottlingRate', { rate: MOBILE.cpuSlowdown });
    }
    const scripts = recordTransfers(
      page,
      (pathname) => pathname.startsWith('/assets/') && pathname.endsWith('.js'),
    );
    await page.goto(url);
    await ready(page);
    await page.waitForLoadState('networkidle');
    return {
      lcp: await largestPaint(page),
      scripts: await scripts(),
      cookies: await context.cookies(),
    };
  } finally {
    await context.close();
  }
}
type Cookies = Parameters<Awaited<ReturnType<Browser['newContext']>>['addCookies']>[0];

/**
 * The live-chat widget as a store's visitor's browser fetches it: the loader (every page of the
 * store) and the chat app's JS and CSS that its page names (on first open).
 */
async function widgetTransfers(browser: Browser, base: string) {
  const context = await browser.newContext();
  try {
    const page = await context.newPage();
    // Any page of Parley's origin: the loader's own address does (its fetches are then same-origin).
    await page.goto(`${base}/widget/loader.js`);
    /** Fetches `files` from the page, as its scripts would, and answers their bytes on the wire. */
    const fetched = async (files: string[]) => {
      const finished = files.map((file) =>
        page.waitForEvent('requestfinished', (r) => new URL(r.url()).pathname === file),
      );
      const [texts, requests] = await Promise.all([
        page.evaluate(
          (urls) =>
            Promise.all(urls.map(async (url) => (await fetch(url, { cache: 'no-store' })).text())),
          files,
        ),
        Promise.all(finished),
      ]);
      const sizes = await Promise.all(requests.map((r) => r.sizes()));
      return {
        texts,
        bytes: sizes.reduce((n, s) => n + s.responseBodySize + s.responseHeadersSize, 0),
      };
    };
    const loader = await fetched(['/widget/loader.js']);
    const frame = await fetched(['/widget/frame']);
    const appFiles = [...frame.texts[0]!.matchAll(/(?:src|href)="(\/widget\/assets\/[^"]+)"/g)].map(
      (m) => m[1]!,
    );
    const app = await fetched(appFiles);
    return { loader: loader.bytes, app: app.bytes, appFiles: appFiles.length };
  } finally {
    await context.close();
  }
}

/** Median of `samples`, and their spread. */
function medianOf(samples: number[]) {
  const sorted = [...samples].sort((a, b) => a - b);
  return { median: sorted[Math.floor(sorted.length / 2)]!, min: sorted[0]!, max: sorted.at(-1)! };
}

/**
 * The budgets of the agent app and widget (docs/ARCHITECTURE.md): the JS of the login and inbox routes and the widget's
 * files as transferred (compressed, headers included) to Debian's Chromium, and the LCP of a
 * first visit on localhost and under Lighthouse's mobile throttling — against the embedded
 * server and its demo workspace.
 */
export async function benchWeb(port: number) {
  if (!fs.existsSync(path.join(webDist, 'index.html')) || !fs.existsSync(CHROMIUM_PATH)) {
    record('agent app in a browser', 'not built or no Chromium', '—', null);
    return;
  }
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'parley-bench-web-'));
  const server = await startServer({ DATA_DIR: dataDir, DEMO: 'on' }, port);
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
  const signedIn = (page: Page) =>
    page.getByRole('list', { name: 'Conversations' }).getByRole('link').first().waitFor();
  try {
    const signIn = await firstVisit(browser, `${server.base}/login`, async (page) => {
      await page.getByLabel('Email').fill('demo@parley.localhost');
      await page.getByLabel('Password').fill('parley-demo');
      await page.getByRole('button', { name: 'Sign in' }).click();
      await signedIn(page);
    });
    const visits = (throttled: boolean) => ({
      login: () =>
        firstVisit(
          browser,
          `${server.base}/login`,
          (page) => page.getByRole('button', { name: 'Sign in' }).waitFor(),
          { throttled },
        ),
      inbox: () =>
        firstVisit(browser, `${server.base}/inboxes`, signedIn, {
          cookies: signIn.cookies,
          throttled,
        }),
    });
    const lcp = { login: [] as number[], inbox: [] as number[] };
    const throttledLcp = { login: [] as number[], inbox: [] as number[] };
    let loginScripts: Transfers = new Map();
    let inboxScripts: Transfers = new Map();
    for (let i = 0; i < LOADS; i++) {
      const login = await visits(false).login();
      lcp.login.push(login.lcp);
      loginScripts = login.scripts;
      const inbox = await visits(false).inbox();
      lcp.inbox.push(inbox.lcp);
      inboxScripts = inbox.scripts;
    }
    for (let i = 0; i < LOADS; i++) {
      throttledLcp.login.push((await visits(true).login()).lcp);
      throttledLcp.inbox.push((await visits(true).inbox()).lcp);
    }

    record(
      `login route JS transferred to Chromium (${loginScripts.size} files)`,
      kb(sum(loginScripts)),
      '≤ 100 KB',
      sum(loginScripts) <= 100 * 1024,
    );
    record(
      `inbox route JS transferred, opened directly (${inboxScripts.size} files)`,
      kb(sum(inboxScripts)),
      '≤ 300 KB',
      sum(inboxScripts) <= 300 * 1024,
    );
    if (process.env.BENCH_WEB_FILES) {
      // What the inbox route loads, largest first: where to look when its budget is missed.
      for (const [file, bytes] of [...inboxScripts].sort((a, b) => b[1] - a[1]))
        console.info(`    ${kb(bytes).padStart(9)}  ${file}`);
    }
    const widget = await widgetTransfers(browser, server.base);
    record(
      'widget loader transferred',
      `${widget.loader.toLocaleString('en')} B`,
      '≤ 3 KB',
      widget.loader <= 3 * 1024,
    );
    record(
      `widget chat app transferred on first open (${widget.appFiles} files)`,
      kb(widget.app),
      '≤ 25 KB',
      widget.app <= 25 * 1024,
    );

    for (const [name, samples] of [
      ['login', lcp.login],
      ['inbox (demo workspace, signed in)', lcp.inbox],
    ] as const) {
      const { median, max } = medianOf(samples);
      record(
        `LCP on localhost, ${name}, first visit, ${LOADS} loads`,
        `p50 ${fmt(median)} · max ${fmt(max)}`,
        '—',
        null,
      );
    }
    const mobile = `${MOBILE.latencyMs} ms RTT, ${MOBILE.downBps / 1e6} Mbit/s, CPU ×${MOBILE.cpuSlowdown}`;
    for (const [name, samples, budgetMs] of [
      ['/login', throttledLcp.login, 1500],
      ['/inboxes (demo workspace, signed in)', throttledLcp.inbox, 2500],
    ] as const) {
      const { median, min, max } = medianOf(samples);
      record(
        `LCP ${name}, first visit, mobile throttling (${mobile}), ${LOADS} loads`,
        `median ${fmt(median)} (${fmt(min)}–${fmt(max)})`,
        `≤ ${budgetMs / 1000} s`,
        median <= budgetMs,
      );
    }
  } finally {
    await browser.close();
    await stopServer(server.child);
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}
