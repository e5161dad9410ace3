import type {
  ConversationDetail,
  ConversationListResponse,
  ConversationMapping,
  ConversationSort,
  ViewCounts,
} from '@parley/contracts';
import { baseApi } from '../../../lib/base-api';
import {
  CONVERSATIONS_PATH,
  INBOX_MAPPING_PATH,
  listQuery,
  VIEW_COUNTS_PATH,
  type InboxView,
  type ListFilters,
  type StatusFilter,
} from '../inbox-route';

/**
 * One inbox list: a view, a status, a sort, an optional search (`id:123` or words) and the
 * optional filters (priority, SLA state, days of creation).
 */
export interface ConversationListArgs extends ListFilters {
  view: InboxView;
  status: StatusFilter;
  sort: ConversationSort;
  search?: string;
}

export interface NewConversationRequest {
  support_channel_id: number;
  contact?: { name?: string; email?: string; phone?: string };
  subject?: string;
  body: string;
}

export const inboxApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    /** Keyset pages of a view; realtime events patch the cached pages in place. */
    listConversations: build.infiniteQuery<
      ConversationListResponse,
      ConversationListArgs,
      string | null
    >({
      infiniteQueryOptions: {
        initialPageParam: null,
        getNextPageParam: (lastPage) => lastPage.next_cursor,
      },
      query: ({ queryArg, pageParam }) => ({
        url: CONVERSATIONS_PATH,
        query: listQuery(queryArg, pageParam),
      }),
      providesTags: ['Conversations'],
    }),
    /** Every view's count in one call (refetched at most every ~2 s on realtime events). */
    getViewCounts: build.query<ViewCounts, StatusFilter>({
      query: (status) => ({ url: VIEW_COUNTS_PATH, query: { status } }),
      providesTags: ['ViewCounts'],
    }),
    /** docs/product/data.md, docs/product/api.md: tags, dc_users, support_channels, teams, integrations. */
    getInboxMapping: build.query<ConversationMapping, void>({
      query: () => INBOX_MAPPING_PATH,
      providesTags: ['Mapping'],
    }),
    createConversation: build.mutation<ConversationDetail, NewConversationRequest>({
      query: (body) => ({ url: '/dashboardapi/conversations', method: 'POST', body }),
      invalidatesTags: ['Conversations', 'ViewCounts'],
    }),
  }),
});

export const {
  useListConversationsInfiniteQuery,
  useGetViewCountsQuery,
  useGetInboxMappingQuery,
  useCreateConversationMutation,
} = inboxApi;
