import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError } from '../lib/errors';

const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

/**
 * Checks every string of a parsed body, query or params, without recursion: NUL (PostgreSQL's
 * text refuses it, which answered 500) makes it invalid, and its path is answered; an unpaired
 * surrogate becomes U+FFFD in place — what the driver writes for a text column anyway, and a
 * customer's truncated message is still worth keeping (conversations.test.ts).
 */
export function checkText(root: unknown, rootPath: string): { nulAt: string | null } {
  const stack: [Record<string, unknown> | unknown[], string | number, string][] = [];
  const push = (value: unknown, path: string) => {
    if (Array.isArray(value))
      value.forEach((_, i) => stack.push([value, i, path ? `${path}.${i}` : String(i)]));
    else if (value !== null && typeof value === 'object' && !Buffer.isBuffer(value))
      for (const key of Object.keys(value))
        stack.push([value as Record<string, unknown>, key, path ? `${path}.${key}` : key]);
  };
  push(root, rootPath);
  while (stack.length > 0) {
    const [parent, key, path] = stack.pop()!;
    if (typeof key === 'string' && key.includes('\u0000')) return { nulAt: rootPath };
    const value = (parent as Record<string | number, unknown>)[key];
    if (typeof value === 'string') {
      if (value.includes('\u0000')) return { nulAt: path };
      const fixed = value.replace(LONE_SURROGATE, '\ufffd');
      if (fixed !== value) (parent as Record<string | number, unknown>)[key] = fixed;
    } else push(value, path);
  }
  return { nulAt: null };
}

function textOf(request: FastifyRequest): string | null {
  for (const part of [request.params, request.query, request.body]) {
    const { nulAt } = checkText(part, '');
    if (nulAt !== null) return nulAt;
  }
  return null;
}

/**
 * Bad input answers 400, never 500 (docs/security.md): every route's JSON or form body, query
 * and path parameters are checked once here, before validation, so no query ever sees them.
 */
export function registerInputGuard(app: FastifyInstance): void {
  app.addHook('preValidation', async (request) => {
    const path = textOf(request);
    if (path === null) return;
    const message = 'Text cannot contain the NUL character.';
    throw new AppError(400, 'validation_error', message, [{ path, message }]);
  });
}
