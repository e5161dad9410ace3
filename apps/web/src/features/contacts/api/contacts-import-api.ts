import {
  CONTACT_IMPORT_PATHS,
  type ContactImportPreview,
  type ContactImportProgress,
  type ContactImportTarget,
} from '@parley/contracts';
import { baseApi } from '../../../lib/base-api';
import { http, isCanceledRequest, type CancelablePromise } from '../../../lib/request';

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
  const link = document.createElement('a');
  link.download = `import-${id}-errors.csv`;
  const canBlob = typeof URL.createObjectURL === 'function';
  link.href = canBlob
    ? URL.createObjectURL(new Blob([text], { type: 'text/csv;charset=utf-8' }))
    : `data:text/csv;charset=utf-8,${encodeURIComponent(text)}`;
  link.style.display = 'none';
  document.body.append(link);
  link.click();
  link.remove();
  if (canBlob) setTimeout(() => URL.revokeObjectURL(link.href), 0);
  return true;
}
