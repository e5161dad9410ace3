import { BULK_API, type BulkBody, type BulkProgress, type BulkStarted } from '@parley/contracts';
import { baseApi } from '../../../lib/base-api';

/** Bulk actions (loaded with the bulk bar, on the first selection). */
export const bulkApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    startBulk: build.mutation<BulkStarted, BulkBody>({
      query: (body) => ({ url: BULK_API.start, method: 'POST', body }),
    }),
    /** Asked every second while the job runs; the list itself follows through realtime row updates. */
    getBulkProgress: build.query<BulkProgress, number>({
      query: (jobId) => BULK_API.progress(jobId),
      keepUnusedDataFor: 0,
    }),
  }),
});

export const { useStartBulkMutation, useLazyGetBulkProgressQuery } = bulkApi;
