/**
 * The crawl: every route of the web app's route table (apps/web/src/app/route-table.ts) — so a
 * new page cannot escape it — opened in the built app by a visitor (public pages), an owner and
 * an agent (signed-in pages), at 1440×900 and on a phone (390×844, touch). A page fails on:
 * an uncaught error, a console error, a response ≥ 500, a 401/403 that would sign the person out
 *, the error screen, the wrong screen (a role's page not guarded, a 404 not shown), a
 * page wider than the phone, an interactive element under 24×24 px (WCAG 2.2, 2.5.8; links in
 * a sentence and well-spaced targets are exempt, as WCAG says) or out of reach, text in the
 * default serif font, and axe-core's critical or serious violations.
 *
 * Runs with the suite (`npm run test:e2e`: playwright.config.ts builds nothing, it starts the
 * built server). On its own, from e2e/: `npx playwright test crawl`; with your own web build:
 * `WEB_DIST_DIR=/tmp/my-dist npx playwright test crawl`. Against a server already running (to
 * iterate without restarting one), give its address and its DATA_DIR (the crawl reads the mails
 * it sends, DATA_DIR/mailbox): `CRAWL_BASE_URL=http://127.0.0.1:4120 E2E_DATA_DIR=/its/data/dir
 * npx playwright test crawl`. A DEMO=on server works too (the crawl makes its own workspace).
 *
 * The report: each failing test lists its problems per route; test-results/crawl-report.txt
 * holds every problem grouped by route (CRAWL_REPORT=/some/file.txt copies it there).
 * CRAWL_TIMINGS=1 prints how long each page took. Several people running Playwright in e2e/ at
 * once clear each other's test-results: give yours its own (`--output /tmp/my-results`).
 */
import fs from 'node:fs';
import path from 'node:path';
import { expect, test, type BrowserContext, type Page } from '@playwright/test';
import { APP_ROUTES, isRedirect, mayOpen, UNKNOWN_PATHS } from '../../apps/web/src/app/route-table';
import { axeProblems, layoutProblems, type Problem } from './crawl-checks';
import { buildWorld, type CrawlWorld, type Person } from './crawl-fixtures';

type Who = 'visitor' | 'owner' | 'agent';

const VIEWPORTS = [
  { name: 'desktop', options: { viewport: { width: 1440, height: 900 } } },
  {
    name: 'phone',
    options: {
      viewport: { width: 390, height: 844 },
      isMobile: true,
      hasTouch: true,
      deviceScaleFactor: 2,
    },
  },
] as const;

type Expectation =
  | { screen: 'page' }
  | { screen: 'redirect'; to: string }
  | { screen: 'not-allowed' }
  | { screen: 'not-found' };

interface Visit {
  /** The route table's path (the report's group). */
  route: string;
  url: string;
  expect: Expectation;
}

const NOT_ALLOWED = "You don't have access to this page";
const NOT_FOUND = 'Page not found';
const ERROR_SCREEN = 'This page could not be shown';

/** What `who` opens: public pages signed out; every signed-in page as owner and as agent. */
function visitsFor(who: Who, world: CrawlWorld): Visit[] {
  const visits: Visit[] = [];
  for (const route of APP_ROUTES) {
    const isPublic = route.area === 'entry' || route.area === 'public';
    if (isPublic !== (who === 'visitor')) continue;
    for (const visit of route.crawl) {
      const url = 'url' in visit ? visit.url : world.urls[visit.fixture];
      const expectation: Expectation =
        who !== 'visitor' && !mayOpen(route, who)
          ? { screen: 'not-allowed' }
          : isRedirect(route)
            ? { screen: 'redirect', to: route.redirect }
            : { screen: 'page' };
      visits.push({ route: route.path, url, expect: expectation });
    }
  }
  const notFound = (url: string) => ({
    route: `404 ${url}`,
    url,
    expect: { screen: 'not-found' } as const,
  });
  if (who !== 'agent') visits.push(notFound(UNKNOWN_PATHS.outside));
  if (who !== 'visitor') visits.push(notFound(UNKNOWN_PATHS.settings));
  return visits;
}

/** Until the page has loaded: no requests for a moment, no spinner, fonts in. */
async function settle(page: Page): Promise<Problem[]> {
  await page.waitForLoadState('networkidle', { timeout: 15_000 }).catch(() => undefined);
  const loaded = await page
    .waitForFunction(
      () => !document.querySelector('.ant-spin-spinning, .ant-skeleton-active, [aria-busy="true"]'),
      null,
      { timeout: 10_000, polling: 100 },
    )
    .then(
      () => true,
      () => false,
    );
  await page.evaluate(() => document.fonts.ready.then(() => undefined));
  return loaded ? [] : [{ check: 'loading', detail: 'still showing a spinner after 10 s' }];
}

