import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
import { contractsDir, pureContractSchemas, ZOD_ALIAS } from '../web/vite.config';

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
  plugins: [pureContractSchemas()],
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
      treeshake: {
        moduleSideEffects: (id: string) => !id.startsWith(contractsDir),
        manualPureFunctions: [ZOD_ALIAS],
        // The contracts' message tables are read inside dropped schemas only.
        propertyReadSideEffects: false,
      },
    },
  },
});
