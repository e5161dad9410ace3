import { and, eq } from 'drizzle-orm';
import {
  HELP_CENTER_DEFAULT,
  type HelpArticle,
  type HelpArticleCreateBody,
  type HelpArticleListQuery,
  type HelpArticleSummary,
  type HelpArticleUpdateBody,
  type HelpCategory,
  type HelpCategoryCreateBody,
  type HelpCategoryUpdateBody,
  type PublicHelpArticle,
  type PublicHelpArticleSummary,
  type PublicHelpCenter,
} from '@parley/contracts';
import {
  helpCenterArticles as articles,
  helpCenterCategories as categories,
} from '../../db/schema';
import type { Db } from '../../db/client';
import type { Deps } from '../../lib/deps';
import { apiText, badRequest, conflict, isUniqueViolation, notFound } from '../../lib/errors';
import type { AgentContext } from '../../lib/http-types';
import { findAccount } from '../accounts/accounts.service';
import { operatorAccountId } from '../callbacks/callbacks.service';
import { cleanBody } from './help-center-body';
import {
  checkOwnLanguage,
  localizeArticle,
  localizeSummaries,
  type WantedLanguage,
} from './help-center-translations.service';
import {
  countArticlesInCategory,
  findArticle,
  findArticleBySlug,
  findCategory,
  findCategoryByName,
  hasPublishedArticles,
  listArticles,
  listCategories,
  nextCategoryPosition,
  slugsLike,
  type ArticleSummaryRow,
} from './help-center.queries';
import { recordAudit } from '../audit-log/audit-log.service';

type ArticleRow = typeof articles.$inferSelect;

const publicUrl = (deps: Deps, accountId: number, slug: string) =>
  `${deps.config.publicUrl}/help-center/${accountId}/articles/${slug}`;

function toSummary(deps: Deps, accountId: number, row: ArticleSummaryRow): HelpArticleSummary {
  return {
    id: row.id,
    title: row.title,
    slug: row.slug,
    category_id: row.categoryId,
    status: row.status,
    locale: row.locale,
    excerpt: row.excerpt,
    updated_at: row.updatedAt.toISOString(),
    published_at: row.publishedAt?.toISOString() ?? null,
    public_url: publicUrl(deps, accountId, row.slug),
  };
}

function toArticle(deps: Deps, row: ArticleRow): HelpArticle {
  return {
    ...toSummary(deps, row.accountId, { ...row, excerpt: row.bodyText.slice(0, 240) }),
    body: row.body,
    created_at: row.createdAt.toISOString(),
  };
}

/** A web address made from a title: "Réinitialiser le mot de passe" → reinitialiser-le-mot-de-passe. */
export function slugify(title: string): string {
  const slug = title
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 80)
    .replace(/-+$/, '');
  return slug || 'article';
}

/** `base`, or base-2, base-3… whichever the account does not use yet. */
async function freeSlug(db: Db, accountId: number, base: string, exceptId?: number) {
  const taken = await slugsLike(db, {
    accountId,
    base,
    ...(exceptId === undefined ? {} : { exceptId }),
  });
  if (!taken.has(base)) return base;
  for (let n = 2; ; n += 1) if (!taken.has(`${base}-${n}`)) return `${base}-${n}`;
}

const slugTaken = (slug: string) =>
  conflict(
    apiText('Another article already uses the web address “{slug}”. Pick another one.', { slug }),
  );
const duplicateCategory = (name: string) =>
  conflict(apiText('A category named “{name}” already exists. Pick another name.', { name }));

async function checkCategory(db: Db, accountId: number, categoryId: number | null | undefined) {
  if (categoryId === null || categoryId === undefined) return;
  // Another account's category is "not found", like any id that is not the caller's.
  if (!(await findCategory(db, { accountId, id: categoryId })))
    throw badRequest('That category was not found. Reload the page and pick another one.');
}

// ---- Categories ----

export async function categoriesOf(deps: Deps, accountId: number): Promise<HelpCategory[]> {
  return listCategories(deps.db, { accountId, publishedOnly: false });
}

async function categoryWithCount(deps: Deps, accountId: number, id: number) {
  const found = (await categoriesOf(deps, accountId)).find((c) => c.id === id);
  if (!found) throw notFound('That category was not found.');
  return found;
}

export async function createCategory(
  deps: Deps,
  agent: AgentContext,
  body: HelpCategoryCreateBody,
): Promise<HelpCategory> {
  const { accountId } = agent;
  if (await findCategoryByName(deps.db, { accountId, name: body.name }))
    throw duplicateCategory(body.name);
  const position = body.position ?? (await nextCategoryPosition(deps.db, { accountId }));
  try {
    const [row] = await deps.db
      .insert(categories)
      .values({ accountId, name: body.name, position })
      .returning();
    return { id: row!.id, name: row!.name, position: row!.position, article_count: 0 };
  } catch (err) {
    if (isUniqueViolation(err)) throw duplicateCategory(body.name);
    throw err;
  }
}

