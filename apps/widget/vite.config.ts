import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';

const preactCompat = fileURLToPath(new URL('../../node_modules/preact/compat', import.meta.url));

/**
 * The chat app of the widget's iframe (WIDGET_PATHS.frame): frame.html and its hashed assets
 * under /widget/. The loader is built by vite.loader.config.ts into the same dist/.
 *
 * The app is written against React's API but runs on Preact (docs/adr/0009-widget-preact.md):
 * React 19 alone is ~69 KB gzip of the 80 KB budget.
 */
export default defineConfig({
  base: '/widget/',
  oxc: { jsx: { runtime: 'automatic', importSource: 'preact' } },
  resolve: {
    alias: [
      { find: /^react-dom\/client$/, replacement: `${preactCompat}/client` },
      { find: /^react(-dom)?$/, replacement: preactCompat },
    ],
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    target: 'es2020',
    modulePreload: { polyfill: false },
    rolldownOptions: {
      input: fileURLToPath(new URL('./frame.html', import.meta.url)),
    },
  },
});
