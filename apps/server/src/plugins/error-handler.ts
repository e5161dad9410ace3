import type { FastifyError, FastifyInstance, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import type { ApiErrorBody, UiLocale } from '@parley/contracts';
import { AppError, type ApiText } from '../lib/errors';
import { chooseLocale, requestLanguages, translateApiText } from '../lib/i18n';
import { schemaIssueMessage } from '../lib/schema-messages';

/**
 * The language of a request's error: the one it asks for (`Accept-Language`; the web app and the
 * chat widget send the language they show), else English (docs/i18n.md, "API errors").
 */
const errorLocale = (request: FastifyRequest): UiLocale =>
  chooseLocale(requestLanguages(request.headers));

/** `details` of an AppError with each field problem's `message` in `locale`. */
function detailsIn(locale: UiLocale, details: unknown): unknown {
  const one = (item: unknown): unknown => {
    if (typeof item !== 'object' || item === null || !('message' in item)) return item;
    const message = (item as { message: unknown }).message;
    if (typeof message === 'string') return { ...item, message: translateApiText(locale, message) };
    if (typeof message === 'object' && message !== null && 'id' in message) {
      const text = message as ApiText;
      return { ...item, message: translateApiText(locale, text.id, text.values) };
    }
    return item;
  };
  return Array.isArray(details) ? details.map(one) : one(details);
}

function issuesOf(err: FastifyError, locale: UiLocale): { path: string; message: string }[] {
  return (err.validation ?? []).map((v) => ({
    path: (v.instancePath ?? '').replace(/^\//, '').replace(/\//g, '.'),
    message: schemaIssueMessage(locale, v),
  }));
}

/** One error handler: every failure answers `{code, message, details?}`; a 5xx never leaks internals. */
export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((err: FastifyError, request, reply) => {
    const locale = errorLocale(request);
    let status: number;
    let body: ApiErrorBody;
    if (err instanceof AppError) {
      status = err.statusCode;
      body = {
        code: err.code,
        message: translateApiText(locale, err.text.id, err.text.values),
        ...(err.details ? { details: detailsIn(locale, err.details) } : {}),
      };
    } else if (hasZodFastifySchemaValidationErrors(err)) {
      const details = issuesOf(err, locale);
      const first = details[0];
      status = 400;
      body = {
        code: 'validation_error',
        message: first
          ? `${first.path ? `${first.path}: ` : ''}${first.message}`
          : translateApiText(locale, 'The request is not valid.'),
        details,
      };
    } else if (err.code === 'FST_ERR_CTP_INVALID_JSON_BODY' || err instanceof SyntaxError) {
      status = 400;
      body = {
        code: 'invalid_json',
        message: translateApiText(locale, 'The request body is not valid JSON.'),
      };
    } else if (err.code === 'FST_ERR_CTP_EMPTY_JSON_BODY') {
      status = 400;
      body = {
        code: 'invalid_json',
        message: translateApiText(locale, 'The request body is empty.'),
      };
    } else if (err.code === 'FST_ERR_CTP_BODY_TOO_LARGE' || err.statusCode === 413) {
      status = 413;
      body = {
        code: 'payload_too_large',
        message: translateApiText(locale, 'The request is too large.'),
      };
    } else if (err.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE' || err.statusCode === 415) {
      status = 415;
      body = {
        code: 'unsupported_media_type',
        message: translateApiText(locale, 'Send the request as JSON.'),
      };
    } else if (err.statusCode === 429) {
      status = 429;
      body = {
        code: 'rate_limited',
        message: translateApiText(locale, 'Too many attempts. Please wait a minute and try again.'),
      };
    } else if (err.statusCode && err.statusCode >= 400 && err.statusCode < 500) {
      // Fastify's own refusals (a bad header, a malformed URL): its words, in English.
      status = err.statusCode;
      body = { code: 'validation_error', message: err.message };
    } else {
      request.log.error({ err }, 'unhandled error');
      status = 500;
      body = {
        code: 'internal_error',
        message: translateApiText(locale, 'Something went wrong on our side. Please try again.'),
      };
    }
    void reply.status(status).send(body);
  });

  app.setNotFoundHandler((request, reply) => {
    void reply.status(404).send({
      code: 'not_found',
      message: translateApiText(errorLocale(request), 'No route for {method} {path}.', {
        method: request.method,
        path: request.url.split('?')[0] ?? '/',
      }),
    });
  });
}
