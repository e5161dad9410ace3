import {
  ONBOARDING_VIDEOS_PATH,
  SETUP_CHECKLIST_PATH,
  type OnboardingVideos,
  type SetupChecklist,
} from '@parley/contracts';
import { baseApi } from '../../../lib/base-api';

export const setupApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    getSetupChecklist: build.query<SetupChecklist, void>({
      query: () => SETUP_CHECKLIST_PATH,
      providesTags: ['SetupChecklist'],
    }),
    getOnboardingVideos: build.query<OnboardingVideos, void>({
      query: () => ONBOARDING_VIDEOS_PATH,
    }),
  }),
});

export const { useGetSetupChecklistQuery, useGetOnboardingVideosQuery } = setupApi;
