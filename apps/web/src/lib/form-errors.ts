import type { FormInstance } from 'antd';
import { asErrorPayload, genericErrorMessage, networkErrorMessage } from './api-error';

interface FieldIssue {
  path: string;
  message: string;
}

function fieldIssues(details: unknown): FieldIssue[] {
  if (!Array.isArray(details)) return [];
  return details.filter(
    (d): d is FieldIssue =>
      typeof d === 'object' &&
      d !== null &&
      typeof (d as FieldIssue).path === 'string' &&
      typeof (d as FieldIssue).message === 'string',
  );
}

export interface SplitError {
  /** Messages to show under each form field (first message per field). */
  fieldErrors: Record<string, string[]>;
  /** The message to show above the form, or null when every problem sits under a field. */
  message: string | null;
}

/**
 * Splits a failed call into the API's field errors (`details: [{path, message}]`) for the form's
 * `fields`, and a message a person can read for everything else. `rename` maps API paths to
 * form field names.
 */
export function splitApiError(
  error: unknown,
  fields: readonly string[],
  rename: Record<string, string> = {},
): SplitError {
  const payload = asErrorPayload(error);
  if (!payload) return { fieldErrors: {}, message: genericErrorMessage() };
  if (payload.code === 'network_error') return { fieldErrors: {}, message: networkErrorMessage() };
  const fieldErrors: Record<string, string[]> = {};
  let unmatched = false;
  for (const issue of fieldIssues(payload.details)) {
    const name = rename[issue.path] ?? issue.path;
    if (!fields.includes(name)) {
      unmatched = true;
      continue;
    }
    (fieldErrors[name] ??= []).push(issue.message);
  }
  const matched = Object.keys(fieldErrors).length > 0;
  return { fieldErrors, message: !matched || unmatched ? payload.message : null };
}

/** splitApiError for an antd Form: field errors go under the fields; returns the rest. */
export function applyApiErrorToForm(
  form: FormInstance,
  error: unknown,
  fields: readonly string[],
  rename: Record<string, string> = {},
): string | null {
  const { fieldErrors, message } = splitApiError(error, fields, rename);
  const entries = Object.entries(fieldErrors);
  if (entries.length > 0) form.setFields(entries.map(([name, errors]) => ({ name, errors })));
  return message;
}
