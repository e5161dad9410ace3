import { useState } from 'react';
import { Alert, Button, Flex, Form, Input, Popconfirm, Select, Space, Typography } from 'antd';
import { ArrowLeftOutlined, ExportOutlined } from '@ant-design/icons';
import { Link, useNavigate, useParams } from 'react-router';
import { ARTICLE_TITLE_MAX, type ArticleStatus, type HelpArticle } from '@parley/contracts';
import { useAppSelector } from '../../../app/hooks';
import { PageSpin } from '../../../components/page-spin';
import { asErrorPayload, GENERIC_ERROR_MESSAGE } from '../../../lib/api-error';
import { toast } from '../../../lib/toast';
import {
  useCreateHelpArticleMutation,
  useDeleteHelpArticleMutation,
  useGetHelpArticleQuery,
  useGetHelpCategoriesQuery,
  useUpdateHelpArticleMutation,
} from '../api/help-center-api';
import { HELP_CENTER_SETTINGS_PATH, StatusTag } from './help-center-settings-page';
import { RichTextEditor } from './rich-text-editor';
import { TEXT_TERTIARY } from '../../../app/theme';

interface Draft {
  title: string;
  slug: string;
  category_id: number | null;
  body: string;
}

const EMPTY: Draft = { title: '', slug: '', category_id: null, body: '' };
const fromArticle = (a: HelpArticle): Draft => ({
  title: a.title,
  slug: a.slug,
  category_id: a.category_id,
  body: a.body,
});

/** /settings/help-center-articles/new and /settings/help-center-articles/:articleId */
export function ArticleEditorPage() {
  const { articleId } = useParams();
  const id = articleId && /^\d+$/.test(articleId) ? Number(articleId) : null;
  const isNew = articleId === undefined || articleId === 'new';
  const { data: article, error: loadError } = useGetHelpArticleQuery(id ?? 0, {
    skip: id === null,
    refetchOnMountOrArgChange: true,
  });
  if (!isNew && id === null) return <ArticleNotFound />;
  if (loadError) {
    const payload = asErrorPayload(loadError);
    return payload?.status === 404 ? (
      <ArticleNotFound />
    ) : (
      <Alert type="error" showIcon title={payload?.message ?? GENERIC_ERROR_MESSAGE} />
    );
  }
  if (!isNew && !article) return <PageSpin />;
  return <ArticleEditor key={article?.id ?? 'new'} article={article ?? null} />;
}

function ArticleNotFound() {
  return (
    <Alert
      type="warning"
      showIcon
      title="That article was not found."
      description={<Link to={HELP_CENTER_SETTINGS_PATH}>Back to all articles</Link>}
    />
  );
}

