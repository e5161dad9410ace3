import { useContext, useState } from 'react';
import { Alert, Button, ConfigProvider, Flex, Form, Input, Select, theme, Typography } from 'antd';
import { t } from '@lingui/core/macro';
import { Trans } from '@lingui/react/macro';
import { ArrowLeftOutlined, ExportOutlined } from '@ant-design/icons';
import { Link, useNavigate } from 'react-router';
import {
  ARTICLE_TITLE_MAX,
  type ArticleLocale,
  type ArticleStatus,
  type HelpArticle,
} from '@parley/contracts';
import { useAppSelector } from '../../../app/hooks';
import { asErrorPayload, genericErrorMessage } from '../../../lib/api-error';
import { splitApiError } from '../../../lib/form-errors';
import { toast } from '../../../lib/toast';
import {
  useCreateHelpArticleMutation,
  useDeleteHelpArticleMutation,
  useGetHelpCategoriesQuery,
  useUpdateHelpArticleMutation,
} from '../api/help-center-api';
import { ArticleEditorActions } from './article-editor-actions';
import { ArticleTranslations } from './article-translations';
import { HELP_CENTER_SETTINGS_PATH, StatusTag } from './help-center-settings-page';
import { RichTextEditor } from './rich-text-editor';

interface Draft {
  title: string;
  slug: string;
  category_id: number | null;
  body: string;
  locale: ArticleLocale;
}

/** Where a published article lives on the help center: a web address, the same in every language. */
const ARTICLE_PATH_PREFIX = '/articles/';

const EMPTY: Draft = { title: '', slug: '', category_id: null, body: '', locale: 'en' };
const fromArticle = (a: HelpArticle): Draft => ({
  title: a.title,
  slug: a.slug,
  category_id: a.category_id,
  body: a.body,
  locale: a.locale,
});

type Errors = { title?: string; slug?: string; locale?: string; form?: string };

/** The article's fields, its buttons and its translations (docs/product/help-center.md). */
export function ArticleEditor({ article }: { article: HelpArticle | null }) {
  const { token } = theme.useToken();
  // The back arrow points the way the page reads.
  const { direction } = useContext(ConfigProvider.ConfigContext);
  const navigate = useNavigate();
  const me = useAppSelector((state) => state.auth.me);
  const canManage = me ? me.permission_level !== 'agent' : true;
  const { data: categories = [] } = useGetHelpCategoriesQuery();
  const [draft, setDraft] = useState<Draft>(article ? fromArticle(article) : EMPTY);
  const [errors, setErrors] = useState<Errors>({});
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
    if (Object.values(errors).some(Boolean)) setErrors({});
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
      locale: draft.locale,
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
      // A web address in use (409) sits under its field, as do the fields the server names.
      const { fieldErrors, message } = splitApiError(failure, ['title', 'slug', 'locale']);
      const first = (name: keyof Errors) => fieldErrors[name]?.[0];
      if (asErrorPayload(failure)?.status === 409 && message) setErrors({ slug: message });
      else
        setErrors({
          title: first('title'),
          slug: first('slug'),
          locale: first('locale'),
          form: message ?? undefined,
        });
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
        {/* Side by side on a wide screen, one under the other on a phone. */}
        <Flex gap={token.marginMD} wrap>
          <Form.Item
            label={t`Web address`}
            htmlFor="article-slug"
            style={{ flex: 1, minWidth: 220 }}
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
        <ArticleEditorActions
          status={status}
          saved={article !== null}
          busy={busy}
          onSave={(next) => void save(next)}
          onDelete={() => void onDelete()}
        />
      )}
      <ArticleTranslations
        article={article}
        locale={draft.locale}
        onLocaleChange={(locale) => change({ locale })}
        localeError={errors.locale}
        canManage={canManage}
        disabled={busy}
      />
    </div>
  );
}
