import { theme } from 'antd';
import { t } from '@lingui/core/macro';
import { Trans } from '@lingui/react/macro';
import type { Message } from '@parley/contracts';
import { formatDateTime } from '../../../lib/format';
import { formatTimestamp } from '../../../lib/format-timestamp';

/** How much of the reacted-to message the line quotes. */
const QUOTE_CHARS = 80;

function quoteOf(text: string): string {
  const line = text.replace(/\s+/g, ' ').trim();
  return line.length > QUOTE_CHARS ? `${line.slice(0, QUOTE_CHARS - 1)}…` : line;
}

interface MessageReactionProps {
  /** A message of kind `reaction`: its body is the emoji, empty once taken back. */
  message: Message;
  /** Who reacted, as the thread names the sender. */
  sender: string;
}

/**
 * A customer's reaction (WhatsApp, Messenger, Instagram) as a small line on their side of the
 * thread: the emoji, then "reacted to" and the start of the message it is on. A reaction taken
 * back shows nothing.
 */
export function MessageReaction({ message, sender }: MessageReactionProps) {
  const { token } = theme.useToken();
  const emoji = message.body.trim();
  if (!emoji) return null;
  const target = message.reacted_to;
  const quoted = target ? quoteOf(target.body) : '';
  const side = message.direction === 'incoming' ? 'flex-start' : 'flex-end';
  return (
    <li
      data-kind="reaction"
      data-direction={message.direction}
      data-message-id={message.id}
      style={{
        display: 'flex',
        alignItems: 'center',
        alignSelf: side,
        gap: token.marginXS,
        maxWidth: '80%',
        padding: `2px ${token.paddingXS}px`,
        color: token.colorTextSecondary,
        fontSize: token.fontSizeSM,
      }}
    >
      <span
        role="img"
        aria-label={t`Reaction ${emoji}`}
        style={{
          padding: `0 ${token.paddingXXS}px`,
          borderRadius: token.borderRadiusLG,
          border: `1px solid ${token.colorBorderSecondary}`,
          background: token.colorBgContainer,
          fontSize: token.fontSizeLG,
          lineHeight: 1.4,
        }}
      >
        {emoji}
      </span>
      <span dir="auto">
        {quoted ? (
          <Trans>
            {sender} reacted to <q data-testid="reacted-to">{quoted}</q>
          </Trans>
        ) : (
          <Trans>{sender} reacted to a message</Trans>
        )}
      </span>
      <span aria-hidden>·</span>
      <time
        dateTime={message.created_at}
        title={formatDateTime(message.created_at, { dateStyle: 'full', timeStyle: 'short' })}
      >
        {formatTimestamp(message.created_at)}
      </time>
    </li>
  );
}
