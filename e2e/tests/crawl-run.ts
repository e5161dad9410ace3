// The crawl's run of one page and of one person's pages, shared by the crawl (crawl.spec.ts)
// and the crawl in other languages and the dark theme (languages.spec.ts).
import fs from 'node:fs';
import path from 'node:path';
import { expect, type BrowserContext, type Page } from '@playwright/test';
import { APP_ROUTES, isRedirect, mayOpen, UNKNOWN_PATHS } from '../../apps/web/src/app/route-table';
import { axeProblems, layoutProblems, type Problem } from './crawl-checks';
import type { CrawlWorld, Person } from './crawl-fixtures';

export type Who = 'visitor' | 'owner' | 'agent';

export const VIEWPORTS = [
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

export interface Visit {
  /** The route table's path (the report's group). */
  route: string;
  url: string;
  expect: Expectation;
}

/** The headings of the screens the crawl tells apart, in the language the pages are shown in. */
export interface ScreenTexts {
  notAllowed: string;
  notFound: string;
  errorScreen: string;
}

export const ENGLISH_SCREENS: ScreenTexts = {
  notAllowed: "You don't have access to this page",
  notFound: 'Page not found',
  errorScreen: 'This page could not be shown',
};

/** What `who` opens: public pages signed out; every signed-in page as owner and as agent. */
export function visitsFor(who: Who, world: CrawlWorld): Visit[] {
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

export async function signIn(context: BrowserContext, person: Person) {
  const res = await context.request.post('/dashboardapi/auth/login', {
    data: { email: person.email, password: person.password },
  });
  expect(res.ok(), `sign in as ${person.email}: ${res.status()}`).toBe(true);
}

export const signedIn = async (context: BrowserContext) =>
  (await context.cookies()).some((c) => c.name === 'auth_token' && c.value !== '');

/** Opens one URL and lists what is wrong there. */
export async function crawlOne(
  page: Page,
  visit: Visit,
  opts: {
    who: Who;
    phone: boolean;
    extraChecks?: (page: Page) => Promise<Problem[]>;
    screens?: ScreenTexts;
    /** axe-core's checks (contrast and the rest); the language runs that repeat a look skip it. */
    axe?: boolean;
  },
): Promise<Problem[]> {
  const {
    notAllowed: NOT_ALLOWED,
    notFound: NOT_FOUND,
    errorScreen: ERROR_SCREEN,
  } = opts.screens ?? ENGLISH_SCREENS;
  const problems: Problem[] = [];
  const onPageError = (error: Error) =>
    problems.push({ check: 'page error', detail: error.message.split('\n')[0]!.slice(0, 300) });
  // What the page being left logs while it is torn down (a live socket closed mid-send) is not
  // this page's: count console errors from the moment the new document commits.
  let arrived = false;
  const onNavigated = (frame: import('@playwright/test').Frame) => {
    if (frame === page.mainFrame()) arrived = true;
  };
  const onConsole = (msg: import('@playwright/test').ConsoleMessage) => {
    if (msg.type() !== 'error' || !arrived) return;
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
  page.on('framenavigated', onNavigated);
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
    if (opts.axe !== false) problems.push(...(await axeProblems(page)));
    if (opts.extraChecks) problems.push(...(await opts.extraChecks(page)));
  } catch (error) {
    problems.push({ check: 'crawl', detail: `could not open: ${String(error).split('\n')[0]}` });
  } finally {
    page.off('pageerror', onPageError);
    page.off('framenavigated', onNavigated);
    page.off('console', onConsole);
    page.off('response', onResponse);
  }
  return problems;
}

export interface Finding {
  route: string;
  url: string;
  who: Who;
  viewport: string;
  problems: Problem[];
}

const indent = (text: string, by: string) => text.split('\n').join(`\n${by}`);

export function formatByVisit(findings: Finding[]): string {
  return findings
    .map(
      (f) =>
        `${f.route}  (${f.url})  as ${f.who} on ${f.viewport}\n` +
        f.problems.map((p) => `  [${p.check}] ${indent(p.detail, '  ')}`).join('\n'),
    )
    .join('\n\n');
}

/** Every test's findings, grouped by route: the file people fix from. */
export function writeReport(dir: string, name = 'crawl') {
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
    `${name === 'crawl' ? 'Crawl' : name} report: ${total} problems on ${byRoute.size} routes (${new Date().toISOString()})`,
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
  const file = path.join(dir, '..', `${name}-report.txt`);
  fs.writeFileSync(file, text);
  if (process.env.CRAWL_REPORT) fs.writeFileSync(process.env.CRAWL_REPORT, text);
}
