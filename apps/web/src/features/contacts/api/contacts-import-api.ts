import {
  CONTACT_IMPORT_PATHS,
  type ContactImportPreview,
  type ContactImportProgress,
  type ContactImportTarget,
} from '@parley/contracts';
import { baseApi } from '../../../lib/base-api';
import { http, isCanceledRequest, type CancelablePromise } from '../../../lib/request';
import { saveCsv } from '../../../lib/save-csv';

/** Import, step 1: the CSV uploaded once; the answer names it for step 2 (`upload_id`). */
export function previewContactImport(file: File): CancelablePromise<ContactImportPreview> {
  return http.multipart<ContactImportPreview>(CONTACT_IMPORT_PATHS.preview, { file });
}

export const contactsImportApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    startContactImport: build.mutation<
      ContactImportProgress,
      { uploadId: string; mapping: Record<string, ContactImportTarget> }
    >({
      query: ({ uploadId, mapping }) => ({
        url: CONTACT_IMPORT_PATHS.start,
        method: 'POST',
        body: { upload_id: uploadId, mapping },
      }),
    }),
    getContactImport: build.query<ContactImportProgress, number>({
      query: (id) => CONTACT_IMPORT_PATHS.one(id),
      keepUnusedDataFor: 0,
    }),
  }),
});

export const { useStartContactImportMutation, useGetContactImportQuery } = contactsImportApi;

/** The failed rows (row, reason) as a CSV download, fetched with the session headers. */
export async function downloadImportErrors(id: number): Promise<boolean> {
  const text = await http.get<string>(CONTACT_IMPORT_PATHS.errorsCsv(id));
  if (isCanceledRequest(text)) return false;
  saveCsv(text, `import-${id}-errors.csv`);
  return true;
}
