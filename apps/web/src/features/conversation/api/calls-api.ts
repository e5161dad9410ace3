import type { CallDetails, CallListResponse, StartCallBody } from '@parley/contracts';
import { baseApi } from '../../../lib/base-api';

/**
 * Calls through Twilio Voice: the details of a conversation's call entries,
 * and "Call back" (Twilio calls the customer and connects them to the agent's phone).
 */
const callsApi = baseApi.enhanceEndpoints({ addTagTypes: ['ConversationCalls'] }).injectEndpoints({
  endpoints: (build) => ({
    getConversationCalls: build.query<CallListResponse, number>({
      query: (conversationId) => `/dashboardapi/conversations/${conversationId}/calls`,
      providesTags: (_result, _error, id) => [{ type: 'ConversationCalls', id }],
    }),
    startCall: build.mutation<CallDetails, { conversationId: number } & StartCallBody>({
      query: ({ conversationId, ...body }) => ({
        url: `/dashboardapi/conversations/${conversationId}/call`,
        method: 'POST',
        body,
      }),
      invalidatesTags: (_result, _error, { conversationId }) => [
        { type: 'ConversationCalls', id: conversationId },
      ],
    }),
  }),
});

export const { useGetConversationCallsQuery, useStartCallMutation } = callsApi;
