import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  brandCreateBody,
  brandSummary,
  okResponse,
  supportChannelSummary,
} from '@parley/contracts';
import type { Deps } from '../../lib/deps';
import { agentOf, requireAdmin } from '../../plugins/auth';
import {
  createApiChannel,
  deleteChannel,
  createBrand,
  listBrands,
  listChannels,
  updateChannel,
} from './channels.service';

const tags = ['channels'];
const idQuery = z.object({ id: z.coerce.number().int().positive().max(2_147_483_647) });
const webhookUrl = z.url().max(2000).nullable().optional();

export const channelsRoutes =
  (deps: Deps): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/dashboardapi/supportchannel/all',
      {
        config: { auth: 'agent' },
        schema: {
          tags,
          summary: "The account's support channels (API channels with their webhook URL)",
          response: {
            200: z.array(supportChannelSummary.extend({ webhook_url: z.string().nullable() })),
          },
        },
      },
      async (request) => listChannels(deps.db, agentOf(request).accountId),
    );

    app.get(
      '/dashboardapi/brand/all',
      {
        config: { auth: 'agent' },
        schema: {
          tags,
          summary: "The account's brands / stores",
          response: { 200: z.array(brandSummary) },
        },
      },
      async (request) => listBrands(deps.db, agentOf(request).accountId),
    );

    app.post(
      '/dashboardapi/brand',
      {
        config: { auth: 'agent' },
        schema: {
          tags,
          summary: 'Add a brand / store (owners and admins); its chat widget is set up per store',
          body: brandCreateBody,
          response: { 201: brandSummary },
        },
      },
      async (request, reply) => {
        const agent = requireAdmin(request);
        reply.code(201);
        return createBrand(deps.db, agent.accountId, request.body);
      },
    );

    app.post(
      '/dashboardapi/supportchannel',
      {
        config: { auth: 'agent' },
        schema: {
          tags,
          summary: 'Create an API channel (owners and admins); the webhook secret is shown once',
          body: z.strictObject({
            type: z.literal('api'),
            name: z.string().trim().min(1, 'Give the channel a name.').max(120),
            webhook_url: webhookUrl,
            brand_id: z.number().int().positive().nullable().optional(),
          }),
          response: {
            201: supportChannelSummary.extend({
              webhook_url: z.string().nullable(),
              webhook_secret: z.string(),
            }),
          },
        },
      },
      async (request, reply) => {
        const agent = requireAdmin(request);
        reply.status(201);
        return createApiChannel(deps, agent.accountId, request.body);
      },
    );

    app.patch(
      '/dashboardapi/supportchannel',
      {
        config: { auth: 'agent' },
        schema: {
          tags,
          summary: "Rename a channel or change an API channel's webhook URL",
          querystring: idQuery,
          body: z.strictObject({
            name: z.string().trim().min(1).max(120).optional(),
            webhook_url: webhookUrl,
          }),
          response: { 200: supportChannelSummary },
        },
      },
      async (request) =>
        updateChannel(deps, requireAdmin(request).accountId, request.query.id, request.body),
    );

    app.delete(
      '/dashboardapi/supportchannel',
      {
        config: { auth: 'agent' },
        schema: {
          tags,
          summary: 'Remove a channel and its conversations',
          querystring: idQuery,
          response: { 200: okResponse },
        },
      },
      async (request) => {
        await deleteChannel(deps, requireAdmin(request).accountId, request.query.id);
        return { ok: true as const };
      },
    );
  };
