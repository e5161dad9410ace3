import fastifyFormbody from '@fastify/formbody';
import fastifyMultipart from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ATTACHMENT_TOTAL_LIMIT_BYTES,
  pusherAuthBodySchema,
  pusherAuthResponseSchema,
  WIDGET_API,
  WIDGET_TOKEN_HEADER,
  widgetAttachmentSchema,
  widgetAttributesBody,
  widgetAttributesResponse,
  widgetConversationsResponse,
  widgetIdentifyBody,
  widgetIdentifyResponse,
  widgetMessageResponse,
  widgetMessagesQuery,
  widgetMessagesResponse,
  widgetPostMessageBody,
  widgetRatingBody,
  widgetRatingResponse,
  widgetReadBody,
  widgetSessionBody,
  widgetSessionResponse,
  widgetStartConversationBody,
  widgetStartConversationResponse,
  widgetTranscriptBody,
  widgetTranscriptResponse,
  widgetTypingBody,
} from '@parley/contracts';
import type { Deps } from '../../lib/deps';
import { requestLanguages } from '../../lib/i18n';
import { AppError, badRequest } from '../../lib/errors';
import { visitorOf } from '../../plugins/auth';
import type { Realtime } from '../../realtime/realtime';
import { authorizeVisitorChannel } from '../../realtime/realtime.service';
import { fileStoreOf, tooLarge, type StoredUpload } from '../attachments/attachments.service';
import { registerWidgetChatRealtime } from './widget-chat.realtime';
import {
  identify,
  listConversations,
  listMessages,
  markRead,
  postVisitorMessage,
  rateConversation,
  sendTranscript,
  setAttributes,
  startConversation,
  startSession,
  uploadAttachment,
  visitorTyping,
} from './widget-chat.service';

const tags = ['widget chat'];
/** A WIDGET_API path builder as a route pattern: `/widgetapi/conversations/:id/...`. */
const byId = (build: (conversationId: number) => string) => build(0).replace('/0/', '/:id/');
const conversationParams = z.object({
  id: z.coerce.number().int().positive().max(2_147_483_647),
});

/** Per visitor token (else per address): one visitor cannot use up another's allowance. */
const perVisitor = (max: number, timeWindow = '1 minute') => ({
  max,
  timeWindow,
  keyGenerator: (request: FastifyRequest) => {
    const token = request.headers[WIDGET_TOKEN_HEADER];
    return typeof token === 'string' ? `widget:${token.slice(0, 200)}` : request.ip;
  },
});

/**
 * The live-chat widget's API: `/widgetapi/*`, auth mode `widget` (the visitor token in
 * WIDGET_TOKEN_HEADER) except `sessions`, which is public and rate-limited per IP address.
 */
