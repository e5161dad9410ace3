import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  FAST_REPLY_PATHS,
  FAST_REPLY_VARIABLES,
  fastReplyCreateBody,
  fastReplyDeleteBody,
  fastReplyIdQuery,
  fastReplyListResponse,
  fastReplyResolveQuery,
  fastReplyResolveResponse,
  fastReplySchema,
  fastReplyUpdateBody,
  fastReplyVariablesResponse,
} from '@parley/contracts';
import type { Deps } from '../../lib/deps';
import { agentOf } from '../../plugins/auth';
import {
  allFastReplies,
  createFastReply,
  deleteFastReply,
  deleteFolder,
  resolveFastReply,
  updateFastReply,
} from './fast-replies.service';

const tags = ['fast replies'];

export const fastRepliesRoutes =
  (deps: Deps): FastifyPluginAsyncZod =>
  async (app) => {
    app.post(
      FAST_REPLY_PATHS.create,
      {
        config: { auth: 'agent' },
        schema: {
          tags,
          summary: 'Create a template',
          body: fastReplyCreateBody,
          response: { 201: fastReplySchema },
        },
      },
      async (request, reply) => {
        const created = await createFastReply(deps, agentOf(request), request.body);
        reply.status(201);
        return created;
      },
    );

    app.get(
      FAST_REPLY_PATHS.all,
      {
        config: { auth: 'agent' },
        schema: {
          tags,
          summary: 'Every template of the account, newest change first, and the folders',
          response: { 200: fastReplyListResponse },
        },
      },
      async (request) => allFastReplies(deps, agentOf(request)),
    );

    app.patch(
      FAST_REPLY_PATHS.one,
      {
        config: { auth: 'agent' },
        schema: {
          tags,
          summary: 'Update a template (?id=)',
          querystring: fastReplyIdQuery,
          body: fastReplyUpdateBody,
          response: { 200: fastReplySchema },
        },
      },
      async (request) => updateFastReply(deps, agentOf(request), request.query.id, request.body),
    );

    app.delete(
      FAST_REPLY_PATHS.one,
      {
        config: { auth: 'agent' },
        schema: {
          tags,
          summary: 'Delete a template (?id=), with a body',
          querystring: fastReplyIdQuery,
          body: fastReplyDeleteBody,
          response: { 200: z.object({ id: z.number().int() }) },
        },
      },
      async (request) =>
        deleteFastReply(deps, agentOf(request), request.query.id, request.body?.id),
    );

    app.delete(
      '/dashboardapi/fastreply/folder',
      {
        config: { auth: 'agent' },
        schema: {
          tags,
          summary: 'Remove a folder; its templates move out of it',
          querystring: z.object({ name: z.string().trim().min(1).max(60) }),
          response: { 200: z.object({ folders: z.array(z.string()) }) },
        },
      },
      async (request) => deleteFolder(deps, agentOf(request), request.query.name),
    );

    app.get(
      FAST_REPLY_PATHS.resolve,
      {
        config: { auth: 'agent' },
        schema: {
          tags,
          summary:
            'A template filled in for a conversation, with copies of its files for the reply',
          querystring: fastReplyResolveQuery,
          response: { 200: fastReplyResolveResponse },
        },
      },
      async (request) => resolveFastReply(deps, agentOf(request), request.query),
    );

    app.get(
      FAST_REPLY_PATHS.variables,
      {
        config: { auth: 'agent' },
        schema: {
          tags,
          summary: 'The variables a template can use',
          response: { 200: fastReplyVariablesResponse },
        },
      },
      async () => ({
        variables: FAST_REPLY_VARIABLES.map((v) => ({ ...v })),
        syntax: '{{variable}} or {{variable | fallback}}',
      }),
    );
  };
