import { fileURLToPath } from 'node:url';
import { defineProject } from 'vitest/config';
import { linguiPlugins } from './lingui-plugins.ts';

const preactCompat = fileURLToPath(new URL('../../node_modules/preact/compat', import.meta.url));

// Components run on Preact, as in the build (vite.config.ts, docs/adr/0009-widget-preact.md).
export default defineProject({
  plugins: linguiPlugins(),
  oxc: { jsx: { runtime: 'automatic', importSource: 'preact' } },
  resolve: {
    alias: [
      { find: /^react-dom\/client$/, replacement: `${preactCompat}/client` },
      { find: /^react(-dom)?$/, replacement: preactCompat },
    ],
  },
  test: {
    name: 'widget',
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}'],
  },
});
