import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { chromium, type Browser, type Page } from 'playwright-core';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../e2e/chromium';
import { fmt, percentile, record, startServer, stopServer, webDist } from './lib';

const LOADS = 5;

const gzipKb = (assetPath: string) =>
  zlib.gzipSync(fs.readFileSync(path.join(webDist, assetPath)), { level: 9 }).length / 1024;

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

/**
 * Opens `url` in a fresh tab of `context` (an empty cache each time: a first visit), waits for
 * `ready`, and returns its LCP and the app's scripts it loaded.
 */
async function firstVisit(
  browser: Browser,
  url: string,
  ready: (page: Page) => Promise<void>,
  cookies: Parameters<Awaited<ReturnType<Browser['newContext']>>['addCookies']>[0] = [],
) {
  const context = await browser.newContext();
  try {
    await context.addCookies(cookies);
    const page = await context.newPage();
    const scripts = new Set<string>();
    page.on('response', (res) => {
      const { pathname } = new URL(res.url());
      if (pathname.startsWith('/assets/') && pathname.endsWith('.js')) scripts.add(pathname);
    });
    await page.goto(url);
    await ready(page);
    await page.waitForLoadState('networkidle');
    return { lcp: await largestPaint(page), scripts, cookies: await context.cookies() };
  } finally {
    await context.close();
  }
}

/**
 * design.md §7, agent app: the JS of the login and inbox routes (gzip) and LCP on localhost,
 * measured in Debian's Chromium against the embedded server and its demo workspace.
 */
export async function benchWeb(port: number) {
  if (!fs.existsSync(path.join(webDist, 'index.html')) || !fs.existsSync(CHROMIUM_PATH)) {
    record('agent app in a browser', 'not built or no Chromium', '—', null);
    return;
  }
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'parley-bench-web-'));
  const server = await startServer({ DATA_DIR: dataDir, DEMO: 'on' }, port);
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
  try {
    const signIn = await firstVisit(browser, `${server.base}/login`, async (page) => {
      await page.getByLabel('Email').fill('demo@parley.localhost');
      await page.getByLabel('Password').fill('parley-demo');
      await page.getByRole('button', { name: 'Sign in' }).click();
      await page.getByRole('list', { name: 'Conversations' }).getByRole('link').first().waitFor();
    });
    const session = signIn.cookies;
    const loginLcp: number[] = [];
    const inboxLcp: number[] = [];
    let loginScripts = new Set<string>();
    let inboxScripts = new Set<string>();
    for (let i = 0; i < LOADS; i++) {
      const login = await firstVisit(browser, `${server.base}/login`, (page) =>
        page.getByRole('button', { name: 'Sign in' }).waitFor(),
      );
      loginLcp.push(login.lcp);
      loginScripts = login.scripts;
      const inbox = await firstVisit(
        browser,
        `${server.base}/inboxes`,
        (page) =>
          page.getByRole('list', { name: 'Conversations' }).getByRole('link').first().waitFor(),
        session,
      );
      inboxLcp.push(inbox.lcp);
      inboxScripts = inbox.scripts;
    }
    const kb = (scripts: Set<string>) =>
      [...scripts].reduce((n, p) => n + gzipKb(p.replace(/^\//, '')), 0);
    record(
      `login route JS, as loaded by the browser (${loginScripts.size} files, gzip)`,
      `${kb(loginScripts).toFixed(1)} KB`,
      '≤ 150 KB',
      kb(loginScripts) <= 150,
    );
    record(
      `inbox route JS, opened directly (${inboxScripts.size} files, gzip)`,
      `${kb(inboxScripts).toFixed(1)} KB`,
      '≤ 350 KB',
      kb(inboxScripts) <= 350,
    );
    if (process.env.BENCH_WEB_FILES) {
      // What the inbox route loads, largest first: where to look when its budget is missed.
      const sizes = [...inboxScripts].map((p) => [p, gzipKb(p.replace(/^\//, ''))] as const);
      for (const [file, size] of sizes.sort((a, b) => b[1] - a[1])) {
        console.info(`    ${size.toFixed(1).padStart(6)} KB  ${file}`);
      }
    }
    for (const [name, samples] of [
      ['login', loginLcp],
      ['inbox (demo workspace, signed in)', inboxLcp],
    ] as const) {
      const sorted = [...samples].sort((a, b) => a - b);
      record(
        `LCP, ${name}, first visit, ${LOADS} loads`,
        `p50 ${fmt(percentile(sorted, 50))} · max ${fmt(sorted.at(-1)!)}`,
        '≤ 1 s',
        sorted.at(-1)! <= 1000,
      );
    }
  } finally {
    await browser.close();
    await stopServer(server.child);
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}
