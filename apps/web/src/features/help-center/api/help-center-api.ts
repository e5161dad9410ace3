import {
  HELP_CENTER_PATHS,
  type ArticleLocale,
  type HelpArticle,
  type HelpArticleCreateBody,
  type HelpArticleListQuery,
  type HelpArticleListResponse,
  type HelpArticleSummary,
  type HelpArticleTranslation,
  type HelpArticleTranslationBody,
  type HelpArticleTranslationListResponse,
  type HelpArticleUpdateBody,
  type HelpCategory,
  type HelpCategoryCreateBody,
  type HelpCategoryListResponse,
  type HelpCategoryUpdateBody,
  type PublicHelpArticle,
  type PublicHelpCenter,
} from '@parley/contracts';
import { baseApi } from '../../../lib/base-api';
import { ANONYMOUS, http } from '../../../lib/request';

/** An article's translations share the article's tag type, under an id of their own. */
const translationsTag = (id: number) =>
  ({ type: 'HelpCenterArticles', id: `${id}-translations` }) as const;

/** Settings → Help center: the account's categories and articles (agents read, admins write). */
export const helpCenterApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    getHelpCategories: build.query<HelpCategory[], void>({
      query: () => HELP_CENTER_PATHS.categories,
      transformResponse: (response: HelpCategoryListResponse) => response.categories,
      providesTags: ['HelpCenterCategories'],
    }),
    createHelpCategory: build.mutation<HelpCategory, HelpCategoryCreateBody>({
      query: (body) => ({ url: HELP_CENTER_PATHS.categories, method: 'POST', body }),
      invalidatesTags: (result) => (result ? ['HelpCenterCategories'] : []),
    }),
    updateHelpCategory: build.mutation<HelpCategory, { id: number } & HelpCategoryUpdateBody>({
      query: ({ id, ...body }) => ({ url: HELP_CENTER_PATHS.category(id), method: 'PATCH', body }),
      invalidatesTags: (result) => (result ? ['HelpCenterCategories'] : []),
    }),
    deleteHelpCategory: build.mutation<{ ok: true; uncategorized_articles: number }, number>({
      query: (id) => ({ url: HELP_CENTER_PATHS.category(id), method: 'DELETE' }),
      invalidatesTags: (result) => (result ? ['HelpCenterCategories', 'HelpCenterArticles'] : []),
    }),
    getHelpArticles: build.query<HelpArticleSummary[], HelpArticleListQuery>({
      query: (query) => ({
        url: HELP_CENTER_PATHS.articles,
        query: {
          q: query.q || undefined,
          category_id: query.category_id,
          status: query.status,
        },
      }),
      transformResponse: (response: HelpArticleListResponse) => response.articles,
      providesTags: ['HelpCenterArticles'],
    }),
    getHelpArticle: build.query<HelpArticle, number>({
      query: (id) => HELP_CENTER_PATHS.article(id),
      providesTags: (_result, _error, id) => [{ type: 'HelpCenterArticles', id }],
    }),
    createHelpArticle: build.mutation<HelpArticle, HelpArticleCreateBody>({
      query: (body) => ({ url: HELP_CENTER_PATHS.articles, method: 'POST', body }),
      invalidatesTags: (result) => (result ? ['HelpCenterArticles', 'HelpCenterCategories'] : []),
    }),
    updateHelpArticle: build.mutation<HelpArticle, { id: number } & HelpArticleUpdateBody>({
      query: ({ id, ...body }) => ({ url: HELP_CENTER_PATHS.article(id), method: 'PATCH', body }),
      invalidatesTags: (result) => (result ? ['HelpCenterArticles', 'HelpCenterCategories'] : []),
    }),
    deleteHelpArticle: build.mutation<{ ok: true }, number>({
      query: (id) => ({ url: HELP_CENTER_PATHS.article(id), method: 'DELETE' }),
      invalidatesTags: (result) => (result ? ['HelpCenterArticles', 'HelpCenterCategories'] : []),
    }),
    getHelpArticleTranslations: build.query<HelpArticleTranslationListResponse, number>({
      query: (id) => HELP_CENTER_PATHS.articleTranslations(id),
      providesTags: (_result, _error, id) => [translationsTag(id)],
    }),
    putHelpArticleTranslation: build.mutation<
      HelpArticleTranslation,
      { id: number; locale: ArticleLocale } & HelpArticleTranslationBody
    >({
      query: ({ id, locale, ...body }) => ({
        url: HELP_CENTER_PATHS.articleTranslation(id, locale),
        method: 'PUT',
        body,
      }),
      invalidatesTags: (result, _error, { id }) => (result ? [translationsTag(id)] : []),
    }),
    deleteHelpArticleTranslation: build.mutation<
      { ok: true },
      { id: number; locale: ArticleLocale }
    >({
      query: ({ id, locale }) => ({
        url: HELP_CENTER_PATHS.articleTranslation(id, locale),
        method: 'DELETE',
      }),
      invalidatesTags: (result, _error, { id }) => (result ? [translationsTag(id)] : []),
    }),
  }),
});

export const {
  useGetHelpCategoriesQuery,
  useCreateHelpCategoryMutation,
  useUpdateHelpCategoryMutation,
  useDeleteHelpCategoryMutation,
  useGetHelpArticlesQuery,
  useGetHelpArticleQuery,
  useCreateHelpArticleMutation,
  useUpdateHelpArticleMutation,
  useDeleteHelpArticleMutation,
  useGetHelpArticleTranslationsQuery,
  usePutHelpArticleTranslationMutation,
  useDeleteHelpArticleTranslationMutation,
} = helpCenterApi;

/**
 * The public help center: no session, no cookies, no store (a public page). `lang` is the
 * language the visitor picked; without it the server follows the browser's (Accept-Language).
 */
export const publicHelpCenterApi = {
  center: (
    center: string,
    query: { q?: string | undefined; category_id?: number | undefined; lang?: string | undefined },
    signal?: AbortSignal,
  ) =>
    http.get<PublicHelpCenter>(HELP_CENTER_PATHS.publicCenter(center), {
      ...ANONYMOUS,
      query: {
        q: query.q || undefined,
        category_id: query.category_id,
        lang: query.lang || undefined,
      },
      ...(signal ? { signal } : {}),
    }),
  article: (center: string, slug: string, lang?: string, signal?: AbortSignal) =>
    http.get<PublicHelpArticle>(HELP_CENTER_PATHS.publicArticle(center, slug), {
      ...ANONYMOUS,
      query: { lang: lang || undefined },
      ...(signal ? { signal } : {}),
    }),
};
