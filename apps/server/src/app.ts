import Fastify, { type FastifyInstance } from 'fastify';
import fastifyCookie from '@fastify/cookie';
import fastifyRateLimit from '@fastify/rate-limit';
import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import {
  jsonSchemaTransform,
  serializerCompiler,
  validatorCompiler,
} from 'fastify-type-provider-zod';
import { WIDGET_TOKEN_HEADER } from '@parley/contracts';
import type { Deps } from './lib/deps';
import { AppError } from './lib/errors';
import { registerAuth } from './plugins/auth';
import { registerCompression } from './plugins/compression';
import { registerErrorHandler } from './plugins/error-handler';
import { registerInputGuard } from './plugins/input-guard';
import { errWithoutValues } from './plugins/log-serializers';
import { registerWebApp } from './plugins/web-app';
import { registerWidgetAssets } from './plugins/widget-assets';
import { operatorRoutes } from './modules/operator/operator.routes';
import { featureRequestsRoutes } from './modules/feature-requests/feature-requests.routes';
import { assignmentRoutes } from './modules/assignment/assignment.routes';
import { automationRoutes } from './modules/automation/automation.routes';
import { notificationsRoutes } from './modules/notifications/notifications.routes';
import { macrosRoutes } from './modules/macros/macros.routes';
import { slaRoutes } from './modules/sla/sla.routes';
import { registerRealtime } from './realtime/realtime';
import { accountsRoutes } from './modules/accounts/accounts.routes';
import { authRoutes } from './modules/auth/auth.routes';
import { globalSettingsRoutes } from './modules/global-settings/global-settings.routes';
import { meRoutes } from './modules/me/me.routes';
import { teamMembersRoutes } from './modules/team-members/team-members.routes';
import { teamsRoutes } from './modules/teams/teams.routes';
import { apiKeysRoutes } from './modules/api-keys/api-keys.routes';
import { auditLogRoutes } from './modules/audit-log/audit-log.routes';
import { channelsRoutes } from './modules/channels/channels.routes';
import { ChannelKinds, type ChannelKind } from './modules/channels/channel-kind';
import { channelKinds } from './channels';
import { conversationsRoutes } from './modules/conversations/conversations.routes';
import { bulkRoutes } from './modules/conversations/bulk.routes';
import { mergeSplitRoutes } from './modules/conversations/merge-split.routes';
import { savedViewsRoutes } from './modules/saved-views/saved-views.routes';
import { attachmentsRoutes } from './modules/attachments/attachments.routes';
import { npsRoutes } from './modules/nps/nps.routes';
import { shellRoutes } from './modules/shell/shell.routes';
import { callbacksRoutes } from './modules/callbacks/callbacks.routes';
import { widgetsRoutes } from './modules/widgets/widgets.routes';
import { setupRoutes } from './modules/setup/setup.routes';
import { fastRepliesRoutes } from './modules/fast-replies/fast-replies.routes';
import { registerConversationRealtime } from './modules/conversations/conversations.realtime';
import { DELIVER_MESSAGE_JOB } from './modules/conversations/conversations.service';
import { deliveryJob } from './modules/conversations/delivery';
import { externalApiRoutes } from './modules/external-api/external-api.routes';
import { tagsRoutes } from './modules/tags/tags.routes';
import { reportsRoutes } from './modules/reports/reports.routes';
import { helpCenterRoutes } from './modules/help-center/help-center.routes';
import { articlePageHead } from './modules/help-center/help-center.public';
import { emailSetupRoutes } from './modules/email-setup/email-setup.routes';
import { billingRoutes, registerBillingGuard } from './modules/billing/billing.routes';
import { conversationFeedbackRoutes } from './modules/conversation-feedback/conversation-feedback.routes';
import { shopifyRoutes } from './modules/shopify/shopify.routes';
import { contactsRoutes } from './modules/contacts/contacts.routes';
import { scheduledMessagesRoutes } from './modules/scheduled-messages/scheduled-messages.routes';
import { healthRoutes } from './modules/health/health.routes';

export interface BuildOptions {
  /** Directory of the built web app; served with an SPA fallback when present. */
  webDistDir?: string | undefined;
  /** Directory of the built live-chat widget (loader + chat app), served under /widget/. */
  widgetDistDir?: string | undefined;
  logger?: boolean;
  /** The channel kinds to build with: the table in channels.ts unless given (tests add their own). */
  channelKinds?: readonly ChannelKind[] | undefined;
}

