import { Alert } from 'antd';
import { t } from '@lingui/core/macro';
import { Trans } from '@lingui/react/macro';
import { Link, useParams } from 'react-router';
import { PageSpin } from '../../../components/page-spin';
import { asErrorPayload, genericErrorMessage } from '../../../lib/api-error';
import { useGetHelpArticleQuery } from '../api/help-center-api';
import { ArticleEditor } from './article-editor';
import { HELP_CENTER_SETTINGS_PATH } from './help-center-settings-page';

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
