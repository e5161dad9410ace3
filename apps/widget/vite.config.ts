import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
import { linguiPlugins } from './lingui-plugins.ts';

const preactCompat = fileURLToPath(new URL('../../node_modules/preact/compat', import.meta.url));

/**
 * The chat app of the widget's iframe (WIDGET_PATHS.frame): frame.html and its hashed assets
 * under /widget/. The loader is built by vite.loader.config.ts into the same dist/.
 *
 * The app is written against React's API but runs on Preact (docs/adr/0009-widget-preact.md):
 * React 19 alone is ~69 KB gzip of the 80 KB budget.
 */
export default defineConfig({
  plugins: linguiPlugins(),
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
      output: {
        // A language's catalog (src/app/i18n.ts) is named as one: check-budgets.mjs adds the
        // largest to the first open's bytes.
        chunkFileNames: (chunk) =>
          chunk.facadeModuleId?.endsWith('.po')
            ? 'assets/catalog-[name]-[hash].js'
            : 'assets/[name]-[hash].js',
      },
    },
  },
});
