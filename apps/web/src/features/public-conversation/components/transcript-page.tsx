import { Button, Typography } from 'antd';
import { PaperClipOutlined, PrinterOutlined } from '@ant-design/icons';
import type { Transcript, WidgetMessage } from '@parley/contracts';
import { formatFileSize } from '../../../lib/attachment-upload';
import { publicConversationApi } from '../api/public-conversation-api';
import { PublicPageFrame, SignedLinkStatus } from './public-page-frame';
import { useSignedLink } from './use-signed-link';
import styles from './public-conversation.module.css';

const dateTime = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });
const formatAt = (iso: string) => dateTime.format(new Date(iso));

function authorName(message: WidgetMessage, brandName: string) {
  if (message.author === 'visitor') return 'You';
  return message.agent?.name ?? brandName;
}

/**
 * /transcript?token= ("Public transcript page": docs/product/screens.md): the conversation as the customer saw it,
 * by a signed link from an email. Printable; no sign-in, no realtime connection.
 */
export function TranscriptPage() {
  const { state } = useSignedLink<Transcript>(publicConversationApi.transcript);
  if (state.status !== 'ready')
    return <SignedLinkStatus state={state} invalidTitle="This transcript link does not work" />;
  const { brand_name, conversation, messages } = state.data;

  return (
    <PublicPageFrame
      brandName={brand_name}
      actions={
        <Button
          className={styles.noPrint}
          icon={<PrinterOutlined aria-hidden />}
          onClick={() => window.print()}
        >
          Print
        </Button>
      }
    >
      <article className={styles.card} aria-label="Transcript">
        <Typography.Title level={1} style={{ fontSize: 22, margin: 0 }}>
          {conversation.subject ?? `Your conversation with ${brand_name}`}
        </Typography.Title>
        <p className={styles.muted}>Started {formatAt(conversation.created_at)}</p>
        {messages.length === 0 ? (
          <p className={styles.muted}>There are no messages in this conversation.</p>
        ) : (
          <ol className={styles.thread} aria-label="Messages">
            {messages.map((m) => (
              <li key={m.id} className={styles.message} data-author={m.author}>
                <div className={styles.meta}>
                  <strong>{authorName(m, brand_name)}</strong> ·{' '}
                  <time dateTime={m.created_at}>{formatAt(m.created_at)}</time>
                </div>
                {m.body && <div className={styles.body}>{m.body}</div>}
                {m.attachments.length > 0 && (
                  <ul className={styles.files} aria-label="Files">
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
