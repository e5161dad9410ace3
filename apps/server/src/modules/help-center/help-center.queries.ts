import { and, asc, count, desc, eq, isNull, ne, sql, type SQL } from 'drizzle-orm';
import { HELP_ARTICLE_LIST_LIMIT, type ArticleLocale, type ArticleStatus } from '@parley/contracts';
import type { Db } from '../../db/client';
import {
  helpCenterArticleTranslations as translations,
  helpCenterArticles as articles,
  helpCenterCategories as categories,
} from '../../db/schema';

type Account = { accountId: number };

/** The expression of the full-text index (help_center_articles_fts_idx): same text, same config. */
const document = sql`to_tsvector('simple', ${articles.title} || ' ' || ${articles.bodyText})`;
/** The same for a translation (help_center_article_translations_fts_idx). */
const translationDocument = sql`to_tsvector('simple', ${translations.title} || ' ' || ${translations.bodyText})`;

/**
 * A prefix query from what a person typed: every word must appear, the last ones as prefixes, so
 * "refun pol" finds "Refund policy". Only letters and digits reach to_tsquery. Null: no word.
 */
export function searchQuery(text: string): string | null {
  const words = text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [];
  if (words.length === 0) return null;
  return words
    .slice(0, 12)
    .map((w) => `${w}:*`)
    .join(' & ');
}

export async function listCategories(
  db: Db,
  { accountId, publishedOnly }: Account & { publishedOnly: boolean },
) {
  return db
    .select({
      id: categories.id,
      name: categories.name,
      position: categories.position,
      article_count: count(articles.id),
    })
    .from(categories)
    .leftJoin(
      articles,
      and(
        eq(articles.categoryId, categories.id),
        publishedOnly ? eq(articles.status, 'published') : undefined,
      ),
    )
    .where(eq(categories.accountId, accountId))
    .groupBy(categories.id)
    .orderBy(asc(categories.position), asc(sql`lower(${categories.name})`), asc(categories.id));
}

export async function findCategory(db: Db, { accountId, id }: Account & { id: number }) {
  const [row] = await db
    .select()
    .from(categories)
    .where(and(eq(categories.accountId, accountId), eq(categories.id, id)))
    .limit(1);
  return row ?? null;
}

export async function findCategoryByName(
  db: Db,
  { accountId, name, exceptId }: Account & { name: string; exceptId?: number },
) {
  const [row] = await db
    .select({ id: categories.id })
    .from(categories)
    .where(
      and(
        eq(categories.accountId, accountId),
        eq(sql`lower(${categories.name})`, name.toLowerCase()),
        exceptId === undefined ? undefined : ne(categories.id, exceptId),
      ),
    )
    .limit(1);
  return row ?? null;
}

export async function nextCategoryPosition(db: Db, { accountId }: Account) {
  const [row] = await db
    .select({ max: sql<number | null>`max(${categories.position})` })
    .from(categories)
    .where(eq(categories.accountId, accountId));
  return row?.max === null || row?.max === undefined ? 0 : Number(row.max) + 1;
}

export const summaryColumns = {
  id: articles.id,
  title: articles.title,
  slug: articles.slug,
  categoryId: articles.categoryId,
  status: articles.status,
  locale: articles.locale,
  excerpt: sql<string>`left(${articles.bodyText}, 240)`,
  updatedAt: articles.updatedAt,
  publishedAt: articles.publishedAt,
};

export type ArticleSummaryRow = {
  id: number;
  title: string;
  slug: string;
  categoryId: number | null;
  status: ArticleStatus;
  locale: ArticleLocale;
  excerpt: string;
  updatedAt: Date;
  publishedAt: Date | null;
};

/**
 * The account's articles, filtered; with a search, best match first (the full-text index
 * answers it), else the most recently changed first. At most HELP_ARTICLE_LIST_LIMIT. A search
 * finds an article by its own words or by those of any of its translations.
 */
export async function listArticles(
  db: Db,
  {
    accountId,
    search,
    categoryId,
    status,
  }: Account & {
    search?: string | undefined;
    categoryId?: number | 'none' | undefined;
    status?: ArticleStatus | undefined;
  },
): Promise<ArticleSummaryRow[]> {
  const query = search ? searchQuery(search) : null;
  if (search && query === null) return [];
  const filters: (SQL | undefined)[] = [
    eq(articles.accountId, accountId),
    status ? eq(articles.status, status) : undefined,
    categoryId === 'none'
      ? isNull(articles.categoryId)
      : categoryId !== undefined
        ? eq(articles.categoryId, categoryId)
        : undefined,
    query
      ? sql`(${document} @@ to_tsquery('simple', ${query}) or exists (select 1 from ${translations} where ${translations.articleId} = ${articles.id} and ${translations.accountId} = ${accountId} and ${translationDocument} @@ to_tsquery('simple', ${query})))`
      : undefined,
  ];
  const rank = sql`greatest(ts_rank(${document}, to_tsquery('simple', ${query})), coalesce((select max(ts_rank(${translationDocument}, to_tsquery('simple', ${query}))) from ${translations} where ${translations.articleId} = ${articles.id} and ${translations.accountId} = ${accountId}), 0))`;
  const order = query ? [desc(rank), desc(articles.updatedAt)] : [desc(articles.updatedAt)];
  return db
    .select(summaryColumns)
    .from(articles)
    .where(and(...filters))
    .orderBy(...order, desc(articles.id))
    .limit(HELP_ARTICLE_LIST_LIMIT);
}

export async function findArticle(db: Db, { accountId, id }: Account & { id: number }) {
  const [row] = await db
    .select()
    .from(articles)
    .where(and(eq(articles.accountId, accountId), eq(articles.id, id)))
    .limit(1);
  return row ?? null;
}

export async function findArticleBySlug(
  db: Db,
  { accountId, slug, publishedOnly }: Account & { slug: string; publishedOnly: boolean },
) {
  const [row] = await db
    .select()
    .from(articles)
    .where(
      and(
        eq(articles.accountId, accountId),
        eq(articles.slug, slug),
        publishedOnly ? eq(articles.status, 'published') : undefined,
      ),
    )
    .limit(1);
  return row ?? null;
}

/** Slugs of the account starting with `base` (to pick a free one), other than `exceptId`'s. */
export async function slugsLike(
  db: Db,
  { accountId, base, exceptId }: Account & { base: string; exceptId?: number },
) {
  const rows = await db
    .select({ slug: articles.slug })
    .from(articles)
    .where(
      and(
        eq(articles.accountId, accountId),
        sql`${articles.slug} like ${`${base.replace(/[\\%_]/g, '\\$&')}%`}`,
        exceptId === undefined ? undefined : ne(articles.id, exceptId),
      ),
    );
  return new Set(rows.map((r) => r.slug));
}

export async function hasPublishedArticles(db: Db, { accountId }: Account) {
  const [row] = await db
    .select({ id: articles.id })
    .from(articles)
    .where(and(eq(articles.accountId, accountId), eq(articles.status, 'published')))
    .limit(1);
  return row !== undefined;
}

export async function countArticlesInCategory(
  db: Db,
  { accountId, categoryId }: Account & { categoryId: number },
) {
  const [row] = await db
    .select({ n: count() })
    .from(articles)
    .where(and(eq(articles.accountId, accountId), eq(articles.categoryId, categoryId)));
  return row?.n ?? 0;
}
