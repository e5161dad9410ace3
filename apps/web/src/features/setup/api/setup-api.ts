import { SETUP_CHECKLIST_PATH, type SetupChecklist } from '@parley/contracts';
import { baseApi } from '../../../lib/base-api';

export const setupApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    getSetupChecklist: build.query<SetupChecklist, void>({
      query: () => SETUP_CHECKLIST_PATH,
      providesTags: ['SetupChecklist'],
    }),
  }),
});

export const { useGetSetupChecklistQuery } = setupApi;
