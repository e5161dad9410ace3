import { lazy, memo, Suspense } from 'react';
import { t } from '@lingui/core/macro';
import { Link } from 'react-router';
import type { ConversationListItem, ConversationMapping, Priority } from '@parley/contracts';
import { initialsBackground } from '../../../components/person-avatar';
import { formatList, formatNumber } from '../../../lib/format';
import { formatTimestamp } from '../../../lib/format-timestamp';
import type { PreloadTicket } from '../../conversation';
import { ChannelIcon } from './channel-icon';
import styles from './inbox.module.css';

// Only accounts with SLA policies show the clock: its code and timer arrive with the first row
// that has one, not with every first visit to the inbox (docs/benchmarks.md).
const SlaBadge = lazy(() => import('./sla-badge').then((m) => ({ default: m.SlaBadge })));

type Person = ConversationMapping['dc_users'][number];
type TagInfo = ConversationMapping['tags'][number];

export function contactName(item: ConversationListItem): string {
  const { name, email, phone } = item.contact;
  return name?.trim() || email || phone || t`Unknown contact`;
}

/** The chip of a priority, and its tooltip; none for `none`. */
function priorityChip(priority: Priority): { label: string; title: string } | null {
  switch (priority) {
    case 'low':
      return { label: t`Low`, title: t`Low priority` };
    case 'medium':
      return { label: t`Medium`, title: t`Medium priority` };
    case 'high':
      return { label: t`High`, title: t`High priority` };
    case 'urgent':
      return { label: t`Urgent`, title: t`Urgent priority` };
    default:
      return null;
  }
}

const MAX_TAGS = 2;

interface ConversationRowProps {
  item: ConversationListItem;
  to: string;
  selected: boolean;
  assignee: Person | undefined;
  tagsById: ReadonlyMap<number, TagInfo>;
  /** Ticket preload (docs/product/states.md): a pointer resting on the row, or focus, loads the ticket. */
  preload: PreloadTicket;
  /** Picked for a bulk action. */
  checked?: boolean;
  /** Flips the pick; `range` when Shift was held (from the last clicked row to this one). No checkbox without it. */
  onCheck?: ((id: number, range: boolean) => void) | undefined;
}

/** One conversation in the list: who, where, what, when, and its state at a glance. */
export const ConversationRow = memo(function ConversationRow({
  item,
  to,
  selected,
  assignee,
  tagsById,
  preload,
  checked = false,
  onCheck,
}: ConversationRowProps) {
  const tags = item.tag_ids.flatMap((id) => tagsById.get(id) ?? []);
  const name = contactName(item);
  const title = item.subject?.trim() || item.last_message_preview || t`No messages yet`;
  const preview = item.subject?.trim() ? item.last_message_preview : null;
  const priority = priorityChip(item.priority);
  const hiddenTags = tags.slice(MAX_TAGS);
  const assigneeName = assignee?.name ?? '';
  return (
    <li className={styles.rowItem} data-checked={checked ? 'true' : undefined}>
      {/* A plain input: the list's chunk carries no checkbox component. */}
      {onCheck && (
        <input
          type="checkbox"
          className={styles.rowCheck}
          checked={checked}
          aria-label={t`Select the conversation with ${name}`}
          onChange={(event) => {
            const native = event.nativeEvent as Partial<MouseEvent>;
            onCheck(item.id, native.shiftKey === true);
          }}
        />
      )}
      <Link
        to={to}
        className={`${styles.row} ${item.unread ? styles.unread : ''}`}
        aria-current={selected ? 'true' : undefined}
        data-conversation-id={item.id}
        data-unread={item.unread ? 'true' : undefined}
        {...preload.hoverProps(item)}
      >
        {item.unread && <span className={styles.unreadDot} role="img" aria-label={t`Unread`} />}
        <div className={styles.rowTop}>
          <ChannelIcon type={item.channel_type} />
          <span className={styles.contact} dir="auto">
            {name}
          </span>
          <time className={styles.time} dateTime={item.last_activity_at}>
            {formatTimestamp(item.last_activity_at)}
          </time>
        </div>
        {/* Customers' words in any script: each line takes its own direction (Arabic, Hebrew…). */}
        <div className={styles.subject} dir="auto">
          {title}
        </div>
        {preview && (
          <div className={styles.preview} dir="auto">
            {preview}
          </div>
        )}
        {(item.sla || priority || tags.length > 0 || assignee) && (
          <div className={styles.meta}>
            {item.sla && (
              <Suspense fallback={null}>
                <SlaBadge sla={item.sla} />
              </Suspense>
            )}
            {priority && (
              <span
                className={`${styles.priority} ${styles[`priority-${item.priority}`] ?? ''}`}
                title={priority.title}
              >
                {priority.label}
              </span>
            )}
            {tags.slice(0, MAX_TAGS).map((tag) => (
              <span key={tag.id} className={styles.tag} title={tag.name} dir="auto">
                {/* theme-ignore-next-line: the tag's own colour, picked in the tag's settings */}
                <span className={styles.tagDot} style={{ background: tag.color }} />
                {tag.name}
              </span>
            ))}
            {hiddenTags.length > 0 && (
              <span className={styles.tag} title={formatList(hiddenTags.map((tag) => tag.name))}>
                +{formatNumber(hiddenTags.length)}
              </span>
            )}
            {assignee && (
              <span
                className={styles.assignee}
                style={{ background: initialsBackground(assignee.profile_color) }}
                role="img"
                aria-label={t`Assigned to ${assigneeName}`}
                title={t`Assigned to ${assigneeName}`}
              >
                {assignee.initials}
              </span>
            )}
          </div>
        )}
      </Link>
    </li>
  );
});
