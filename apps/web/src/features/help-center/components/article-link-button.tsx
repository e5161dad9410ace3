import { useEffect, useState } from 'react';
import { Button, Empty, Input, Modal, Spin, theme, Tooltip, Typography } from 'antd';
import { t } from '@lingui/core/macro';
import { BookOutlined } from '@ant-design/icons';
import type { HelpArticleSummary } from '@parley/contracts';
import { asErrorPayload } from '../../../lib/api-error';
import { useGetHelpArticlesQuery } from '../api/help-center-api';

interface ArticleLinkButtonProps {
  disabled?: boolean;
  /** Called with the picked article; its `public_url` is the link customers can open. */
  onPick: (article: HelpArticleSummary) => void;
}

const NO_ARTICLES: HelpArticleSummary[] = [];

/**
 * The composer's help-center button: a searchable list of the account's published articles;
 * picking one hands its public link to the composer.
 */
export function ArticleLinkButton({ disabled = false, onPick }: ArticleLinkButtonProps) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Tooltip title={t`Insert a help center article link`}>
        <Button
          type="text"
          size="small"
          icon={<BookOutlined />}
          aria-label={t`Insert help center article`}
          disabled={disabled}
          onClick={() => setOpen(true)}
        />
      </Tooltip>
      {open && (
        <ArticlePickerModal
          onClose={() => setOpen(false)}
          onPick={(article) => {
            setOpen(false);
            onPick(article);
          }}
        />
      )}
    </>
  );
}

function ArticlePickerModal({
  onClose,
  onPick,
}: {
  onClose: () => void;
  onPick: (article: HelpArticleSummary) => void;
}) {
  const { token } = theme.useToken();
  const [typed, setTyped] = useState('');
  const [q, setQ] = useState('');
  useEffect(() => {
    const timer = setTimeout(() => setQ(typed.trim()), 200);
    return () => clearTimeout(timer);
  }, [typed]);
  const { data, isFetching, error } = useGetHelpArticlesQuery(
    { status: 'published', ...(q ? { q } : {}) },
    { refetchOnMountOrArgChange: true },
  );
  const articles = data ?? NO_ARTICLES;
  const query = q;

  return (
    <Modal
      open
      title={t`Link a help center article`}
      footer={null}
      onCancel={onClose}
      destroyOnHidden
    >
      <Input.Search
        aria-label={t`Search published articles`}
        placeholder={t`Search published articles`}
        allowClear
        autoFocus
        value={typed}
        onChange={(e) => setTyped(e.target.value)}
        onPressEnter={() => {
          if (articles[0]) onPick(articles[0]);
        }}
        style={{ marginBottom: token.marginSM }}
      />
      {error ? (
        <Typography.Text type="danger" role="alert">
          {asErrorPayload(error)?.message ?? t`The articles could not be loaded.`}
        </Typography.Text>
      ) : !data && isFetching ? (
        <div style={{ textAlign: 'center', padding: token.paddingLG }}>
          <Spin aria-label={t`Loading articles`} />
        </div>
      ) : articles.length === 0 ? (
        <Empty
          description={
            q
              ? t`No published article matches “${query}”.`
              : t`No published articles yet. Owners and admins write them in Settings → Help center.`
          }
        />
      ) : (
        <ul
          aria-label={t`Published articles`}
          style={{ listStyle: 'none', margin: 0, padding: 0, maxHeight: 360, overflowY: 'auto' }}
        >
          {articles.map((article) => (
            <li key={article.id}>
              <Button
                type="text"
                block
                onClick={() => onPick(article)}
                style={{
                  height: 'auto',
                  textAlign: 'start',
                  padding: `${token.paddingXS}px ${token.paddingSM}px`,
                  display: 'block',
                }}
              >
                <div dir="auto" style={{ fontWeight: 500, whiteSpace: 'normal' }}>
                  {article.title}
                </div>
                {article.excerpt && (
                  <div
                    dir="auto"
                    style={{
                      color: token.colorTextSecondary,
                      fontSize: token.fontSizeSM,
                      overflow: 'hidden',
                      textOverflow: 'ellipsis',
                      whiteSpace: 'nowrap',
                    }}
                  >
                    {article.excerpt}
                  </div>
                )}
              </Button>
            </li>
          ))}
        </ul>
      )}
    </Modal>
  );
}
