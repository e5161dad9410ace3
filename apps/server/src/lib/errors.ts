import type { ErrorCode } from '@parley/contracts';

/** The one error type of the API: a status, a stable code and a message a person can read. */
export class AppError extends Error {
  constructor(
    readonly statusCode: number,
    readonly code: ErrorCode,
    message: string,
    readonly details?: unknown,
  ) {
    super(message);
    this.name = 'AppError';
  }
}

export const badRequest = (message: string, details?: unknown) =>
  new AppError(400, 'validation_error', message, details);
export const unauthenticated = (message = 'Please sign in to continue.') =>
  new AppError(401, 'unauthenticated', message);
export const forbidden = (
  message = 'You do not have permission to do that.',
  code: ErrorCode = 'forbidden',
) => new AppError(403, code, message);
export const notFound = (what = 'That item') =>
  new AppError(404, 'not_found', `${what} was not found.`);
export const conflict = (message: string, code: ErrorCode = 'conflict') =>
  new AppError(409, code, message);

/** A unique index refused a write (PostgreSQL 23505), e.g. a concurrent request made it first. */
export function isUniqueViolation(err: unknown): boolean {
  for (let e: unknown = err; e && typeof e === 'object'; e = (e as { cause?: unknown }).cause) {
    if ((e as { code?: unknown }).code === '23505') return true;
  }
  return false;
}
