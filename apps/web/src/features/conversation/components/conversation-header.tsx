import { Button, Select, Tag, Tooltip } from 'antd';
import {
  CheckCircleOutlined,
  EyeInvisibleOutlined,
  IdcardOutlined,
  RedoOutlined,
  UserAddOutlined,
} from '@ant-design/icons';
import {
  PRIORITIES,
  type ConversationDetail,
  type ConversationMapping,
  type ConversationStatus,
} from '@parley/contracts';
import { formatTimestamp } from '../../../lib/format-timestamp';
import {
  PRIORITY_LABELS,
  STATUS_COLORS,
  STATUS_LABELS,
  channelLabel,
  conversationTitle,
} from '../conversation-labels';
import type { ConversationActions } from '../hooks/use-conversation-actions';
import { ConversationTags } from './conversation-tags';
import { BACK_TO_LIST, BackButton } from './screen-bar';
import { SnoozeMenu } from './snooze-menu';
import styles from './conversation-pane.module.css';

/** Select values for "nobody" (antd options need a value; the API wants null). */
const NONE = 0;

interface ConversationHeaderProps {
  detail: ConversationDetail;
  mapping: ConversationMapping | undefined;
  meId: number | null;
  actions: ConversationActions;
  contactPanelOpen: boolean;
  onToggleContactPanel: () => void;
  onMarkedUnread?: () => void;
  /** A phone's stacked screen: the step back to the list, and controls sized for touch. */
  onBack?: () => void;
}

export function contactDisplayName(detail: Pick<ConversationDetail, 'contact'>): string {
  const { name, email, phone } = detail.contact;
  return name || email || phone || 'Unknown contact';
}

const SETTABLE_STATUSES: Array<Exclude<ConversationStatus, 'snoozed'>> = [
  'open',
  'pending',
  'closed',
];

