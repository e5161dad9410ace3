/**
 * Help center: article categories, articles and their translations.
 */
import { sql } from 'drizzle-orm';
import { index, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import type { UiLocale } from '@parley/contracts';
import { createdAt, ts } from './columns';
import { accounts } from './accounts';

/** Help center (/settings/help-center-articles: docs/product/screens.md): the account's article categories. */
export const helpCenterCategories = pgTable(
  'help_center_categories',
  {
    id: serial('id').primaryKey(),
    accountId: integer('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    position: integer('position').notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('help_center_categories_name_key').on(t.accountId, sql`lower(${t.name})`)],
);

/**
 * Help-center articles: body is HTML sanitized on save (allow-list); body_text is its plain
 * text, searched with the full-text index together with the title.
 */
export const helpCenterArticles = pgTable(
  'help_center_articles',
  {
    id: serial('id').primaryKey(),
    accountId: integer('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    categoryId: integer('category_id').references(() => helpCenterCategories.id, {
      onDelete: 'set null',
    }),
    title: text('title').notNull(),
    slug: text('slug').notNull(),
    /** The language the article is written in (docs/product/help-center.md), one of UI_LOCALES. */
    locale: text('locale').$type<UiLocale>().notNull().default('en'),
    body: text('body').notNull().default(''),
    bodyText: text('body_text').notNull().default(''),
    status: text('status', { enum: ['draft', 'published'] })
      .notNull()
      .default('draft'),
    publishedAt: ts('published_at'),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('help_center_articles_slug_key').on(t.accountId, t.slug),
    index('help_center_articles_list_idx').on(t.accountId, t.status, t.updatedAt),
    index('help_center_articles_fts_idx').using(
      'gin',
      sql`to_tsvector('simple', ${t.title} || ' ' || ${t.bodyText})`,
    ),
  ],
);

/**
 * An article in another language (docs/product/help-center.md): one per article and language,
 * never the article's own. The article keeps its one web address; the translation has no slug.
 * Body and body_text as the article's: sanitized HTML and its plain text.
 */
export const helpCenterArticleTranslations = pgTable(
  'help_center_article_translations',
  {
    id: serial('id').primaryKey(),
    articleId: integer('article_id')
      .notNull()
      .references(() => helpCenterArticles.id, { onDelete: 'cascade' }),
    accountId: integer('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    locale: text('locale').$type<UiLocale>().notNull(),
    title: text('title').notNull(),
    body: text('body').notNull().default(''),
    bodyText: text('body_text').notNull().default(''),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('help_center_article_translations_locale_key').on(t.articleId, t.locale),
    index('help_center_article_translations_account_idx').on(t.accountId),
    index('help_center_article_translations_fts_idx').using(
      'gin',
      sql`to_tsvector('simple', ${t.title} || ' ' || ${t.bodyText})`,
    ),
  ],
);
