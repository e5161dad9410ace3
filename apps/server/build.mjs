// Bundles the server into dist/main.js and the storage migration command into
// dist/storage-migrate.js: our own code (and @parley/contracts) inlined, every npm dependency
// left external so native and WASM assets load from node_modules.
// `node build.mjs --outdir=<dir>` builds elsewhere (a scratch build beside a running one).
import { build } from 'esbuild';

const outdirArg = process.argv.find((a) => a.startsWith('--outdir='));

await build({
  entryPoints: ['src/main.ts', 'src/storage-migrate.ts'],
  outdir: outdirArg ? outdirArg.slice('--outdir='.length) : 'dist',
  bundle: true,
  platform: 'node',
  target: 'node20',
  format: 'esm',
  sourcemap: true,
  packages: 'external',
  alias: { '@parley/contracts': '../../packages/contracts/src/index.ts' },
  logLevel: 'warning',
});
