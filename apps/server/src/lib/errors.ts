import type { ErrorCode } from '@parley/contracts';
import { translateApiText } from './i18n';

/**
 * A text of the API's answers (docs/i18n.md, "API errors"): its English, which is also its id in
 * the server's catalogs, and the values of its `{placeholders}`. The error handler writes it in
 * the caller's language.
 */
export interface ApiText {
  readonly id: string;
  readonly values?: Readonly<Record<string, string | number>>;
}

/** A text with values: `apiText('{name} is already a member.', { name })`. */
export const apiText = (id: string, values?: Record<string, string | number>): ApiText =>
  values ? { id, values } : { id };

/** A message as the error helpers take it: a plain English text, or one with values. */
export type Words = string | ApiText;

const asText = (words: Words): ApiText => (typeof words === 'string' ? { id: words } : words);

/** A text's English, for where words leave without a request to answer (logs, stored results). */
export const englishOf = (words: Words): string => {
  const text = asText(words);
  return translateApiText('en', text.id, text.values);
};

/** The one error type of the API: a status, a stable code and a message a person can read. */
export class AppError extends Error {
  /** The message before it is written in the caller's language (`message` is its English). */
  readonly text: ApiText;

  constructor(
    readonly statusCode: number,
    readonly code: ErrorCode,
    words: Words,
    readonly details?: unknown,
  ) {
    const text = asText(words);
    super(translateApiText('en', text.id, text.values));
    this.text = text;
    this.name = 'AppError';
  }
}

export const badRequest = (message: Words, details?: unknown) =>
  new AppError(400, 'validation_error', message, details);
export const unauthenticated = (message: Words = apiText('Please sign in to continue.')) =>
  new AppError(401, 'unauthenticated', message);
export const forbidden = (
  message: Words = apiText('You do not have permission to do that.'),
  code: ErrorCode = 'forbidden',
) => new AppError(403, code, message);
/** 404 with its whole sentence, e.g. `notFound('That tag was not found.')`. */
export const notFound = (message: Words = apiText('That item was not found.')) =>
  new AppError(404, 'not_found', message);
export const conflict = (message: Words, code: ErrorCode = 'conflict') =>
  new AppError(409, code, message);

/** A unique index refused a write (PostgreSQL 23505), e.g. a concurrent request made it first. */
export function isUniqueViolation(err: unknown): boolean {
  for (let e: unknown = err; e && typeof e === 'object'; e = (e as { cause?: unknown }).cause) {
    if ((e as { code?: unknown }).code === '23505') return true;
  }
  return false;
}
