import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import type { ApiErrorBody } from '@parley/contracts';
import { AppError } from '../lib/errors';

function issuesOf(err: FastifyError): { path: string; message: string }[] {
  return (err.validation ?? []).map((v) => ({
    path: (v.instancePath ?? '').replace(/^\//, '').replace(/\//g, '.'),
    message: v.message ?? 'Invalid value',
  }));
}

/** One error handler: every failure answers `{code, message, details?}`; a 5xx never leaks internals. */
export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((err: FastifyError, request, reply) => {
    let status: number;
    let body: ApiErrorBody;
    if (err instanceof AppError) {
      status = err.statusCode;
      body = {
        code: err.code,
        message: err.message,
        ...(err.details ? { details: err.details } : {}),
      };
    } else if (hasZodFastifySchemaValidationErrors(err)) {
      const details = issuesOf(err);
      const first = details[0];
      status = 400;
      body = {
        code: 'validation_error',
        message: first
          ? `${first.path ? `${first.path}: ` : ''}${first.message}`
          : 'The request is not valid.',
        details,
      };
    } else if (err.code === 'FST_ERR_CTP_INVALID_JSON_BODY' || err instanceof SyntaxError) {
      status = 400;
      body = { code: 'invalid_json', message: 'The request body is not valid JSON.' };
    } else if (err.code === 'FST_ERR_CTP_EMPTY_JSON_BODY') {
      status = 400;
      body = { code: 'invalid_json', message: 'The request body is empty.' };
    } else if (err.code === 'FST_ERR_CTP_BODY_TOO_LARGE' || err.statusCode === 413) {
      status = 413;
      body = { code: 'payload_too_large', message: 'The request is too large.' };
    } else if (err.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE' || err.statusCode === 415) {
      status = 415;
      body = { code: 'unsupported_media_type', message: 'Send the request as JSON.' };
    } else if (err.statusCode === 429) {
      status = 429;
      body = {
        code: 'rate_limited',
        message: 'Too many attempts. Please wait a minute and try again.',
      };
    } else if (err.statusCode && err.statusCode >= 400 && err.statusCode < 500) {
      status = err.statusCode;
      body = { code: 'validation_error', message: err.message };
    } else {
      request.log.error({ err }, 'unhandled error');
      status = 500;
      body = {
        code: 'internal_error',
        message: 'Something went wrong on our side. Please try again.',
      };
    }
    void reply.status(status).send(body);
  });

  app.setNotFoundHandler((request, reply) => {
    void reply.status(404).send({
      code: 'not_found',
      message: `No route for ${request.method} ${request.url.split('?')[0]}.`,
    });
  });
}
