import fastifyFormbody from '@fastify/formbody';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  PUSHER_AUTH_PATH,
  pusherAuthBodySchema,
  pusherAuthResponseSchema,
  REALTIME_CONFIG_PATH,
  realtimeConfigSchema,
} from '@parley/contracts';
import type { Deps } from '../lib/deps';
import { agentOf } from '../plugins/auth';
import type { Realtime } from './realtime';
import { authorizeChannel } from './realtime.service';

const tags = ['realtime'];

export const realtimeRoutes =
  (deps: Deps, realtime: Realtime): FastifyPluginAsyncZod =>
  async (app) => {
    // pusher-js posts form-encoded; the parser stays scoped to these routes.
    await app.register(fastifyFormbody, { bodyLimit: 4096 });

    app.post(
      PUSHER_AUTH_PATH,
      {
        config: { auth: 'agent' },
        schema: {
          tags,
          summary: 'Authorise a private or presence channel for a pusher-js socket',
          description:
            'pusher-js posts `socket_id` and `channel_name` (application/x-www-form-urlencoded). ' +
            'Answers `{auth}`, and for presence channels also the exact signed `channel_data`.',
          consumes: ['application/x-www-form-urlencoded', 'application/json'],
          body: pusherAuthBodySchema,
          response: { 200: pusherAuthResponseSchema },
        },
      },
      async (request) =>
        authorizeChannel(deps, realtime, agentOf(request), request.body, request.log),
    );

    app.get(
      REALTIME_CONFIG_PATH,
      {
        config: { auth: 'agent' },
        schema: {
          tags,
          summary: 'The pusher-js options to connect with (key, host, port, TLS)',
          response: { 200: realtimeConfigSchema },
        },
      },
      async () => realtime.clientConfig,
    );
  };
