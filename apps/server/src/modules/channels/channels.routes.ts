import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  brandCreateBody,
  brandSummary,
  callbackUrl,
  channelListExtras,
  connectionTestBody,
  connectionTestResult,
  okResponse,
  providerChannelSettingsResponse,
  providerSettingsPatch,
  supportChannelCreateBody,
  supportChannelSummary,
} from '@parley/contracts';
import type { Deps } from '../../lib/deps';
import { agentOf, requireAdmin } from '../../plugins/auth';
import type { ChannelKinds } from './channel-kind';
import {
  deleteChannel,
  createBrand,
  findOwnChannel,
  toChannelSummary,
  listBrands,
  listChannelsForSettings,
  recordChannelChange,
  updateChannel,
} from './channels.service';
import {
  createChannel,
  providerChannelSettings,
  testConnection,
  updateProviderSettings,
} from './provider-channels';

const tags = ['channels'];
const idQuery = z.object({ id: z.coerce.number().int().positive().max(2_147_483_647) });
const webhookUrl = z.url().max(2000).nullable().optional();

export const channelsRoutes =
  (deps: Deps, kinds: ChannelKinds): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/dashboardapi/supportchannel/all',
      {
        config: { auth: 'agent' },
        schema: {
          tags,
          summary:
            "The account's support channels: webhook URL (API), provider details, callback URLs, health",
          response: { 200: z.array(supportChannelSummary.extend(channelListExtras.shape)) },
        },
      },
      async (request) => listChannelsForSettings(deps, kinds, agentOf(request).accountId),
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
          summary:
            'Create a channel (owners and admins): api, sms (Twilio) or whatsapp_gupshup_isv; secrets and secret-bearing callback URLs are shown once',
          body: supportChannelCreateBody,
          response: {
            201: supportChannelSummary.extend({
              webhook_url: z.string().nullable(),
              webhook_secret: z.string().optional(),
              callback_urls: z.array(callbackUrl),
            }),
          },
        },
      },
      async (request, reply) => {
        const agent = requireAdmin(request);
        reply.status(201);
        const created = await createChannel(deps, kinds, agent.accountId, request.body);
        await recordChannelChange(deps.db, agent, 'channel_created', created);
        return created;
      },
    );

    app.post(
      '/dashboardapi/supportchannel/test-connection',
      {
        config: { auth: 'agent' },
        schema: {
          tags,
          summary:
            "Test a provider channel's credentials (saved: {id}; before saving: the credentials) — the provider's answer in words",
          body: connectionTestBody,
          response: { 200: connectionTestResult },
        },
      },
      async (request) => testConnection(deps, kinds, requireAdmin(request).accountId, request.body),
    );

    app.get(
      '/dashboardapi/supportchannel/settings',
      {
        config: { auth: 'agent' },
        schema: {
          tags,
          summary:
            "A call or WhatsApp channel's settings for its edit form (owners and admins); credentials are never returned",
          querystring: idQuery,
          response: { 200: providerChannelSettingsResponse },
        },
      },
      async (request) =>
        providerChannelSettings(deps, kinds, requireAdmin(request).accountId, request.query.id),
    );

    app.patch(
      '/dashboardapi/supportchannel',
      {
        config: { auth: 'agent' },
        schema: {
          tags,
          summary:
            "Rename a channel, change an API channel's webhook URL or a provider channel's settings and credentials (`provider`: a call channel's answering and business hours, a Cloud API channel's access token checked with Meta)",
          querystring: idQuery,
          body: z.strictObject({
            name: z.string().trim().min(1).max(120).optional(),
            webhook_url: webhookUrl,
            provider: providerSettingsPatch.optional(),
          }),
          response: { 200: supportChannelSummary },
        },
      },
      async (request) => {
        const agent = requireAdmin(request);
        const { accountId } = agent;
        const { provider, ...rest } = request.body;
        if (provider)
          await updateProviderSettings(deps, kinds, accountId, request.query.id, provider);
        const updated =
          rest.name === undefined && rest.webhook_url === undefined
            ? toChannelSummary(await findOwnChannel(deps.db, accountId, request.query.id))
            : await updateChannel(deps, accountId, request.query.id, rest);
        await recordChannelChange(
          deps.db,
          agent,
          'channel_updated',
          updated,
          Object.keys(request.body),
        );
        return updated;
      },
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
        await deleteChannel(deps, requireAdmin(request), request.query.id);
        return { ok: true as const };
      },
    );
  };
