import { z } from 'zod';
import { CONTACT_ATTRIBUTE_LIMITS } from './contacts-constants';
import { CONTACT_IMPORT_FIELDS, CONTACT_IMPORT_STATUSES } from './contacts-import-constants';

/** POST /dashboardapi/contacts/imports/preview: what the file holds and a suggested mapping. */
export const contactImportPreview = z.object({
  /** Names the file for step 2 (signed, this account's, valid one hour): no second upload. */
  upload_id: z.string(),
  file_name: z.string(),
  /** The data rows, the header row aside. */
  total_rows: z.number().int(),
  delimiter: z.string(),
  header: z.array(z.string()),
  /** The first data rows, as many cells as the header (missing cells are blank). */
  sample: z.array(z.array(z.string())),
  /** Column index (as text) → target; columns left out are not imported. */
  suggested_mapping: z.record(
    z.string(),
    z.union([z.enum(CONTACT_IMPORT_FIELDS), z.object({ attribute: z.string() })]),
  ),
});
export type ContactImportPreview = z.infer<typeof contactImportPreview>;

const target = z.union([
  z.enum(CONTACT_IMPORT_FIELDS),
  z.strictObject({
    attribute: z
      .string()
      .trim()
      .min(1, 'An attribute needs a name.')
      .max(
        CONTACT_ATTRIBUTE_LIMITS.keyLength,
        `An attribute name has at most ${CONTACT_ATTRIBUTE_LIMITS.keyLength} characters.`,
      ),
  }),
]);

/** POST /dashboardapi/contacts/imports: start importing an uploaded file with this mapping. */
export const contactImportStartBody = z.strictObject({
  upload_id: z.string().min(1).max(2000),
  mapping: z
    .record(z.string().regex(/^\d{1,4}$/, 'A column is named by its index (0, 1, 2…).'), target)
    .refine((m) => Object.keys(m).length > 0, 'Map at least one column.'),
});
export type ContactImportStartBody = z.infer<typeof contactImportStartBody>;

export const contactImportFailure = z.object({
  /** The row as a spreadsheet numbers it: the header is row 1. */
  row: z.number().int(),
  reason: z.string(),
});
export type ContactImportFailure = z.infer<typeof contactImportFailure>;

/** GET /dashboardapi/contacts/imports/{id}: the import's progress and its failed rows. */
export const contactImportProgress = z.object({
  id: z.number().int(),
  status: z.enum(CONTACT_IMPORT_STATUSES),
  file_name: z.string(),
  total: z.number().int(),
  processed: z.number().int(),
  created: z.number().int(),
  updated: z.number().int(),
  /** Every failed row, counted. */
  failed_count: z.number().int(),
  /** The first CONTACT_IMPORT_LIMITS.failuresKept failed rows, in order. */
  failed: z.array(contactImportFailure),
  /** Why the whole import stopped (status `failed`), in words. */
  error: z.string().nullable(),
  created_at: z.string(),
});
export type ContactImportProgress = z.infer<typeof contactImportProgress>;

export const contactImportIdParams = z.object({
  id: z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER),
});
