import { defineProject } from 'vitest/config';

export default defineProject({
  test: {
    name: 'server',
    include: ['src/**/*.test.ts'],
    environment: 'node',
    // Each file builds its own app on its own fresh database.
    testTimeout: 60_000,
    hookTimeout: 60_000,
  },
});
