import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  gupshupCallbackRotation,
  messageSchema,
  whatsappTemplateSendBody,
  whatsappTemplatesResponse,
} from '@parley/contracts';
import type { Deps } from '../../lib/deps';
import { agentOf, requireAdmin } from '../../plugins/auth';
import { acceptGupshupCallback, rotateGupshupCallbackSecret } from './gupshup.service';
import { listTemplatesForConversation, sendTemplate } from './whatsapp-templates';

const idParams = z.object({
  id: z.coerce.number().int().positive().max(2_147_483_647),
});

/** Gupshup's callback (payload v2): authenticated by the channel's secret in the path. */
export const gupshupRoutes =
  (deps: Deps): FastifyPluginAsyncZod =>
  async (app) => {
    app.post(
      '/dashboardapi/gupshup/:channelId/:secret',
      {
        config: { auth: 'webhook' },
        bodyLimit: 512 * 1024,
        schema: {
          tags: ['gupshup whatsapp'],
          summary:
            "Gupshup's WhatsApp callback: messages, delivery events, user events (queued, answered at once)",
          params: z.object({
            channelId: z.coerce.number().int().positive().max(2_147_483_647),
            secret: z.string().min(1).max(200),
          }),
          response: { 200: z.object({ received: z.literal(true) }) },
        },
      },
      async (request) => {
        await acceptGupshupCallback(
          deps,
          request.params.channelId,
          request.params.secret,
          request.body,
        );
        return { received: true as const };
      },
    );

    app.post(
      '/dashboardapi/gupshup/channels/:id/rotate-callback-secret',
      {
        config: { auth: 'agent' },
        schema: {
          tags: ['gupshup whatsapp'],
          summary:
            'A new callback secret for a Gupshup channel (owners and admins): the new callback URL is shown once, the old one is refused from then on',
          params: idParams,
          response: { 200: gupshupCallbackRotation },
        },
      },
      async (request) =>
        rotateGupshupCallbackSecret(deps, requireAdmin(request).accountId, request.params.id),
    );

    app.get(
      '/dashboardapi/conversations/:id/whatsapp/templates',
      {
        config: { auth: 'agent' },
        schema: {
          tags: ['gupshup whatsapp'],
          summary:
            "The WhatsApp number's approved templates and whether the 24-hour window is open",
          params: idParams,
          response: { 200: whatsappTemplatesResponse },
        },
      },
      async (request) =>
        listTemplatesForConversation(deps, agentOf(request).accountId, request.params.id),
    );

    app.post(
      '/dashboardapi/conversations/:id/whatsapp/template',
      {
        config: { auth: 'agent' },
        schema: {
          tags: ['gupshup whatsapp'],
          summary:
            'Send an approved template (allowed outside the 24-hour window), delivered like a reply',
          params: idParams,
          body: whatsappTemplateSendBody,
          response: { 201: messageSchema },
        },
      },
      async (request, reply) => {
        const message = await sendTemplate(deps, agentOf(request), request.params.id, request.body);
        reply.status(201);
        return message;
      },
    );
  };
