import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { ArticleLocale } from '@parley/contracts';
import type { Db } from '../../db/client';
import { helpCenterArticleTranslations as translations } from '../../db/schema';

type Account = { accountId: number };

/** An article's translations, in the order of their languages' codes. */
export async function listTranslations(
  db: Db,
  { accountId, articleId }: Account & { articleId: number },
) {
  return db
    .select()
    .from(translations)
    .where(and(eq(translations.accountId, accountId), eq(translations.articleId, articleId)))
    .orderBy(asc(translations.locale));
}

/** The translations of some articles, without their bodies: what a list shows. */
export async function translationSummaries(
  db: Db,
  { accountId, articleIds }: Account & { articleIds: number[] },
) {
  if (articleIds.length === 0) return [];
  return db
    .select({
      articleId: translations.articleId,
      locale: translations.locale,
      title: translations.title,
      excerpt: sql<string>`left(${translations.bodyText}, 240)`,
      updatedAt: translations.updatedAt,
    })
    .from(translations)
    .where(and(eq(translations.accountId, accountId), inArray(translations.articleId, articleIds)));
}

export async function findTranslation(
  db: Db,
  { accountId, articleId, locale }: Account & { articleId: number; locale: ArticleLocale },
) {
  const [row] = await db
    .select()
    .from(translations)
    .where(
      and(
        eq(translations.accountId, accountId),
        eq(translations.articleId, articleId),
        eq(translations.locale, locale),
      ),
    )
    .limit(1);
  return row ?? null;
}

/** Writes the article's translation in `locale`: a new one, or the one it had replaced. */
export async function upsertTranslation(
  db: Db,
  values: Account & {
    articleId: number;
    locale: ArticleLocale;
    title: string;
    body: string;
    bodyText: string;
  },
) {
  const now = new Date();
  const [row] = await db
    .insert(translations)
    .values({ ...values, createdAt: now, updatedAt: now })
    .onConflictDoUpdate({
      target: [translations.articleId, translations.locale],
      set: { title: values.title, body: values.body, bodyText: values.bodyText, updatedAt: now },
      // The unique key holds no account: a row of another account is never touched.
      setWhere: eq(translations.accountId, values.accountId),
    })
    .returning();
  return row ?? null;
}

export async function deleteTranslation(
  db: Db,
  { accountId, articleId, locale }: Account & { articleId: number; locale: ArticleLocale },
) {
  const deleted = await db
    .delete(translations)
    .where(
      and(
        eq(translations.accountId, accountId),
        eq(translations.articleId, articleId),
        eq(translations.locale, locale),
      ),
    )
    .returning({ id: translations.id });
  return deleted.length > 0;
}
