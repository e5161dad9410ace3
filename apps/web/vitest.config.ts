import { defineProject } from 'vitest/config';
import react from '@vitejs/plugin-react';

export default defineProject({
  plugins: [react()],
  test: {
    name: 'web',
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: ['./src/test/setup.ts'],
    // antd renders a lot in jsdom; give slow, shared machines room (CI runs beside other jobs).
    testTimeout: 60_000,
    // One more try for a component test: in jsdom, antd's Form.useWatch and animations land a
    // render later, and on a loaded 2-core machine a test that reads them too early fails about
    // once per full run (a different test each time). A real fault fails both tries; the flaky
    // reads are fixed as they are found (see the issue notes).
    retry: 1,
  },
});
