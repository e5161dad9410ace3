import { Rate, Tag, Typography, theme } from 'antd';
import { t } from '@lingui/core/macro';
import { Trans } from '@lingui/react/macro';
import { Link } from 'react-router';
import type { ConversationDetail } from '@parley/contracts';
import { formatTimestamp } from '../../../lib/format-timestamp';
import { STATUS_COLORS, statusLabel } from '../conversation-labels';
import { contactDisplayName } from './conversation-header';
import styles from './conversation-pane.module.css';
import { ShopifyOrdersSection } from './shopify-orders-section';
import { SlaSection } from './sla-section';

interface ContactPanelProps {
  detail: ConversationDetail;
  conversationHref: (id: number) => string;
  /** A screen of its own (a phone), full width, rather than a column beside the thread. */
  screen?: boolean;
}

/** A conversation without a subject, named by its number. */
const otherConversationName = (conversationId: number) => t`Conversation #${conversationId}`;

const orDash = (value: string | null) => (value ? formatTimestamp(value) : '—');

/**
 * The customer (name, email, phone), this conversation's SLA clocks, their other conversations,
 * and this one's response times and CSAT rating (from /feedback).
 */
export function ContactPanel({ detail, conversationHref, screen = false }: ContactPanelProps) {
  const { contact } = detail;
  const { token } = theme.useToken();
  const rating = detail.rating?.rating;
  return (
    <aside
      className={screen ? `${styles.contact} ${styles.contactScreen}` : styles.contact}
      aria-label={t`Contact`}
    >
      <section className={styles.contactSection}>
        <h3>
          <Trans>Contact</Trans>
        </h3>
        <Typography.Text strong style={{ fontSize: 15 }} dir="auto">
          {contactDisplayName(detail)}
        </Typography.Text>
        <dl className={styles.facts} style={{ marginTop: 8 }}>
          <dt>
            <Trans>Email</Trans>
          </dt>
          <dd>{contact.email ? <a href={`mailto:${contact.email}`}>{contact.email}</a> : '—'}</dd>
          <dt>
            <Trans>Phone</Trans>
          </dt>
          <dd>{contact.phone ? <a href={`tel:${contact.phone}`}>{contact.phone}</a> : '—'}</dd>
        </dl>
      </section>

      <SlaSection detail={detail} />

      <ShopifyOrdersSection conversationId={detail.id} />

      <section className={styles.contactSection}>
        <h3>
          <Trans>This conversation</Trans>
        </h3>
        <dl className={styles.facts}>
          <dt>
            <Trans>Started</Trans>
          </dt>
          <dd>{orDash(detail.created_at)}</dd>
          <dt>
            <Trans>First response</Trans>
          </dt>
          <dd>{orDash(detail.first_response_at)}</dd>
          <dt>
            <Trans>Resolved</Trans>
          </dt>
          <dd>{orDash(detail.resolved_at)}</dd>
          <dt>
            <Trans>Customer rating</Trans>
          </dt>
          <dd>
            {rating ? (
              <span aria-label={t`Rated ${rating} of 5`}>
                <Rate disabled value={rating} style={{ fontSize: 13 }} /> {rating}/5
              </span>
            ) : (
              '—'
            )}
          </dd>
        </dl>
        {detail.rating?.comment && (
          <blockquote
            className={styles.ratingComment}
            aria-label={t`Customer’s comment`}
            dir="auto"
          >
            “{detail.rating.comment}”
          </blockquote>
        )}
      </section>

      <section className={styles.contactSection}>
        <h3>
          <Trans>Other conversations</Trans>
        </h3>
        {detail.contact_other_conversations.length === 0 ? (
          <Typography.Text type="secondary">
            <Trans>None.</Trans>
          </Typography.Text>
        ) : (
          <ul className={styles.others} aria-label={t`Other conversations`}>
            {detail.contact_other_conversations.map((other) => (
              <li key={other.id}>
                <Link to={conversationHref(other.id)} dir="auto">
                  {other.subject || otherConversationName(other.id)}
                </Link>
                <span style={{ color: token.colorTextSecondary, fontSize: 12 }}>
                  <Tag color={STATUS_COLORS[other.status]} style={{ fontSize: 11 }}>
                    {statusLabel(other.status)}
                  </Tag>
                  {formatTimestamp(other.last_activity_at)}
                </span>
              </li>
            ))}
          </ul>
        )}
      </section>
    </aside>
  );
}