export async function buildApp(deps: Deps, opts: BuildOptions = {}): Promise<FastifyInstance> {
  const app = Fastify({
    logger:
      opts.logger === false
        ? false
        : {
            level: deps.config.logLevel,
            serializers: { err: errWithoutValues },
            // Secrets never reach the logs (FreeScout GHSA-7wcq-2qmv-mvcm).
            redact: [
              'req.headers.authorization',
              'req.headers.cookie',
              'req.headers["x-csrftoken"]',
              'res.headers["set-cookie"]',
            ],
          },
    trustProxy: deps.config.trustProxy,
    bodyLimit: 1_000_000,
    routerOptions: { ignoreTrailingSlash: true },
    genReqId: () => crypto.randomUUID(),
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  registerErrorHandler(app);
  registerInputGuard(app);
  // Before any route: it attaches itself to each route as it is added.
  await registerCompression(app);
  // Cookies are parsed before the auth hook reads csrftoken.
  await app.register(fastifyCookie);
  registerAuth(app, deps.db, {
    operatorToken: deps.config.operatorToken,
    sessionIdleMs: deps.config.sessionIdleTimeoutMs,
  });
  await app.register(fastifyRateLimit, {
    global: false,
    errorResponseBuilder: () =>
      new AppError(429, 'rate_limited', 'Too many attempts. Please wait a minute and try again.'),
  });

  // Served over https: browsers must never fall back to plain http (docs/security.md).
  const hsts = deps.config.publicUrl.startsWith('https://') ? 'max-age=31536000' : null;
  app.addHook('onSend', async (_request, reply) => {
    reply.header('x-content-type-options', 'nosniff');
    reply.header('referrer-policy', 'strict-origin-when-cross-origin');
    if (!reply.hasHeader('x-frame-options')) reply.header('x-frame-options', 'SAMEORIGIN');
    if (hsts) reply.header('strict-transport-security', hsts);
  });

  await app.register(fastifySwagger, {
    openapi: {
      info: {
        title: `${deps.config.productName} API`,
        description:
          'The dashboard API of the help desk. Agent calls send `Authorization: Token <token>`, ' +
          '`x-dc-account-id` and, on unsafe methods, `X-CSRFTOKEN` matching the `csrftoken` cookie.',
        version: '0.1.0',
      },
      components: {
        securitySchemes: {
          token: {
            type: 'apiKey',
            in: 'header',
            name: 'Authorization',
            description: 'Token <token>',
          },
          account: { type: 'apiKey', in: 'header', name: 'x-dc-account-id' },
          operator: { type: 'http', scheme: 'bearer', description: 'OPERATOR_TOKEN' },
          apiKey: { type: 'http', scheme: 'bearer', description: "An account's API key" },
          widget: { type: 'apiKey', in: 'header', name: WIDGET_TOKEN_HEADER },
        },
      },
    },
    transform: jsonSchemaTransform,
  });
  await app.register(async (scope) => {
    scope.addHook('onRoute', (route) => {
      route.config = { ...route.config, auth: 'public' };
    });
    await scope.register(fastifySwaggerUi, { routePrefix: '/dashboardapi/docs' });
  });

  // Before the modules, so their plugins can add channel rules and event mappings to app.realtime.
  const realtime = await registerRealtime(app, deps);
  registerConversationRealtime(realtime);
  // Read-only inbox after an unpaid trial; on the root, so it covers every module's routes.
  registerBillingGuard(app, deps);
  await app.register(healthRoutes(deps));
  await app.register(authRoutes(deps));
  await app.register(accountsRoutes(deps));
  await app.register(meRoutes(deps));
  await app.register(globalSettingsRoutes(deps));
  await app.register(teamMembersRoutes(deps));
  await app.register(teamsRoutes(deps));
  await app.register(conversationsRoutes(deps));
  await app.register(bulkRoutes(deps));
  await app.register(mergeSplitRoutes(deps));
  await app.register(savedViewsRoutes(deps));
  await app.register(attachmentsRoutes(deps));
  await app.register(npsRoutes(deps));
  await app.register(shellRoutes(deps));
  await app.register(callbacksRoutes(deps));
  await app.register(widgetsRoutes(deps));
  await app.register(setupRoutes(deps));
  await app.register(fastRepliesRoutes(deps));
  await app.register(tagsRoutes(deps));
  await app.register(reportsRoutes(deps));
  await app.register(helpCenterRoutes(deps));
  await app.register(emailSetupRoutes(deps));
  // Every channel kind from the one table: its setup, routes, inbound jobs and outbound adapter.
  const kinds = new ChannelKinds(opts.channelKinds ?? channelKinds);
  await app.register(channelsRoutes(deps, kinds));
  for (const kind of kinds.all) {
    if (kind.routes) await app.register(kind.routes(deps, { realtime }));
    for (const [job, handler] of Object.entries(kind.inbound ?? {}))
      deps.jobs.register(job, handler(deps));
  }
  deps.jobs.register(DELIVER_MESSAGE_JOB, deliveryJob(deps, kinds));
  await app.register(apiKeysRoutes(deps));
  await app.register(auditLogRoutes(deps));
  await app.register(externalApiRoutes(deps));
  await app.register(operatorRoutes(deps));
  await app.register(billingRoutes(deps));
  await app.register(featureRequestsRoutes(deps));
  await app.register(assignmentRoutes(deps));
  await app.register(automationRoutes(deps));
  await app.register(notificationsRoutes(deps));
  await app.register(macrosRoutes(deps));
  await app.register(slaRoutes(deps));
  await app.register(conversationFeedbackRoutes(deps));
  await app.register(shopifyRoutes(deps));
  await app.register(contactsRoutes(deps));
  await app.register(scheduledMessagesRoutes(deps));

  await registerWidgetAssets(app, opts.widgetDistDir);
  await registerWebApp(app, opts.webDistDir, {
    helpWidgetUrl: deps.config.helpWidgetUrl,
    productName: deps.config.productName,
    supportEmail: deps.config.supportEmail,
    // A public help-center article's title, language and translations (hreflang) in its head.
    pageHead: (request) => articlePageHead(deps, request.url, request.headers),
  });
  return app;
}
