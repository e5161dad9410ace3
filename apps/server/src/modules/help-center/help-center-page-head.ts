import {
  ARTICLE_SLUG_MAX,
  HELP_CENTER_LANG_MAX,
  HELP_CENTER_LANG_PARAM,
  helpCenterArticlePagePath,
  type PublicHelpArticle,
} from '@parley/contracts';
import type { Deps } from '../../lib/deps';
import { AppError } from '../../lib/errors';
import { requestLanguages } from '../../lib/i18n';
import { publicArticle } from './help-center.service';

/**
 * What the served index.html of a public article page says in its head (plugins/web-app.ts puts
 * it there, escaped): the title, the language served, and the article's address in each of its
 * languages for search engines (docs/product/help-center.md, "Languages").
 */
export interface ArticlePageHead {
  title: string;
  lang: string;
  alternates: { hreflang: string; href: string }[];
}

/** The web app's article page: /help-center/:center/articles/:slug (apps/web route table). */
const ARTICLE_PAGE = /^\/help-center\/([^/]+)\/articles\/([^/]+)\/?$/;

const decoded = (part: string) => {
  try {
    return decodeURIComponent(part);
  } catch {
    return null;
  }
};

/**
 * The head of the page at `url` (path and query, as requested) when it is a published article
 * of a public help center; null for any other page, and for a center or article that is not
 * there (the web app then shows its own "not found"). The language served is picked as the
 * public API picks it: `?lang=`, else Accept-Language, else the article's own.
 */
export async function articlePageHead(
  deps: Deps,
  url: string,
  headers: { 'accept-language'?: string | string[] },
): Promise<ArticlePageHead | null> {
  const [pathname = '/', search = ''] = url.split('?', 2);
  const match = ARTICLE_PAGE.exec(pathname);
  if (!match) return null;
  const center = decoded(match[1]!);
  const slug = decoded(match[2]!)?.trim().toLowerCase();
  if (!center || !slug || slug.length > ARTICLE_SLUG_MAX) return null;
  const asked = new URLSearchParams(search).get(HELP_CENTER_LANG_PARAM)?.trim();
  let page: PublicHelpArticle;
  try {
    page = await publicArticle(deps, center, slug, {
      lang: asked && asked.length <= HELP_CENTER_LANG_MAX ? asked : undefined,
      accepted: requestLanguages(headers),
    });
  } catch (err) {
    if (err instanceof AppError && err.statusCode === 404) return null;
    throw err;
  }
  const address = `${deps.config.publicUrl}${helpCenterArticlePagePath(encodeURIComponent(center), page.article.slug)}`;
  return {
    title: `${page.article.title} · ${page.help_center.name}`,
    lang: page.article.locale,
    alternates: [
      ...page.languages.map((locale) => ({
        hreflang: locale,
        href: `${address}?${HELP_CENTER_LANG_PARAM}=${encodeURIComponent(locale)}`,
      })),
      // No ?lang=: the page picks by the browser's languages.
      { hreflang: 'x-default', href: address },
    ],
  };
}
