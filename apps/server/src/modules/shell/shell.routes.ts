import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  DEMO_REQUESTS_PATH,
  HELP_WIDGET_CONFIG_PATH,
  RELEASE_NOTES_PATH,
  helpWidgetConfigResponse,
  demoRequestBody,
  demoRequestResponse,
  releaseNoteSchema,
} from '@parley/contracts';
import type { Deps } from '../../lib/deps';
import { agentOf } from '../../plugins/auth';
import { releaseNotesNewestFirst, requestDemo } from './shell.service';

const tags = ['shell'];

export const shellRoutes =
  (deps: Deps): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      RELEASE_NOTES_PATH,
      {
        config: { auth: 'agent' },
        schema: {
          tags,
          summary: 'Release notes for the shell’s modal, newest first',
          response: { 200: z.object({ items: z.array(releaseNoteSchema) }) },
        },
      },
      async () => ({ items: await releaseNotesNewestFirst(deps) }),
    );

    app.get(
      HELP_WIDGET_CONFIG_PATH,
      {
        config: { auth: 'agent' },
        schema: {
          tags,
          summary: 'Where the help widget panel’s embedded live chat lives (null: menu only)',
          response: { 200: helpWidgetConfigResponse },
        },
      },
      async () => ({ frame_url: deps.config.helpWidgetUrl }),
    );

    app.post(
      DEMO_REQUESTS_PATH,
      {
        config: { auth: 'agent' },
        schema: {
          tags,
          summary: 'Ask the operator for a product demo at a chosen time',
          body: demoRequestBody,
          response: { 201: demoRequestResponse },
        },
      },
      async (request, reply) => {
        const created = await requestDemo(deps, agentOf(request), request.body);
        reply.status(201);
        return created;
      },
    );
  };
