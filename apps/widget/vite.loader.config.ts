import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
import { linguiPlugins } from './lingui-plugins.ts';

/**
 * The loader: one classic script (IIFE), no chunks, served at WIDGET_PATHS.loader. It imports
 * constants only; the contracts' modules are side-effect free (their package.json), so none of
 * their schemas, nor zod, come with them.
 */
export default defineConfig({
  plugins: linguiPlugins(),
  build: {
    outDir: 'dist',
    emptyOutDir: false,
    target: 'es2020',
    lib: {
      entry: fileURLToPath(new URL('./src/loader/loader.ts', import.meta.url)),
      formats: ['iife'],
      name: 'ParleyLoader',
      fileName: () => 'loader.js',
    },
  },
});
