import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { conversationDetail, messageSchema } from '@parley/contracts';
import type { Deps } from '../../lib/deps';
import { apiAccountOf } from '../../plugins/auth';
import { getTicket } from './external-api.service';

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
      async (request) =>
        getTicket(deps, apiAccountOf(request), {
          id: request.params.id,
          storeId: request.query.store_id,
          storeUrl: request.headers['x-selected-store-url'],
        }),
    );
  };