/** Who, what and where, and the actions: assignee, team, status, snooze, priority, tags, unread. */
export function ConversationHeader({
  detail,
  mapping,
  meId,
  actions,
  contactPanelOpen,
  onToggleContactPanel,
  onMarkedUnread,
  onBack,
}: ConversationHeaderProps) {
  const stacked = onBack !== undefined;
  const selectSize = stacked ? 'middle' : 'small';
  const users = mapping?.dc_users ?? [];
  const teams = mapping?.teams ?? [];
  const closed = detail.status === 'closed';
  const assignedToMe = meId !== null && detail.assignee_id === meId;

  const statusOptions = [
    ...SETTABLE_STATUSES.map((status) => ({ value: status, label: STATUS_LABELS[status] })),
    ...(detail.status === 'snoozed'
      ? [
          {
            value: 'snoozed',
            label: detail.snoozed_until
              ? `Snoozed until ${formatTimestamp(detail.snoozed_until)}`
              : 'Snoozed',
            disabled: true,
          },
        ]
      : []),
  ];

  const contactToggle = (
    <Tooltip
      title={
        // A touch opens a tooltip and leaves it there, over the screen's edge: none on a phone.
        stacked ? undefined : contactPanelOpen ? 'Hide contact details' : 'Show contact details'
      }
    >
      <Button
        aria-label="Contact details"
        aria-pressed={contactPanelOpen}
        type={contactPanelOpen ? 'default' : 'text'}
        icon={<IdcardOutlined />}
        onClick={onToggleContactPanel}
      />
    </Tooltip>
  );

  return (
    <header className={stacked ? `${styles.header} ${styles.headerStacked}` : styles.header}>
      <div className={styles.titleRow}>
        {onBack && <BackButton label={BACK_TO_LIST} onClick={onBack} />}
        <div className={styles.titleBlock}>
          <h2 className={styles.title}>{conversationTitle(detail, contactDisplayName(detail))}</h2>
          <div className={styles.meta}>
            <span>{contactDisplayName(detail)}</span>
            <Tag variant="filled">{channelLabel(detail.channel_type)}</Tag>
            <Tag color={STATUS_COLORS[detail.status]} data-testid="conversation-status">
              {STATUS_LABELS[detail.status]}
              {detail.status === 'snoozed' && detail.snoozed_until
                ? ` until ${formatTimestamp(detail.snoozed_until)}`
                : ''}
            </Tag>
            {detail.priority !== 'none' && (
              <Tag
                color={
                  detail.priority === 'urgent' || detail.priority === 'high' ? 'red' : 'default'
                }
              >
                {PRIORITY_LABELS[detail.priority]}
              </Tag>
            )}
          </div>
        </div>
        {/* On a phone the actions get a row of their own; this one stays by the title. */}
        {stacked && contactToggle}
        <div className={`${styles.controls} ${styles.actions}`}>
          {!assignedToMe && (
            <Button icon={<UserAddOutlined />} onClick={() => void actions.assignToMe()}>
              Assign to me
            </Button>
          )}
          {closed ? (
            <Button icon={<RedoOutlined />} onClick={() => void actions.setStatus('open')}>
              Reopen
            </Button>
          ) : (
            <Button
              type="primary"
              icon={<CheckCircleOutlined />}
              onClick={() => void actions.setStatus('closed')}
            >
              Close
            </Button>
          )}
          <SnoozeMenu onSnooze={(until) => void actions.snooze(until)} compact={stacked} />
          <Tooltip title={stacked ? undefined : 'Mark unread'}>
            <Button
              aria-label="Mark unread"
              icon={<EyeInvisibleOutlined />}
              onClick={() =>
                void actions.markUnread().then((done) => {
                  if (done) onMarkedUnread?.();
                })
              }
            />
          </Tooltip>
          {!stacked && contactToggle}
        </div>
      </div>

      <div className={`${styles.controls} ${styles.fields}`}>
        <Select
          aria-label="Assignee"
          className={styles.control}
          size={selectSize}
          showSearch={{ optionFilterProp: 'label' }}
          value={detail.assignee_id ?? NONE}
          onChange={(value: number) => void actions.assign(value === NONE ? null : value)}
          options={[
            { value: NONE, label: 'Unassigned' },
            ...users.map((user) => ({
              value: user.id,
              label: user.id === meId ? `${user.name} (me)` : user.name,
            })),
            // Someone not in the mapping (yet): still show who it is assigned to.
            ...(detail.assignee_id !== null && !users.some((u) => u.id === detail.assignee_id)
              ? [{ value: detail.assignee_id, label: `Teammate #${detail.assignee_id}` }]
              : []),
          ]}
        />
        <Select
          aria-label="Team"
          className={styles.control}
          size={selectSize}
          value={detail.team_id ?? NONE}
          onChange={(value: number) => void actions.setTeam(value === NONE ? null : value)}
          options={[
            { value: NONE, label: 'No team' },
            ...teams.map((team) => ({ value: team.id, label: team.name })),
            ...(detail.team_id !== null && !teams.some((t) => t.id === detail.team_id)
              ? [{ value: detail.team_id, label: `Team #${detail.team_id}` }]
              : []),
          ]}
        />
        <Select
          aria-label="Status"
          className={styles.control}
          size={selectSize}
          value={detail.status}
          onChange={(value: ConversationStatus) => {
            if (value !== 'snoozed') void actions.setStatus(value);
          }}
          options={statusOptions}
        />
        <Select
          aria-label="Priority"
          className={styles.control}
          size={selectSize}
          value={detail.priority}
          onChange={(value) => void actions.setPriority(value)}
          options={PRIORITIES.map((priority) => ({
            value: priority,
            label: PRIORITY_LABELS[priority],
          }))}
        />
      </div>

      <ConversationTags
        tagIds={detail.tag_ids}
        knownTags={mapping?.tags ?? []}
        onAdd={(name) => void actions.addTag(name)}
        onRemove={(tag) => void actions.removeTag(tag)}
        touch={stacked}
      />
    </header>
  );
}