export async function updateCategory(
  deps: Deps,
  agent: AgentContext,
  id: number,
  body: HelpCategoryUpdateBody,
): Promise<HelpCategory> {
  const { accountId } = agent;
  if (!(await findCategory(deps.db, { accountId, id })))
    throw notFound('That category was not found.');
  if (
    body.name !== undefined &&
    (await findCategoryByName(deps.db, { accountId, name: body.name, exceptId: id }))
  )
    throw duplicateCategory(body.name);
  try {
    await deps.db
      .update(categories)
      .set({
        ...(body.name !== undefined ? { name: body.name } : {}),
        ...(body.position !== undefined ? { position: body.position } : {}),
      })
      .where(and(eq(categories.accountId, accountId), eq(categories.id, id)));
  } catch (err) {
    if (isUniqueViolation(err) && body.name !== undefined) throw duplicateCategory(body.name);
    throw err;
  }
  return categoryWithCount(deps, accountId, id);
}

/** Deletes the category; its articles stay, without a category. */
export async function deleteCategory(deps: Deps, agent: AgentContext, id: number) {
  const { accountId } = agent;
  return deps.db.transaction(async (tx) => {
    const category = await findCategory(tx, { accountId, id });
    if (!category) throw notFound('That category was not found.');
    const uncategorized = await countArticlesInCategory(tx, { accountId, categoryId: id });
    await tx
      .update(articles)
      .set({ categoryId: null })
      .where(and(eq(articles.accountId, accountId), eq(articles.categoryId, id)));
    await tx
      .delete(categories)
      .where(and(eq(categories.accountId, accountId), eq(categories.id, id)));
    await recordAudit(tx, {
      accountId,
      userId: agent.userId,
      action: 'help_center_category_deleted',
      details: { category_id: id, name: category.name, uncategorized_articles: uncategorized },
    });
    return { ok: true as const, uncategorized_articles: uncategorized };
  });
}

// ---- Articles ----

export async function articlesOf(
  deps: Deps,
  accountId: number,
  query: HelpArticleListQuery,
): Promise<HelpArticleSummary[]> {
  const rows = await listArticles(deps.db, {
    accountId,
    search: query.q,
    categoryId: query.category_id,
    status: query.status,
  });
  return rows.map((r) => toSummary(deps, accountId, r));
}

export async function articleOf(deps: Deps, accountId: number, id: number): Promise<HelpArticle> {
  const row = await findArticle(deps.db, { accountId, id });
  if (!row) throw notFound('That article was not found.');
  return toArticle(deps, row);
}

export async function createArticle(
  deps: Deps,
  agent: AgentContext,
  input: HelpArticleCreateBody,
): Promise<HelpArticle> {
  const { accountId } = agent;
  const categoryId = input.category_id ?? null;
  await checkCategory(deps.db, accountId, categoryId);
  let slug: string;
  if (input.slug) {
    if (await findArticleBySlug(deps.db, { accountId, slug: input.slug, publishedOnly: false }))
      throw slugTaken(input.slug);
    slug = input.slug;
  } else {
    slug = await freeSlug(deps.db, accountId, slugify(input.title));
  }
  const status = input.status ?? 'draft';
  const now = new Date();
  try {
    const [row] = await deps.db
      .insert(articles)
      .values({
        accountId,
        categoryId,
        title: input.title,
        slug,
        ...cleanBody(input.body ?? ''),
        status,
        locale: input.locale ?? 'en',
        publishedAt: status === 'published' ? now : null,
        createdAt: now,
        updatedAt: now,
      })
      .returning();
    return toArticle(deps, row!);
  } catch (err) {
    if (isUniqueViolation(err)) throw slugTaken(slug);
    throw err;
  }
}

