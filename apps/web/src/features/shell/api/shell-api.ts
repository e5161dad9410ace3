import {
  CALLBACK_FORM_PATH,
  DEMO_REQUESTS_PATH,
  HELP_WIDGET_CONFIG_PATH,
  NPS_PATHS,
  RELEASE_NOTES_PATH,
  type CallbackRequestBody,
  type DemoRequestBody,
  type HelpWidgetConfig,
  type NpsRateResponse,
  type NpsShowPopupResponse,
  type NpsSubmitBody,
  type ReleaseNote,
} from '@parley/contracts';
import { baseApi } from '../../../lib/base-api';
import { meApi } from '../../auth';

export interface NpsShowPopupArgs {
  milestone_id: number;
  /** docs/product/api.md: sent when Me says show_nps_milestone. */
  source?: 'me_api';
}

export interface NpsRateArgs {
  rating_star: `star${1 | 2 | 3 | 4 | 5}`;
  milestone_id: number;
}

export const shellApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    getReleaseNotes: build.query<ReleaseNote[], void>({
      query: () => RELEASE_NOTES_PATH,
      transformResponse: (response: { items: ReleaseNote[] }) => response.items,
    }),
    getHelpWidgetConfig: build.query<HelpWidgetConfig, void>({
      query: () => HELP_WIDGET_CONFIG_PATH,
    }),
    requestDemo: build.mutation<{ id: number; slot: string; timezone: string }, DemoRequestBody>({
      query: (body) => ({ url: DEMO_REQUESTS_PATH, method: 'POST', body }),
    }),
    npsShowPopup: build.query<NpsShowPopupResponse['data'], NpsShowPopupArgs>({
      query: ({ milestone_id, source }) => ({
        url: NPS_PATHS.showPopup,
        query: { milestone_id, source },
      }),
      transformResponse: (response: NpsShowPopupResponse) => response.data,
      // Every opening asks again: the milestone may have been answered elsewhere.
      keepUnusedDataFor: 0,
    }),
    npsRate: build.mutation<NpsRateResponse, NpsRateArgs>({
      query: (body) => ({ url: NPS_PATHS.rate, method: 'POST', body }),
    }),
    npsSubmit: build.mutation<unknown, NpsSubmitBody>({
      query: (body) => ({ url: NPS_PATHS.submit, method: 'POST', body }),
      async onQueryStarted(_, { dispatch, queryFulfilled }) {
        try {
          await queryFulfilled;
        } catch {
          return;
        }
        // docs/product/states.md: after a successful submit the survey and its float button go away.
        dispatch(
          meApi.util.updateQueryData('getMe', undefined, (me) => {
            me.nps_collection.show_nps_milestone = false;
            me.nps_collection.show_milestone_float_button = false;
            me.nps_collection.milestone_completed = true;
          }),
        );
      },
    }),
    requestCallback: build.mutation<{ id: number; message: string }, CallbackRequestBody>({
      query: (body) => ({ url: CALLBACK_FORM_PATH, method: 'POST', body }),
    }),
  }),
});

export const {
  useGetReleaseNotesQuery,
  useGetHelpWidgetConfigQuery,
  useRequestDemoMutation,
  useNpsShowPopupQuery,
  useNpsRateMutation,
  useNpsSubmitMutation,
  useRequestCallbackMutation,
} = shellApi;

/** docs/product/states.md: closing the DMARC modal clears the flag locally (the server keeps its own). */
export const clearDmarcFlagLocally = () =>
  meApi.util.updateQueryData('getMe', undefined, (me) => {
    me.dmarc_verification_required = false;
  });
