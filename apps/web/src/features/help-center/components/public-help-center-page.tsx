import { useState } from 'react';
import { Link, useParams, useSearchParams } from 'react-router';
import { Empty, Input, Tag, Typography } from 'antd';
import { t } from '@lingui/core/macro';
import { Trans } from '@lingui/react/macro';
import { ArrowLeftOutlined } from '@ant-design/icons';
import {
  HELP_CENTER_DEFAULT,
  HELP_CENTER_LANG_PARAM,
  helpCenterArticlePagePath,
  helpCenterPagePath,
  type PublicHelpArticle,
  type PublicHelpCenter,
} from '@parley/contracts';
import { formatDate, formatNumber } from '../../../lib/format';
import { isRightToLeft } from '../../../lib/i18n';
import { publicHelpCenterApi } from '../api/help-center-api';
import { LanguageSwitcher } from './language-switcher';
import { usePageLanguage, withLang } from './page-language';
import { Failed, Loading, Shell } from './public-help-center-shell';
import { usePublic } from './use-public-resource';
import styles from './public-help-center.module.css';

/**
 * /help-center/:center — the public help center (/help-center/helpcenter: docs/product/screens.md): no sign-in,
 * no realtime connection. `helpcenter` is the operator's own; an account id shows that
 * workspace's. Search box, categories and the published articles, each in the visitor's
 * language (`?lang=`, else the browser's: docs/product/help-center.md).
 */
export function PublicHelpCenterPage() {
  const { center = HELP_CENTER_DEFAULT } = useParams();
  const [params, setParams] = useSearchParams();
  const q = params.get('q')?.trim() ?? '';
  const lang = params.get(HELP_CENTER_LANG_PARAM)?.trim() || undefined;
  usePageLanguage(lang);
  const categoryParam = Number(params.get('category'));
  const categoryId =
    Number.isInteger(categoryParam) && categoryParam > 0 ? categoryParam : undefined;
  const [typed, setTyped] = useState(q);
  const state = usePublic<PublicHelpCenter>(
    `${center}|${q}|${categoryId ?? ''}|${lang ?? ''}`,
    (signal) => publicHelpCenterApi.center(center, { q, category_id: categoryId, lang }, signal),
  );

  const go = (next: { q?: string; category?: number | undefined }) => {
    const search = new URLSearchParams();
    const nextQ = next.q ?? q;
    if (nextQ) search.set('q', nextQ);
    const nextCategory = 'category' in next ? next.category : categoryId;
    if (nextCategory) search.set('category', String(nextCategory));
    if (lang) search.set(HELP_CENTER_LANG_PARAM, lang);
    setParams(search);
  };

  if (state.status === 'failed') return <Failed center={center} {...state} />;
  if (state.status === 'loading') return <Loading center={center} />;

  const { help_center, categories, articles } = state.data;
  const categoryName = new Map(categories.map((c) => [c.id, c.name]));
  const query = q;
  const heading = q
    ? t`Results for “${query}”`
    : categoryId
      ? (categoryName.get(categoryId) ?? t`Articles`)
      : t`All articles`;

  return (
    <Shell name={help_center.name} center={center}>
      <section className={styles.hero}>
        <Typography.Title level={1} style={{ margin: '0 0 16px', fontSize: 28 }}>
          <Trans>How can we help?</Trans>
        </Typography.Title>
        <Input.Search
          aria-label={t`Search the help center`}
          placeholder={t`Search articles`}
          size="large"
          allowClear
          value={typed}
          onChange={(e) => setTyped(e.target.value)}
          onSearch={(value) => go({ q: value.trim() })}
          enterButton={t`Search`}
        />
      </section>
      {categories.length > 0 && (
        <nav aria-label={t`Categories`} className={styles.categories}>
          <Tag.CheckableTag checked={!categoryId} onChange={() => go({ category: undefined })}>
            <Trans>All</Trans>
          </Tag.CheckableTag>
          {categories.map((c) => (
            <Tag.CheckableTag
              key={c.id}
              checked={categoryId === c.id}
              onChange={() => go({ category: c.id })}
            >
              <span dir="auto">
                {c.name} ({formatNumber(c.article_count)})
              </span>
            </Tag.CheckableTag>
          ))}
        </nav>
      )}
      <section aria-label={heading}>
        <Typography.Title level={2} style={{ fontSize: 20 }} dir="auto">
          {heading}
        </Typography.Title>
        {articles.length === 0 ? (
          <Empty
            description={
              q ? t`No article matches “${query}”. Try other words.` : t`No articles here yet.`
            }
          />
        ) : (
          <ul className={styles.list}>
            {articles.map((a) => (
              <li key={a.id} lang={a.locale}>
                <Link
                  to={withLang(helpCenterArticlePagePath(center, a.slug), lang)}
                  className={styles.articleLink}
                  dir="auto"
                >
                  {a.title}
                </Link>
                {a.category_id !== null && categoryName.has(a.category_id) && (
                  <span className={styles.muted}>
                    {' · '}
                    <bdi>{categoryName.get(a.category_id)}</bdi>
                  </span>
                )}
                {a.excerpt && (
                  <p className={styles.excerpt} dir="auto">
                    {a.excerpt}
                  </p>
                )}
              </li>
            ))}
          </ul>
        )}
      </section>
    </Shell>
  );
}

/**
 * /help-center/:center/articles/:slug — one published article, in the visitor's language
 * (`?lang=`, else the browser's, else its own: docs/product/help-center.md), with a switcher to
 * the others it has. Picked with the switcher, the whole page reads in that language.
 */
export function PublicHelpArticlePage() {
  const { center = HELP_CENTER_DEFAULT, slug = '' } = useParams();
  const [params] = useSearchParams();
  const lang = params.get(HELP_CENTER_LANG_PARAM)?.trim() || undefined;
  const state = usePublic<PublicHelpArticle>(`${center}|${slug}|${lang ?? ''}`, (signal) =>
    publicHelpCenterApi.article(center, slug, lang, signal),
  );
  usePageLanguage(lang);
  if (state.status === 'failed') return <Failed center={center} {...state} />;
  if (state.status === 'loading') return <Loading center={center} />;
  const { help_center, article, category, languages } = state.data;
  const updated = formatDate(article.updated_at, { dateStyle: 'long' });
  const home = helpCenterPagePath(center);
  return (
    <Shell name={help_center.name} center={center}>
      <Link to={withLang(home, lang)} className={styles.back}>
        <ArrowLeftOutlined aria-hidden className={styles.backIcon} /> <Trans>All articles</Trans>
      </Link>
      <article
        className={styles.article}
        lang={article.locale}
        dir={isRightToLeft(article.locale) ? 'rtl' : 'ltr'}
      >
        <LanguageSwitcher
          path={helpCenterArticlePagePath(center, article.slug)}
          languages={languages}
          current={article.locale}
        />
        {category && (
          <Link
            to={withLang(`${home}?category=${category.id}`, lang)}
            className={styles.muted}
            dir="auto"
          >
            {category.name}
          </Link>
        )}
        <Typography.Title level={1} style={{ fontSize: 30, marginTop: 4 }}>
          {article.title}
        </Typography.Title>
        <p className={styles.muted}>
          <Trans>Updated {updated}</Trans>
        </p>
        {/* The server keeps only an allow-list of elements and attributes (docs/ARCHITECTURE.md). */}
        <div className={styles.body} dangerouslySetInnerHTML={{ __html: article.body }} />
      </article>
    </Shell>
  );
}
