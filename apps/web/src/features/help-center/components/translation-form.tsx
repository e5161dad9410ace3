import { useState } from 'react';
import { Alert, Button, Flex, Form, Input, theme } from 'antd';
import { t } from '@lingui/core/macro';
import { Trans } from '@lingui/react/macro';
import {
  ARTICLE_TITLE_MAX,
  type ArticleLocale,
  type HelpArticleTranslation,
} from '@parley/contracts';
import { splitApiError } from '../../../lib/form-errors';
import { LOCALE_NAMES } from '../../../lib/i18n';
import { toast } from '../../../lib/toast';
import { usePutHelpArticleTranslationMutation } from '../api/help-center-api';
import { RichTextEditor } from './rich-text-editor';

interface Errors {
  title?: string;
  body?: string;
  form?: string;
}

/**
 * Writes an article's translation in one language: its title and its text, with the article's
 * editor (docs/product/help-center.md, "Languages"). The server's field errors show at their fields.
 */
export function TranslationForm({
  articleId,
  locale,
  translation,
  onDone,
}: {
  articleId: number;
  locale: ArticleLocale;
  translation: HelpArticleTranslation | null;
  onDone: () => void;
}) {
  const { token } = theme.useToken();
  const [title, setTitle] = useState(translation?.title ?? '');
  const [body, setBody] = useState(translation?.body ?? '');
  const [errors, setErrors] = useState<Errors>({});
  const [put, { isLoading: saving }] = usePutHelpArticleTranslationMutation();
  const language = LOCALE_NAMES[locale];

  const save = async () => {
    setErrors({});
    try {
      await put({ id: articleId, locale, title, body }).unwrap();
      toast.success(t`Translation saved`, language);
      onDone();
    } catch (failure) {
      const { fieldErrors, message } = splitApiError(failure, ['title', 'body']);
      setErrors({
        ...(fieldErrors.title ? { title: fieldErrors.title[0] } : {}),
        ...(fieldErrors.body ? { body: fieldErrors.body[0] } : {}),
        ...(message ? { form: message } : {}),
      });
    }
  };

  const fieldId = `translation-title-${locale}`;
  return (
    <Form
      layout="vertical"
      disabled={saving}
      onFinish={() => void save()}
      aria-label={t`${language} translation`}
      style={{
        marginBlock: token.marginSM,
        padding: token.paddingSM,
        border: `1px solid ${token.colorBorderSecondary}`,
        borderRadius: token.borderRadiusLG,
      }}
    >
      {errors.form && (
        <Alert type="error" showIcon style={{ marginBottom: token.marginSM }} title={errors.form} />
      )}
      <Form.Item
        label={t`Translated title`}
        htmlFor={fieldId}
        validateStatus={errors.title ? 'error' : undefined}
        help={errors.title}
      >
        <Input
          id={fieldId}
          lang={locale}
          dir="auto"
          value={title}
          maxLength={ARTICLE_TITLE_MAX}
          onChange={(e) => {
            setTitle(e.target.value);
            if (errors.title) setErrors((current) => ({ ...current, title: undefined }));
          }}
        />
      </Form.Item>
      <Form.Item
        label={t`Translated text`}
        validateStatus={errors.body ? 'error' : undefined}
        help={errors.body}
      >
        <div lang={locale}>
          <RichTextEditor
            label={t`Translated text`}
            value={body}
            onChange={setBody}
            disabled={saving}
          />
        </div>
      </Form.Item>
      <Flex gap={token.marginXS} wrap>
        <Button type="primary" htmlType="submit" loading={saving}>
          <Trans>Save translation</Trans>
        </Button>
        <Button onClick={onDone} disabled={saving}>
          <Trans>Cancel</Trans>
        </Button>
      </Flex>
    </Form>
  );
}
