/**
 * Stable error codes. Every 4xx/5xx from the API answers `{ code, message, details? }`
 * with one of these codes; the web app keys its behaviour on them (docs/product/errors.md).
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
  /** A signed link (transcript, feedback) older than its lifetime. */
  'link_expired',
  /** The store has no live-chat widget, or it is turned off (widget API). */
  'widget_unavailable',
  /** Feedback for a conversation that is not resolved yet. */
  'conversation_not_closed',
  /** The conversation's store has no Shopify connection (or it was uninstalled). */
  'shopify_not_connected',
  /** Shopify refused the store's Admin API token (401/403): an admin must reconnect it. */
  'shopify_connection_broken',
  /** Shopify answered 429 / 5xx or not at all: try again shortly. */
  'shopify_unavailable',
  'payload_too_large',
  /** A scheduled message already sent, or being sent right now: it can no longer change (409). */
  'already_sent',
  /** A macro naming a tag, agent, team or fast reply deleted since: it cannot run (400). */
  'macro_broken',
  /** A merge of conversations of two different contacts, not confirmed (`confirm_other_contact`): 409. */
  'other_contact',
  /** A contacts CSV over CONTACT_IMPORT_LIMITS (rows or bytes): 400. */
  'csv_too_large',
  /** A contacts CSV that cannot be read as CSV (no header, an unclosed quote...): 400. */
  'csv_invalid',
  /** A download's Range lies outside the file (416, with the file's size in Content-Range). */
  'range_not_satisfiable',
  'unsupported_media_type',
  'rate_limited',
  'payment_required',
  'billing_not_configured',
  'payment_provider_error',
  /** A channel provider (Twilio...) refused or could not be reached for an agent's action. */
  'provider_error',
  'internal_error',
] as const;

export type ErrorCode = (typeof ERROR_CODES)[number];

/**
 * Marks an English text of a schema passed through a helper of the schemas (e.g. a field's
 * message), so the server's catalogs find it and the API answers it in the caller's language
 * (docs/i18n.md, "API errors"). Texts given straight to a check (`.min(1, '…')`, `message`,
 * `error`) need no mark.
 */
export const schemaText = (text: string): string => text;

export interface ApiErrorBody {
  code: ErrorCode;
  message: string;
  details?: unknown;
}
