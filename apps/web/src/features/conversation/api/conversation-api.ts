import type {
  ConversationDetail,
  ConversationListItem,
  ConversationMapping,
  ConversationPatch,
  Message,
  Tag,
} from '@parley/contracts';
import { baseApi } from '../../../lib/base-api';
import { insertMessage } from '../thread-order';

/** One page of a thread, oldest first (GET /dashboardapi/conversations/:id/messages). */
export interface MessagePage {
  items: Message[];
  has_more: boolean;
}

export const MESSAGE_PAGE_SIZE = 50;

export interface SendMessageArgs {
  conversationId: number;
  kind: 'reply' | 'note';
  body: string;
  /** User ids mentioned in a note. */
  mentions: number[];
  /** Files uploaded first through the attachment upload form (composer). */
  attachment_ids?: number[];
  /** A comment conversation (Facebook / Instagram): under the comment or privately. */
  comment_reply?: 'public' | 'private';
  /** An email reply's Cc and Bcc; the conversation remembers them for its next reply. */
  cc?: string[];
  bcc?: string[];
  /** The reply channel the agent picked (one of the detail's `reply_channels`). */
  support_channel_id?: number;
}

/** The body of `POST …/messages` (and of a scheduled message, which adds its time). */
export function messageRequestBody({
  kind,
  body,
  mentions,
  attachment_ids = [],
  comment_reply,
  cc,
  bcc,
  support_channel_id,
}: SendMessageArgs) {
  return {
    kind,
    body,
    mentions,
    ...(attachment_ids.length > 0 ? { attachment_ids } : {}),
    ...(comment_reply ? { comment_reply } : {}),
    ...(cc ? { cc } : {}),
    ...(bcc ? { bcc } : {}),
    ...(support_channel_id ? { support_channel_id } : {}),
  };
}

export interface PatchConversationArgs {
  id: number;
  patch: ConversationPatch;
}

const conversationPath = (id: number) => `/dashboardapi/conversations/${id}`;

/**
 * What changes in the inbox list when one conversation changes. The list and its counts belong to
 * the inbox feature; they are refreshed through their tags rather than patched from here.
 */
const LIST_TAGS = ['Conversations', 'ViewCounts'] as const;

