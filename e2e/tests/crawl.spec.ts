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
import { expect, test } from '@playwright/test';
import { buildWorld, type CrawlWorld } from './crawl-fixtures';
import {
  crawlOne,
  formatByVisit,
  signedIn,
  signIn,
  VIEWPORTS,
  visitsFor,
  writeReport,
  type Finding,
} from './crawl-run';

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
