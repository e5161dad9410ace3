import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  conversationDetail,
  conversationIdParams,
  conversationListItem,
  conversationListQuery,
  conversationListResponse,
  conversationPatch,
  messageListQuery,
  messageListResponse,
  messageSchema,
  newConversationBody,
  replyBody,
  viewCountsQuery,
  viewCountsResponse,
} from '@parley/contracts';
import type { Deps } from '../../lib/deps';
import { notFound } from '../../lib/errors';
import { FairLimiter } from '../../lib/fair-limiter';
import { agentOf } from '../../plugins/auth';
import { countViews, listConversations } from './conversations.queries';
import {
  createOutbound,
  findOwnConversation,
  getConversation,
  markRead,
  markUnread,
  patchConversation,
  postMessage,
} from './conversations.service';
import { listMessages } from './messages.queries';
import { attachFiles } from '../attachments/attachments.service';

const tags = ['inbox'];

export const conversationsRoutes =
  (deps: Deps): FastifyPluginAsyncZod =>
  async (app) => {
    const searches = new FairLimiter(deps.config.searchConcurrency);
    app.get(
      '/dashboardapi/conversations',
      {
        config: { auth: 'agent' },
        schema: {
          tags,
          summary: 'A page of an inbox view (keyset pagination: pass next_cursor back as cursor)',
          querystring: conversationListQuery,
          response: { 200: conversationListResponse },
        },
      },
      // The hottest read (the list budget, docs/benchmarks.md): PostgreSQL writes the page's JSON and it is
      // sent as it is, with no parse or check at run time. The tests parse it with the schema.
      async (request, reply) => {
        const page = await listConversations(deps.db, agentOf(request), request.query, searches);
        return reply.type('application/json; charset=utf-8').send(page as never);
      },
    );

    app.get(
      '/dashboardapi/conversations/counts',
      {
        config: { auth: 'agent' },
        schema: {
          tags,
          summary: 'The count of every view, in one query',
          querystring: viewCountsQuery,
          response: { 200: viewCountsResponse },
        },
      },
      async (request) => countViews(deps.db, agentOf(request), request.query.status),
    );

    app.post(
      '/dashboardapi/conversations',
      {
        config: { auth: 'agent' },
        schema: {
          tags,
          summary: 'Start a conversation with a customer',
          body: newConversationBody,
          response: { 201: conversationDetail },
        },
      },
      async (request, reply) => {
        const detail = await createOutbound(deps, agentOf(request), request.body);
        reply.status(201);
        return detail;
      },
    );

    app.get(
      '/dashboardapi/conversations/:id',
      {
        config: { auth: 'agent' },
        schema: {
          tags,
          summary: 'One conversation, with its contact’s other conversations',
          params: conversationIdParams,
          response: { 200: conversationDetail },
        },
      },
      async (request) => getConversation(deps, agentOf(request), request.params.id),
    );

    app.patch(
      '/dashboardapi/conversations/:id',
      {
        config: { auth: 'agent' },
        schema: {
          tags,
          summary: 'Change status, snooze, priority, assignee or team',
          params: conversationIdParams,
          body: conversationPatch,
          response: { 200: conversationDetail },
        },
      },
      async (request) => patchConversation(deps, agentOf(request), request.params.id, request.body),
    );

    app.get(
      '/dashboardapi/conversations/:id/messages',
      {
        config: { auth: 'agent' },
        schema: {
          tags,
          summary:
            'A page of the thread, oldest first; pass the first id as `before` for older ones',
          params: conversationIdParams,
          querystring: messageListQuery,
          response: { 200: messageListResponse },
        },
      },
      async (request) => {
        const agent = agentOf(request);
        await findOwnConversation(deps.db, agent.accountId, request.params.id);
        const page = await listMessages(deps.db, {
          accountId: agent.accountId,
          conversationId: request.params.id,
          ...request.query,
        });
        return { ...page, items: await attachFiles(deps, agent.accountId, page.items) };
      },
    );

    app.post(
      '/dashboardapi/conversations/:id/messages',
      {
        config: { auth: 'agent' },
        schema: {
          tags,
          summary: 'Reply to the customer (delivered through the channel) or add an internal note',
          params: conversationIdParams,
          body: replyBody,
          response: { 201: messageSchema },
        },
      },
      async (request, reply) => {
        const message = await postMessage(deps, agentOf(request), request.params.id, request.body);
        reply.status(201);
        return message;
      },
    );

    for (const [action, fn] of [
      ['read', markRead],
      ['unread', markUnread],
    ] as const) {
      app.post(
        `/dashboardapi/conversations/:id/${action}`,
        {
          config: { auth: 'agent' },
          schema: {
            tags,
            summary: `Mark the conversation ${action} for me`,
            params: conversationIdParams,
            response: { 200: conversationListItem },
          },
        },
        async (request) => {
          const item = await fn(deps, agentOf(request), request.params.id);
          if (!item) throw notFound('That conversation was not found.');
          return item;
        },
      );
    }
  };
