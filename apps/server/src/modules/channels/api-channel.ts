import { MAX_ATTACHMENTS_PER_MESSAGE } from '@parley/contracts';
import { attachmentsOfMessages } from '../attachments/attachments.service';
import {
  removeInboundFiles,
  storeInboundFiles,
  toAttachment,
} from '../attachments/attachments.service';
import crypto from 'node:crypto';
import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Deps } from '../../lib/deps';
import { notFound } from '../../lib/errors';
import { RetryableError } from '../../lib/jobs';
import { apiAccountOf } from '../../plugins/auth';
import { safePost, UnsafeUrlError } from '../../lib/safe-fetch';
import {
  recordInboundInFull,
  recordInboundOnOpenConversation,
  type InboundResult,
} from '../conversations/inbound.service';
import { PermanentDeliveryError, type ChannelAdapter } from './adapters';
import { findOwnChannel } from './channels.service';

export const apiInboundBody = z.strictObject({
  contact: z.strictObject({
    /** The customer's id in your system: messages with the same identifier join one contact. */
    identifier: z.string().trim().min(1).max(200),
    name: z.string().trim().max(200).optional(),
    email: z.email().max(254).optional(),
    phone: z.string().trim().max(40).optional(),
  }),
  message: z
    .strictObject({
      /** Your id for the message: sending it twice stores it once. */
      id: z.string().trim().min(1).max(200).optional(),
      body: z.string().max(20_000).default(''),
      /** Files inline, base64-encoded; 18 MB together at most, as for agents' uploads. */
      attachments: z
        .array(
          z.strictObject({
            file_name: z.string().trim().min(1).max(255),
            content_type: z.string().trim().max(255).optional(),
            data: z.base64('Attachment data must be base64.').max(25_000_000),
          }),
        )
        .max(MAX_ATTACHMENTS_PER_MESSAGE)
        .default([]),
    })
    .refine((m) => m.body.trim().length > 0 || m.attachments.length > 0, {
      message: 'The message is empty.',
      path: ['body'],
    }),
  subject: z.string().trim().max(300).optional(),
  conversation_id: z.number().int().positive().optional(),
});

const inboundResponse = z.object({
  conversation_id: z.number().int(),
  message_id: z.number().int(),
  contact_id: z.number().int(),
  duplicate: z.boolean(),
});

/** Signature of an outbound webhook: hex HMAC-SHA256(secret, `${timestamp}.${body}`). */
export function signWebhook(secret: string, timestamp: string, body: string) {
  return crypto.createHmac('sha256', secret).update(`${timestamp}.${body}`).digest('hex');
}

export const apiChannelRoutes =
  (deps: Deps): FastifyPluginAsyncZod =>
  async (app) => {
    app.post(
      '/api/v1/channels/:channelId/messages',
      {
        config: { auth: 'api-key' },
        // Inline base64 files: 18 MB of bytes is about 24 MB of JSON.
        bodyLimit: 26 * 1024 * 1024,
        schema: {
          tags: ['api channel'],
          summary:
            "Post a customer's message into an API channel (Authorization: Bearer <API key>)",
          params: z.object({ channelId: z.coerce.number().int().positive().max(2_147_483_647) }),
          body: apiInboundBody,
          response: { 200: inboundResponse, 201: inboundResponse },
        },
      },
      async (request, reply) => {
        const accountId = apiAccountOf(request);
        const channelId = request.params.channelId;
        const { contact, message } = request.body;
        const inbound = {
          accountId,
          supportChannelId: channelId,
          identity: {
            kind: 'api' as const,
            value: `${channelId}:${contact.identifier}`,
            name: contact.name,
            email: contact.email,
            phone: contact.phone,
          },
          body: message.body,
          subject: request.body.subject,
          providerMessageId: message.id,
          conversationId: request.body.conversation_id,
        };
        // A known customer writing again in their open conversation: one statement, which also
        // checks the channel (the inbound rate budget, docs/benchmarks.md). Anything else loads the channel first.
        const quick =
          message.attachments.length === 0
            ? await recordInboundOnOpenConversation(deps, inbound, 'api')
            : null;
        if (quick) {
          reply.status(quick.duplicate ? 200 : 201);
          return toResponse(quick);
        }
        const channel = await findOwnChannel(deps.db, accountId, channelId);
        if (channel.type !== 'api') throw notFound('That API channel was not found.');
        const files = await storeInboundFiles(deps, message.attachments);
        const result = await recordInboundInFull(deps, {
          ...inbound,
          brandId: channel.brandId,
          attachments: files,
        }).catch(async (err: unknown) => {
          await removeInboundFiles(deps, files);
          throw err;
        });
        // A retried message keeps the files it was first stored with.
        if (result.duplicate) await removeInboundFiles(deps, files);
        reply.status(result.duplicate ? 200 : 201);
        return toResponse(result);
      },
    );
  };

function toResponse(result: InboundResult): z.infer<typeof inboundResponse> {
  return {
    conversation_id: result.conversationId,
    message_id: result.messageId,
    contact_id: result.contactId,
    duplicate: result.duplicate,
  };
}

/** Replies on an API channel are POSTed, signed, to the webhook URL the account configured. */
export const apiAdapter: ChannelAdapter = {
  async send(deps, { channel, conversation, contact, message, identities }) {
    const url =
      typeof channel.settings.webhook_url === 'string' ? channel.settings.webhook_url : null;
    if (!url)
      throw new PermanentDeliveryError(
        "This API channel has no webhook URL: set one in the channel's settings.",
      );
    const { webhook_secret: secret } = deps.secrets.openJson<{ webhook_secret: string }>(
      channel.secretsEncrypted,
    );
    const identifier = identities.find((i) => i.kind === 'api')?.value.replace(/^\d+:/, '') ?? null;
    const body = JSON.stringify({
      event: 'message.created',
      channel_id: channel.id,
      conversation_id: conversation.id,
      contact: {
        id: contact.id,
        identifier,
        name: contact.name,
        email: contact.email,
        phone: contact.phone,
      },
      message: {
        id: message.id,
        body: message.body,
        created_at: message.createdAt.toISOString(),
        // Absolute, signed, expiring links the receiving system can download the files from.
        attachments: (
          await attachmentsOfMessages(deps.db, {
            accountId: message.accountId,
            messageIds: [message.id],
          })
        ).map((row) => {
          const { url: link, ...rest } = toAttachment(deps, row);
          return { ...rest, url: `${deps.config.publicUrl}${link}` };
        }),
      },
    });
    const timestamp = String(Math.floor(Date.now() / 1000));
    let res;
    try {
      res = await safePost(
        url,
        body,
        {
          'user-agent': `${deps.config.productName}-Webhooks/1.0`,
          'x-parley-timestamp': timestamp,
          'x-parley-signature': `sha256=${signWebhook(secret, timestamp, body)}`,
        },
        { allowPrivate: deps.config.outboundAllowPrivate },
      );
    } catch (err) {
      if (err instanceof UnsafeUrlError) throw new PermanentDeliveryError(err.message);
      throw new RetryableError(`The webhook could not be reached: ${(err as Error).message}`);
    }
    if (res.status >= 200 && res.status < 300)
      return { providerMessageId: `webhook-${message.id}` };
    if (res.status === 429 || res.status >= 500)
      throw new RetryableError(`The webhook answered ${res.status}.`);
    throw new PermanentDeliveryError(`The webhook refused the reply (HTTP ${res.status}).`);
  },
};
