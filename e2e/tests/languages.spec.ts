/**
 * The crawl again (crawl-run.ts), in the other languages and in the dark theme (docs/i18n.md):
 * every route of the route table, in the built app, with the crawl's checks (no errors, targets,
 * axe's contrast and the rest) plus, per page:
 *   - `<html lang dir>` are the language's, right-to-left for Arabic;
 *   - no English is left where the language has a translation: no line of the page's text is
 *     an English message of the catalogs whose translation differs;
 *   - in the dark theme, the page's background is dark.
 * Arabic and the dark theme crawl every page, signed out (the browser's language, the device's
 * theme) and signed in (the Profile choice), with axe's checks (contrast in both themes); Arabic
 * on the desktop and on a phone (mirrored layouts overflow first), the dark theme on the desktop.
 * The other languages render a sample of pages (SAMPLE_ROUTES: the shell, a conversation,
 * settings, a contact, the help center, the widget) signed out and in on the desktop, and German,
 * whose words run longest, every signed-in page on a phone.
 */
import fs from 'node:fs';
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import PO from 'pofile';
import type { Problem } from './crawl-checks';
import { buildWorld, type CrawlWorld } from './crawl-fixtures';
import {
  crawlOne,
  ENGLISH_SCREENS,
  formatByVisit,
  signedIn,
  signIn,
  VIEWPORTS,
  visitsFor,
  writeReport,
  type Finding,
  type ScreenTexts,
} from './crawl-run';
import { sessionHeaders } from './helpers';

type Locale = 'en' | 'es' | 'pt-BR' | 'fr' | 'de' | 'hi' | 'ar';

interface Look {
  name: string;
  locale: Locale;
  theme: 'light' | 'dark';
  viewports: readonly (typeof VIEWPORTS)[number]['name'][];
  /** Signed out too (the public pages), or only signed in. */
  visitor: boolean;
  /** axe-core's checks: in the looks that change colours or layout (dark, right-to-left). */
  axe: boolean;
  /**
   * Only the sample pages (SAMPLE_ROUTES) on these viewports. A left-to-right language's pages
   * differ from English only in their texts; the catalog check proves every text is translated,
   * so the sample shows them in place, and Arabic and the dark theme crawl every page.
   */
  sampleOn: readonly (typeof VIEWPORTS)[number]['name'][];
}

/**
 * The pages each language is rendered on at least: the shell with a conversation, settings, a
 * contact, reporting, the help center (an article too), the widget, and the sign-in.
 */
const SAMPLE_ROUTES = new Set([
  '/login',
  '/widget-demo',
  '/help-center/:center',
  '/help-center/:center/articles/:slug',
  '/inboxes/*',
  '/reporting',
  '/contacts/:contactId',
  '/settings/profile',
  '/settings/global',
  '/settings/widgets',
  '/settings/fastreplies',
]);

const LOOKS: Look[] = [
  {
    name: 'Arabic',
    locale: 'ar',
    theme: 'light',
    viewports: ['desktop', 'phone'],
    visitor: true,
    axe: true,
    sampleOn: [],
  },
  {
    name: 'the dark theme',
    locale: 'en',
    theme: 'dark',
    viewports: ['desktop'],
    visitor: true,
    axe: true,
    sampleOn: [],
  },
  ...(
    [
      ['Spanish', 'es'],
      ['Portuguese (Brazil)', 'pt-BR'],
      ['French', 'fr'],
      ['German', 'de'],
      ['Hindi', 'hi'],
    ] as const
  ).map(([name, locale]) => ({
    name,
    locale,
    theme: 'light' as const,
    // German runs longest: every page on a phone shows whether its words fit.
    viewports: locale === 'de' ? (['desktop', 'phone'] as const) : (['desktop'] as const),
    visitor: true,
    axe: false,
    sampleOn: ['desktop'] as const,
  })),
];

const LOCALES_DIR = path.resolve(import.meta.dirname, '../../apps/web/src/locales');

/**
 * The English texts that must not show in `locale`: messages without placeholders or tags (a
 * page shows those with values filled in) whose translation reads differently.
 */
function englishLeftovers(locale: Locale): Set<string> {
  const english = new Set<string>();
  if (locale === 'en') return english;
  for (const [source, translation] of translations(locale)) {
    if (/[{}<>]/.test(source)) continue;
    // A word that other languages borrow as is (e.g. "Email") is no leftover.
    if (translation !== source && /\p{L}{2}/u.test(source)) english.add(source);
  }
  return english;
}

/** Every translated message of the web app's catalogs in `locale`: English → translation. */
function translations(locale: Locale): Map<string, string> {
  const found = new Map<string, string>();
  for (const catalog of ['entry', 'app']) {
    const file = path.join(LOCALES_DIR, catalog, `${locale}.po`);
    for (const item of PO.parse(fs.readFileSync(file, 'utf8')).items) {
      const translation = item.msgstr.join('').trim();
      if (translation) found.set(item.msgid.trim(), translation);
    }
  }
  return found;
}

/** The crawl's screen headings in `locale`. */
function screenTexts(locale: Locale): ScreenTexts {
  if (locale === 'en') return ENGLISH_SCREENS;
  const translated = translations(locale);
  const pick = (english: string) => translated.get(english) ?? english;
  return {
    notAllowed: pick(ENGLISH_SCREENS.notAllowed),
    notFound: pick(ENGLISH_SCREENS.notFound),
    errorScreen: pick(ENGLISH_SCREENS.errorScreen),
  };
}

