import type {
  Message,
  WhatsappTemplateSendBody,
  WhatsappTemplatesResponse,
} from '@parley/contracts';
import { baseApi } from '../../../lib/base-api';
import { upsertThreadMessage } from './conversation-api';

/**
 * WhatsApp templates of a conversation's number: the only messages WhatsApp
 * accepts once the customer's 24-hour window has closed.
 */
export const whatsappTemplatesApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    getWhatsappTemplates: build.query<WhatsappTemplatesResponse, number>({
      query: (conversationId) => `/dashboardapi/conversations/${conversationId}/whatsapp/templates`,
    }),
    sendWhatsappTemplate: build.mutation<
      Message,
      { conversationId: number } & WhatsappTemplateSendBody
    >({
      query: ({ conversationId, template_id, params }) => ({
        url: `/dashboardapi/conversations/${conversationId}/whatsapp/template`,
        method: 'POST',
        body: { template_id, params },
      }),
      async onQueryStarted({ conversationId }, { dispatch, queryFulfilled }) {
        try {
          const { data } = await queryFulfilled;
          // As for a typed reply: the realtime echo and this answer both upsert by id.
          dispatch(upsertThreadMessage(conversationId, data));
        } catch {
          // The picker shows the failure.
        }
      },
      invalidatesTags: ['Conversations', 'ViewCounts'],
    }),
  }),
});

export const { useGetWhatsappTemplatesQuery, useSendWhatsappTemplateMutation } =
  whatsappTemplatesApi;
