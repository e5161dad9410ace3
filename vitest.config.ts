import os from 'node:os';
import { defineConfig } from 'vitest/config';

// One runner, four projects: the shared contracts, the server over a real database,
// the web app's components in jsdom, and the live-chat widget's loader and chat logic. e2e runs separately under Playwright.
export default defineConfig({
  test: {
    // Vitest's default is one worker fewer than the cores: one on a 2-core machine, which leaves
    // a core idle while a file waits on its database or the other transforms modules.
    maxWorkers: Math.max(2, os.availableParallelism() - 1),
    // As the e2e journeys do in CI: a test that fails once is run again and reported as flaky.
    retry: process.env.CI ? 1 : 0,
    projects: [
      {
        test: {
          name: 'contracts',
          include: ['packages/contracts/src/**/*.test.ts'],
          environment: 'node',
        },
      },
      'apps/server/vitest.config.ts',
      'apps/web/vitest.config.ts',
      'apps/widget/vitest.config.ts',
    ],
  },
});
