import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { okResponse } from '@parley/contracts';
import type { Deps } from '../../lib/deps';
import { requireAdmin } from '../../plugins/auth';
import { createApiKey, listApiKeys, revokeApiKey } from './api-keys.service';

const tags = ['api keys'];
const key = z.object({
  id: z.number().int(),
  name: z.string(),
  prefix: z.string(),
  last_used_at: z.string().nullable(),
  created_at: z.string(),
});

export const apiKeysRoutes =
  (deps: Deps): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/dashboardapi/apikeys',
      {
        config: { auth: 'agent' },
        schema: {
          tags,
          summary: 'Live API keys (owners and admins)',
          response: { 200: z.object({ keys: z.array(key) }) },
        },
      },
      async (request) => listApiKeys(deps.db, requireAdmin(request).accountId),
    );
    app.post(
      '/dashboardapi/apikeys',
      {
        config: { auth: 'agent' },
        schema: {
          tags,
          summary: 'Create an API key; the key itself is answered only this once',
          body: z.strictObject({ name: z.string().trim().min(1, 'Give the key a name.').max(120) }),
          response: { 201: key.extend({ key: z.string() }) },
        },
      },
      async (request, reply) => {
        const agent = requireAdmin(request);
        reply.status(201);
        return createApiKey(deps.db, {
          accountId: agent.accountId,
          userId: agent.userId,
          name: request.body.name,
        });
      },
    );
    app.delete(
      '/dashboardapi/apikeys/:id',
      {
        config: { auth: 'agent' },
        schema: {
          tags,
          summary: 'Revoke an API key',
          params: z.object({ id: z.coerce.number().int().positive().max(2_147_483_647) }),
          response: { 200: okResponse },
        },
      },
      async (request) => {
        const { accountId, userId } = requireAdmin(request);
        await revokeApiKey(deps.db, { accountId, userId, id: request.params.id });
        return { ok: true as const };
      },
    );
  };
