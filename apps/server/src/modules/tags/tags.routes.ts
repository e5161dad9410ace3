import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  conversationMappingResponse,
  okResponse,
  TAG_PATHS,
  tagAddBody,
  tagAddResponse,
  tagCreateBody,
  tagDeleteResponse,
  tagListResponse,
  tagMergeBody,
  tagMergeResponse,
  tagUpdateBody,
  tagWithUsageSchema,
} from '@parley/contracts';
import type { Deps } from '../../lib/deps';
import { agentOf, requireAdmin } from '../../plugins/auth';
import {
  addTags,
  conversationMapping,
  createTag,
  deleteTag,
  listTags,
  mergeTag,
  removeTag,
  updateTag,
} from './tags.service';

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

    // Settings → Tags: everyone reads; owners and admins change.

    app.get(
      TAG_PATHS.list,
      {
        config: { auth: 'agent' },
        schema: {
          tags: ['tags'],
          summary: 'Every tag of the account with how many conversations carry it',
          response: { 200: tagListResponse },
        },
      },
      async (request) => ({ tags: await listTags(deps, agentOf(request).accountId) }),
    );

    app.post(
      TAG_PATHS.list,
      {
        config: { auth: 'agent' },
        schema: {
          tags: ['tags'],
          summary: 'Create a tag (owners and admins); names are unique, ignoring case',
          body: tagCreateBody,
          response: { 201: tagWithUsageSchema },
        },
      },
      async (request, reply) => {
        const created = await createTag(deps, requireAdmin(request), request.body);
        reply.status(201);
        return created;
      },
    );

    app.patch(
      '/dashboardapi/tags/:id',
      {
        config: { auth: 'agent' },
        schema: {
          tags: ['tags'],
          summary: 'Rename or recolour a tag (owners and admins)',
          params: z.object({ id }),
          body: tagUpdateBody,
          response: { 200: tagWithUsageSchema },
        },
      },
      async (request) => updateTag(deps, requireAdmin(request), request.params.id, request.body),
    );

    app.delete(
      '/dashboardapi/tags/:id',
      {
        config: { auth: 'agent' },
        schema: {
          tags: ['tags'],
          summary: 'Delete a tag and remove it from every conversation (owners and admins)',
          params: z.object({ id }),
          response: { 200: tagDeleteResponse },
        },
      },
      async (request) => deleteTag(deps, requireAdmin(request), request.params.id),
    );

    app.post(
      '/dashboardapi/tags/:id/merge',
      {
        config: { auth: 'agent' },
        schema: {
          tags: ['tags'],
          summary:
            'Merge a tag into another: its conversations get the other tag, then it is deleted',
          params: z.object({ id }),
          body: tagMergeBody,
          response: { 200: tagMergeResponse },
        },
      },
      async (request) =>
        mergeTag(deps, requireAdmin(request), request.params.id, request.body.into_tag_id),
    );
  };
