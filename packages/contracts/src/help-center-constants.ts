/**
 * Help center: categories
 * and articles per account, written by owners and admins, read by agents, published ones open
 * to everyone on the public help center.
 */
export const HELP_CENTER_PATHS = {
  categories: '/dashboardapi/help-center/categories',
  category: (id: number | string) => `/dashboardapi/help-center/categories/${id}`,
  articles: '/dashboardapi/help-center/articles',
  article: (id: number | string) => `/dashboardapi/help-center/articles/${id}`,
  /** `center` is an account id, or `helpcenter` for the operator's own help center. */
  publicCenter: (center: number | string) =>
    `/dashboardapi/public/help-center/${encodeURIComponent(String(center))}`,
  publicArticle: (center: number | string, slug: string) =>
    `/dashboardapi/public/help-center/${encodeURIComponent(String(center))}/articles/${encodeURIComponent(slug)}`,
} as const;

/** The web pages of the public help center. */
export const HELP_CENTER_DEFAULT = 'helpcenter';
export const helpCenterPagePath = (center: number | string = HELP_CENTER_DEFAULT) =>
  `/help-center/${center}`;
export const helpCenterArticlePagePath = (center: number | string, slug: string) =>
  `/help-center/${center}/articles/${encodeURIComponent(slug)}`;

export const ARTICLE_STATUSES = ['draft', 'published'] as const;
export type ArticleStatus = (typeof ARTICLE_STATUSES)[number];

export const ARTICLE_TITLE_MAX = 200;
export const ARTICLE_SLUG_MAX = 120;
/** The body as HTML; about 200 KB of text. */
export const ARTICLE_BODY_MAX = 200_000;
export const CATEGORY_NAME_MAX = 80;
export const HELP_CENTER_SEARCH_MAX = 200;

/** At most this many articles per list answer (newest first, or best match first when searching). */
export const HELP_ARTICLE_LIST_LIMIT = 200;
