import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { notFound } from '../../lib/errors';
import { defineChannelKind } from './channel-kind';
import { findChannelForCallback } from './channels.service';
import { recordProviderInbound } from './provider-inbound';

export const FAKE_CHANNEL_TYPE = 'pigeon';
export const fakeWebhookPath = (channelId: number) => `/test/pigeon/${channelId}`;

/**
 * A channel kind that exists only in tests, with every part a real kind has: a webhook that
 * files the customer's message, an adapter that keeps the replies it was given, a description
 * for the settings page. It reaches the app only through the table (buildApp's `channelKinds`).
 */
export function fakeChannelKind() {
  const sent: { to: string; body: string; conversationId: number }[] = [];
  const routes =
    (deps: Parameters<typeof recordProviderInbound>[0]): FastifyPluginAsyncZod =>
    async (app) => {
      app.post(
        '/test/pigeon/:channelId',
        {
          config: { auth: 'webhook' },
          schema: {
            params: z.object({ channelId: z.coerce.number().int().positive() }),
            body: z.strictObject({ id: z.string(), from: z.string(), text: z.string() }),
          },
        },
        async (request) => {
          const channel = await findChannelForCallback(
            deps.db,
            request.params.channelId,
            FAKE_CHANNEL_TYPE,
          );
          if (!channel) throw notFound('That channel was not found.');
          const { from, text, id } = request.body;
          const result = await recordProviderInbound(deps, channel, {
            identity: { kind: 'phone', value: from, phone: from },
            body: text,
            providerMessageId: id,
            attachments: [],
          });
          return { conversation_id: result.conversationId };
        },
      );
    };
  const kind = defineChannelKind({
    name: 'Carrier pigeon (test)',
    types: [FAKE_CHANNEL_TYPE],
    setup: {
      describe: (_deps, channel) => ({
        details: `Loft ${String(channel.settings.loft)}`,
        callbackUrls: [],
      }),
    },
    outbound: {
      async send(_deps, { contact, conversation, message, identities }) {
        const to = identities.find((i) => i.kind === 'phone')?.value ?? contact.phone ?? '';
        sent.push({ to, body: message.body, conversationId: conversation.id });
        return { providerMessageId: `pigeon-${sent.length}` };
      },
    },
    routes,
  });
  return { kind, sent };
}
