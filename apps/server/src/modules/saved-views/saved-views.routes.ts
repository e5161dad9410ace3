import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  okResponse,
  SAVED_VIEWS_API,
  savedViewCreateBody,
  savedViewListResponse,
  savedViewParams,
  savedViewPatchBody,
  savedViewReorderBody,
  savedViewSchema,
} from '@parley/contracts';
import type { Deps } from '../../lib/deps';
import { FairLimiter } from '../../lib/fair-limiter';
import { agentOf } from '../../plugins/auth';
import {
  createSavedView,
  deleteSavedView,
  listSavedViews,
  patchSavedView,
  reorderSavedViews,
} from './saved-views.service';

const tags = ['inbox'];

export const savedViewsRoutes =
  (deps: Deps): FastifyPluginAsyncZod =>
  async (app) => {
    // Counting a view with a search runs the search's steps: they take turns as the list's do.
    const searches = new FairLimiter(deps.config.searchConcurrency);

    app.get(
      SAVED_VIEWS_API.list,
      {
        config: { auth: 'agent' },
        schema: {
          tags,
          summary:
            "The caller's saved views and those shared with their teams, in their order, counted",
          response: { 200: savedViewListResponse },
        },
      },
      async (request) => listSavedViews(deps, agentOf(request), searches),
    );

    app.post(
      SAVED_VIEWS_API.list,
      {
        config: { auth: 'agent' },
        schema: {
          tags,
          summary: 'Save a view: a name, the list filters, and a team to share it with (or none)',
          body: savedViewCreateBody,
          response: { 201: savedViewSchema },
        },
      },
      async (request, reply) => {
        const view = await createSavedView(deps, agentOf(request), request.body, searches);
        reply.status(201);
        return view;
      },
    );

    app.post(
      SAVED_VIEWS_API.reorder,
      {
        config: { auth: 'agent' },
        schema: {
          tags,
          summary: "Set the caller's order of the saved views they see",
          body: savedViewReorderBody,
          response: { 200: okResponse },
        },
      },
      async (request) => {
        await reorderSavedViews(deps, agentOf(request), request.body.ids);
        return { ok: true as const };
      },
    );

    app.patch(
      `${SAVED_VIEWS_API.list}/:id`,
      {
        config: { auth: 'agent' },
        schema: {
          tags,
          summary:
            'Rename, re-share or change the filters of a saved view (its owner; admins for shared ones)',
          params: savedViewParams,
          body: savedViewPatchBody,
          response: { 200: savedViewSchema },
        },
      },
      async (request) =>
        patchSavedView(deps, agentOf(request), request.params.id, request.body, searches),
    );

    app.delete(
      `${SAVED_VIEWS_API.list}/:id`,
      {
        config: { auth: 'agent' },
        schema: {
          tags,
          summary: 'Delete a saved view (its owner; admins for shared ones)',
          params: savedViewParams,
          response: { 200: okResponse },
        },
      },
      async (request) => {
        await deleteSavedView(deps, agentOf(request), request.params.id);
        return { ok: true as const };
      },
    );
  };
