import type { ReactNode } from 'react';
import { Button, Segmented, Space, theme } from 'antd';
import { t } from '@lingui/core/macro';
import { Trans } from '@lingui/react/macro';
import { LockOutlined, SendOutlined } from '@ant-design/icons';
import { AttachFilesButton } from '../../../components/attachment-list';
import { ArticleLinkButton } from '../../help-center';
import type { ComposerMode } from '../composer-drafts-slice';
import { modKeyLabel } from '../conversation-shortcuts';
import styles from './conversation-pane.module.css';

export type CommentReply = 'public' | 'private';

interface ComposerModeBarProps {
  mode: ComposerMode;
  onModeChange: (mode: ComposerMode) => void;
  /** How a Facebook / Instagram comment is answered; null when the reply answers none. */
  commentReply: CommentReply | null;
  onCommentReplyChange: (reply: CommentReply) => void;
  /** Beside the modes at the end of the bar (an email reply's Cc / Bcc switches). */
  extra?: ReactNode;
  disabled: boolean;
  touch: boolean;
}

/** Above the text: reply or internal note, and how a social comment is answered. */
export function ComposerModeBar({
  mode,
  onModeChange,
  commentReply,
  onCommentReplyChange,
  extra,
  disabled,
  touch,
}: ComposerModeBarProps) {
  const { token } = theme.useToken();
  const size = touch ? 'middle' : 'small';
  const isNote = mode === 'note';
  return (
    <div className={styles.composerTop}>
      <Segmented<ComposerMode>
        size={size}
        value={mode}
        onChange={onModeChange}
        options={[
          { label: t`Reply`, value: 'reply' },
          { label: t`Internal note`, value: 'note', icon: <LockOutlined /> },
        ]}
        disabled={disabled}
      />
      {isNote && (
        <span style={{ color: token.colorWarningText, fontSize: 12 }}>
          <Trans>Only your team sees notes.</Trans>
        </span>
      )}
      {!isNote && commentReply !== null && (
        <Segmented<CommentReply>
          size={size}
          aria-label={t`How to answer the comment`}
          value={commentReply}
          onChange={onCommentReplyChange}
          options={[
            { label: t`Reply under the comment`, value: 'public' },
            { label: t`Reply privately`, value: 'private' },
          ]}
          disabled={disabled}
        />
      )}
      {extra}
    </div>
  );
}

/** The keyboard hints under the field, in the active language (all are in the `?` sheet). */
function keyboardHint(): string {
  const sendKey = modKeyLabel();
  return t`${sendKey}+Enter to send · / for fast replies`;
}

interface ComposerActionsProps {
  isNote: boolean;
  sending: boolean;
  /** A phone: no keyboard hints. */
  touch: boolean;
  onFiles: (files: File[]) => void;
  /** A help-center article's public link, to go in at the caret. */
  onArticleLink: (url: string) => void;
  /** Joined to Send: when to send it instead (schedule-button.tsx). */
  schedule?: ReactNode;
}

/**
 * Under the text: attach files, link an article, the keyboard hints, and Send (or Add note)
 * with Schedule beside it.
 */
export function ComposerActions({
  isNote,
  sending,
  touch,
  onFiles,
  onArticleLink,
  schedule,
}: ComposerActionsProps) {
  return (
    <div className={styles.composerActions}>
      <span style={{ display: 'inline-flex', alignItems: 'center', gap: 12 }}>
        <AttachFilesButton disabled={sending} onFiles={onFiles} />
        <ArticleLinkButton
          disabled={sending}
          onPick={(article) => onArticleLink(article.public_url)}
        />
        {!touch && <span>{keyboardHint()}</span>}
      </span>
      <Space.Compact>
        <Button
          type="primary"
          htmlType="submit"
          icon={<SendOutlined />}
          loading={sending}
          disabled={sending}
        >
          {isNote ? t`Add note` : t`Send`}
        </Button>
        {schedule}
      </Space.Compact>
    </div>
  );
}
