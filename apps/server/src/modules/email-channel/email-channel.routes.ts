import type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  EMAIL_CHANNEL_PATHS,
  EMAIL_INBOUND_SECRET_HEADER,
  emailInboundResponse,
} from '@parley/contracts';
import type { Deps } from '../../lib/deps';
import { AppError, badRequest, notFound } from '../../lib/errors';
import { sendStoredFile } from '../attachments/attachments.public';
import { inboundSecretMatches } from './channel-settings';
import { findEmailChannelById } from './email-channel.queries';
import { fileInboundEmail, MAX_EMAIL_BYTES, UnfileableEmailError } from './email-inbound.service';
import { verifyInlineImage } from './inline-images';

const tags = ['email channel'];
const INLINE_TYPES = new Set(['image/png', 'image/jpeg', 'image/gif', 'image/webp']);

export const emailChannelRoutes =
  (deps: Deps): FastifyPluginAsyncZod =>
  async (app) => {
    // Its own scope: the body stays the raw MIME bytes.
    await app.register(async (scope) => {
      scope.addContentTypeParser(
        ['message/rfc822', 'text/plain', 'application/octet-stream'],
        { parseAs: 'buffer', bodyLimit: MAX_EMAIL_BYTES },
        (_request, body, done) => done(null, body),
      );
      scope.withTypeProvider<ZodTypeProvider>().post(
        EMAIL_CHANNEL_PATHS.inbound,
        {
          config: { auth: 'webhook' },
          bodyLimit: MAX_EMAIL_BYTES,
          schema: {
            tags,
            summary:
              'File a raw email (message/rfc822) into an email channel, for forwarding services; authenticated by the channel secret (x-parley-inbound-secret or ?secret=)',
            params: z.object({ channelId: z.coerce.number().int().positive().max(2_147_483_647) }),
            querystring: z.object({ secret: z.string().max(200).optional() }),
            response: {
              200: emailInboundResponse,
              201: emailInboundResponse,
              // A bounce: it marked the reply it names failed (or named none), nothing was filed.
              202: z.object({ bounced_message_id: z.number().int().nullable() }),
            },
          },
        },
        async (request, reply) => {
          const header = request.headers[EMAIL_INBOUND_SECRET_HEADER];
          const given = (typeof header === 'string' ? header : request.query.secret) ?? '';
          const channel = await findEmailChannelById(deps.db, request.params.channelId);
          // Unknown channel and wrong secret answer alike: ids cannot be probed.
          if (!channel || !inboundSecretMatches(deps, channel, given))
            throw new AppError(
              401,
              'invalid_token',
              'The inbound secret of this email channel is wrong.',
            );
          const raw = request.body;
          if (!Buffer.isBuffer(raw) || raw.length === 0)
            throw badRequest('Send the raw email as the body, with content-type message/rfc822.');
          try {
            const result = await fileInboundEmail(deps, {
              channel,
              raw,
              envelopeRecipients: [],
              envelopeFrom: null,
            });
            if ('bounce' in result) {
              if (result.messageId === null)
                request.log.warn(
                  { channelId: channel.id, originalIds: result.originalIds },
                  'dropped a bounce naming no reply of this channel',
                );
              return reply.status(202).send({ bounced_message_id: result.messageId });
            }
            reply.status(result.duplicate ? 200 : 201);
            return {
              conversation_id: result.conversationId,
              message_id: result.messageId,
              duplicate: result.duplicate,
            };
          } catch (err) {
            if (err instanceof UnfileableEmailError) throw badRequest(err.message);
            throw err;
          }
        },
      );
    });

    app.get(
      EMAIL_CHANNEL_PATHS.inlineImage,
      {
        // The signature is the permission: these links live in stored email HTML.
        config: { auth: 'public' },
        schema: {
          tags,
          summary: "An email's inline (cid:) image, by the signed link written into its HTML",
          querystring: z.object({
            key: z.string().regex(/^[a-f0-9]{2}\/[a-f0-9]{32}$/),
            type: z.string().max(100),
            sig: z.string().max(100),
          }),
        },
      },
      async (request, reply) => {
        const { key, type, sig } = request.query;
        if (!INLINE_TYPES.has(type) || !verifyInlineImage(deps, key, type, sig))
          throw notFound('That image was not found.');
        return sendStoredFile(deps, request, reply, {
          key,
          notFound: 'That image was not found.',
          headers: {
            'content-type': type,
            'x-content-type-options': 'nosniff',
            'content-security-policy': "default-src 'none'; sandbox",
            'cache-control': 'private, max-age=86400, immutable',
          },
        });
      },
    );
  };
