/**
 * Stable error codes. Every 4xx/5xx from the API answers `{ code, message, details? }`
 * with one of these codes; the web app keys its behaviour on them (spec §8).
 */
export const ERROR_CODES = [
  'validation_error',
  'invalid_json',
  'unauthenticated',
  'invalid_credentials',
  'forbidden',
  'not_a_member',
  'csrf_failed',
  'password_change_required',
  'cant_change_password',
  'not_found',
  'conflict',
  'email_taken',
  'already_member',
  'last_owner',
  'invalid_token',
  'payload_too_large',
  'unsupported_media_type',
  'rate_limited',
  'payment_required',
  'billing_not_configured',
  'payment_provider_error',
  'internal_error',
] as const;

export type ErrorCode = (typeof ERROR_CODES)[number];

export interface ApiErrorBody {
  code: ErrorCode;
  message: string;
  details?: unknown;
}
