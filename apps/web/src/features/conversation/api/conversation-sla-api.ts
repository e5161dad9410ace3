import { conversationSlaPath, type ConversationSla } from '@parley/contracts';
import { baseApi } from '../../../lib/base-api';

/** The conversation's SLA policy and each of its clocks (docs/product/sla.md). */
export const conversationSlaApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    getConversationSla: build.query<ConversationSla, number>({
      query: (conversationId) => conversationSlaPath(conversationId),
      keepUnusedDataFor: 30,
    }),
  }),
});

export const { useGetConversationSlaQuery } = conversationSlaApi;
