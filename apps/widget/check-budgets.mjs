// The widget's budgets (docs/benchmarks.md), in the bytes a browser receives: the server sends the
// Brotli files the build writes (scripts/precompress.mjs, quality 11) to every browser that accepts
// them. Loader ≤ 3 KB; the chat app (the JS and CSS its page loads on first open) ≤ 25 KB, in every
// language: a visitor not reading English also fetches their language's catalog (English ships in
// the app). Run after the build (it fails when over) and by bench/.
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { fileURLToPath } from 'node:url';

export const LOADER_BUDGET_BYTES = 3 * 1024;
export const APP_BUDGET_BYTES = 25 * 1024;

const brotliBytes = (file) =>
  zlib.brotliCompressSync(fs.readFileSync(file), {
    params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11 },
  }).length;

/** Brotli bytes of dist/loader.js, of every asset frame.html names, and of the largest language
 * catalog (assets/catalog-*.js, fetched on demand); null when not built. */
export function measureWidget(distDir) {
  const html = path.join(distDir, 'frame.html');
  const loader = path.join(distDir, 'loader.js');
  if (!fs.existsSync(html) || !fs.existsSync(loader)) return null;
  const assets = [
    ...fs.readFileSync(html, 'utf8').matchAll(/(?:src|href)="\/widget\/(assets\/[^"]+)"/g),
  ].map((m) => m[1]);
  const catalogs = fs
    .readdirSync(path.join(distDir, 'assets'))
    .filter((file) => /^catalog-.*\.js$/.test(file))
    .map((file) => brotliBytes(path.join(distDir, 'assets', file)));
  return {
    loaderBytes: brotliBytes(loader),
    appBytes: assets.reduce((sum, file) => sum + brotliBytes(path.join(distDir, file)), 0),
    appFiles: assets,
    largestCatalogBytes: Math.max(0, ...catalogs),
  };
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const figures = measureWidget(path.join(path.dirname(fileURLToPath(import.meta.url)), 'dist'));
  if (!figures) {
    console.error('widget budgets: apps/widget/dist is not built');
    process.exit(1);
  }
  const kb = (n) => `${(n / 1024).toFixed(2)} KB`;
  const loaderOk = figures.loaderBytes <= LOADER_BUDGET_BYTES;
  const appOk = figures.appBytes + figures.largestCatalogBytes <= APP_BUDGET_BYTES;
  console.info(
    `widget loader: ${kb(figures.loaderBytes)} brotli (budget ${kb(LOADER_BUDGET_BYTES)})${loaderOk ? '' : ' OVER'}`,
  );
  console.info(
    `widget chat app: ${kb(figures.appBytes)} brotli in ${figures.appFiles.length} files, +${kb(figures.largestCatalogBytes)} for the largest language catalog (budget ${kb(APP_BUDGET_BYTES)})${appOk ? '' : ' OVER'}`,
  );
  if (!loaderOk || !appOk) process.exit(1);
}
