import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
import { contractsDir, pureContractSchemas, ZOD_ALIAS } from '../web/vite.config';

/**
 * The loader: one classic script (IIFE), no chunks, served at WIDGET_PATHS.loader. The contracts'
 * zod schemas are marked pure as in the web app's build, so only the constants it uses remain.
 */
export default defineConfig({
  plugins: [pureContractSchemas()],
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
    rolldownOptions: {
      treeshake: {
        moduleSideEffects: (id: string) => !id.startsWith(contractsDir),
        manualPureFunctions: [ZOD_ALIAS],
        // The contracts' message tables are read inside dropped schemas only.
        propertyReadSideEffects: false,
      },
    },
  },
});
