import { eq } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  WIDGET_PUBLIC_SETTINGS_PATH,
  WIDGET_THEME_DEFAULTS,
  widgetPublicSettings,
  type WidgetPublicSettings,
} from '@parley/contracts';
import { brands, widgets } from '../../db/schema';
import type { Deps } from '../../lib/deps';
import { notFound } from '../../lib/errors';

const themeOverrides = widgetPublicSettings.shape.theme.partial();

export const widgetsRoutes =
  (deps: Deps): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      WIDGET_PUBLIC_SETTINGS_PATH,
      {
        // Spec §7: read by the widget on a merchant's storefront, without authentication.
        config: { auth: 'public', rateLimit: { max: 600, timeWindow: '1 minute' } },
        schema: {
          tags: ['widget'],
          summary: 'Spec §3 widget public settings of a store',
          querystring: z.object({ myshopify_domain: z.string().trim().min(1).max(255) }),
          response: { 200: widgetPublicSettings },
        },
      },
      async (request, reply): Promise<WidgetPublicSettings> => {
        const [row] = await deps.db
          .select({ widget: widgets, brandId: brands.id })
          .from(brands)
          .leftJoin(widgets, eq(widgets.brandId, brands.id))
          .where(eq(brands.myshopifyDomain, request.query.myshopify_domain.toLowerCase()))
          .limit(1);
        if (!row) throw notFound('That store');
        reply.header('cache-control', 'public, max-age=60');
        const overrides = themeOverrides.safeParse(row.widget?.theme ?? {});
        return {
          // A store whose widget was never set up shows nothing (issue 6 sets it up).
          basic_settings: { is_widget_enabled: row.widget?.isEnabled ?? false },
          theme: { ...WIDGET_THEME_DEFAULTS, ...(overrides.success ? overrides.data : {}) },
        };
      },
    );
  };
