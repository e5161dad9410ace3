import { useState } from 'react';
import { Alert, Button, Flex, Form, Popconfirm, Select, theme, Typography } from 'antd';
import { t } from '@lingui/core/macro';
import { Trans } from '@lingui/react/macro';
import { ARTICLE_LOCALES, type ArticleLocale, type HelpArticle } from '@parley/contracts';
import { asErrorPayload, genericErrorMessage } from '../../../lib/api-error';
import { LOCALE_NAMES } from '../../../lib/i18n';
import { toast } from '../../../lib/toast';
import {
  useDeleteHelpArticleTranslationMutation,
  useGetHelpArticleTranslationsQuery,
} from '../api/help-center-api';
import { TranslationForm } from './translation-form';

/**
 * The article editor's "Translations" section (docs/product/help-center.md, "Languages"): the
 * language the article is written in (saved with the article), and its translation in each of
 * the other languages the app speaks, added, changed and deleted one at a time.
 */
export function ArticleTranslations({
  article,
  locale,
  onLocaleChange,
  localeError,
  canManage,
  disabled,
}: {
  article: HelpArticle | null;
  locale: ArticleLocale;
  onLocaleChange: (locale: ArticleLocale) => void;
  localeError?: string | undefined;
  canManage: boolean;
  disabled: boolean;
}) {
  const { token } = theme.useToken();
  return (
    <section
      aria-labelledby="article-translations"
      style={{
        marginTop: token.marginXL,
        paddingTop: token.paddingMD,
        borderTop: `1px solid ${token.colorBorderSecondary}`,
      }}
    >
      <Typography.Title level={4} id="article-translations" style={{ marginTop: 0 }}>
        <Trans>Translations</Trans>
      </Typography.Title>
      <Form layout="vertical" disabled={!canManage || disabled} onFinish={() => undefined}>
        <Form.Item
          label={t`Written in`}
          htmlFor="article-locale"
          validateStatus={localeError ? 'error' : undefined}
          help={
            localeError ??
            t`Visitors read the article in their own language when it has a translation in it, else in this one.`
          }
          style={{ maxWidth: 320 }}
        >
          <Select<ArticleLocale>
            id="article-locale"
            value={locale}
            onChange={onLocaleChange}
            options={ARTICLE_LOCALES.map((value) => ({ value, label: LOCALE_NAMES[value] }))}
          />
        </Form.Item>
      </Form>
      {article ? (
        <TranslationList article={article} canManage={canManage} />
      ) : (
        <Typography.Text type="secondary">
          <Trans>Save the article to add translations.</Trans>
        </Typography.Text>
      )}
    </section>
  );
}

function TranslationList({ article, canManage }: { article: HelpArticle; canManage: boolean }) {
  const { token } = theme.useToken();
  const { data, error } = useGetHelpArticleTranslationsQuery(article.id);
  const [remove, { isLoading: deleting }] = useDeleteHelpArticleTranslationMutation();
  const [editing, setEditing] = useState<ArticleLocale | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  if (error)
    return (
      <Alert
        type="error"
        showIcon
        title={asErrorPayload(error)?.message ?? genericErrorMessage()}
      />
    );
  const translations = new Map((data?.translations ?? []).map((tr) => [tr.locale, tr]));
  const others = ARTICLE_LOCALES.filter((l) => l !== article.locale);

  const onDelete = async (locale: ArticleLocale) => {
    setFailure(null);
    try {
      await remove({ id: article.id, locale }).unwrap();
      toast.success(t`Translation deleted`, LOCALE_NAMES[locale]);
      if (editing === locale) setEditing(null);
    } catch (err) {
      setFailure(asErrorPayload(err)?.message ?? genericErrorMessage());
    }
  };

  return (
    <>
      {failure && (
        <Alert type="error" showIcon title={failure} style={{ marginBottom: token.marginSM }} />
      )}
      <ul style={{ listStyle: 'none', margin: 0, padding: 0 }}>
        {others.map((locale) => {
          const translation = translations.get(locale) ?? null;
          const language = LOCALE_NAMES[locale];
          return (
            <li
              key={locale}
              style={{
                paddingBlock: token.paddingXS,
                borderBottom: `1px solid ${token.colorBorderSecondary}`,
              }}
            >
              <Flex align="center" justify="space-between" gap={token.marginXS} wrap>
                <div style={{ minWidth: 0 }}>
                  <Typography.Text strong lang={locale}>
                    {language}
                  </Typography.Text>{' '}
                  {translation ? (
                    <Typography.Text lang={locale} dir="auto" ellipsis style={{ maxWidth: 320 }}>
                      {translation.title}
                    </Typography.Text>
                  ) : (
                    <Typography.Text type="secondary">
                      <Trans>Not translated</Trans>
                    </Typography.Text>
                  )}
                </div>
                {canManage && editing !== locale && (
                  <Flex gap={token.marginXXS} wrap>
                    <Button
                      aria-label={
                        translation ? t`Edit: ${language}` : t`Add translation: ${language}`
                      }
                      onClick={() => setEditing(locale)}
                    >
                      {translation ? <Trans>Edit</Trans> : <Trans>Add translation</Trans>}
                    </Button>
                    {translation && (
                      <Popconfirm
                        title={t`Delete the ${language} translation?`}
                        description={t`Visitors who read it get the article in another language.`}
                        okText={t`Delete`}
                        cancelText={t`Cancel`}
                        okButtonProps={{ danger: true }}
                        onConfirm={() => onDelete(locale)}
                      >
                        <Button danger disabled={deleting} aria-label={t`Delete: ${language}`}>
                          <Trans>Delete</Trans>
                        </Button>
                      </Popconfirm>
                    )}
                  </Flex>
                )}
              </Flex>
              {editing === locale && (
                <TranslationForm
                  articleId={article.id}
                  locale={locale}
                  translation={translation}
                  onDone={() => setEditing(null)}
                />
              )}
            </li>
          );
        })}
      </ul>
    </>
  );
}