/** The checks of one look on one page, after the crawl's own. */
function lookChecks(look: Look, leftovers: Set<string>) {
  return async (page: Page): Promise<Problem[]> => {
    const problems: Problem[] = [];
    const seen = await page.evaluate(() => ({
      lang: document.documentElement.lang,
      dir: document.documentElement.dir || 'ltr',
      lines: document.body.innerText
        .split('\n')
        .map((line) => line.trim())
        .filter(Boolean),
      background: getComputedStyle(document.body).backgroundColor,
    }));
    if (seen.lang !== look.locale)
      problems.push({
        check: 'language',
        detail: `<html lang="${seen.lang}">, not ${look.locale}`,
      });
    const wantedDir = look.locale === 'ar' ? 'rtl' : 'ltr';
    if (seen.dir !== wantedDir)
      problems.push({ check: 'direction', detail: `<html dir="${seen.dir}">, not ${wantedDir}` });
    const english = [...new Set(seen.lines.filter((line) => leftovers.has(line)))];
    if (english.length)
      problems.push({
        check: 'English left',
        detail: english.map((line) => `"${line}"`).join(', '),
      });
    if (look.theme === 'dark') {
      const [r, g, b] = (seen.background.match(/\d+/g) ?? ['255', '255', '255']).map(Number);
      if ((r! + g! + b!) / 3 > 96)
        problems.push({ check: 'dark theme', detail: `page background ${seen.background}` });
    }
    return problems;
  };
}

// The report is the artefact, as in the crawl.
test.use({ trace: 'off', screenshot: 'off' });

test.describe('crawl in every language and in the dark theme', () => {
  let world: CrawlWorld;
  let reportDir: string;

  test.beforeAll(async ({ baseURL }, testInfo) => {
    test.setTimeout(120_000);
    reportDir = path.join(testInfo.project.outputDir, 'languages');
    fs.mkdirSync(reportDir, { recursive: true });
    world = await buildWorld(baseURL!);
  });

  test.afterAll(() => writeReport(reportDir, 'languages'));

  for (const look of LOOKS) {
    for (const viewport of VIEWPORTS.filter((v) => look.viewports.includes(v.name))) {
      const sample = look.sampleOn.includes(viewport.name);
      // German's phone crawl is of the signed-in pages; its public pages are in the sample.
      const visitor = look.visitor && (sample || look.sampleOn.length === 0);
      for (const who of visitor ? (['visitor', 'owner'] as const) : (['owner'] as const)) {
        test(`${sample ? 'the sample' : 'every'} ${who === 'visitor' ? 'public' : 'signed-in'} page${sample ? 's' : ''} in ${look.name} on ${viewport.name}: the language’s direction, no English left, and the crawl’s checks`, async ({
          browser,
          baseURL,
        }) => {
          test.setTimeout(300_000);
          const context = await browser.newContext({
            ...viewport.options,
            baseURL,
            // Signed out, the pages follow the browser's language and the device's theme.
            locale: look.locale,
            colorScheme: look.theme,
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
          const choose = async (choice: { locale: Locale | null; theme: string }) => {
            const res = await context.request.patch('/dashboardapi/me/profile', {
              data: choice,
              headers: await sessionHeaders(context),
            });
            expect(res.ok(), `choosing ${JSON.stringify(choice)}: ${res.status()}`).toBe(true);
          };
          if (person) {
            await signIn(context, person);
            // Signed in, the person's own choice in Profile decides, whatever the browser says.
            await choose({ locale: look.locale, theme: look.theme });
          }
          const page = await context.newPage();
          const checks = lookChecks(look, englishLeftovers(look.locale));
          const screens = screenTexts(look.locale);
          const findings: Finding[] = [];
          try {
            const visits = visitsFor(who, world).filter(
              (visit) => !sample || SAMPLE_ROUTES.has(visit.route),
            );
            expect(visits.length, 'pages to visit').toBeGreaterThan(0);
            for (const visit of visits) {
              const problems = await test.step(visit.url, () =>
                crawlOne(page, visit, {
                  who,
                  phone: viewport.name === 'phone',
                  extraChecks: checks,
                  screens,
                  axe: look.axe,
                }),
              );
              if (problems.length > 0)
                findings.push({
                  route: visit.route,
                  url: visit.url,
                  who,
                  viewport: `${viewport.name}, ${look.name}`,
                  problems,
                });
              if (person && !(await signedIn(context))) await signIn(context, person);
            }
          } finally {
            if (person) await choose({ locale: null, theme: 'system' }).catch(() => undefined);
            await context.close();
            fs.mkdirSync(reportDir, { recursive: true });
            fs.writeFileSync(
              path.join(reportDir, `${look.locale}-${look.theme}-${who}-${viewport.name}.json`),
              JSON.stringify(findings, null, 1),
            );
          }
          const count = findings.reduce((n, f) => n + f.problems.length, 0);
          expect(
            count,
            `${count} problems as ${who} in ${look.name} on ${viewport.name}:\n\n${formatByVisit(findings)}\n`,
          ).toBe(0);
        });
      }
    }
  }
});
