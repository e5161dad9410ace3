import { useEffect, useRef, useState, type CSSProperties, type ReactNode } from 'react';
import { Link, useParams, useSearchParams } from 'react-router';
import { Button, Empty, Input, Result, Spin, Tag, theme, Typography } from 'antd';
import { t } from '@lingui/core/macro';
import { Trans } from '@lingui/react/macro';
import { ArrowLeftOutlined, BookOutlined } from '@ant-design/icons';
import {
  HELP_CENTER_DEFAULT,
  helpCenterArticlePagePath,
  helpCenterPagePath,
  type PublicHelpArticle,
  type PublicHelpCenter,
} from '@parley/contracts';
import { asErrorPayload, genericErrorMessage } from '../../../lib/api-error';
import { formatDate, formatNumber } from '../../../lib/format';
import { isCanceledRequest } from '../../../lib/request';
import { publicHelpCenterApi } from '../api/help-center-api';
import styles from './public-help-center.module.css';

type Load<T> =
  | { status: 'loading' }
  | { status: 'ready'; data: T }
  | { status: 'failed'; message: string; missing: boolean };

/** Loads a public resource; a new key aborts the previous call. The last answer stays shown while the next one loads. */
function usePublic<T>(key: string, load: (signal: AbortSignal) => Promise<T | { canceled: true }>) {
  const [state, setState] = useState<{ key: string; value: Load<T> }>({
    key: '',
    value: { status: 'loading' },
  });
  const latestLoad = useRef(load);
  useEffect(() => {
    latestLoad.current = load;
  });
  useEffect(() => {
    const controller = new AbortController();
    latestLoad.current(controller.signal).then(
      (result) => {
        if (!isCanceledRequest(result))
          setState({ key, value: { status: 'ready', data: result as T } });
      },
      (failure: unknown) => {
        const payload = asErrorPayload(failure);
        setState({
          key,
          value: {
            status: 'failed',
            message: payload?.message ?? genericErrorMessage(),
            missing: payload?.status === 404,
          },
        });
      },
    );
    return () => controller.abort();
  }, [key]);
  if (state.key === key || state.value.status === 'ready') return state.value;
  return { status: 'loading' } as Load<T>;
}

function Shell({ name, center, children }: { name?: string; center: string; children: ReactNode }) {
  const { token } = theme.useToken();
  // The light borders of the cards: global.css has no variable for them yet, so the theme's.
  const surfaces = { '--help-center-border': token.colorBorderSecondary } as CSSProperties;
  return (
    <div className={styles.page} style={surfaces}>
      <header className={styles.header}>
        <div className={styles.inner}>
          <Link to={helpCenterPagePath(center)} className={styles.brand} dir="auto">
            <BookOutlined aria-hidden /> {name ? t`${name} Help Center` : t`Help Center`}
          </Link>
        </div>
      </header>
      <main className={styles.inner}>{children}</main>
    </div>
  );
}

function Failed({
  center,
  message,
  missing,
}: {
  center: string;
  message: string;
  missing: boolean;
}) {
  return (
    <Shell center={center}>
      <Result
        status={missing ? '404' : 'error'}
        title={missing ? t`Nothing here` : t`Something went wrong`}
        subTitle={message}
        extra={
          missing && center !== HELP_CENTER_DEFAULT ? undefined : (
            <Button onClick={() => window.location.reload()}>
              <Trans>Try again</Trans>
            </Button>
          )
        }
      />
    </Shell>
  );
}

/**
 * /help-center/:center — the public help center (/help-center/helpcenter: docs/product/screens.md): no sign-in,
 * no realtime connection. `helpcenter` is the operator's own; an account id shows that
 * workspace's. Search box, categories and the published articles.
 */
export function PublicHelpCenterPage() {
  const { center = HELP_CENTER_DEFAULT } = useParams();
  const [params, setParams] = useSearchParams();
  const q = params.get('q')?.trim() ?? '';
  const categoryParam = Number(params.get('category'));
  const categoryId =
    Number.isInteger(categoryParam) && categoryParam > 0 ? categoryParam : undefined;
  const [typed, setTyped] = useState(q);
  const state = usePublic<PublicHelpCenter>(`${center}|${q}|${categoryId ?? ''}`, (signal) =>
    publicHelpCenterApi.center(center, { q, category_id: categoryId }, signal),
  );

  const go = (next: { q?: string; category?: number | undefined }) => {
    const search = new URLSearchParams();
    const nextQ = next.q ?? q;
    if (nextQ) search.set('q', nextQ);
    const nextCategory = 'category' in next ? next.category : categoryId;
    if (nextCategory) search.set('category', String(nextCategory));
    setParams(search);
  };

  if (state.status === 'failed') return <Failed center={center} {...state} />;
  if (state.status === 'loading')
    return (
      <Shell center={center}>
        <div className={styles.loading}>
          <Spin aria-label={t`Loading`} />
        </div>
      </Shell>
    );

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
              <li key={a.id}>
                <Link
                  to={helpCenterArticlePagePath(center, a.slug)}
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

/** /help-center/:center/articles/:slug — one published article. */
export function PublicHelpArticlePage() {
  const { center = HELP_CENTER_DEFAULT, slug = '' } = useParams();
  const state = usePublic<PublicHelpArticle>(`${center}|${slug}`, (signal) =>
    publicHelpCenterApi.article(center, slug, signal),
  );
  if (state.status === 'failed') return <Failed center={center} {...state} />;
  if (state.status === 'loading')
    return (
      <Shell center={center}>
        <div className={styles.loading}>
          <Spin aria-label={t`Loading`} />
        </div>
      </Shell>
    );
  const { help_center, article, category } = state.data;
  const updated = formatDate(article.updated_at, { dateStyle: 'long' });
  return (
    <Shell name={help_center.name} center={center}>
      <Link to={helpCenterPagePath(center)} className={styles.back}>
        <ArrowLeftOutlined aria-hidden className={styles.backIcon} /> <Trans>All articles</Trans>
      </Link>
      <article className={styles.article}>
        {category && (
          <Link
            to={`${helpCenterPagePath(center)}?category=${category.id}`}
            className={styles.muted}
            dir="auto"
          >
            {category.name}
          </Link>
        )}
        <Typography.Title level={1} style={{ fontSize: 30, marginTop: 4 }} dir="auto">
          {article.title}
        </Typography.Title>
        <p className={styles.muted}>
          <Trans>Updated {updated}</Trans>
        </p>
        {/* The server keeps only an allow-list of elements and attributes (docs/ARCHITECTURE.md). */}
        <div
          className={styles.body}
          dir="auto"
          dangerouslySetInnerHTML={{ __html: article.body }}
        />
      </article>
    </Shell>
  );
}
