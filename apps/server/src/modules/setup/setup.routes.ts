import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  ONBOARDING_VIDEOS_PATH,
  onboardingVideosResponse,
  SETUP_CHECKLIST_PATH,
  setupChecklistResponse,
} from '@parley/contracts';
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

    app.get(
      ONBOARDING_VIDEOS_PATH,
      {
        config: { auth: 'agent' },
        schema: {
          tags: ['setup'],
          summary:
            'The onboarding videos of the help menu and /setup, as the operator publishes them (ONBOARDING_VIDEOS); empty until then',
          response: { 200: onboardingVideosResponse },
        },
      },
      async () => ({ videos: deps.config.onboardingVideos }),
    );
  };
