import { z } from 'zod';
import {
  ARTICLE_LOCALES,
  ARTICLE_STATUSES,
  ARTICLE_TITLE_MAX,
  ARTICLE_SLUG_MAX,
  ARTICLE_BODY_MAX,
  CATEGORY_NAME_MAX,
  HELP_CENTER_LANG_MAX,
  HELP_CENTER_SEARCH_MAX,
} from './help-center-constants';

const id = z.number().int().positive().max(2_147_483_647);

/** One of the languages the app speaks (docs/product/help-center.md). */
export const articleLocaleSchema = z.enum(ARTICLE_LOCALES, {
  error: `Pick one of the help center’s languages: ${ARTICLE_LOCALES.join(', ')}.`,
});

export const helpCategorySchema = z.object({
  id: z.number().int(),
  name: z.string(),
  position: z.number().int(),
  /** Articles in the category: every one for agents, published ones on the public side. */
  article_count: z.number().int(),
});
export type HelpCategory = z.infer<typeof helpCategorySchema>;

export const helpCategoryListResponse = z.object({ categories: z.array(helpCategorySchema) });
export type HelpCategoryListResponse = z.infer<typeof helpCategoryListResponse>;

const categoryName = z
  .string()
  .trim()
  .min(1, 'Give the category a name.')
  .max(CATEGORY_NAME_MAX, `Keep the category name under ${CATEGORY_NAME_MAX + 1} characters.`);
const position = z.number().int().min(0).max(10_000);

export const helpCategoryCreateBody = z.strictObject({
  name: categoryName,
  /** Without it, the category goes last. */
  position: position.optional(),
});
export type HelpCategoryCreateBody = z.infer<typeof helpCategoryCreateBody>;

export const helpCategoryUpdateBody = z
  .strictObject({ name: categoryName.optional(), position: position.optional() })
  .refine((b) => b.name !== undefined || b.position !== undefined, {
    message: 'Send a new name or a new position.',
  });
export type HelpCategoryUpdateBody = z.infer<typeof helpCategoryUpdateBody>;

export const helpCategoryDeleteResponse = z.object({
  ok: z.literal(true),
  /** Articles that were in the category and now have none. */
  uncategorized_articles: z.number().int(),
});

/** An article in a list: no body, a plain-text excerpt instead. */
export const helpArticleSummarySchema = z.object({
  id: z.number().int(),
  title: z.string(),
  slug: z.string(),
  category_id: z.number().int().nullable(),
  status: z.enum(ARTICLE_STATUSES),
  /** The language the article is written in; its translations are in others. */
  locale: articleLocaleSchema,
  excerpt: z.string(),
  updated_at: z.string(),
  published_at: z.string().nullable(),
  /** Where customers read it once published (PUBLIC_URL + /help-center/{account}/articles/{slug}). */
  public_url: z.string(),
});
export type HelpArticleSummary = z.infer<typeof helpArticleSummarySchema>;

export const helpArticleSchema = helpArticleSummarySchema.extend({
  /** Sanitized HTML (allow-list, on the server). */
  body: z.string(),
  created_at: z.string(),
});
export type HelpArticle = z.infer<typeof helpArticleSchema>;

export const helpArticleListQuery = z.object({
  q: z.string().trim().max(HELP_CENTER_SEARCH_MAX).optional(),
  /** A category id, or `none` for articles without one. */
  category_id: z
    .union([z.literal('none'), z.coerce.number().int().positive().max(2_147_483_647)])
    .optional(),
  status: z.enum(ARTICLE_STATUSES).optional(),
});
export type HelpArticleListQuery = z.infer<typeof helpArticleListQuery>;

export const helpArticleListResponse = z.object({ articles: z.array(helpArticleSummarySchema) });
export type HelpArticleListResponse = z.infer<typeof helpArticleListResponse>;

const slug = z
  .string()
  .trim()
  .toLowerCase()
  .min(1, 'Give the article a web address.')
  .max(ARTICLE_SLUG_MAX, `Keep the web address under ${ARTICLE_SLUG_MAX + 1} characters.`)
  .regex(
    /^[a-z0-9]+(?:-[a-z0-9]+)*$/,
    'Write the web address with lowercase letters, digits and single dashes, like reset-your-password.',
  );

