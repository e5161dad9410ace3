import {
  EMAIL_SETUP_PATHS,
  type EmailSetupCreateBody,
  type EmailSetupList,
  type EmailSetupResult,
  type EmailSetupUpdateBody,
  type EmailSetupVerifyResult,
} from '@parley/contracts';
import { baseApi } from '../../../lib/base-api';
import { meApi } from '../../auth';

/** A new or changed address is a channel too, and moves the setup checklist. */
const SETUP_CHANGES = ['EmailSetup', 'Channels', 'Mapping', 'SetupChecklist'] as const;

export const emailSetupApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    getEmailSetup: build.query<EmailSetupList, void>({
      query: () => EMAIL_SETUP_PATHS.setup,
      providesTags: ['EmailSetup'],
    }),
    createEmailSetup: build.mutation<EmailSetupResult, EmailSetupCreateBody>({
      query: (body) => ({ url: EMAIL_SETUP_PATHS.setup, method: 'POST', body }),
      invalidatesTags: (result) => (result ? [...SETUP_CHANGES] : []),
    }),
    updateEmailSetup: build.mutation<
      EmailSetupResult,
      { supportChannelId: number } & EmailSetupUpdateBody
    >({
      query: ({ supportChannelId, ...body }) => ({
        url: EMAIL_SETUP_PATHS.setup,
        method: 'PATCH',
        query: { support_channel_id: supportChannelId },
        body,
      }),
      invalidatesTags: (result) => (result ? [...SETUP_CHANGES] : []),
    }),
    verifySendingDomain: build.mutation<EmailSetupVerifyResult, string>({
      query: (domain) => ({ url: EMAIL_SETUP_PATHS.verify, method: 'POST', body: { domain } }),
      invalidatesTags: (result) => (result ? ['EmailSetup', 'SetupChecklist'] : []),
      async onQueryStarted(_, { dispatch, queryFulfilled }) {
        try {
          const { data } = await queryFulfilled;
          // Verified: the DMARC modal's flag (Me, docs/product/states.md) is cleared without refetching Me.
          if (!data.dmarc_verification_required)
            dispatch(
              meApi.util.updateQueryData('getMe', undefined, (me) => {
                me.dmarc_verification_required = false;
              }),
            );
        } catch {
          // The failure is the mutation's own state.
        }
      },
    }),
  }),
});

export const {
  useGetEmailSetupQuery,
  useCreateEmailSetupMutation,
  useUpdateEmailSetupMutation,
  useVerifySendingDomainMutation,
} = emailSetupApi;
