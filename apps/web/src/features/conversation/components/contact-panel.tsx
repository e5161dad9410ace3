import { Rate, Tag, Typography } from 'antd';
import { Link } from 'react-router';
import type { ConversationDetail } from '@parley/contracts';
import { formatTimestamp } from '../../../lib/format-timestamp';
import { STATUS_COLORS, STATUS_LABELS } from '../conversation-labels';
import { contactDisplayName } from './conversation-header';
import styles from './conversation-pane.module.css';
import { ShopifyOrdersSection } from './shopify-orders-section';

interface ContactPanelProps {
  detail: ConversationDetail;
  conversationHref: (id: number) => string;
  /** A screen of its own (a phone), full width, rather than a column beside the thread. */
  screen?: boolean;
}

const orDash = (value: string | null) => (value ? formatTimestamp(value) : '—');

/**
 * The customer (name, email, phone), their other conversations, and this one's response times and
 * CSAT rating (from /feedback).
 */
export function ContactPanel({ detail, conversationHref, screen = false }: ContactPanelProps) {
  const { contact } = detail;
  return (
    <aside
      className={screen ? `${styles.contact} ${styles.contactScreen}` : styles.contact}
      aria-label="Contact"
    >
      <section className={styles.contactSection}>
        <h3>Contact</h3>
        <Typography.Text strong style={{ fontSize: 15 }}>
          {contactDisplayName(detail)}
        </Typography.Text>
        <dl className={styles.facts} style={{ marginTop: 8 }}>
          <dt>Email</dt>
          <dd>{contact.email ? <a href={`mailto:${contact.email}`}>{contact.email}</a> : '—'}</dd>
          <dt>Phone</dt>
          <dd>{contact.phone ? <a href={`tel:${contact.phone}`}>{contact.phone}</a> : '—'}</dd>
        </dl>
      </section>

      <ShopifyOrdersSection conversationId={detail.id} />

      <section className={styles.contactSection}>
        <h3>This conversation</h3>
        <dl className={styles.facts}>
          <dt>Started</dt>
          <dd>{orDash(detail.created_at)}</dd>
          <dt>First response</dt>
          <dd>{orDash(detail.first_response_at)}</dd>
          <dt>Resolved</dt>
          <dd>{orDash(detail.resolved_at)}</dd>
          <dt>Customer rating</dt>
          <dd>
            {detail.rating ? (
              <span aria-label={`Rated ${detail.rating.rating} of 5`}>
                <Rate disabled value={detail.rating.rating} style={{ fontSize: 13 }} />{' '}
                {detail.rating.rating}/5
              </span>
            ) : (
              '—'
            )}
          </dd>
        </dl>
        {detail.rating?.comment && (
          <blockquote className={styles.ratingComment} aria-label="Customer’s comment">
            “{detail.rating.comment}”
          </blockquote>
        )}
      </section>

      <section className={styles.contactSection}>
        <h3>Other conversations</h3>
        {detail.contact_other_conversations.length === 0 ? (
          <Typography.Text type="secondary">None.</Typography.Text>
        ) : (
          <ul className={styles.others} aria-label="Other conversations">
            {detail.contact_other_conversations.map((other) => (
              <li key={other.id}>
                <Link to={conversationHref(other.id)}>
                  {other.subject || `Conversation #${other.id}`}
                </Link>
                <span style={{ color: '#5b6170', fontSize: 12 }}>
                  <Tag color={STATUS_COLORS[other.status]} style={{ fontSize: 11 }}>
                    {STATUS_LABELS[other.status]}
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
