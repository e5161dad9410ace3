import {
  ARTICLE_LOCALES,
  type ArticleLocale,
  type HelpArticleTranslation,
  type HelpArticleTranslationListResponse,
  type PublicHelpArticleSummary,
} from '@parley/contracts';
import type { Db } from '../../db/client';
import type { Deps } from '../../lib/deps';
import { badRequest, notFound } from '../../lib/errors';
import type { AgentContext } from '../../lib/http-types';
import { recordAudit } from '../audit-log/audit-log.service';
import { cleanBody } from './help-center-body';
import { findArticle } from './help-center.queries';
import {
  deleteTranslation,
  findTranslation,
  listTranslations,
  translationSummaries,
  upsertTranslation,
} from './help-center-translations.queries';

// Translations of help-center articles: docs/product/help-center.md, "Languages".

type TranslationRow = Awaited<ReturnType<typeof listTranslations>>[number];

const toTranslation = (row: TranslationRow): HelpArticleTranslation => ({
  locale: row.locale,
  title: row.title,
  body: row.body,
  created_at: row.createdAt.toISOString(),
  updated_at: row.updatedAt.toISOString(),
});

const languageName = (locale: string) =>
  new Intl.DisplayNames(['en'], { type: 'language' }).of(locale) ?? locale;

async function articleOfAccount(db: Db, accountId: number, id: number) {
  const article = await findArticle(db, { accountId, id });
  if (!article) throw notFound('That article was not found.');
  return article;
}

export async function translationsOf(
  deps: Deps,
  accountId: number,
  articleId: number,
): Promise<HelpArticleTranslationListResponse> {
  const article = await articleOfAccount(deps.db, accountId, articleId);
  const rows = await listTranslations(deps.db, { accountId, articleId });
  return { locale: article.locale, translations: rows.map(toTranslation) };
}

/** Adds the article's translation in `locale`, or replaces it; never in the article's own language. */
export async function putTranslation(
  deps: Deps,
  agent: AgentContext,
  articleId: number,
  locale: ArticleLocale,
  input: { title: string; body?: string | undefined },
): Promise<HelpArticleTranslation> {
  const { accountId } = agent;
  const article = await articleOfAccount(deps.db, accountId, articleId);
  if (article.locale === locale) {
    const message = `The article itself is written in ${languageName(locale)}. Pick another language for the translation.`;
    throw badRequest(message, [{ path: 'locale', message }]);
  }
  const row = await upsertTranslation(deps.db, {
    accountId,
    articleId,
    locale,
    title: input.title,
    ...cleanBody(input.body ?? ''),
  });
  if (!row) throw notFound('That article was not found.');
  return toTranslation(row);
}

export async function removeTranslation(
  deps: Deps,
  agent: AgentContext,
  articleId: number,
  locale: ArticleLocale,
) {
  const { accountId } = agent;
  const article = await articleOfAccount(deps.db, accountId, articleId);
  await deps.db.transaction(async (tx) => {
    if (!(await deleteTranslation(tx, { accountId, articleId, locale })))
      throw notFound('That translation was not found.');
    await recordAudit(tx, {
      accountId,
      userId: agent.userId,
      action: 'help_center_translation_deleted',
      details: { article_id: articleId, name: article.title, locale },
    });
  });
}

/**
 * Refuses to move an article into a language it already has a translation in: the two would
 * be the same language twice.
 */
export async function checkOwnLanguage(
  db: Db,
  accountId: number,
  articleId: number,
  locale: ArticleLocale,
) {
  if (await findTranslation(db, { accountId, articleId, locale })) {
    const name = languageName(locale);
    const message = `This article already has a translation in ${name}. Delete that translation first, or pick another language.`;
    throw badRequest(message, [{ path: 'locale', message }]);
  }
}

// ---- The visitor's language ----

/** What a visitor asks for: `?lang=`, then their browser's languages (Accept-Language), best first. */
export interface WantedLanguage {
  lang?: string | undefined;
  accepted: readonly string[];
}

/** The first of `wanted` that `available` has: the same tag, else the same language in another region. */
function nearestOf(available: readonly ArticleLocale[], wanted: readonly string[]) {
  for (const tag of wanted) {
    const lower = tag.toLowerCase();
    const exact = available.find((locale) => locale.toLowerCase() === lower);
    if (exact) return exact;
    const language = lower.split('-')[0];
    const near = available.find((locale) => locale.split('-')[0]!.toLowerCase() === language);
    if (near) return near;
  }
  return null;
}

/**
 * The language a visitor reads an article in: `?lang=` when the article has it, else the first
 * of their browser's languages it has (pt-PT reads pt-BR), else the article's own.
 */
export function pickLanguage(
  available: readonly ArticleLocale[],
  own: ArticleLocale,
  wanted: WantedLanguage,
): ArticleLocale {
  return (
    (wanted.lang ? nearestOf(available, [wanted.lang]) : null) ??
    nearestOf(available, wanted.accepted) ??
    own
  );
}

/** The languages an article can be read in, in ARTICLE_LOCALES order. */
const inOrder = (locales: Iterable<ArticleLocale>) => {
  const set = new Set(locales);
  return ARTICLE_LOCALES.filter((locale) => set.has(locale));
};

/** A list of published articles, each in the visitor's best language. */
export async function localizeSummaries(
  db: Db,
  accountId: number,
  summaries: PublicHelpArticleSummary[],
  wanted: WantedLanguage,
): Promise<PublicHelpArticleSummary[]> {
  const rows = await translationSummaries(db, {
    accountId,
    articleIds: summaries.map((s) => s.id),
  });
  const byArticle = new Map<number, typeof rows>();
  for (const row of rows)
    byArticle.set(row.articleId, [...(byArticle.get(row.articleId) ?? []), row]);
  return summaries.map((summary) => {
    const own = byArticle.get(summary.id) ?? [];
    const locale = pickLanguage(
      inOrder([summary.locale, ...own.map((r) => r.locale)]),
      summary.locale,
      wanted,
    );
    const translation = own.find((r) => r.locale === locale);
    return translation
      ? {
          ...summary,
          locale,
          title: translation.title,
          excerpt: translation.excerpt,
          updated_at: translation.updatedAt.toISOString(),
        }
      : summary;
  });
}

/** One published article in the visitor's best language, with every language it has. */
export async function localizeArticle(
  db: Db,
  accountId: number,
  article: PublicHelpArticleSummary & { body: string },
  wanted: WantedLanguage,
) {
  const rows = await listTranslations(db, { accountId, articleId: article.id });
  const languages = inOrder([article.locale, ...rows.map((r) => r.locale)]);
  const locale = pickLanguage(languages, article.locale, wanted);
  const translation = rows.find((r) => r.locale === locale);
  return {
    languages,
    article: translation
      ? {
          ...article,
          locale,
          title: translation.title,
          body: translation.body,
          excerpt: translation.bodyText.slice(0, 240),
          updated_at: translation.updatedAt.toISOString(),
        }
      : article,
  };
}
