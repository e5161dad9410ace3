import { and, eq } from 'drizzle-orm';
import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { conversationDetail, messageSchema } from '@parley/contracts';
import { brands, conversations } from '../../db/schema';
import type { Deps } from '../../lib/deps';
import { notFound } from '../../lib/errors';
import { apiAccountOf } from '../../plugins/auth';
import { getConversation } from '../conversations/conversations.service';
import { listMessages } from '../conversations/messages.queries';

/**
 * `GET external-api/tickets/{id}` (docs/product/api.md): a ticket for integrations, scoped to the key's account
 * and, when given, to one store (store_id or X-Selected-Store-Url).
 */
export const externalApiRoutes =
  (deps: Deps): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/external-api/tickets/:id',
      {
        config: { auth: 'api-key' },
        schema: {
          tags: ['external api'],
          summary: 'One ticket with its latest messages (API key or agent token)',
          params: z.object({ id: z.coerce.number().int().positive().max(2_147_483_647) }),
          querystring: z.object({
            store_id: z.coerce.number().int().positive().max(2_147_483_647).optional(),
          }),
          headers: z.object({ 'x-selected-store-url': z.string().max(300).optional() }).loose(),
          response: {
            200: z.object({ ticket: conversationDetail, messages: z.array(messageSchema) }),
          },
        },
      },
      async (request) => {
        const accountId = apiAccountOf(request);
        const storeUrl = request.headers['x-selected-store-url']
          ?.replace(/^https?:\/\//, '')
          .replace(/\/.*$/, '');
        const [row] = await deps.db
          .select({
            id: conversations.id,
            brandId: conversations.brandId,
            shop: brands.myshopifyDomain,
          })
          .from(conversations)
          .leftJoin(brands, eq(brands.id, conversations.brandId))
          .where(
            and(eq(conversations.id, request.params.id), eq(conversations.accountId, accountId)),
          )
          .limit(1);
        if (!row) throw notFound('That ticket');
        if (request.query.store_id && row.brandId !== request.query.store_id)
          throw notFound('That ticket');
        if (storeUrl && row.shop !== storeUrl) throw notFound('That ticket');
        // The caller may be an API key: read as a system viewer (no per-agent unread state).
        const viewer = { accountId, userId: 0, tokenId: 0, permissionLevel: 'agent' as const };
        const ticket = await getConversation(deps, viewer, row.id);
        const { items } = await listMessages(deps.db, {
          accountId,
          conversationId: row.id,
          limit: 50,
        });
        return { ticket, messages: items.filter((m) => m.kind !== 'note') };
      },
    );
  };
