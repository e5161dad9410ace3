import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  conversationMappingResponse,
  okResponse,
  tagAddBody,
  tagAddResponse,
} from '@parley/contracts';
import type { Deps } from '../../lib/deps';
import { agentOf } from '../../plugins/auth';
import { addTags, conversationMapping, removeTag } from './tags.service';

const id = z.coerce.number().int().positive().max(2_147_483_647);

export const tagsRoutes =
  (deps: Deps): FastifyPluginAsyncZod =>
  async (app) => {
    app.post(
      '/dashboardapi/tag/add/v2',
      {
        config: { auth: 'agent' },
        schema: {
          tags: ['tags'],
          summary: 'Tag a conversation by names; missing tags are created',
          body: tagAddBody,
          response: { 200: tagAddResponse },
        },
      },
      async (request) =>
        addTags(deps, agentOf(request), request.body.conversation_id, request.body.tags),
    );

    app.delete(
      '/dashboardapi/conversations/:id/tags/:tagId',
      {
        config: { auth: 'agent' },
        schema: {
          tags: ['tags'],
          summary: 'Remove a tag from a conversation',
          params: z.object({ id, tagId: id }),
          response: { 200: okResponse },
        },
      },
      async (request) => {
        await removeTag(deps, agentOf(request), request.params.id, request.params.tagId);
        return { ok: true as const };
      },
    );

    app.get(
      '/dashboardapi/conversation/mapping',
      {
        config: { auth: 'agent' },
        schema: {
          tags: ['inbox'],
          summary: 'Tags, people, channels, teams and integrations of the account',
          response: { 200: conversationMappingResponse },
        },
      },
      async (request) => conversationMapping(deps, agentOf(request).accountId),
    );
  };
