import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  featureRequestCommentBody,
  featureRequestCommentSchema,
  featureRequestCreateBody,
  featureRequestDetailSchema,
  featureRequestListQuery,
  featureRequestListResponse,
  featureRequestVoteResponse,
  okResponse,
  operatorFeatureRequestPatch,
  operatorFeatureRequestResponse,
} from '@parley/contracts';
import type { Deps } from '../../lib/deps';
import { agentOf } from '../../plugins/auth';
import {
  addComment,
  createRequest,
  deleteComment,
  getRequest,
  listRequests,
  setStatus,
  setVote,
} from './feature-requests.service';

const id = z.coerce.number().int().positive().max(2_147_483_647);
const tags = ['feature-requests'];

/**
 * Settings → Feature requests: a board shared by every account (the operator's), where people
 * post, vote and comment; the operator sets the status and removes comments.
 */
export const featureRequestsRoutes =
  (deps: Deps): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/dashboardapi/feature-requests',
      {
        config: { auth: 'agent' },
        schema: {
          tags,
          summary: 'Feature requests of the board, most voted or newest first',
          querystring: featureRequestListQuery,
          response: { 200: featureRequestListResponse },
        },
      },
      async (request) => ({
        feature_requests: await listRequests(deps, agentOf(request), request.query),
      }),
    );

    app.post(
      '/dashboardapi/feature-requests',
      {
        config: { auth: 'agent' },
        schema: {
          tags,
          summary: 'Post a feature request (the author votes for it); 10 per person a day',
          body: featureRequestCreateBody,
          response: { 201: featureRequestDetailSchema },
        },
      },
      async (request, reply) => {
        const created = await createRequest(deps, agentOf(request), request.body);
        reply.status(201);
        return created;
      },
    );

    app.get(
      '/dashboardapi/feature-requests/:id',
      {
        config: { auth: 'agent' },
        schema: {
          tags,
          summary: 'A feature request with its comments, oldest first',
          params: z.object({ id }),
          response: { 200: featureRequestDetailSchema },
        },
      },
      async (request) => getRequest(deps, agentOf(request), request.params.id),
    );

    app.post(
      '/dashboardapi/feature-requests/:id/vote',
      {
        config: { auth: 'agent' },
        schema: {
          tags,
          summary: 'Vote for a feature request (once per person; voting again keeps one vote)',
          params: z.object({ id }),
          response: { 200: featureRequestVoteResponse },
        },
      },
      async (request) => setVote(deps, agentOf(request), request.params.id, true),
    );

    app.delete(
      '/dashboardapi/feature-requests/:id/vote',
      {
        config: { auth: 'agent' },
        schema: {
          tags,
          summary: 'Take back one’s vote for a feature request',
          params: z.object({ id }),
          response: { 200: featureRequestVoteResponse },
        },
      },
      async (request) => setVote(deps, agentOf(request), request.params.id, false),
    );

    app.post(
      '/dashboardapi/feature-requests/:id/comments',
      {
        config: { auth: 'agent' },
        schema: {
          tags,
          summary: 'Comment on a feature request (plain text)',
          params: z.object({ id }),
          body: featureRequestCommentBody,
          response: { 201: featureRequestCommentSchema },
        },
      },
      async (request, reply) => {
        const comment = await addComment(deps, agentOf(request), request.params.id, request.body);
        reply.status(201);
        return comment;
      },
    );

    // ---- Operator API (Authorization: Bearer OPERATOR_TOKEN) ----

    app.patch(
      '/operatorapi/feature-requests/:id',
      {
        config: { auth: 'operator' },
        schema: {
          tags: ['operator'],
          security: [{ operator: [] }],
          summary: 'Set a feature request’s status (under review, planned, in progress, done…)',
          params: z.object({ id }),
          body: operatorFeatureRequestPatch,
          response: { 200: operatorFeatureRequestResponse },
        },
      },
      async (request) => setStatus(deps, request.params.id, request.body.status),
    );

    app.delete(
      '/operatorapi/feature-requests/:id/comments/:commentId',
      {
        config: { auth: 'operator' },
        schema: {
          tags: ['operator'],
          security: [{ operator: [] }],
          summary: 'Remove a comment from a feature request',
          params: z.object({ id, commentId: id }),
          response: { 200: okResponse },
        },
      },
      async (request) => {
        await deleteComment(deps, request.params.id, request.params.commentId);
        return { ok: true as const };
      },
    );
  };
