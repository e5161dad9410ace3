import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ARTICLE_SLUG_MAX,
  articleLocaleSchema,
  HELP_CENTER_PATHS,
  helpArticleCreateBody,
  helpArticleListQuery,
  helpArticleListResponse,
  helpArticleSchema,
  helpArticleTranslationBody,
  helpArticleTranslationListResponse,
  helpArticleTranslationSchema,
  helpArticleUpdateBody,
  helpCategoryCreateBody,
  helpCategoryDeleteResponse,
  helpCategoryListResponse,
  helpCategorySchema,
  helpCategoryUpdateBody,
  okResponse,
  publicHelpArticleQuery,
  publicHelpArticleResponse,
  publicHelpCenterQuery,
  publicHelpCenterResponse,
} from '@parley/contracts';
import type { Deps } from '../../lib/deps';
import { requestLanguages } from '../../lib/i18n';
import { agentOf, requireAdmin } from '../../plugins/auth';
import {
  articleOf,
  articlesOf,
  categoriesOf,
  createArticle,
  createCategory,
  deleteArticle,
  deleteCategory,
  publicArticle,
  publicHelpCenter,
  updateArticle,
  updateCategory,
} from './help-center.service';
import {
  putTranslation,
  removeTranslation,
  translationsOf,
} from './help-center-translations.service';

const tags = ['help-center'];
const id = z.coerce.number().int().positive().max(2_147_483_647);
/** An account id, or `helpcenter` for the operator's own help center. */
const center = z.string().trim().min(1).max(20);
/** The public pages are read by anyone: limited per address like the widget's public calls. */
const publicRoute = { auth: 'public' as const, rateLimit: { max: 300, timeWindow: '1 minute' } };

