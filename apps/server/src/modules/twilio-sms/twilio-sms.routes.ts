import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Deps } from '../../lib/deps';
import { handleInboundSms, handleSmsStatus } from './twilio-sms.service';
import { acceptTwilioForms, postTwilioWebhook } from './twilio-webhook';

const tags = ['twilio sms'];

/** Twilio's webhooks: form-encoded, verified by X-Twilio-Signature in the service. */
export const twilioSmsRoutes =
  (deps: Deps): FastifyPluginAsyncZod =>
  async (app) => {
    acceptTwilioForms(app);

    postTwilioWebhook(
      app,
      {
        url: '/dashboardapi/twilio/sms/:channelId',
        tags,
        summary:
          "Twilio's Messaging webhook: an SMS/MMS from a customer (signed with X-Twilio-Signature)",
      },
      async (webhook) => {
        await handleInboundSms(deps, webhook);
      },
    );

    postTwilioWebhook(
      app,
      {
        url: '/dashboardapi/twilio/sms/:channelId/status',
        tags,
        summary: "Twilio's status callback of a reply: sent, delivered, read, failed",
        querystring: z.object({
          message_id: z.coerce.number().int().positive().optional(),
        }),
      },
      async (webhook, query) => {
        await handleSmsStatus(deps, webhook, query.message_id ?? null);
      },
    );
  };
