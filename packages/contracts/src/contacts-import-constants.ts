/**
 * Contacts → Import: a CSV of customers mapped onto contact fields, run as a job. Zod-free, so
 * the web app's import steps use them without the schemas.
 */

/** The most a file may hold: beyond them the upload answers 400 `csv_too_large`. */
export const CONTACT_IMPORT_LIMITS = {
  rows: 100_000,
  bytes: 20_000_000,
  /** Sample rows the preview shows under each column. */
  sampleRows: 5,
  /** Row failures kept in the progress (and the error report); the count goes on. */
  failuresKept: 1_000,
} as const;

/** The contact fields a column can fill; `attribute` stores it under a custom attribute. */
export const CONTACT_IMPORT_FIELDS = ['name', 'first_name', 'last_name', 'email', 'phone'] as const;
export type ContactImportField = (typeof CONTACT_IMPORT_FIELDS)[number];

/** Where one column goes: a contact field, or a custom attribute of that name. */
export type ContactImportTarget = ContactImportField | { attribute: string };

export const CONTACT_IMPORT_STATUSES = ['queued', 'running', 'done', 'failed'] as const;
export type ContactImportStatus = (typeof CONTACT_IMPORT_STATUSES)[number];

export const CONTACT_IMPORT_PATHS = {
  preview: '/dashboardapi/contacts/imports/preview',
  start: '/dashboardapi/contacts/imports',
  one: (id: number) => `/dashboardapi/contacts/imports/${id}`,
  errorsCsv: (id: number) => `/dashboardapi/contacts/imports/${id}/errors.csv`,
} as const;
