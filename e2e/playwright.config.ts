import os from 'node:os';
import path from 'node:path';
import fs from 'node:fs';
import { defineConfig } from '@playwright/test';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from './chromium';

// One server for the run, on a fresh embedded database in a temporary DATA_DIR.
export const E2E_PORT = Number(process.env.E2E_PORT ?? 3107);
export const E2E_DATA_DIR =
  process.env.E2E_DATA_DIR ?? fs.mkdtempSync(path.join(os.tmpdir(), 'parley-e2e-'));
process.env.E2E_DATA_DIR = E2E_DATA_DIR;
/** The operator's live-chat widget, faked on its own origin (e2e/fake-help-widget). */
export const HELP_WIDGET_PORT = E2E_PORT + 1;
/** Stripe's API and hosted pages, faked (e2e/fake-stripe). */
export const STRIPE_PORT = E2E_PORT + 2;
export const STRIPE_SECRET_KEY = 'sk_test_e2e';
/** The server's built-in SMTP server (incoming email), which the email journey sends to. */
export const E2E_SMTP_PORT = E2E_PORT + 9;
export const STRIPE_WEBHOOK_SECRET = 'whsec_e2e_billing';
/** A server already running (e2e/tests/crawl.spec.ts): nothing is started, the specs use it. */
const CRAWL_BASE_URL = process.env.CRAWL_BASE_URL;

const config = defineConfig({
  testDir: './tests',
  fullyParallel: false,
  workers: 1,
  retries: process.env.CI ? 1 : 0,
  timeout: 30_000,
  expect: { timeout: 7_000 },
  reporter: process.env.CI ? [['list']] : [['list']],
  use: {
    baseURL: CRAWL_BASE_URL ?? `http://127.0.0.1:${E2E_PORT}`,
    trace: 'retain-on-failure',
    // The help widget's demo-and-chat callout (docs/product/states.md) would pop up over the bottom right of
    // every page after 5 s; the journeys start as a person who has already dismissed it.
    storageState: {
      cookies: [],
      origins: [
        {
          origin: `http://127.0.0.1:${E2E_PORT}`,
          localStorage: [{ name: 'showDemoAndChatCallout', value: 'false' }],
        },
      ],
    },
    screenshot: 'only-on-failure',
    launchOptions: { executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS },
  },
  webServer: [
    {
      command: 'node fake-help-widget/server.mjs',
      url: `http://127.0.0.1:${HELP_WIDGET_PORT}/health`,
      reuseExistingServer: false,
      timeout: 20_000,
      env: {
        FAKE_HELP_WIDGET_PORT: String(HELP_WIDGET_PORT),
        FAKE_HELP_WIDGET_HOST_ORIGIN: `http://127.0.0.1:${E2E_PORT}`,
      },
    },
    {
      command: 'node fake-stripe/server.mjs',
      url: `http://127.0.0.1:${STRIPE_PORT}/health`,
      reuseExistingServer: false,
      timeout: 20_000,
      env: { FAKE_STRIPE_PORT: String(STRIPE_PORT), FAKE_STRIPE_SECRET_KEY: STRIPE_SECRET_KEY },
    },
    {
      command: 'node ../apps/server/dist/main.js',
      url: `http://127.0.0.1:${E2E_PORT}/dashboardapi/docs/json`,
      reuseExistingServer: false,
      // The embedded database's first start can take most of a minute on a busy machine.
      timeout: 120_000,
      env: {
        PORT: String(E2E_PORT),
        HOST: '127.0.0.1',
        PUBLIC_URL: `http://127.0.0.1:${E2E_PORT}`,
        DATA_DIR: E2E_DATA_DIR,
        DEMO: 'off',
        LOG_LEVEL: 'warn',
        // Another web build (e.g. your own `vite build --outDir`) instead of apps/web/dist.
        ...(process.env.WEB_DIST_DIR ? { WEB_DIST_DIR: process.env.WEB_DIST_DIR } : {}),
        AUTH_RATE_LIMIT_PER_MINUTE: '1000',
        SMTP_PORT: String(E2E_SMTP_PORT),
        // The inbox test's webhook receiver listens on 127.0.0.1 (safe-fetch refuses it otherwise).
        OUTBOUND_ALLOW_PRIVATE: 'true',
        HELP_WIDGET_URL: `http://127.0.0.1:${HELP_WIDGET_PORT}/frame`,
        STRIPE_SECRET_KEY,
        STRIPE_WEBHOOK_SECRET,
        STRIPE_API_BASE: `http://127.0.0.1:${STRIPE_PORT}`,
        STRIPE_PLANS: 'Starter=price_starter',
        ONBOARDING_VIDEOS: JSON.stringify([
          {
            title: 'Your first day in the inbox',
            url: 'https://videos.example.test/first-day',
            minutes: 4,
            description: 'Views, assignment and replies.',
          },
        ]),
      },
    },
  ],
});
// A server already running is the crawl's to use: none is started.
if (CRAWL_BASE_URL) config.webServer = [];
export default config;
