import zlib from 'node:zlib';
import type { Readable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import fastifyCompress from '@fastify/compress';

const isStream = (payload: unknown): payload is Readable =>
  typeof (payload as Readable | null)?.pipe === 'function';

/** Smaller answers gain less than the encoding's header and CPU cost. */
export const COMPRESS_THRESHOLD_BYTES = 1024;

/**
 * Text only: JSON, HTML, CSS, JS, CSV, SVG. Not `application/octet-stream` (the plugin's default
 * includes it), which is how uploads are downloaded — mostly images, PDFs and archives that are
 * compressed already — and not server-sent events, which must reach the client as written.
 */
export const COMPRESSIBLE_TYPES = /^text\/(?!event-stream)|[+/](?:json|xml|javascript)(?:;|$)/;

/**
 * Compresses the answers built per request (API JSON, index.html, reports' CSV) on the fly; the
 * built web app and widget are compressed once at build time and sent as they are by
 * @fastify/static (`preCompressed`), which this plugin leaves alone (they carry
 * Content-Encoding already). Brotli at a low quality and gzip at a fast level: per request, CPU
 * counts as much as bytes. The realtime WebSocket never passes through here.
 */
export async function registerCompression(app: FastifyInstance) {
  // The plugin applies its threshold to buffered answers only. A file sent as a stream with its
  // length known (@fastify/static: a built file with no .br/.gz copy because encoding would not
  // make it smaller) is held to the same threshold. Runs before the plugin's route-level hook.
  app.addHook('onSend', async (request, reply, payload) => {
    const length = Number(reply.getHeader('content-length'));
    if (isStream(payload) && length < COMPRESS_THRESHOLD_BYTES)
      request.headers['x-no-compression'] = '1';
  });
  await app.register(fastifyCompress, {
    encodings: ['br', 'gzip'],
    threshold: COMPRESS_THRESHOLD_BYTES,
    customTypes: COMPRESSIBLE_TYPES,
    brotliOptions: { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 4 } },
    zlibOptions: { level: 4 },
    // Up to a list page's size and well beyond (13 KB for 25 rows), compressed in one call on the
    // event loop (~0.1 ms): cheaper than a zlib stream through the thread pool, whose default
    // limit on a 2-core host is 8 KB.
    syncThreshold: 64 * 1024,
    // Request bodies stay as sent: no compressed uploads accepted, so no decompression bombs.
    globalDecompression: false,
  });
}
