import { useEffect, useRef, useState, type ReactNode } from 'react';
import { Link, useParams, useSearchParams } from 'react-router';
import { Button, Empty, Input, Result, Spin, Tag, Typography } from 'antd';
import { ArrowLeftOutlined, BookOutlined } from '@ant-design/icons';
import {
  HELP_CENTER_DEFAULT,
  helpCenterArticlePagePath,
  helpCenterPagePath,
  type PublicHelpArticle,
  type PublicHelpCenter,
} from '@parley/contracts';
import { asErrorPayload, GENERIC_ERROR_MESSAGE } from '../../../lib/api-error';
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
            message: payload?.message ?? GENERIC_ERROR_MESSAGE,
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
  return (
    <div className={styles.page}>
      <header className={styles.header}>
        <div className={styles.inner}>
          <Link to={helpCenterPagePath(center)} className={styles.brand}>
            <BookOutlined aria-hidden /> {name ? `${name} Help Center` : 'Help Center'}
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
        title={missing ? 'Nothing here' : 'Something went wrong'}
        subTitle={message}
        extra={
          missing && center !== HELP_CENTER_DEFAULT ? undefined : (
            <Button onClick={() => window.location.reload()}>Try again</Button>
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
          <Spin aria-label="Loading" />
        </div>
      </Shell>
    );

  const { help_center, categories, articles } = state.data;
  const categoryName = new Map(categories.map((c) => [c.id, c.name]));
  const heading = q
    ? `Results for “${q}”`
    : categoryId
      ? (categoryName.get(categoryId) ?? 'Articles')
      : 'All articles';

  return (
    <Shell name={help_center.name} center={center}>
      <section className={styles.hero}>
        <Typography.Title level={1} style={{ margin: '0 0 16px', fontSize: 28 }}>
          How can we help?
        </Typography.Title>
        <Input.Search
          aria-label="Search the help center"
          placeholder="Search articles"
          size="large"
          allowClear
          value={typed}
          onChange={(e) => setTyped(e.target.value)}
          onSearch={(value) => go({ q: value.trim() })}
          enterButton="Search"
        />
      </section>
      {categories.length > 0 && (
        <nav aria-label="Categories" className={styles.categories}>
          <Tag.CheckableTag checked={!categoryId} onChange={() => go({ category: undefined })}>
            All
          </Tag.CheckableTag>
          {categories.map((c) => (
            <Tag.CheckableTag
              key={c.id}
              checked={categoryId === c.id}
              onChange={() => go({ category: c.id })}
            >
              {c.name} ({c.article_count})
            </Tag.CheckableTag>
          ))}
        </nav>
      )}
      <section aria-label={heading}>
        <Typography.Title level={2} style={{ fontSize: 20 }}>
          {heading}
        </Typography.Title>
        {articles.length === 0 ? (
          <Empty
            description={
              q ? `No article matches “${q}”. Try other words.` : 'No articles here yet.'
            }
          />
        ) : (
          <ul className={styles.list}>
            {articles.map((a) => (
              <li key={a.id}>
                <Link to={helpCenterArticlePagePath(center, a.slug)} className={styles.articleLink}>
                  {a.title}
                </Link>
                {a.category_id !== null && categoryName.has(a.category_id) && (
                  <span className={styles.muted}> · {categoryName.get(a.category_id)}</span>
                )}
                {a.excerpt && <p className={styles.excerpt}>{a.excerpt}</p>}
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
          <Spin aria-label="Loading" />
        </div>
      </Shell>
    );
  const { help_center, article, category } = state.data;
  return (
    <Shell name={help_center.name} center={center}>
      <Link to={helpCenterPagePath(center)} className={styles.back}>
        <ArrowLeftOutlined aria-hidden /> All articles
      </Link>
      <article className={styles.article}>
        {category && (
          <Link
            to={`${helpCenterPagePath(center)}?category=${category.id}`}
            className={styles.muted}
          >
            {category.name}
          </Link>
        )}
        <Typography.Title level={1} style={{ fontSize: 30, marginTop: 4 }}>
          {article.title}
        </Typography.Title>
        <p className={styles.muted}>
          Updated{' '}
          {new Date(article.updated_at).toLocaleDateString(undefined, { dateStyle: 'long' })}
        </p>
        {/* The server keeps only an allow-list of elements and attributes (docs/ARCHITECTURE.md). */}
        <div className={styles.body} dangerouslySetInnerHTML={{ __html: article.body }} />
      </article>
    </Shell>
  );
}
