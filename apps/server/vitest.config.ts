import { defineProject } from 'vitest/config';

export default defineProject({
  test: {
    name: 'server',
    include: ['src/**/*.test.ts'],
    environment: 'node',
    // Every file's database starts as a copy of one migrated at the start (src/test/harness.ts).
    globalSetup: ['src/test/database-template.ts'],
    // Each file builds its own app on its own fresh database.
    testTimeout: 60_000,
    hookTimeout: 60_000,
  },
});
