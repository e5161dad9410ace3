import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  SHOPIFY_PATHS,
  shopifyConnectBody,
  shopifyConnectionSchema,
  shopifyConnectionsResponse,
  shopifyOrdersResponse,
} from '@parley/contracts';
import type { Deps } from '../../lib/deps';
import { keepJsonRaw, rawBody } from '../channels/channels.public';
import { agentOf, requireAdmin } from '../../plugins/auth';
import {
  acceptShopifyWebhook,
  connectShopify,
  disconnectShopify,
  listShopifyConnections,
  ordersForConversation,
} from './shopify.service';

const tags = ['shopify'];
const idParam = z.object({ id: z.coerce.number().int().positive().max(2_147_483_647) });
const header = (v: string | string[] | undefined) => (typeof v === 'string' ? v : undefined);

/** Shopify stores beside each conversation. */
export const shopifyRoutes =
  (deps: Deps): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      SHOPIFY_PATHS.connections,
      {
        config: { auth: 'agent' },
        schema: {
          tags,
          summary: "The account's connected Shopify stores and their health",
          response: { 200: shopifyConnectionsResponse },
        },
      },
      async (request) => listShopifyConnections(deps, agentOf(request).accountId),
    );

    app.post(
      SHOPIFY_PATHS.connect,
      {
        config: { auth: 'agent' },
        schema: {
          tags,
          summary:
            "Connect a store (owners and admins) with its Admin API token, checked against Shopify's shop.json",
          body: shopifyConnectBody,
          response: { 201: shopifyConnectionSchema },
        },
      },
      async (request, reply) => {
        const agent = requireAdmin(request);
        const connection = await connectShopify(deps, agent.accountId, request.body);
        reply.code(201);
        return connection;
      },
    );

    app.delete(
      `${SHOPIFY_PATHS.connections}/:id`,
      {
        config: { auth: 'agent' },
        schema: {
          tags,
          summary:
            'Disconnect a store (owners and admins): its token is forgotten, the brand stays',
          params: idParam,
        },
      },
      async (request, reply) => {
        const agent = requireAdmin(request);
        await disconnectShopify(deps, agent.accountId, request.params.id);
        return reply.code(204).send();
      },
    );

    app.get(
      '/dashboardapi/conversations/:id/shopify/orders',
      {
        config: { auth: 'agent' },
        schema: {
          tags,
          summary:
            "The contact's latest Shopify orders in the conversation's store (cached for a minute)",
          params: idParam,
          response: { 200: shopifyOrdersResponse },
        },
      },
      async (request) => ordersForConversation(deps, agentOf(request).accountId, request.params.id),
    );

    // Its own scope: the body stays raw bytes here, for X-Shopify-Hmac-SHA256 (docs/security.md).
    await app.register(async (scope) => {
      keepJsonRaw(scope);
      scope.post(
        SHOPIFY_PATHS.webhook,
        {
          config: { auth: 'webhook' },
          schema: {
            tags,
            summary:
              'Store webhooks (orders/*, customers/update, app/uninstalled), signed with X-Shopify-Hmac-SHA256',
            response: { 200: z.object({ received: z.literal(true) }) },
          },
        },
        async (request) => {
          const raw = rawBody(request.body);
          await acceptShopifyWebhook(deps, raw, {
            hmac: header(request.headers['x-shopify-hmac-sha256']),
            shop: header(request.headers['x-shopify-shop-domain']),
            topic: header(request.headers['x-shopify-topic']),
            webhookId: header(request.headers['x-shopify-webhook-id']),
          });
          return { received: true as const };
        },
      );
    });
  };
