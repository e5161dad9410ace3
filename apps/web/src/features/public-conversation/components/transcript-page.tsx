import { Button, Typography } from 'antd';
import { PaperClipOutlined, PrinterOutlined } from '@ant-design/icons';
import type { Transcript, WidgetMessage } from '@parley/contracts';
import { formatFileSize } from '../../../lib/attachment-upload';
import { formatDateTime } from '../../../lib/format';
import { publicConversationApi } from '../api/public-conversation-api';
import { PublicPageFrame, SignedLinkStatus } from './public-page-frame';
import { useSignedLink } from './use-signed-link';
import styles from './public-conversation.module.css';
import { t } from '@lingui/core/macro';

const formatAt = (iso: string) => formatDateTime(iso);

function authorName(message: WidgetMessage, brandName: string) {
  if (message.author === 'visitor') return t`You`;
  return message.agent?.name ?? brandName;
}

/**
 * /transcript?token= ("Public transcript page": docs/product/screens.md): the conversation as the customer saw it,
 * by a signed link from an email. Printable; no sign-in, no realtime connection.
 */
export function TranscriptPage() {
  const { state } = useSignedLink<Transcript>(publicConversationApi.transcript);
  if (state.status !== 'ready')
    return <SignedLinkStatus state={state} invalidTitle={t`This transcript link does not work`} />;
  const { brand_name, conversation, messages } = state.data;
  const started = formatAt(conversation.created_at);

  return (
    <PublicPageFrame
      brandName={brand_name}
      actions={
        <Button
          className={styles.noPrint}
          icon={<PrinterOutlined aria-hidden />}
          onClick={() => window.print()}
        >
          {t`Print`}
        </Button>
      }
    >
      <article className={styles.card} aria-label={t`Transcript`}>
        <Typography.Title level={1} style={{ fontSize: 22, margin: 0 }} dir="auto">
          {conversation.subject ?? t`Your conversation with ${brand_name}`}
        </Typography.Title>
        <p className={styles.muted}>{t`Started ${started}`}</p>
        {messages.length === 0 ? (
          <p className={styles.muted}>{t`There are no messages in this conversation.`}</p>
        ) : (
          <ol className={styles.thread} aria-label={t`Messages`}>
            {messages.map((m) => (
              <li key={m.id} className={styles.message} data-author={m.author}>
                <div className={styles.meta}>
                  <strong>{authorName(m, brand_name)}</strong> ·{' '}
                  <time dateTime={m.created_at}>{formatAt(m.created_at)}</time>
                </div>
                {m.body && (
                  <div className={styles.body} dir="auto">
                    {m.body}
                  </div>
                )}
                {m.attachments.length > 0 && (
                  <ul className={styles.files} aria-label={t`Files`}>
                    {m.attachments.map((f) => (
                      <li key={f.id}>
                        <PaperClipOutlined aria-hidden />{' '}
                        <a href={f.url} rel="noreferrer">
                          {f.file_name}
                        </a>{' '}
                        <span className={styles.muted}>({formatFileSize(f.size)})</span>
                      </li>
                    ))}
                  </ul>
                )}
              </li>
            ))}
          </ol>
        )}
      </article>
    </PublicPageFrame>
  );
}
