import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  conversationIdParams,
  conversationMergeBody,
  conversationMoveList,
  conversationMoveParams,
  conversationMoveResult,
  conversationMoveUndoResult,
  conversationSplitBody,
} from '@parley/contracts';
import type { Deps } from '../../lib/deps';
import { agentOf } from '../../plugins/auth';
import {
  conversationMoves,
  mergeConversations,
  splitConversation,
  undoMove,
} from './merge-split.service';

const tags = ['inbox'];

/** Merging and splitting conversations, and undoing either (docs/product/merge-and-split.md). */
export const mergeSplitRoutes =
  (deps: Deps): FastifyPluginAsyncZod =>
  async (app) => {
    app.post(
      '/dashboardapi/conversations/:id/merge',
      {
        config: { auth: 'agent' },
        schema: {
          tags,
          summary: 'Merge another conversation into this one (its messages and tags move here)',
          description:
            'Every message of `from_conversation_id` moves into {id}, which keeps its contact and ' +
            'channel; the merged conversation is closed and points here. Conversations of ' +
            'different contacts need `confirm_other_contact: true` (409 `other_contact` otherwise).',
          params: conversationIdParams,
          body: conversationMergeBody,
          response: { 200: conversationMoveResult },
        },
      },
      async (request) =>
        mergeConversations(deps, agentOf(request), request.params.id, request.body),
    );

    app.post(
      '/dashboardapi/conversations/:id/split',
      {
        config: { auth: 'agent' },
        schema: {
          tags,
          summary: 'Split a customer message and every message after it into a new conversation',
          params: conversationIdParams,
          body: conversationSplitBody,
          response: { 201: conversationMoveResult },
        },
      },
      async (request, reply) => {
        const result = await splitConversation(
          deps,
          agentOf(request),
          request.params.id,
          request.body,
        );
        reply.status(201);
        return result;
      },
    );

    app.get(
      '/dashboardapi/conversations/:id/moves',
      {
        config: { auth: 'agent' },
        schema: {
          tags,
          summary: 'The merges and splits this conversation took part in',
          params: conversationIdParams,
          response: { 200: conversationMoveList },
        },
      },
      async (request) => conversationMoves(deps, agentOf(request), request.params.id),
    );

    app.post(
      '/dashboardapi/conversation-moves/:id/undo',
      {
        config: { auth: 'agent' },
        schema: {
          tags,
          summary: 'Undo a merge or split: exactly the messages it moved go back',
          params: conversationMoveParams,
          response: { 200: conversationMoveUndoResult },
        },
      },
      async (request) => undoMove(deps, agentOf(request), request.params.id),
    );
  };
