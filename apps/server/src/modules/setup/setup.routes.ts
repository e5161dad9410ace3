import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { SETUP_CHECKLIST_PATH, setupChecklistResponse } from '@parley/contracts';
import type { Deps } from '../../lib/deps';
import { agentOf } from '../../plugins/auth';
import { setupChecklist } from './setup.service';

export const setupRoutes =
  (deps: Deps): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      SETUP_CHECKLIST_PATH,
      {
        config: { auth: 'agent' },
        schema: {
          tags: ['setup'],
          summary:
            'The setup checklist of the workspace (/setup): channel, widget, team, fast replies, sending domain — each from real state',
          response: { 200: setupChecklistResponse },
        },
      },
      async (request) => setupChecklist(deps, agentOf(request).accountId),
    );
  };
