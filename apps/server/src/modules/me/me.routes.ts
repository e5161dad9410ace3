import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { meSchema } from '@parley/contracts';
import type { Deps } from '../../lib/deps';
import { agentOf } from '../../plugins/auth';
import { getMe } from './me.service';

export const meRoutes =
  (deps: Deps): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/dashboardapi/me',
      {
        config: { auth: 'agent' },
        schema: {
          tags: ['me'],
          summary: 'The current user in the current account (spec §3 Me)',
          response: { 200: meSchema },
        },
      },
      async (request) => {
        const { accountId, userId } = agentOf(request);
        return getMe(deps.db, { accountId, userId });
      },
    );
  };