export const helpCenterRoutes =
  (deps: Deps): FastifyPluginAsyncZod =>
  async (app) => {
    // Settings → Help center (/settings/help-center-articles): agents read, owners and admins write.

    app.get(
      HELP_CENTER_PATHS.categories,
      {
        config: { auth: 'agent' },
        schema: {
          tags,
          summary: 'The help-center categories of the account, in order, with their article counts',
          response: { 200: helpCategoryListResponse },
        },
      },
      async (request) => ({ categories: await categoriesOf(deps, agentOf(request).accountId) }),
    );

    app.post(
      HELP_CENTER_PATHS.categories,
      {
        config: { auth: 'agent' },
        schema: {
          tags,
          summary:
            'Create a help-center category (owners and admins); names are unique, ignoring case',
          body: helpCategoryCreateBody,
          response: { 201: helpCategorySchema },
        },
      },
      async (request, reply) => {
        const created = await createCategory(deps, requireAdmin(request), request.body);
        reply.status(201);
        return created;
      },
    );

    app.patch(
      '/dashboardapi/help-center/categories/:id',
      {
        config: { auth: 'agent' },
        schema: {
          tags,
          summary: 'Rename or move a help-center category (owners and admins)',
          params: z.object({ id }),
          body: helpCategoryUpdateBody,
          response: { 200: helpCategorySchema },
        },
      },
      async (request) =>
        updateCategory(deps, requireAdmin(request), request.params.id, request.body),
    );

    app.delete(
      '/dashboardapi/help-center/categories/:id',
      {
        config: { auth: 'agent' },
        schema: {
          tags,
          summary:
            'Delete a help-center category (owners and admins); its articles stay, uncategorized',
          params: z.object({ id }),
          response: { 200: helpCategoryDeleteResponse },
        },
      },
      async (request) => deleteCategory(deps, requireAdmin(request), request.params.id),
    );

    app.get(
      HELP_CENTER_PATHS.articles,
      {
        config: { auth: 'agent' },
        schema: {
          tags,
          summary:
            'The help-center articles of the account (?q= full-text search over title and body, ?category_id=, ?status=)',
          querystring: helpArticleListQuery,
          response: { 200: helpArticleListResponse },
        },
      },
      async (request) => ({
        articles: await articlesOf(deps, agentOf(request).accountId, request.query),
      }),
    );

    app.post(
      HELP_CENTER_PATHS.articles,
      {
        config: { auth: 'agent' },
        schema: {
          tags,
          summary:
            'Create a help-center article (owners and admins); its HTML body is sanitized with an allow-list',
          body: helpArticleCreateBody,
          response: { 201: helpArticleSchema },
        },
      },
      async (request, reply) => {
        const created = await createArticle(deps, requireAdmin(request), request.body);
        reply.status(201);
        return created;
      },
    );

    app.get(
      '/dashboardapi/help-center/articles/:id',
      {
        config: { auth: 'agent' },
        schema: {
          tags,
          summary: 'One help-center article with its body',
          params: z.object({ id }),
          response: { 200: helpArticleSchema },
        },
      },
      async (request) => articleOf(deps, agentOf(request).accountId, request.params.id),
    );

    app.patch(
      '/dashboardapi/help-center/articles/:id',
      {
        config: { auth: 'agent' },
        schema: {
          tags,
          summary:
            'Change a help-center article (owners and admins): title, web address, body, category, draft / published',
          params: z.object({ id }),
          body: helpArticleUpdateBody,
          response: { 200: helpArticleSchema },
        },
      },
      async (request) =>
        updateArticle(deps, requireAdmin(request), request.params.id, request.body),
    );

    app.delete(
      '/dashboardapi/help-center/articles/:id',
      {
        config: { auth: 'agent' },
        schema: {
          tags,
          summary: 'Delete a help-center article (owners and admins)',
          params: z.object({ id }),
          response: { 200: okResponse },
        },
      },
      async (request) => {
        await deleteArticle(deps, requireAdmin(request), request.params.id);
        return { ok: true as const };
      },
    );

    // Translations of an article (docs/product/help-center.md, "Languages"): agents read,
    // owners and admins write, as for the article itself.

    app.get(
      '/dashboardapi/help-center/articles/:id/translations',
      {
        config: { auth: 'agent' },
        schema: {
          tags,
          summary: "A help-center article's own language and its translations",
          params: z.object({ id }),
          response: { 200: helpArticleTranslationListResponse },
        },
      },
      async (request) => translationsOf(deps, agentOf(request).accountId, request.params.id),
    );

    app.put(
      '/dashboardapi/help-center/articles/:id/translations/:locale',
      {
        config: { auth: 'agent' },
        schema: {
          tags,
          summary:
            "Add or replace a help-center article's translation in a language other than its own (owners and admins); the body is sanitized as the article's",
          params: z.object({ id, locale: articleLocaleSchema }),
          body: helpArticleTranslationBody,
          response: { 200: helpArticleTranslationSchema },
        },
      },
      async (request) =>
        putTranslation(
          deps,
          requireAdmin(request),
          request.params.id,
          request.params.locale,
          request.body,
        ),
    );

    app.delete(
      '/dashboardapi/help-center/articles/:id/translations/:locale',
      {
        config: { auth: 'agent' },
        schema: {
          tags,
          summary: "Delete a help-center article's translation (owners and admins)",
          params: z.object({ id, locale: articleLocaleSchema }),
          response: { 200: okResponse },
        },
      },
      async (request) => {
        await removeTranslation(
          deps,
          requireAdmin(request),
          request.params.id,
          request.params.locale,
        );
        return { ok: true as const };
      },
    );

    // The public help center (/help-center/helpcenter: docs/product/screens.md): published articles only.

    app.get(
      '/dashboardapi/public/help-center/:center',
      {
        config: publicRoute,
        schema: {
          tags,
          summary:
            "A public help center (an account id, or `helpcenter` for the operator's): its categories and published articles (?q= searches, ?category_id= filters), each in the visitor's language (?lang=, else Accept-Language, else the article's own)",
          params: z.object({ center }),
          querystring: publicHelpCenterQuery,
          response: { 200: publicHelpCenterResponse },
        },
      },
      async (request) =>
        publicHelpCenter(
          deps,
          request.params.center,
          request.query,
          requestLanguages(request.headers),
        ),
    );

    app.get(
      '/dashboardapi/public/help-center/:center/articles/:slug',
      {
        config: publicRoute,
        schema: {
          tags,
          summary:
            "One published article of a public help center, by its web address, in the visitor's language (?lang=, else Accept-Language, else the article's own) with the languages it has",
          params: z.object({ center, slug: z.string().trim().min(1).max(ARTICLE_SLUG_MAX) }),
          querystring: publicHelpArticleQuery,
          response: { 200: publicHelpArticleResponse },
        },
      },
      async (request) =>
        publicArticle(deps, request.params.center, request.params.slug.toLowerCase(), {
          lang: request.query.lang,
          accepted: requestLanguages(request.headers),
        }),
    );
  };