export const helpArticleCreateBody = z.strictObject({
  title: z
    .string()
    .trim()
    .min(1, 'Give the article a title.')
    .max(ARTICLE_TITLE_MAX, `Keep the title under ${ARTICLE_TITLE_MAX + 1} characters.`),
  /** Without it, one is made from the title. */
  slug: slug.optional(),
  body: z.string().max(ARTICLE_BODY_MAX, 'The article is too long.').default(''),
  category_id: id.nullable().default(null),
  status: z.enum(ARTICLE_STATUSES).default('draft'),
  /** The language it is written in; English when left out. */
  locale: articleLocaleSchema.default('en'),
});
export type HelpArticleCreateBody = z.input<typeof helpArticleCreateBody>;

export const helpArticleUpdateBody = z
  .strictObject({
    title: helpArticleCreateBody.shape.title.optional(),
    slug: slug.optional(),
    body: z.string().max(ARTICLE_BODY_MAX, 'The article is too long.').optional(),
    category_id: id.nullable().optional(),
    status: z.enum(ARTICLE_STATUSES).optional(),
    locale: articleLocaleSchema.optional(),
  })
  .refine((b) => Object.keys(b).length > 0, { message: 'Send at least one field to change.' });
export type HelpArticleUpdateBody = z.infer<typeof helpArticleUpdateBody>;

// ---- Translations (docs/product/help-center.md) ----

/** An article in another language than its own: the same web address, its own title and body. */
export const helpArticleTranslationSchema = z.object({
  locale: articleLocaleSchema,
  title: z.string(),
  /** Sanitized HTML (allow-list, on the server), as the article's body. */
  body: z.string(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type HelpArticleTranslation = z.infer<typeof helpArticleTranslationSchema>;

export const helpArticleTranslationListResponse = z.object({
  /** The article's own language, which has no translation. */
  locale: articleLocaleSchema,
  translations: z.array(helpArticleTranslationSchema),
});
export type HelpArticleTranslationListResponse = z.infer<typeof helpArticleTranslationListResponse>;

export const helpArticleTranslationBody = z.strictObject({
  title: z
    .string()
    .trim()
    .min(1, 'Give the translation a title.')
    .max(ARTICLE_TITLE_MAX, `Keep the title under ${ARTICLE_TITLE_MAX + 1} characters.`),
  body: z.string().max(ARTICLE_BODY_MAX, 'The translation is too long.').default(''),
});
export type HelpArticleTranslationBody = z.input<typeof helpArticleTranslationBody>;

// ---- Public help center (no sign-in) ----

export const publicHelpCenterInfo = z.object({
  account_id: z.number().int(),
  /** The workspace's name, shown as the help center's title. */
  name: z.string(),
});

/**
 * An article as a visitor reads it, in the best language for them (docs/product/help-center.md):
 * `locale` is the language shown, the article's own or one of its translations.
 */
export const publicHelpArticleSummary = helpArticleSummarySchema.pick({
  id: true,
  title: true,
  slug: true,
  category_id: true,
  locale: true,
  excerpt: true,
  updated_at: true,
});
export type PublicHelpArticleSummary = z.infer<typeof publicHelpArticleSummary>;

/** `?lang=`: the language the visitor picked; one the article lacks is passed over. */
const wantedLanguage = z.string().trim().max(HELP_CENTER_LANG_MAX).optional();

export const publicHelpCenterQuery = z.object({
  q: z.string().trim().max(HELP_CENTER_SEARCH_MAX).optional(),
  category_id: z.coerce.number().int().positive().max(2_147_483_647).optional(),
  lang: wantedLanguage,
});

export const publicHelpArticleQuery = z.object({ lang: wantedLanguage });

export const publicHelpCenterResponse = z.object({
  help_center: publicHelpCenterInfo,
  categories: z.array(helpCategorySchema),
  articles: z.array(publicHelpArticleSummary),
});
export type PublicHelpCenter = z.infer<typeof publicHelpCenterResponse>;

export const publicHelpArticleResponse = z.object({
  help_center: publicHelpCenterInfo,
  article: publicHelpArticleSummary.extend({ body: z.string() }),
  category: helpCategorySchema.pick({ id: true, name: true }).nullable(),
  /** Every language the article can be read in: its own and its translations', in UI_LOCALES order. */
  languages: z.array(articleLocaleSchema),
});
export type PublicHelpArticle = z.infer<typeof publicHelpArticleResponse>;