async function signIn(context: BrowserContext, person: Person) {
  const res = await context.request.post('/dashboardapi/auth/login', {
    data: { email: person.email, password: person.password },
  });
  expect(res.ok(), `sign in as ${person.email}: ${res.status()}`).toBe(true);
}

const signedIn = async (context: BrowserContext) =>
  (await context.cookies()).some((c) => c.name === 'auth_token' && c.value !== '');

/** Opens one URL and lists what is wrong there. */
async function crawlOne(
  page: Page,
  visit: Visit,
  opts: { who: Who; phone: boolean },
): Promise<Problem[]> {
  const problems: Problem[] = [];
  const onPageError = (error: Error) =>
    problems.push({ check: 'page error', detail: error.message.split('\n')[0]!.slice(0, 300) });
  const onConsole = (msg: import('@playwright/test').ConsoleMessage) => {
    if (msg.type() !== 'error') return;
    const where = msg.location().url
      ? ` (${msg.location().url.replace(/^https?:\/\/[^/]+/, '')})`
      : '';
    problems.push({ check: 'console error', detail: `${msg.text().slice(0, 300)}${where}` });
  };
  const onResponse = (res: import('@playwright/test').Response) => {
    const status = res.status();
    const url = res.url().replace(/^https?:\/\/[^/]+/, '');
    if (status >= 500)
      problems.push({
        check: 'response ≥ 500',
        detail: `${status} ${res.request().method()} ${url}`,
      });
    else if (
      opts.who !== 'visitor' &&
      (status === 401 || status === 403) &&
      url.startsWith('/dashboardapi/')
    )
      problems.push({
        check: 'signed out',
        detail: `${status} ${res.request().method()} ${url}`,
      });
  };
  page.on('pageerror', onPageError);
  page.on('console', onConsole);
  page.on('response', onResponse);
  try {
    const response = await page.goto(visit.url, { waitUntil: 'domcontentloaded' });
    if (response && response.status() >= 400)
      problems.push({ check: 'document', detail: `the page itself answered ${response.status()}` });
    problems.push(...(await settle(page)));

    const { pathname } = new URL(page.url());
    const wanted = new URL(visit.url, page.url()).pathname;
    const expectation = visit.expect;
    if (opts.who !== 'visitor' && pathname === '/login')
      problems.push({ check: 'signed out', detail: `ended on /login instead of ${wanted}` });
    else if (expectation.screen === 'redirect' && !pathname.startsWith(expectation.to))
      problems.push({
        check: 'wrong screen',
        detail: `redirected to ${pathname}, not ${expectation.to}`,
      });
    else if (
      expectation.screen !== 'redirect' &&
      pathname.replace(/\/$/, '') !== wanted.replace(/\/$/, '') &&
      !(wanted.startsWith('/inboxes') && pathname.startsWith('/inboxes'))
    )
      problems.push({ check: 'wrong screen', detail: `ended on ${pathname} instead of ${wanted}` });

    const heading = (name: string) => page.getByRole('heading', { name, exact: true });
    if (expectation.screen === 'not-allowed' && !(await heading(NOT_ALLOWED).isVisible()))
      problems.push({
        check: 'wrong screen',
        detail: `no "${NOT_ALLOWED}" screen for a role that may not open it`,
      });
    if (expectation.screen === 'not-found' && !(await heading(NOT_FOUND).isVisible()))
      problems.push({ check: 'wrong screen', detail: `no "${NOT_FOUND}" screen` });
    if (expectation.screen === 'page' && (await heading(NOT_ALLOWED).isVisible()))
      problems.push({
        check: 'wrong screen',
        detail: `"${NOT_ALLOWED}" for a role that may open it`,
      });
    if (await page.getByText(ERROR_SCREEN).isVisible())
      problems.push({ check: 'error screen', detail: `"${ERROR_SCREEN}"` });

    problems.push(...(await layoutProblems(page, { phone: opts.phone })));
    problems.push(...(await axeProblems(page)));
  } catch (error) {
    problems.push({ check: 'crawl', detail: `could not open: ${String(error).split('\n')[0]}` });
  } finally {
    page.off('pageerror', onPageError);
    page.off('console', onConsole);
    page.off('response', onResponse);
  }
  return problems;
}

interface Finding {
  route: string;
  url: string;
  who: Who;
  viewport: string;
  problems: Problem[];
}

const indent = (text: string, by: string) => text.split('\n').join(`\n${by}`);

