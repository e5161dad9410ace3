import {
  conversationMergePath,
  conversationMoveUndoPath,
  conversationMovesPath,
  conversationSplitPath,
  type ConversationMove,
  type ConversationMoveList,
  type ConversationMoveResult,
} from '@parley/contracts';
import { baseApi } from '../../../lib/base-api';

export interface MergeArgs {
  /** The conversation kept (its contact and channel stay). */
  intoId: number;
  /** The conversation merged into it (closed, its messages move). */
  fromId: number;
  confirmOtherContact?: boolean;
}

/** Everything a move changes: both threads, both conversations, their moves, and the lists. */
const touched = (ids: number[]) => [
  'Conversations' as const,
  'ViewCounts' as const,
  ...ids.flatMap((id) => [
    { type: 'Conversation' as const, id },
    { type: 'Messages' as const, id },
    { type: 'ConversationMoves' as const, id },
  ]),
];

const movedIds = (move: ConversationMove) => [move.from_conversation_id, move.to_conversation_id];

/**
 * Merging and splitting conversations and undoing either (docs/product/merge-and-split.md).
 * After each, both conversations are read again: many messages changed place.
 */
export const conversationMovesApi = baseApi
  .enhanceEndpoints({ addTagTypes: ['ConversationMoves'] })
  .injectEndpoints({
    endpoints: (build) => ({
      /** Read only when the thread shows a merge or split line (its Undo, the "Merged into" banner). */
      getConversationMoves: build.query<ConversationMoveList, number>({
        query: (id) => conversationMovesPath(id),
        providesTags: (_result, _error, id) => [{ type: 'ConversationMoves', id }],
      }),

      mergeConversations: build.mutation<ConversationMoveResult, MergeArgs>({
        query: ({ intoId, fromId, confirmOtherContact }) => ({
          url: conversationMergePath(intoId),
          method: 'POST',
          body: {
            from_conversation_id: fromId,
            ...(confirmOtherContact ? { confirm_other_contact: true } : {}),
          },
        }),
        invalidatesTags: (result) => (result ? touched(movedIds(result.move)) : []),
      }),

      splitConversation: build.mutation<
        ConversationMoveResult,
        { conversationId: number; messageId: number }
      >({
        query: ({ conversationId, messageId }) => ({
          url: conversationSplitPath(conversationId),
          method: 'POST',
          body: { message_id: messageId },
        }),
        invalidatesTags: (result) => (result ? touched(movedIds(result.move)) : []),
      }),

      undoConversationMove: build.mutation<{ move: ConversationMove }, ConversationMove>({
        query: (move) => ({ url: conversationMoveUndoPath(move.id), method: 'POST' }),
        // Refused (undone meanwhile, messages moved since): the moves are read again too.
        invalidatesTags: (_result, _error, move) => touched(movedIds(move)),
      }),
    }),
  });

export const {
  useGetConversationMovesQuery,
  useMergeConversationsMutation,
  useSplitConversationMutation,
  useUndoConversationMoveMutation,
} = conversationMovesApi;
