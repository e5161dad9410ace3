import { defineProject } from 'vitest/config';
import react from '@vitejs/plugin-react';
import { linguiPlugins } from './lingui-plugins.ts';

export default defineProject({
  plugins: [react(), ...linguiPlugins()],
  test: {
    name: 'web',
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}', '*.test.ts'],
    setupFiles: ['./src/test/setup.ts'],
    // antd renders a lot in jsdom; give slow, shared machines room (CI runs beside other jobs).
    testTimeout: 60_000,
  },
});
