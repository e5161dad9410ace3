import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  WIDGET_PUBLIC_SETTINGS_PATH,
  WIDGET_SETTINGS_PATH,
  widgetPublicSettings,
  widgetSettingsPatch,
  widgetSettingsQuery,
  widgetSettingsResponse,
  type WidgetPublicSettings,
} from '@parley/contracts';
import type { Deps } from '../../lib/deps';
import { agentOf, requireAdmin } from '../../plugins/auth';
import { getWidgetSettings, publicSettingsOfShop, updateWidgetSettings } from './widgets.service';

const tags = ['widget'];

export const widgetsRoutes =
  (deps: Deps): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      WIDGET_PUBLIC_SETTINGS_PATH,
      {
        // docs/product/api.md: read by the widget on a merchant's storefront, without authentication.
        config: { auth: 'public', rateLimit: { max: 600, timeWindow: '1 minute' } },
        schema: {
          tags,
          summary: 'Widget public settings of a store (docs/product/data.md)',
          querystring: z.object({ myshopify_domain: z.string().trim().min(1).max(255) }),
          response: { 200: widgetPublicSettings },
        },
      },
      async (request, reply): Promise<WidgetPublicSettings> => {
        const settings = await publicSettingsOfShop(deps, request.query.myshopify_domain);
        reply.header('cache-control', 'public, max-age=60');
        // The widget's loader reads it from the store's own pages (no credentials are sent).
        reply.header('access-control-allow-origin', '*');
        return settings;
      },
    );

    app.get(
      WIDGET_SETTINGS_PATH,
      {
        config: { auth: 'agent' },
        schema: {
          tags,
          summary:
            "A store's live-chat widget settings (?brand_id=, default: the first Shopify store), its installation snippet and the workspace's stores",
          querystring: widgetSettingsQuery,
          response: { 200: widgetSettingsResponse },
        },
      },
      async (request) => getWidgetSettings(deps, agentOf(request), request.query.brand_id),
    );

    app.patch(
      WIDGET_SETTINGS_PATH,
      {
        config: { auth: 'agent' },
        schema: {
          tags,
          summary:
            "Change a store's widget settings (owners and admins): enabled, primary colour, dark / light, z-index, call-to-action, the chat app's greeting / pre-chat form / business hours / away message; rotate the identity secret",
          querystring: widgetSettingsQuery,
          body: widgetSettingsPatch,
          response: { 200: widgetSettingsResponse },
        },
      },
      async (request) =>
        updateWidgetSettings(deps, requireAdmin(request), request.query.brand_id, request.body),
    );
  };
