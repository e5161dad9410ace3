import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  callDetailsSchema,
  callListResponse,
  conversationIdParams,
  startCallBody,
} from '@parley/contracts';
import type { Deps } from '../../lib/deps';
import { agentOf } from '../../plugins/auth';
import { acceptTwilioForms, postTwilioWebhook } from '../twilio-sms/twilio-sms.public';
import {
  handleCallStatus,
  handleConnectAgent,
  handleDialStatus,
  handleIncomingCall,
  handleTranscription,
  handleVoicemail,
  listCalls,
  startCall,
} from './twilio-voice.service';

const tags = ['twilio voice'];
const callIdQuery = z.object({
  call_id: z.coerce.number().int().positive().max(2_147_483_647).optional(),
});

/**
 * Twilio Voice webhooks (form-encoded, verified by X-Twilio-Signature in the service, answered
 * with TwiML) and the agent's calls of a conversation.
 */
export const twilioVoiceRoutes =
  (deps: Deps): FastifyPluginAsyncZod =>
  async (app) => {
    acceptTwilioForms(app);

    const webhooks = [
      [
        'incoming',
        'A call comes in: Parley answers with TwiML (greeting, forward, voicemail)',
        handleIncomingCall,
      ],
      [
        'dial-status',
        "<Dial>'s action: answered, or voicemail when nobody picked up",
        handleDialStatus,
      ],
      [
        'voicemail',
        "<Record>'s action: the voicemail recording is stored with the call",
        handleVoicemail,
      ],
    ] as const;
    for (const [name, summary, handle] of webhooks)
      postTwilioWebhook(
        app,
        { url: `/dashboardapi/twilio/voice/:channelId/${name}`, tags, summary },
        (webhook) => handle(deps, webhook),
      );

    postTwilioWebhook(
      app,
      {
        url: '/dashboardapi/twilio/voice/:channelId/transcription',
        tags,
        summary: "Twilio's transcription of a voicemail",
      },
      async (webhook) => {
        await handleTranscription(deps, webhook);
      },
    );

    postTwilioWebhook(
      app,
      {
        url: '/dashboardapi/twilio/voice/:channelId/status',
        tags,
        summary: "A call's status callback: ringing, in-progress, completed (with its duration)",
        querystring: callIdQuery,
      },
      async (webhook, query) => {
        await handleCallStatus(deps, webhook, query.call_id ?? null);
      },
    );

    postTwilioWebhook(
      app,
      {
        url: '/dashboardapi/twilio/voice/:channelId/connect-agent',
        tags,
        summary: "An agent's outgoing call was picked up: TwiML that rings the agent's phone",
        querystring: z.object({
          call_id: z.coerce.number().int().positive().max(2_147_483_647),
        }),
      },
      (webhook, query) => handleConnectAgent(deps, webhook, query.call_id),
    );

    app.get(
      '/dashboardapi/conversations/:id/calls',
      {
        config: { auth: 'agent' },
        schema: {
          tags,
          summary:
            "The details of a conversation's calls (direction, outcome, duration, voicemail)",
          params: conversationIdParams,
          response: { 200: callListResponse },
        },
      },
      async (request) => ({
        items: await listCalls(deps, agentOf(request), request.params.id),
      }),
    );

    app.post(
      '/dashboardapi/conversations/:id/call',
      {
        config: { auth: 'agent' },
        schema: {
          tags,
          summary:
            "Call the customer back: Twilio calls them and connects them to the agent's phone",
          params: conversationIdParams,
          body: startCallBody,
          response: { 201: callDetailsSchema },
        },
      },
      async (request, reply) => {
        const call = await startCall(deps, agentOf(request), request.params.id, request.body);
        reply.code(201);
        return call;
      },
    );
  };
