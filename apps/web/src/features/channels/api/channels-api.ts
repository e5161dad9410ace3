import type { ConversationMapping } from '@parley/contracts';
import { baseApi } from '../../../lib/base-api';

type SupportChannelSummary = ConversationMapping['support_channels'][number];

/** A channel as the settings page lists it: API channels carry where replies are delivered. */
export type ChannelListItem = SupportChannelSummary & { webhook_url: string | null };

export interface CreatedApiChannel extends ChannelListItem {
  /** Shown once: the receiver checks X-Parley-Signature with it. */
  webhook_secret: string;
}

export interface ApiKey {
  id: number;
  name: string;
  prefix: string;
  last_used_at: string | null;
  created_at: string;
}

/** Channels change the inbox's views and filters too: its mapping reloads. */
const CHANNEL_CHANGES = ['Channels', 'Mapping'] as const;

export const channelsApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    getSupportChannels: build.query<ChannelListItem[], void>({
      query: () => '/dashboardapi/supportchannel/all',
      providesTags: ['Channels'],
    }),
    createApiChannel: build.mutation<
      CreatedApiChannel,
      { name: string; webhook_url: string | null }
    >({
      query: (body) => ({
        url: '/dashboardapi/supportchannel',
        method: 'POST',
        body: { type: 'api', ...body },
      }),
      invalidatesTags: (result) => (result ? [...CHANNEL_CHANGES] : []),
    }),
    updateChannel: build.mutation<
      ChannelListItem,
      { id: number; name?: string; webhook_url?: string | null }
    >({
      query: ({ id, ...body }) => ({
        url: '/dashboardapi/supportchannel',
        method: 'PATCH',
        query: { id },
        body,
      }),
      invalidatesTags: (result) => (result ? [...CHANNEL_CHANGES] : []),
    }),
    deleteChannel: build.mutation<{ ok: true }, number>({
      query: (id) => ({ url: '/dashboardapi/supportchannel', method: 'DELETE', query: { id } }),
      invalidatesTags: (result) => (result ? [...CHANNEL_CHANGES, 'Conversations'] : []),
    }),

    getApiKeys: build.query<{ keys: ApiKey[] }, void>({
      query: () => '/dashboardapi/apikeys',
      providesTags: ['ApiKeys'],
    }),
    createApiKey: build.mutation<ApiKey & { key: string }, { name: string }>({
      query: (body) => ({ url: '/dashboardapi/apikeys', method: 'POST', body }),
      invalidatesTags: (result) => (result ? ['ApiKeys'] : []),
    }),
    revokeApiKey: build.mutation<{ ok: true }, number>({
      query: (id) => ({ url: `/dashboardapi/apikeys/${id}`, method: 'DELETE' }),
      invalidatesTags: (result) => (result ? ['ApiKeys'] : []),
    }),
  }),
});

export const {
  useGetSupportChannelsQuery,
  useCreateApiChannelMutation,
  useUpdateChannelMutation,
  useDeleteChannelMutation,
  useGetApiKeysQuery,
  useCreateApiKeyMutation,
  useRevokeApiKeyMutation,
} = channelsApi;
