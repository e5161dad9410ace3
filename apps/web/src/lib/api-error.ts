import { t } from '@lingui/core/macro';
import type { ErrorCode } from '@parley/contracts';

/** Codes the client adds for failures that never reached (or never came back from) the API. */
export type ClientErrorCode = 'network_error' | 'bad_response' | 'canceled';

/** A failed call: the API's `{code, message, details?}` plus the HTTP status (0 = no answer). */
export interface ApiErrorPayload {
  status: number;
  code: ErrorCode | ClientErrorCode;
  message: string;
  details?: unknown;
}

export class ApiError extends Error implements ApiErrorPayload {
  readonly status: number;
  readonly code: ErrorCode | ClientErrorCode;
  readonly details?: unknown;

  constructor(payload: ApiErrorPayload) {
    super(payload.message);
    this.name = 'ApiError';
    this.status = payload.status;
    this.code = payload.code;
    if (payload.details !== undefined) this.details = payload.details;
  }

  /** A plain, serializable copy for Redux state. */
  toJSON(): ApiErrorPayload {
    return {
      status: this.status,
      code: this.code,
      message: this.message,
      ...(this.details !== undefined ? { details: this.details } : {}),
    };
  }
}

export function isApiError(value: unknown): value is ApiError {
  return value instanceof ApiError;
}

/** A failure with no words of its own, in the active language. */
export const genericErrorMessage = () => t`Something went wrong on our side. Please try again.`;
/** No answer from the server, in the active language. */
export const networkErrorMessage = () =>
  t`We couldn't reach the server. Check your connection and try again.`;

/** @deprecated English only: use genericErrorMessage(), which follows the active language. */
export const GENERIC_ERROR_MESSAGE = 'Something went wrong on our side. Please try again.';
/** @deprecated English only: use networkErrorMessage(), which follows the active language. */
export const NETWORK_ERROR_MESSAGE =
  "We couldn't reach the server. Check your connection and try again.";

/** Any thrown value as an error payload a person can read. */
export function toErrorPayload(error: unknown): ApiErrorPayload {
  if (isApiError(error)) return error.toJSON();
  return { status: 0, code: 'bad_response', message: genericErrorMessage() };
}

/** The error payload inside a thrown ApiError or an RTK Query error, else null. */
export function asErrorPayload(value: unknown): ApiErrorPayload | null {
  if (isApiError(value)) return value.toJSON();
  if (typeof value !== 'object' || value === null) return null;
  const { status, code, message } = value as Partial<ApiErrorPayload>;
  if (typeof status !== 'number' || typeof code !== 'string' || typeof message !== 'string') {
    return null;
  }
  return value as ApiErrorPayload;
}
