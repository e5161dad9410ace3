import { Readable } from 'node:stream';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Deps } from '../../lib/deps';
import { notFound } from '../../lib/errors';
import { parseRangeHeader, RangeNotSatisfiableError } from '../../lib/file-store';
import { fileStoreOf } from './attachments.service';

/**
 * Answers a stored file: the whole of it (200), or the one byte range the client asked for (206,
 * so audio and video can seek), 416 for a range past its end, and 404 — never a 500 — when its
 * bytes are gone from the store. `headers` are the route's own (type, disposition, security,
 * caching); the bytes stream from the store and are never held in memory whole.
 */
export async function sendStoredFile(
  deps: Deps,
  request: FastifyRequest,
  reply: FastifyReply,
  file: { key: string; notFound: string; headers: Record<string, string> },
) {
  // We send no validators, so an If-Range can never match: the whole file goes (RFC 9110).
  const range =
    request.headers['if-range'] === undefined ? parseRangeHeader(request.headers.range) : undefined;
  let opened;
  try {
    opened = await fileStoreOf(deps).open(file.key, { range });
  } catch (err) {
    if (!(err instanceof RangeNotSatisfiableError)) throw err;
    return reply
      .code(416)
      .header('content-range', `bytes */${err.size}`)
      .header('accept-ranges', 'bytes')
      .header('x-content-type-options', 'nosniff')
      .send({
        code: 'range_not_satisfiable',
        message: `The requested range is outside the file, which has ${err.size} bytes.`,
      });
  }
  if (!opened) throw notFound(file.notFound);
  reply.headers(file.headers).header('accept-ranges', 'bytes');
  if (opened.range) {
    const { start, end } = opened.range;
    reply
      .code(206)
      .header('content-range', `bytes ${start}-${end}/${opened.size}`)
      .header('content-length', end - start + 1);
  } else {
    reply.header('content-length', opened.size);
  }
  if (request.method === 'HEAD') {
    // Fastify would read the whole file only to drop it; the headers are the answer.
    opened.stream.destroy();
    return reply.send(Readable.from([]));
  }
  return reply.send(opened.stream);
}
