import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { commentThreadResponse } from '@parley/contracts';
import type { Deps } from '../../lib/deps';
import { keepJsonRaw, rawBody } from '../channels/channels.public';
import { agentOf } from '../../plugins/auth';
import { findOwnConversation } from '../conversations/conversations.service';
import { commentThreadOfConversation } from './meta.queries';
import { META_WEBHOOK_PATH } from './meta.public';
import { acceptMetaWebhook, verifyMetaSubscription } from './meta.service';

const tags = ['meta'];

/** Meta's webhook for Facebook pages and Instagram accounts (one URL for every channel). */
export const metaRoutes =
  (deps: Deps): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      META_WEBHOOK_PATH,
      {
        config: { auth: 'webhook' },
        schema: {
          tags,
          summary:
            "Meta's subscription check: echoes hub.challenge when hub.verify_token is META_VERIFY_TOKEN",
          querystring: z.object({
            'hub.mode': z.string().max(50).optional(),
            'hub.verify_token': z.string().max(500).optional(),
            'hub.challenge': z.string().max(500).optional(),
          }),
        },
      },
      async (request, reply) => {
        const challenge = verifyMetaSubscription(deps, {
          mode: request.query['hub.mode'],
          token: request.query['hub.verify_token'],
          challenge: request.query['hub.challenge'],
        });
        reply.type('text/plain');
        return challenge;
      },
    );

    app.get(
      '/dashboardapi/meta/conversations/:id/comment-thread',
      {
        config: { auth: 'agent' },
        schema: {
          tags,
          summary:
            "The comment a conversation answers (null for Messenger / DMs): the composer's public / private choice",
          params: z.object({ id: z.coerce.number().int().positive().max(2_147_483_647) }),
          response: { 200: commentThreadResponse },
        },
      },
      async (request) => {
        const { accountId } = agentOf(request);
        await findOwnConversation(deps.db, accountId, request.params.id);
        const thread = await commentThreadOfConversation(deps.db, {
          accountId,
          conversationId: request.params.id,
        });
        return {
          comment_thread: thread ? { comment_id: thread.commentId, post_id: thread.postId } : null,
        };
      },
    );

    // Its own scope: the body stays raw bytes here, for X-Hub-Signature-256 (docs/security.md).
    await app.register(async (scope) => {
      keepJsonRaw(scope);
      scope.post(
        META_WEBHOOK_PATH,
        {
          config: { auth: 'webhook' },
          schema: {
            tags,
            summary:
              'Meta events: Messenger, Instagram DMs, echoes, receipts, comments (signed with X-Hub-Signature-256; queued, answered at once)',
            response: { 200: z.object({ received: z.literal(true) }) },
          },
        },
        async (request) => {
          const raw = rawBody(request.body);
          const header = request.headers['x-hub-signature-256'];
          await acceptMetaWebhook(deps, raw, typeof header === 'string' ? header : undefined);
          return { received: true as const };
        },
      );
    });
  };
