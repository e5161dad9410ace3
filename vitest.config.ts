import { defineConfig } from 'vitest/config';

// One runner, three projects: the shared contracts, the server over a real database,
// and the web app's components in jsdom. e2e runs separately under Playwright.
export default defineConfig({
  test: {
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
    ],
  },
});
