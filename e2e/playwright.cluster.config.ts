import { defineConfig } from '@playwright/test';

// The cluster test (npm run test:cluster): three built servers behind HAProxy on the local
// PostgreSQL and Redis, with an S3-compatible store. It starts and stops everything itself; it
// needs no browser. Not part of `npm test`, which runs where PostgreSQL, Redis and HAProxy are not.
export default defineConfig({
  testDir: './cluster',
  fullyParallel: false,
  workers: 1,
  retries: 0,
  timeout: 60_000,
  expect: { timeout: 15_000 },
  // The whole run is bounded: a hang fails it rather than holding CI.
  globalTimeout: 240_000,
  reporter: [['list']],
});
