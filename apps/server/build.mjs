// Bundles the server into dist/main.js: our own code (and @parley/contracts) inlined,
// every npm dependency left external so native and WASM assets load from node_modules.
import { build } from 'esbuild';

await build({
  entryPoints: ['src/main.ts'],
  outfile: 'dist/main.js',
  bundle: true,
  platform: 'node',
  target: 'node20',
  format: 'esm',
  sourcemap: true,
  packages: 'external',
  alias: { '@parley/contracts': '../../packages/contracts/src/index.ts' },
  logLevel: 'warning',
});