export const widgetChatRoutes =
  (deps: Deps, realtime: Realtime): FastifyPluginAsyncZod =>
  async (app) => {
    registerWidgetChatRealtime(deps, realtime);
    await app.register(fastifyFormbody, { bodyLimit: 4096 });
    await app.register(fastifyMultipart, {
      limits: { fileSize: ATTACHMENT_TOTAL_LIMIT_BYTES, files: 1, fields: 10, fieldSize: 1000 },
    });

    app.post(
      WIDGET_API.sessions,
      {
        config: {
          auth: 'public',
          rateLimit: { max: deps.config.widgetSessionRateLimitPerMinute, timeWindow: '1 minute' },
        },
        schema: {
          tags,
          summary: "Start or resume a visitor's chat session on a store (by its myshopify domain)",
          body: widgetSessionBody,
          response: { 200: widgetSessionResponse },
        },
      },
      async (request) => startSession(deps, realtime, request.body),
    );

    app.post(
      WIDGET_API.identify,
      {
        config: { auth: 'widget', rateLimit: perVisitor(30) },
        schema: {
          tags,
          summary: 'identify(): a signed-in customer (HMAC-SHA256 of the id) or unverified details',
          body: widgetIdentifyBody,
          response: { 200: widgetIdentifyResponse },
        },
      },
      async (request) => identify(deps, visitorOf(request), request.body),
    );

    app.patch(
      WIDGET_API.attributes,
      {
        config: { auth: 'widget', rateLimit: perVisitor(30) },
        schema: {
          tags,
          summary: "setAttributes(): custom attributes shown to agents on the visitor's contact",
          body: widgetAttributesBody,
          response: { 200: widgetAttributesResponse },
        },
      },
      async (request) => setAttributes(deps, visitorOf(request), request.body),
    );

    app.get(
      WIDGET_API.conversations,
      {
        config: { auth: 'widget', rateLimit: perVisitor(120) },
        schema: {
          tags,
          summary: "The visitor's conversations, most recent first",
          response: { 200: widgetConversationsResponse },
        },
      },
      async (request) => listConversations(deps, visitorOf(request)),
    );

    app.post(
      WIDGET_API.conversations,
      {
        config: { auth: 'widget', rateLimit: perVisitor(10) },
        schema: {
          tags,
          summary: 'Start a conversation: the pre-chat answers and the first message',
          body: widgetStartConversationBody,
          response: { 201: widgetStartConversationResponse },
        },
      },
      async (request, reply) => {
        const started = await startConversation(
          deps,
          visitorOf(request),
          request.body,
          requestLanguages(request.headers),
        );
        reply.status(201);
        return started;
      },
    );

    app.get(
      byId(WIDGET_API.messages),
      {
        config: { auth: 'widget', rateLimit: perVisitor(120) },
        schema: {
          tags,
          summary:
            'A page of the thread (?before= message id), oldest first; no notes, no activity',
          params: conversationParams,
          querystring: widgetMessagesQuery,
          response: { 200: widgetMessagesResponse },
        },
      },
      async (request) => listMessages(deps, visitorOf(request), request.params.id, request.query),
    );

    app.post(
      byId(WIDGET_API.messages),
      {
        config: { auth: 'widget', rateLimit: perVisitor(60) },
        schema: {
          tags,
          summary: "The visitor's message in one of their conversations",
          params: conversationParams,
          body: widgetPostMessageBody,
          response: { 201: widgetMessageResponse },
        },
      },
      async (request, reply) => {
        const posted = await postVisitorMessage(
          deps,
          visitorOf(request),
          request.params.id,
          request.body,
          requestLanguages(request.headers),
        );
        reply.status(201);
        return posted;
      },
    );

    app.post(
      byId(WIDGET_API.read),
      {
        config: { auth: 'widget', rateLimit: perVisitor(120) },
        schema: {
          tags,
          summary: "Read receipt: the agents' replies up to last_read_message_id were read",
          params: conversationParams,
          body: widgetReadBody,
        },
      },
      async (request, reply) => {
        await markRead(
          deps,
          visitorOf(request),
          request.params.id,
          request.body.last_read_message_id,
        );
        return reply.status(204).send();
      },
    );

    app.post(
      byId(WIDGET_API.typing),
      {
        config: { auth: 'widget', rateLimit: perVisitor(120) },
        schema: {
          tags,
          summary:
            'The visitor is typing (agents get visitor_typing on presence-conversation-{id})',
          params: conversationParams,
          body: widgetTypingBody,
        },
      },
      async (request, reply) => {
        await visitorTyping(deps, visitorOf(request), request.params.id, request.body.typing);
        return reply.status(204).send();
      },
    );

    app.post(
      byId(WIDGET_API.transcript),
      {
        config: { auth: 'widget', rateLimit: perVisitor(5, '10 minutes') },
        schema: {
          tags,
          summary: 'Email the visitor a signed link to the transcript',
          params: conversationParams,
          body: widgetTranscriptBody,
          response: { 200: widgetTranscriptResponse },
        },
      },
      async (request) =>
        sendTranscript(
          deps,
          visitorOf(request),
          request.params.id,
          request.body.email,
          requestLanguages(request.headers),
        ),
    );

    app.post(
      byId(WIDGET_API.rating),
      {
        config: { auth: 'widget', rateLimit: perVisitor(10) },
        schema: {
          tags,
          summary:
            'Rate a closed conversation (CSAT 1–5, optional comment); 409 while it is still open',
          params: conversationParams,
          body: widgetRatingBody,
          response: { 200: widgetRatingResponse },
        },
      },
      async (request) =>
        rateConversation(deps, visitorOf(request), request.params.id, request.body),
    );

    app.post(
      WIDGET_API.attachments,
      {
        config: { auth: 'widget', rateLimit: perVisitor(30) },
        schema: {
          tags,
          summary: "An attachment for the visitor's next message (multipart `file`)",
          consumes: ['multipart/form-data'],
          response: { 201: widgetAttachmentSchema },
        },
      },
      async (request, reply) => {
        if (!request.isMultipart())
          throw new AppError(
            415,
            'unsupported_media_type',
            'Send the file as multipart/form-data.',
          );
        const visitor = visitorOf(request);
        let stored: Omit<StoredUpload, 'isEmbedded'> | null = null;
        try {
          for await (const part of request.parts()) {
            if (part.type === 'file' && !stored) {
              const put = await fileStoreOf(deps).put(part.file);
              stored = {
                ...put,
                truncated: part.file.truncated,
                fileName: part.filename,
                contentType: part.mimetype,
              };
            }
          }
        } catch (err) {
          if (stored) await fileStoreOf(deps).remove(stored.key);
          if ((err as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') throw tooLarge();
          throw badRequest('The file could not be read. Please try again.');
        }
        if (!stored) throw badRequest('Choose a file to send.', { file: 'Required.' });
        const attachment = await uploadAttachment(deps, visitor, {
          ...stored,
          isEmbedded: false,
        });
        reply.status(201);
        return attachment;
      },
    );

    app.post(
      WIDGET_API.pusherAuth,
      {
        config: { auth: 'widget', rateLimit: perVisitor(60) },
        schema: {
          tags,
          summary: "Authorise the visitor's own widget channel (and nothing else)",
          consumes: ['application/x-www-form-urlencoded', 'application/json'],
          body: pusherAuthBodySchema,
          response: { 200: pusherAuthResponseSchema },
        },
      },
      async (request) =>
        authorizeVisitorChannel(realtime, visitorOf(request), request.body, request.log),
    );
  };
