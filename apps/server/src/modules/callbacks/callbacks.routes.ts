import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  CALLBACK_FORM_PATH,
  callbackRequestBody,
  callbackRequestResponse,
} from '@parley/contracts';
import type { Deps } from '../../lib/deps';
import { agentOf } from '../../plugins/auth';
import { requestCallback } from './callbacks.service';

export const callbacksRoutes =
  (deps: Deps): FastifyPluginAsyncZod =>
  async (app) => {
    app.post(
      CALLBACK_FORM_PATH,
      {
        config: { auth: 'agent' },
        schema: {
          tags: ['shell'],
          summary:
            'Request Callback form of the help widget (docs/product/data.md, docs/product/api.md)',
          body: callbackRequestBody,
          response: { 201: callbackRequestResponse },
        },
      },
      async (request, reply) => {
        const result = await requestCallback(deps, agentOf(request), request.body);
        reply.status(201);
        return result;
      },
    );
  };
