// Writes Brotli (`.br`) and gzip (`.gz`) files beside every compressible file of a build, at the
// highest levels (once per build, so the server pays nothing per request). The server sends them
// to browsers that accept them (@fastify/static `preCompressed`, docs/ARCHITECTURE.md "Compression and caching").
//   node scripts/precompress.mjs <dir> [--skip <file name>]...
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { fileURLToPath } from 'node:url';

/** Text-like files; images, fonts and archives are compressed already. */
export const COMPRESSIBLE_EXTENSIONS = new Set([
  '.js',
  '.mjs',
  '.css',
  '.html',
  '.svg',
  '.json',
  '.txt',
  '.xml',
  '.webmanifest',
  '.ico',
  '.wasm',
]);
export const ENCODED_EXTENSIONS = { br: '.br', gzip: '.gz' };

const encoders = {
  br: (data) =>
    zlib.brotliCompressSync(data, {
      params: {
        [zlib.constants.BROTLI_PARAM_QUALITY]: zlib.constants.BROTLI_MAX_QUALITY,
        [zlib.constants.BROTLI_PARAM_SIZE_HINT]: data.length,
        [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT,
      },
    }),
  gzip: (data) => zlib.gzipSync(data, { level: zlib.constants.Z_BEST_COMPRESSION }),
};

function* filesUnder(dir) {
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* filesUnder(file);
    else if (entry.isFile()) yield file;
  }
}

/**
 * Compresses every compressible file under `dir` (but those named in `skip`, e.g. an index.html
 * the server rewrites per request). Encoded files of an earlier run are replaced, and an encoding
 * that would not be smaller is not written: the server then sends the file as it is.
 */
export function precompress(dir, { skip = [] } = {}) {
  const encodedExt = Object.values(ENCODED_EXTENSIONS);
  const all = [...filesUnder(dir)];
  // Stale encodings (of a file since rebuilt or removed) must never be served.
  for (const file of all) if (encodedExt.includes(path.extname(file))) fs.rmSync(file);
  const written = [];
  for (const file of all) {
    const ext = path.extname(file);
    if (!COMPRESSIBLE_EXTENSIONS.has(ext) || skip.includes(path.basename(file))) continue;
    const data = fs.readFileSync(file);
    const sizes = { file: path.relative(dir, file), identity: data.length };
    for (const [encoding, encode] of Object.entries(encoders)) {
      const encoded = encode(data);
      if (encoded.length >= data.length) continue;
      fs.writeFileSync(file + ENCODED_EXTENSIONS[encoding], encoded);
      sizes[encoding] = encoded.length;
    }
    written.push(sizes);
  }
  return written;
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const args = process.argv.slice(2);
  const skip = args.flatMap((arg, i) => (args[i - 1] === '--skip' ? [arg] : []));
  const dirs = args.filter((arg, i) => arg !== '--skip' && args[i - 1] !== '--skip');
  if (dirs.length === 0 || !dirs.every((dir) => fs.existsSync(dir))) {
    console.error('usage: node scripts/precompress.mjs <built dir>... [--skip <file name>]');
    process.exit(1);
  }
  for (const dir of dirs) {
    const files = precompress(dir, { skip });
    const sum = (key) => files.reduce((n, f) => n + (f[key] ?? f.identity), 0);
    const kb = (n) => `${(n / 1024).toFixed(1)} KB`;
    console.info(
      `precompressed ${files.length} files in ${dir}: ${kb(sum('identity'))} → br ${kb(sum('br'))}, gzip ${kb(sum('gzip'))}`,
    );
  }
}