export async function updateArticle(
  deps: Deps,
  agent: AgentContext,
  id: number,
  input: HelpArticleUpdateBody,
): Promise<HelpArticle> {
  const { accountId } = agent;
  const current = await findArticle(deps.db, { accountId, id });
  if (!current) throw notFound('That article was not found.');
  await checkCategory(deps.db, accountId, input.category_id);
  if (input.locale !== undefined && input.locale !== current.locale)
    await checkOwnLanguage(deps.db, accountId, id, input.locale);
  if (input.slug !== undefined && input.slug !== current.slug) {
    const other = await findArticleBySlug(deps.db, {
      accountId,
      slug: input.slug,
      publishedOnly: false,
    });
    if (other && other.id !== id) throw slugTaken(input.slug);
  }
  const publishing = input.status === 'published' && current.status !== 'published';
  const unpublishing = input.status === 'draft';
  try {
    const [row] = await deps.db
      .update(articles)
      .set({
        ...(input.title !== undefined ? { title: input.title } : {}),
        ...(input.slug !== undefined ? { slug: input.slug } : {}),
        ...(input.body !== undefined ? cleanBody(input.body) : {}),
        ...(input.category_id !== undefined ? { categoryId: input.category_id } : {}),
        ...(input.status !== undefined ? { status: input.status } : {}),
        ...(input.locale !== undefined ? { locale: input.locale } : {}),
        ...(publishing ? { publishedAt: new Date() } : unpublishing ? { publishedAt: null } : {}),
        updatedAt: new Date(),
      })
      .where(and(eq(articles.accountId, accountId), eq(articles.id, id)))
      .returning();
    if (!row) throw notFound('That article was not found.');
    return toArticle(deps, row);
  } catch (err) {
    if (isUniqueViolation(err) && input.slug !== undefined) throw slugTaken(input.slug);
    throw err;
  }
}

export async function deleteArticle(deps: Deps, agent: AgentContext, id: number) {
  await deps.db.transaction(async (tx) => {
    const [deleted] = await tx
      .delete(articles)
      .where(and(eq(articles.accountId, agent.accountId), eq(articles.id, id)))
      .returning({ id: articles.id, title: articles.title });
    if (!deleted) throw notFound('That article was not found.');
    await recordAudit(tx, {
      accountId: agent.accountId,
      userId: agent.userId,
      action: 'help_center_article_deleted',
      details: { article_id: id, name: deleted.title },
    });
  });
}

// ---- The public help center: published articles only, no sign-in ----

const NO_HELP_CENTER = apiText('That help center was not found.');

/**
 * `helpcenter` is the operator's own help center (OPERATOR_ACCOUNT_ID, or the demo workspace);
 * a number is that account's. A workspace has a public help center once it publishes an
 * article: until then (and for ids that do not exist) the answer is 404, so account names
 * cannot be listed by trying ids.
 */
async function resolveCenter(deps: Deps, center: string) {
  const accountId =
    center === HELP_CENTER_DEFAULT
      ? await operatorAccountId(deps)
      : /^\d{1,10}$/.test(center) && Number(center) <= 2_147_483_647
        ? Number(center)
        : null;
  if (accountId === null) throw notFound(NO_HELP_CENTER);
  const account = await findAccount(deps.db, accountId);
  if (!account || !(await hasPublishedArticles(deps.db, { accountId })))
    throw notFound(NO_HELP_CENTER);
  return { account_id: account.id, name: account.name };
}

const publicSummary = (s: HelpArticleSummary): PublicHelpArticleSummary => ({
  id: s.id,
  title: s.title,
  slug: s.slug,
  category_id: s.category_id,
  locale: s.locale,
  excerpt: s.excerpt,
  updated_at: s.updated_at,
});

/**
 * The centre's categories and published articles, each article in the visitor's best language
 * (docs/product/help-center.md, "Languages"); a search finds words of any of its languages.
 */
export async function publicHelpCenter(
  deps: Deps,
  center: string,
  query: { q?: string | undefined; category_id?: number | undefined; lang?: string | undefined },
  accepted: readonly string[] = [],
): Promise<PublicHelpCenter> {
  const info = await resolveCenter(deps, center);
  const accountId = info.account_id;
  const [cats, list] = await Promise.all([
    listCategories(deps.db, { accountId, publishedOnly: true }),
    articlesOf(deps, accountId, {
      status: 'published',
      ...(query.q ? { q: query.q } : {}),
      ...(query.category_id ? { category_id: query.category_id } : {}),
    }),
  ]);
  const wanted: WantedLanguage = { lang: query.lang, accepted };
  return {
    help_center: info,
    categories: cats.filter((c) => c.article_count > 0),
    articles: await localizeSummaries(deps.db, accountId, list.map(publicSummary), wanted),
  };
}

/** One published article, in the visitor's best language, with the languages it has. */
export async function publicArticle(
  deps: Deps,
  center: string,
  slug: string,
  wanted: WantedLanguage = { accepted: [] },
): Promise<PublicHelpArticle> {
  const info = await resolveCenter(deps, center);
  const row = await findArticleBySlug(deps.db, {
    accountId: info.account_id,
    slug,
    publishedOnly: true,
  });
  if (!row) throw notFound('That article was not found.');
  const category =
    row.categoryId === null
      ? null
      : await findCategory(deps.db, { accountId: info.account_id, id: row.categoryId });
  const { article, languages } = await localizeArticle(
    deps.db,
    info.account_id,
    { ...publicSummary(toArticle(deps, row)), body: row.body },
    wanted,
  );
  return {
    help_center: info,
    article,
    category: category ? { id: category.id, name: category.name } : null,
    languages,
  };
}
