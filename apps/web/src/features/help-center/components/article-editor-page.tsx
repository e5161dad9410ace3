import { useContext, useState } from 'react';
import {
  Alert,
  Button,
  ConfigProvider,
  Flex,
  Form,
  Input,
  Popconfirm,
  Select,
  Space,
  theme,
  Typography,
} from 'antd';
import { t } from '@lingui/core/macro';
import { Trans } from '@lingui/react/macro';
import { ArrowLeftOutlined, ExportOutlined } from '@ant-design/icons';
import { Link, useNavigate, useParams } from 'react-router';
import { ARTICLE_TITLE_MAX, type ArticleStatus, type HelpArticle } from '@parley/contracts';
import { useAppSelector } from '../../../app/hooks';
import { PageSpin } from '../../../components/page-spin';
import { asErrorPayload, genericErrorMessage } from '../../../lib/api-error';
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

interface Draft {
  title: string;
  slug: string;
  category_id: number | null;
  body: string;
}

/** Where a published article lives on the help center: a web address, the same in every language. */
const ARTICLE_PATH_PREFIX = '/articles/';

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
      <Alert type="error" showIcon title={payload?.message ?? genericErrorMessage()} />
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
      title={t`That article was not found.`}
      description={
        <Link to={HELP_CENTER_SETTINGS_PATH}>
          <Trans>Back to all articles</Trans>
        </Link>
      }
    />
  );
}

function ArticleEditor({ article }: { article: HelpArticle | null }) {
  const { token } = theme.useToken();
  // The back arrow points the way the page reads.
  const { direction } = useContext(ConfigProvider.ConfigContext);
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
      setErrors({ title: t`Give the article a title.` });
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
      const articleTitle = saved.title;
      toast.success(
        changed
          ? nextStatus === 'published'
            ? t`Article published`
            : t`Article unpublished`
          : t`Article saved`,
        t`“${articleTitle}”`,
      );
      setDraft(fromArticle(saved));
      if (!article) navigate(`${HELP_CENTER_SETTINGS_PATH}/${saved.id}`, { replace: true });
    } catch (failure) {
      const payload = asErrorPayload(failure);
      const message = payload?.message ?? genericErrorMessage();
      if (payload?.status === 409) setErrors({ slug: message });
      else setErrors({ form: message });
    }
  };

  const onDelete = async () => {
    if (!article) return;
    try {
      await remove(article.id).unwrap();
      const articleTitle = article.title;
      toast.success(t`Article deleted`, t`“${articleTitle}” is gone.`);
      navigate(HELP_CENTER_SETTINGS_PATH);
    } catch (failure) {
      setErrors({ form: asErrorPayload(failure)?.message ?? genericErrorMessage() });
    }
  };

  return (
    <div style={{ maxWidth: 900 }}>
      <Link to={HELP_CENTER_SETTINGS_PATH}>
        <ArrowLeftOutlined rotate={direction === 'rtl' ? 180 : 0} /> <Trans>All articles</Trans>
      </Link>
      <Flex
        align="center"
        justify="space-between"
        gap={token.marginMD}
        style={{ marginBlock: `${token.marginSM}px ${token.marginMD + token.marginXS}px` }}
      >
        <Flex align="center" gap={token.marginSM}>
          <Typography.Title level={3} style={{ margin: 0 }}>
            {article ? t`Edit article` : t`New article`}
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
            <Trans>View on help center</Trans>
          </Button>
        )}
      </Flex>
      {!canManage && (
        <Alert
          type="info"
          showIcon
          style={{ marginBottom: token.marginMD }}
          title={t`Only owners and admins can change articles.`}
        />
      )}
      {errors.form && (
        <Alert type="error" showIcon style={{ marginBottom: token.marginMD }} title={errors.form} />
      )}
      <Form layout="vertical" disabled={!canManage || busy} onFinish={() => undefined}>
        <Form.Item
          label={t`Title`}
          htmlFor="article-title"
          validateStatus={errors.title ? 'error' : undefined}
          help={errors.title}
        >
          <Input
            id="article-title"
            value={draft.title}
            maxLength={ARTICLE_TITLE_MAX}
            dir="auto"
            onChange={(e) => change({ title: e.target.value })}
          />
        </Form.Item>
        <Flex gap={token.marginMD}>
          <Form.Item
            label={t`Web address`}
            htmlFor="article-slug"
            style={{ flex: 1 }}
            validateStatus={errors.slug ? 'error' : undefined}
            help={
              errors.slug ??
              t`Lowercase letters, digits and dashes. Left empty, it is made from the title.`
            }
          >
            <Input
              id="article-slug"
              dir="ltr"
              prefix={<span style={{ color: token.colorTextTertiary }}>{ARTICLE_PATH_PREFIX}</span>}
              placeholder={t`reset-your-password`}
              value={draft.slug}
              onChange={(e) => change({ slug: e.target.value })}
            />
          </Form.Item>
          <Form.Item label={t`Category`} htmlFor="article-category" style={{ width: 260 }}>
            <Select<number | 'none'>
              id="article-category"
              value={draft.category_id ?? 'none'}
              onChange={(value) => change({ category_id: value === 'none' ? null : value })}
              options={[
                { value: 'none', label: t`No category` },
                ...categories.map((c) => ({ value: c.id, label: c.name })),
              ]}
            />
          </Form.Item>
        </Flex>
        <Form.Item label={t`Article`}>
          <RichTextEditor
            label={t`Article text`}
            value={draft.body}
            onChange={(body) => change({ body })}
            disabled={!canManage || busy}
          />
        </Form.Item>
      </Form>
      {canManage && (
        <Flex justify="space-between" style={{ marginTop: token.marginXS }}>
          <Space>
            {status === 'draft' ? (
              <>
                <Button type="primary" loading={busy} onClick={() => void save('published')}>
                  <Trans>Publish</Trans>
                </Button>
                <Button loading={busy} onClick={() => void save('draft')}>
                  <Trans>Save draft</Trans>
                </Button>
              </>
            ) : (
              <>
                <Button type="primary" loading={busy} onClick={() => void save('published')}>
                  <Trans>Save</Trans>
                </Button>
                <Button loading={busy} onClick={() => void save('draft')}>
                  <Trans>Unpublish</Trans>
                </Button>
              </>
            )}
          </Space>
          {article && (
            <Popconfirm
              title={t`Delete this article?`}
              description={t`Links to it stop working. This cannot be undone.`}
              okText={t`Delete`}
              cancelText={t`Cancel`}
              okButtonProps={{ danger: true }}
              onConfirm={() => onDelete()}
            >
              <Button danger disabled={busy}>
                <Trans>Delete</Trans>
              </Button>
            </Popconfirm>
          )}
        </Flex>
      )}
    </div>
  );
}
