import type { FastifyInstance } from 'fastify';

/**
 * In this scope a JSON body stays the raw bytes the provider sent: its signature is over exactly
 * those (docs/security.md). The handler reads them with rawBody and parses them once verified.
 */
export function keepJsonRaw(
  scope: Pick<FastifyInstance, 'addContentTypeParser'>,
  bodyLimit = 1024 * 1024,
) {
  scope.addContentTypeParser(
    'application/json',
    { parseAs: 'buffer', bodyLimit },
    (_request, body, done) => done(null, body),
  );
}

/** The raw bytes of a body kept by keepJsonRaw (none when there was no JSON body). */
export const rawBody = (body: unknown): Buffer => (Buffer.isBuffer(body) ? body : Buffer.alloc(0));
