import { UI_LOCALES } from './profile-constants';

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
  /** An article's translations (docs/product/help-center.md). */
  articleTranslations: (id: number | string) =>
    `/dashboardapi/help-center/articles/${id}/translations`,
  articleTranslation: (id: number | string, locale: string) =>
    `/dashboardapi/help-center/articles/${id}/translations/${encodeURIComponent(locale)}`,
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

/**
 * The languages an article can be written and translated in: those the app speaks
 * (docs/product/help-center.md). One web address per article; `?lang=` picks the language.
 */
export const ARTICLE_LOCALES = UI_LOCALES;
export type ArticleLocale = (typeof ARTICLE_LOCALES)[number];
/** The query parameter of the public pages that asks for a language: `?lang=es`. */
export const HELP_CENTER_LANG_PARAM = 'lang';
/** Longest language tag the public pages read from `?lang=` (BCP 47 tags are short). */
export const HELP_CENTER_LANG_MAX = 35;

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
