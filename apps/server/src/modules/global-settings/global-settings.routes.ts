import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { globalSettingsPatch, globalSettingsSchema } from '@parley/contracts';
import type { Deps } from '../../lib/deps';
import { agentOf } from '../../plugins/auth';
import { getGlobalSettings, patchGlobalSettings } from './global-settings.service';

const tags = ['global settings'];

export const globalSettingsRoutes =
  (deps: Deps): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/dashboardapi/global/settings',
      {
        config: { auth: 'agent' },
        schema: {
          tags,
          summary: "The account's global settings",
          response: { 200: globalSettingsSchema },
        },
      },
      async (request) => getGlobalSettings(deps, agentOf(request).accountId),
    );

    app.patch(
      '/dashboardapi/global/settings',
      {
        config: { auth: 'agent' },
        schema: {
          tags,
          summary: 'Change any of the global settings; unknown fields are refused',
          body: globalSettingsPatch,
          response: { 200: globalSettingsSchema },
        },
      },
      async (request) => patchGlobalSettings(deps, agentOf(request), request.body),
    );
  };