function formatByVisit(findings: Finding[]): string {
  return findings
    .map(
      (f) =>
        `${f.route}  (${f.url})  as ${f.who} on ${f.viewport}\n` +
        f.problems.map((p) => `  [${p.check}] ${indent(p.detail, '  ')}`).join('\n'),
    )
    .join('\n\n');
}

/** Every test's findings, grouped by route: the file people fix from. */
function writeReport(dir: string) {
  const findings = fs.existsSync(dir)
    ? fs
        .readdirSync(dir)
        .filter((file) => file.endsWith('.json'))
        .flatMap((file) => JSON.parse(fs.readFileSync(path.join(dir, file), 'utf8')) as Finding[])
    : [];
  const byRoute = new Map<string, Finding[]>();
  for (const finding of findings)
    byRoute.set(finding.route, [...(byRoute.get(finding.route) ?? []), finding]);
  const order = (route: string) => {
    const index = APP_ROUTES.findIndex((r) => r.path === route);
    return index === -1 ? APP_ROUTES.length : index;
  };
  const total = findings.reduce((n, f) => n + f.problems.length, 0);
  const lines = [
    `Crawl report: ${total} problems on ${byRoute.size} routes (${new Date().toISOString()})`,
    '',
  ];
  for (const [route, list] of [...byRoute].sort(([a], [b]) => order(a) - order(b))) {
    lines.push(`== ${route}`);
    for (const f of list) {
      lines.push(`  -- as ${f.who} on ${f.viewport}: ${f.url}`);
      for (const p of f.problems) lines.push(`    [${p.check}] ${indent(p.detail, '    ')}`);
    }
    lines.push('');
  }
  const text = lines.join('\n');
  const file = path.join(dir, '..', 'crawl-report.txt');
  fs.writeFileSync(file, text);
  if (process.env.CRAWL_REPORT) fs.writeFileSync(process.env.CRAWL_REPORT, text);
}

// The report is the crawl's artefact; a trace of 150 page loads would cost more than the crawl.
test.use({ trace: 'off', screenshot: 'off' });

test.describe('crawl of every route', () => {
  let world: CrawlWorld;
  let reportDir: string;

  test.beforeAll(async ({ baseURL }, testInfo) => {
    test.setTimeout(120_000);
    reportDir = path.join(testInfo.project.outputDir, 'crawl');
    fs.mkdirSync(reportDir, { recursive: true });
    world = await buildWorld(baseURL!);
  });

  test.afterAll(() => writeReport(reportDir));

  for (const viewport of VIEWPORTS) {
    for (const who of ['visitor', 'owner', 'agent'] as const) {
      test(`every ${who === 'visitor' ? 'public' : 'signed-in'} page as ${who} on ${viewport.name}: no errors, reachable targets ≥ 24 px, no serif fallback, no serious axe violations${viewport.name === 'phone' ? ', no sideways scrolling' : ''}`, async ({
        browser,
        baseURL,
      }) => {
        test.setTimeout(240_000);
        const context = await browser.newContext({
          ...viewport.options,
          baseURL,
          // The help widget's callout would pop up over every page after 5 s (playwright.config.ts).
          storageState: {
            cookies: [],
            origins: [
              {
                origin: new URL(baseURL!).origin,
                localStorage: [{ name: 'showDemoAndChatCallout', value: 'false' }],
              },
            ],
          },
        });
        const person = who === 'visitor' ? null : world[who];
        if (person) await signIn(context, person);
        const page = await context.newPage();
        const findings: Finding[] = [];
        try {
          for (const visit of visitsFor(who, world)) {
            const started = Date.now();
            const problems = await test.step(visit.url, () =>
              crawlOne(page, visit, { who, phone: viewport.name === 'phone' }),
            );
            if (process.env.CRAWL_TIMINGS) console.info(`${Date.now() - started} ms ${visit.url}`);
            if (problems.length > 0)
              findings.push({
                route: visit.route,
                url: visit.url,
                who,
                viewport: viewport.name,
                problems,
              });
            // A page that ended the session must not fail every page after it.
            if (person && !(await signedIn(context))) await signIn(context, person);
          }
        } finally {
          await context.close();
          fs.mkdirSync(reportDir, { recursive: true });
          fs.writeFileSync(
            path.join(reportDir, `${who}-${viewport.name}.json`),
            JSON.stringify(findings, null, 1),
          );
        }
        const count = findings.reduce((n, f) => n + f.problems.length, 0);
        expect(
          count,
          `${count} problems as ${who} on ${viewport.name}:\n\n${formatByVisit(findings)}\n`,
        ).toBe(0);
      });
    }
  }
});
