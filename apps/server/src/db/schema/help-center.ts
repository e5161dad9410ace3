/**
 * Help center: article categories and articles.
 */
import { sql } from 'drizzle-orm';
import { index, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
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
