import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  conversationIdParams,
  MY_SCHEDULED_MESSAGES_PATH,
  okResponse,
  SCHEDULED_MESSAGES_PATH,
  scheduledMessage,
  scheduledMessageBody,
  scheduledMessageList,
  scheduledMessageParams,
  scheduledMessagePatch,
  UNDO_SEND_PATH,
  undoSendSetting,
} from '@parley/contracts';
import type { Deps } from '../../lib/deps';
import { agentOf } from '../../plugins/auth';
import { registerScheduledMessagesRealtime } from './scheduled-messages.realtime';
import { scheduledSendJob } from './scheduled-messages.sender';
import {
  cancelScheduledMessage,
  editScheduledMessage,
  getUndoSend,
  listConversationScheduled,
  listMyScheduled,
  SCHEDULED_SEND_JOB,
  scheduleMessage,
  setUndoSend,
} from './scheduled-messages.service';

const tags = ['scheduled-messages'];

/** Scheduled send and undo send (docs/product/scheduled-send.md). */
export const scheduledMessagesRoutes =
  (deps: Deps): FastifyPluginAsyncZod =>
  async (app) => {
    deps.jobs.register(SCHEDULED_SEND_JOB, scheduledSendJob(deps));
    registerScheduledMessagesRealtime(app.realtime);

    app.post(
      '/dashboardapi/conversations/:id/scheduled-messages',
      {
        config: { auth: 'agent' },
        schema: {
          tags,
          summary: 'Schedule a reply or note to be posted as the caller at send_at',
          params: conversationIdParams,
          body: scheduledMessageBody,
          response: { 201: scheduledMessage },
        },
      },
      async (request, reply) => {
        const created = await scheduleMessage(
          deps,
          agentOf(request),
          request.params.id,
          request.body,
        );
        return reply.code(201).send(created);
      },
    );

    app.get(
      '/dashboardapi/conversations/:id/scheduled-messages',
      {
        config: { auth: 'agent' },
        schema: {
          tags,
          summary: 'The conversation’s scheduled, sending and failed messages, by send time',
          params: conversationIdParams,
          response: { 200: scheduledMessageList },
        },
      },
      async (request) => listConversationScheduled(deps, agentOf(request), request.params.id),
    );

    app.patch(
      `${SCHEDULED_MESSAGES_PATH}/:id`,
      {
        config: { auth: 'agent' },
        schema: {
          tags,
          summary: 'Change the text or time of one’s own scheduled message',
          params: scheduledMessageParams,
          body: scheduledMessagePatch,
          response: { 200: scheduledMessage },
        },
      },
      async (request) =>
        editScheduledMessage(deps, agentOf(request), request.params.id, request.body),
    );

    app.delete(
      `${SCHEDULED_MESSAGES_PATH}/:id`,
      {
        config: { auth: 'agent' },
        schema: {
          tags,
          summary: 'Cancel one’s own scheduled message (undo), or dismiss a failed one',
          params: scheduledMessageParams,
          response: { 200: okResponse },
        },
      },
      async (request) => {
        await cancelScheduledMessage(deps, agentOf(request), request.params.id);
        return { ok: true as const };
      },
    );

    app.get(
      MY_SCHEDULED_MESSAGES_PATH,
      {
        config: { auth: 'agent' },
        schema: {
          tags,
          summary: 'The caller’s own scheduled and failed messages, across conversations',
          response: { 200: scheduledMessageList },
        },
      },
      async (request) => listMyScheduled(deps, agentOf(request)),
    );

    app.get(
      UNDO_SEND_PATH,
      {
        config: { auth: 'agent' },
        schema: {
          tags,
          summary: 'The caller’s undo window for sending, in seconds (0 = off)',
          response: { 200: undoSendSetting },
        },
      },
      async (request) => getUndoSend(deps, agentOf(request)),
    );

    app.put(
      UNDO_SEND_PATH,
      {
        config: { auth: 'agent' },
        schema: {
          tags,
          summary: 'Choose the undo window for sending (0–30 seconds; 0 = off)',
          body: undoSendSetting,
          response: { 200: undoSendSetting },
        },
      },
      async (request) => setUndoSend(deps, agentOf(request), request.body),
    );
  };