function ArticleEditor({ article }: { article: HelpArticle | null }) {
  const navigate = useNavigate();
  const me = useAppSelector((state) => state.auth.me);
  const canManage = me ? me.permission_level !== 'agent' : true;
  const { data: categories = [] } = useGetHelpCategoriesQuery();
  const [draft, setDraft] = useState<Draft>(article ? fromArticle(article) : EMPTY);
  const [errors, setErrors] = useState<{ title?: string; slug?: string; form?: string }>({});
  const [create, { isLoading: creating }] = useCreateHelpArticleMutation();
  const [update, { isLoading: updating }] = useUpdateHelpArticleMutation();
  const [remove, { isLoading: deleting }] = useDeleteHelpArticleMutation();
  const busy = creating || updating || deleting;
  const status: ArticleStatus = article?.status ?? 'draft';

  // A saved article loaded again (after a save) shows what the server kept: the cleaned body.
  const [shown, setShown] = useState(article);
  if (article !== shown) {
    setShown(article);
    if (article) setDraft(fromArticle(article));
  }

  const change = (next: Partial<Draft>) => {
    setDraft((d) => ({ ...d, ...next }));
    if (errors.title || errors.slug || errors.form) setErrors({});
  };

  const save = async (nextStatus: ArticleStatus) => {
    if (!draft.title.trim()) {
      setErrors({ title: 'Give the article a title.' });
      return;
    }
    const body = {
      title: draft.title.trim(),
      body: draft.body,
      category_id: draft.category_id,
      status: nextStatus,
      ...(draft.slug.trim() ? { slug: draft.slug.trim().toLowerCase() } : {}),
    };
    try {
      const saved = article
        ? await update({ id: article.id, ...body }).unwrap()
        : await create(body).unwrap();
      const changed = nextStatus !== status;
      toast.success(
        changed
          ? nextStatus === 'published'
            ? 'Article published'
            : 'Article unpublished'
          : 'Article saved',
        `“${saved.title}”`,
      );
      setDraft(fromArticle(saved));
      if (!article) navigate(`${HELP_CENTER_SETTINGS_PATH}/${saved.id}`, { replace: true });
    } catch (failure) {
      const payload = asErrorPayload(failure);
      const message = payload?.message ?? GENERIC_ERROR_MESSAGE;
      if (payload?.status === 409) setErrors({ slug: message });
      else setErrors({ form: message });
    }
  };

  const onDelete = async () => {
    if (!article) return;
    try {
      await remove(article.id).unwrap();
      toast.success('Article deleted', `“${article.title}” is gone.`);
      navigate(HELP_CENTER_SETTINGS_PATH);
    } catch (failure) {
      setErrors({ form: asErrorPayload(failure)?.message ?? GENERIC_ERROR_MESSAGE });
    }
  };

  return (
    <div style={{ maxWidth: 900 }}>
      <Link to={HELP_CENTER_SETTINGS_PATH}>
        <ArrowLeftOutlined /> All articles
      </Link>
      <Flex align="center" justify="space-between" gap={16} style={{ margin: '12px 0 20px' }}>
        <Flex align="center" gap={12}>
          <Typography.Title level={3} style={{ margin: 0 }}>
            {article ? 'Edit article' : 'New article'}
          </Typography.Title>
          <StatusTag status={status} />
        </Flex>
        {article?.status === 'published' && (
          <Button
            href={article.public_url}
            target="_blank"
            rel="noopener noreferrer"
            icon={<ExportOutlined />}
          >
            View on help center
          </Button>
        )}
      </Flex>
      {!canManage && (
        <Alert
          type="info"
          showIcon
          style={{ marginBottom: 16 }}
          title="Only owners and admins can change articles."
        />
      )}
      {errors.form && (
        <Alert type="error" showIcon style={{ marginBottom: 16 }} title={errors.form} />
      )}
      <Form layout="vertical" disabled={!canManage || busy} onFinish={() => undefined}>
        <Form.Item
          label="Title"
          htmlFor="article-title"
          validateStatus={errors.title ? 'error' : undefined}
          help={errors.title}
        >
          <Input
            id="article-title"
            value={draft.title}
            maxLength={ARTICLE_TITLE_MAX}
            onChange={(e) => change({ title: e.target.value })}
          />
        </Form.Item>
        <Flex gap={16}>
          <Form.Item
            label="Web address"
            htmlFor="article-slug"
            style={{ flex: 1 }}
            validateStatus={errors.slug ? 'error' : undefined}
            help={
              errors.slug ??
              'Lowercase letters, digits and dashes. Left empty, it is made from the title.'
            }
          >
            <Input
              id="article-slug"
              prefix={<span style={{ color: TEXT_TERTIARY }}>/articles/</span>}
              placeholder="reset-your-password"
              value={draft.slug}
              onChange={(e) => change({ slug: e.target.value })}
            />
          </Form.Item>
          <Form.Item label="Category" htmlFor="article-category" style={{ width: 260 }}>
            <Select<number | 'none'>
              id="article-category"
              value={draft.category_id ?? 'none'}
              onChange={(value) => change({ category_id: value === 'none' ? null : value })}
              options={[
                { value: 'none', label: 'No category' },
                ...categories.map((c) => ({ value: c.id, label: c.name })),
              ]}
            />
          </Form.Item>
        </Flex>
        <Form.Item label="Article">
          <RichTextEditor
            label="Article text"
            value={draft.body}
            onChange={(body) => change({ body })}
            disabled={!canManage || busy}
          />
        </Form.Item>
      </Form>
      {canManage && (
        <Flex justify="space-between" style={{ marginTop: 8 }}>
          <Space>
            {status === 'draft' ? (
              <>
                <Button type="primary" loading={busy} onClick={() => void save('published')}>
                  Publish
                </Button>
                <Button loading={busy} onClick={() => void save('draft')}>
                  Save draft
                </Button>
              </>
            ) : (
              <>
                <Button type="primary" loading={busy} onClick={() => void save('published')}>
                  Save
                </Button>
                <Button loading={busy} onClick={() => void save('draft')}>
                  Unpublish
                </Button>
              </>
            )}
          </Space>
          {article && (
            <Popconfirm
              title="Delete this article?"
              description="Links to it stop working. This cannot be undone."
              okText="Delete"
              okButtonProps={{ danger: true }}
              onConfirm={() => onDelete()}
            >
              <Button danger disabled={busy}>
                Delete
              </Button>
            </Popconfirm>
          )}
        </Flex>
      )}
    </div>
  );
}
