import type {
  CallChannelCreateInput,
  CallbackUrl,
  CommentThreadResponse,
  ConnectionTestBody,
  ConnectionTestResult,
  ConversationMapping,
  GupshupCallbackRotation,
  GupshupChannelCreateBody,
  MetaChannelCreateBody,
  ProviderChannelSettingsResponse,
  ProviderSettingsPatch,
  SmsChannelCreateBody,
  WhatsappCloudChannelCreateBody,
} from '@parley/contracts';
import { baseApi } from '../../../lib/base-api';

type SupportChannelSummary = ConversationMapping['support_channels'][number];

/**
 * A channel as the settings page lists it: API channels carry where replies are delivered;
 * provider channels (SMS, WhatsApp) their details, callback URLs and health.
 */
export type ChannelListItem = SupportChannelSummary & {
  webhook_url: string | null;
  details?: string | null;
  callback_urls?: CallbackUrl[];
  last_inbound_at?: string | null;
  last_error?: string | null;
  last_error_at?: string | null;
};

/** A new provider channel: the URLs to paste into the provider's console (a secret one only now). */
export interface CreatedProviderChannel extends ChannelListItem {
  callback_urls: CallbackUrl[];
}

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
    createProviderChannel: build.mutation<
      CreatedProviderChannel,
      | SmsChannelCreateBody
      | CallChannelCreateInput
      | GupshupChannelCreateBody
      | WhatsappCloudChannelCreateBody
      | MetaChannelCreateBody
    >({
      query: (body) => ({ url: '/dashboardapi/supportchannel', method: 'POST', body }),
      invalidatesTags: (result) => (result ? [...CHANNEL_CHANGES] : []),
    }),
    /** A provider channel's new settings or credentials (`provider`), and its name with them. */
    updateProviderSettings: build.mutation<
      ChannelListItem,
      { id: number; name?: string; provider?: ProviderSettingsPatch }
    >({
      query: ({ id, ...body }) => ({
        url: '/dashboardapi/supportchannel',
        method: 'PATCH',
        query: { id },
        body,
      }),
      invalidatesTags: (result) => (result ? [...CHANNEL_CHANGES] : []),
    }),
    /** What a call or WhatsApp channel's edit form loads (never a credential). */
    getProviderChannelSettings: build.query<ProviderChannelSettingsResponse, number>({
      query: (id) => ({ url: '/dashboardapi/supportchannel/settings', query: { id } }),
      providesTags: ['Channels'],
      // Loaded afresh each time the form opens (never a stale copy as its initial values).
      keepUnusedDataFor: 0,
    }),
    /** A Gupshup channel's new callback secret: the new URL is in the answer only. */
    rotateGupshupCallbackSecret: build.mutation<GupshupCallbackRotation, number>({
      query: (id) => ({
        url: `/dashboardapi/gupshup/channels/${id}/rotate-callback-secret`,
        method: 'POST',
        body: {},
      }),
    }),
    /** Asks the provider; a refusal is an answer (ok false, its words), not an error. */
    testChannelConnection: build.mutation<ConnectionTestResult, ConnectionTestBody>({
      query: (body) => ({
        url: '/dashboardapi/supportchannel/test-connection',
        method: 'POST',
        body,
      }),
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

    /** Whether a Facebook / Instagram conversation answers a comment (composer's choice). */
    getCommentThread: build.query<CommentThreadResponse, number>({
      query: (conversationId) =>
        `/dashboardapi/meta/conversations/${conversationId}/comment-thread`,
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
  useCreateProviderChannelMutation,
  useUpdateProviderSettingsMutation,
  useGetProviderChannelSettingsQuery,
  useRotateGupshupCallbackSecretMutation,
  useTestChannelConnectionMutation,
  useDeleteChannelMutation,
  useGetCommentThreadQuery,
  useGetApiKeysQuery,
  useCreateApiKeyMutation,
  useRevokeApiKeyMutation,
} = channelsApi;