export const conversationApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    getConversationDetail: build.query<ConversationDetail, number>({
      query: (id) => conversationPath(id),
      providesTags: (_result, _error, id) => [{ type: 'Conversation', id }],
    }),

    /**
     * The newest page of the thread. Older pages are merged into this entry by
     * loadOlderMessages, and live messages by the realtime handlers: nothing refetches it.
     */
    getConversationMessages: build.query<MessagePage, number>({
      query: (id) => ({
        url: `${conversationPath(id)}/messages`,
        query: { limit: MESSAGE_PAGE_SIZE },
      }),
      providesTags: (_result, _error, id) => [{ type: 'Messages', id }],
    }),

    loadOlderMessages: build.mutation<MessagePage, { conversationId: number; before: number }>({
      query: ({ conversationId, before }) => ({
        url: `${conversationPath(conversationId)}/messages`,
        query: { before, limit: MESSAGE_PAGE_SIZE },
      }),
      async onQueryStarted({ conversationId }, { dispatch, queryFulfilled }) {
        try {
          const { data } = await queryFulfilled;
          dispatch(
            conversationApi.util.updateQueryData(
              'getConversationMessages',
              conversationId,
              (page) => {
                for (const message of data.items) insertMessage(page.items, message);
                page.has_more = data.has_more;
              },
            ),
          );
        } catch {
          // The caller shows the failure.
        }
      },
    }),

    sendConversationMessage: build.mutation<Message, SendMessageArgs>({
      query: (args) => ({
        url: `${conversationPath(args.conversationId)}/messages`,
        method: 'POST',
        body: messageRequestBody(args),
      }),
      async onQueryStarted({ conversationId, cc, bcc }, { dispatch, queryFulfilled }) {
        try {
          const { data } = await queryFulfilled;
          // The realtime echo may arrive before or after this answer: both upsert by id.
          dispatch(upsertThreadMessage(conversationId, data));
          // The conversation now remembers these copies: the next reply offers them again.
          if (cc || bcc)
            dispatch(
              conversationApi.util.updateQueryData(
                'getConversationDetail',
                conversationId,
                (detail) => {
                  const last = detail.email_recipients ?? { cc: [], bcc: [] };
                  detail.email_recipients = { cc: cc ?? last.cc, bcc: bcc ?? last.bcc };
                },
              ),
            );
        } catch {
          // The composer shows the failure.
        }
      },
      invalidatesTags: [...LIST_TAGS],
    }),

    updateConversation: build.mutation<ConversationDetail, PatchConversationArgs>({
      query: ({ id, patch }) => ({ url: conversationPath(id), method: 'PATCH', body: patch }),
      // Optimistic: the header shows the change at once and goes back if the server refuses.
      async onQueryStarted({ id, patch }, { dispatch, queryFulfilled }) {
        const optimistic = dispatch(
          conversationApi.util.updateQueryData('getConversationDetail', id, (detail) => {
            applyPatch(detail, patch);
          }),
        );
        try {
          const { data } = await queryFulfilled;
          dispatch(conversationApi.util.upsertQueryData('getConversationDetail', id, data));
        } catch {
          optimistic.undo();
        }
      },
      invalidatesTags: (result) => (result ? [...LIST_TAGS] : []),
    }),

    markConversationRead: build.mutation<ConversationListItem, number>({
      query: (id) => ({ url: `${conversationPath(id)}/read`, method: 'POST' }),
      async onQueryStarted(id, { dispatch, queryFulfilled }) {
        try {
          const { data } = await queryFulfilled;
          dispatch(mergeListItem(id, data));
        } catch {
          // Reading is a side effect of opening; a failure must not interrupt the agent.
        }
      },
      invalidatesTags: (result) => (result ? [...LIST_TAGS] : []),
    }),

    markConversationUnread: build.mutation<ConversationListItem, number>({
      query: (id) => ({ url: `${conversationPath(id)}/unread`, method: 'POST' }),
      async onQueryStarted(id, { dispatch, queryFulfilled }) {
        try {
          const { data } = await queryFulfilled;
          dispatch(mergeListItem(id, data));
        } catch {
          // The caller shows the failure.
        }
      },
      invalidatesTags: (result) => (result ? [...LIST_TAGS] : []),
    }),

    getConversationMapping: build.query<ConversationMapping, void>({
      query: () => '/dashboardapi/conversation/mapping',
      providesTags: ['Mapping'],
    }),

    /** docs/product/api.md: tags by name; names the account does not have yet are created. */
    addConversationTags: build.mutation<
      { created_tags: Tag[]; tags: Tag[] },
      { conversation_id: number; tags: string[]; knownTagIds?: number[] }
    >({
      query: ({ conversation_id, tags }) => ({
        url: '/dashboardapi/tag/add/v2',
        method: 'POST',
        body: { conversation_id, tags },
      }),
      async onQueryStarted({ conversation_id, knownTagIds = [] }, { dispatch, queryFulfilled }) {
        // Tags the account already has show at once; new ones once the server made them.
        const optimistic = dispatch(
          conversationApi.util.updateQueryData('getConversationDetail', conversation_id, (d) => {
            for (const tagId of knownTagIds) if (!d.tag_ids.includes(tagId)) d.tag_ids.push(tagId);
          }),
        );
        try {
          const { data } = await queryFulfilled;
          dispatch(
            conversationApi.util.updateQueryData('getConversationDetail', conversation_id, (d) => {
              for (const tag of data.tags) if (!d.tag_ids.includes(tag.id)) d.tag_ids.push(tag.id);
            }),
          );
          if (data.created_tags.length > 0) {
            dispatch(
              conversationApi.util.updateQueryData('getConversationMapping', undefined, (m) => {
                for (const tag of data.created_tags) {
                  if (!m.tags.some((t) => t.id === tag.id)) m.tags.push(tag);
                }
              }),
            );
          }
        } catch {
          optimistic.undo();
        }
      },
      // New tags are new views in the inbox too: its copy of the mapping reloads.
      invalidatesTags: (result) =>
        result
          ? [...LIST_TAGS, ...(result.created_tags.length > 0 ? (['Mapping'] as const) : [])]
          : [],
    }),

    removeConversationTag: build.mutation<{ ok: true }, { conversationId: number; tagId: number }>({
      query: ({ conversationId, tagId }) => ({
        url: `${conversationPath(conversationId)}/tags/${tagId}`,
        method: 'DELETE',
      }),
      async onQueryStarted({ conversationId, tagId }, { dispatch, queryFulfilled }) {
        const optimistic = dispatch(
          conversationApi.util.updateQueryData('getConversationDetail', conversationId, (d) => {
            d.tag_ids = d.tag_ids.filter((existing) => existing !== tagId);
          }),
        );
        try {
          await queryFulfilled;
        } catch {
          optimistic.undo();
        }
      },
      invalidatesTags: (result) => (result ? [...LIST_TAGS] : []),
    }),
  }),
});

export const {
  useGetConversationDetailQuery,
  useGetConversationMessagesQuery,
  useLoadOlderMessagesMutation,
  useSendConversationMessageMutation,
  useUpdateConversationMutation,
  useMarkConversationReadMutation,
  useMarkConversationUnreadMutation,
  useGetConversationMappingQuery,
  useAddConversationTagsMutation,
  useRemoveConversationTagMutation,
} = conversationApi;

/** What a PATCH changes, as the server will store it (snoozing without a status means snoozed). */
export function applyPatch(detail: ConversationDetail, patch: ConversationPatch): void {
  const status = patch.status ?? (patch.snoozed_until ? 'snoozed' : undefined);
  if (status) {
    detail.status = status;
    detail.snoozed_until = status === 'snoozed' ? (patch.snoozed_until ?? null) : null;
  }
  if (patch.priority) detail.priority = patch.priority;
  if (patch.assignee_id !== undefined) detail.assignee_id = patch.assignee_id;
  if (patch.team_id !== undefined) detail.team_id = patch.team_id;
}

/** Adds a message to a cached thread, or replaces the copy with the same id (no refetch). */
export function upsertThreadMessage(conversationId: number, message: Message) {
  return conversationApi.util.updateQueryData('getConversationMessages', conversationId, (page) => {
    insertMessage(page.items, message);
  });
}

/** Copies a conversation's list fields (from an answer or a realtime event) into its cached detail. */
export function mergeListItem(conversationId: number, item: ConversationListItem) {
  return conversationApi.util.updateQueryData('getConversationDetail', conversationId, (detail) => {
    Object.assign(detail, item);
  });
}
