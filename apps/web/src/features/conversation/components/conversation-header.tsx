import type { ReactNode } from 'react';
import { Button, Dropdown, Select, Tag, Tooltip } from 'antd';
import { t } from '@lingui/core/macro';
import { Trans } from '@lingui/react/macro';
import {
  CheckCircleOutlined,
  EllipsisOutlined,
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
import { AvailabilityDot } from '../../availability';
import { MacroButton } from '../../macros';
import {
  STATUS_COLORS,
  channelLabel,
  conversationTitle,
  priorityLabel,
  statusLabel,
} from '../conversation-labels';
import type { ConversationActions } from '../hooks/use-conversation-actions';
import { ConversationTags } from './conversation-tags';
import { backToListLabel, BackButton } from './screen-bar';
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
  /** The macro picker, opened by its button or the pane's shortcut (m). */
  macrosOpen?: boolean;
  onMacrosOpenChange?: (open: boolean) => void;
  /** "Merge…" in the header's menu (docs/product/merge-and-split.md). */
  onMerge?: () => void;
}

export function contactDisplayName(detail: Pick<ConversationDetail, 'contact'>): string {
  const { name, email, phone } = detail.contact;
  return name || email || phone || t`Unknown contact`;
}

/** Someone, or a team, the mapping does not list (yet), named by number. */
const teammateName = (userId: number) => t`Teammate #${userId}`;
const teamName = (teamId: number) => t`Team #${teamId}`;

const SETTABLE_STATUSES: Array<Exclude<ConversationStatus, 'snoozed'>> = [
  'open',
  'pending',
  'closed',
];

/** An assignee choice with who is at work beside each name (docs/product/assignment.md). */
function assigneeOption(option: { value?: unknown; label?: ReactNode }) {
  if (option.value === NONE) return option.label;
  return (
    <span style={{ display: 'inline-flex', alignItems: 'center', gap: 6 }}>
      <AvailabilityDot userId={Number(option.value)} />
      {option.label}
    </span>
  );
}

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
  macrosOpen = false,
  onMacrosOpenChange,
  onMerge,
}: ConversationHeaderProps) {
  const stacked = onBack !== undefined;
  const selectSize = stacked ? 'middle' : 'small';
  const users = mapping?.dc_users ?? [];
  const teams = mapping?.teams ?? [];
  const closed = detail.status === 'closed';
  const assignedToMe = meId !== null && detail.assignee_id === meId;

  const snoozedUntil = detail.snoozed_until ? formatTimestamp(detail.snoozed_until) : null;
  const statusOptions = [
    ...SETTABLE_STATUSES.map((status) => ({ value: status, label: statusLabel(status) })),
    ...(detail.status === 'snoozed'
      ? [
          {
            value: 'snoozed',
            label: snoozedUntil ? t`Snoozed until ${snoozedUntil}` : statusLabel('snoozed'),
            disabled: true,
          },
        ]
      : []),
  ];
  const contactName = contactDisplayName(detail);

  const contactToggle = (
    <Tooltip
      title={
        // A touch opens a tooltip and leaves it there, over the screen's edge: none on a phone.
        stacked ? undefined : contactPanelOpen ? t`Hide contact details` : t`Show contact details`
      }
    >
      <Button
        aria-label={t`Contact details`}
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
        {onBack && <BackButton label={backToListLabel()} onClick={onBack} />}
        <div className={styles.titleBlock}>
          <h2 className={styles.title} dir="auto">
            {conversationTitle(detail, contactName)}
          </h2>
          <div className={styles.meta}>
            <span dir="auto">{contactName}</span>
            <Tag variant="filled">{channelLabel(detail.channel_type)}</Tag>
            <Tag color={STATUS_COLORS[detail.status]} data-testid="conversation-status">
              {detail.status === 'snoozed' && snoozedUntil
                ? t`Snoozed until ${snoozedUntil}`
                : statusLabel(detail.status)}
            </Tag>
            {detail.priority !== 'none' && (
              <Tag
                color={
                  detail.priority === 'urgent' || detail.priority === 'high' ? 'red' : 'default'
                }
              >
                {priorityLabel(detail.priority)}
              </Tag>
            )}
          </div>
        </div>
        {/* On a phone the actions get a row of their own; this one stays by the title. */}
        {stacked && contactToggle}
        <div className={`${styles.controls} ${styles.actions}`}>
          {!assignedToMe && (
            <Button icon={<UserAddOutlined />} onClick={() => void actions.assignToMe()}>
              <Trans>Assign to me</Trans>
            </Button>
          )}
          {closed ? (
            <Button icon={<RedoOutlined />} onClick={() => void actions.setStatus('open')}>
              <Trans>Reopen</Trans>
            </Button>
          ) : (
            <Button
              type="primary"
              icon={<CheckCircleOutlined />}
              onClick={() => void actions.setStatus('closed')}
            >
              <Trans>Close</Trans>
            </Button>
          )}
          <SnoozeMenu onSnooze={(until) => void actions.snooze(until)} compact={stacked} />
          {onMacrosOpenChange && (
            <MacroButton
              conversationId={detail.id}
              open={macrosOpen}
              onOpenChange={onMacrosOpenChange}
              compact={stacked}
            />
          )}
          <Tooltip title={stacked ? undefined : t`Mark unread`}>
            <Button
              aria-label={t`Mark unread`}
              icon={<EyeInvisibleOutlined />}
              onClick={() =>
                void actions.markUnread().then((done) => {
                  if (done) onMarkedUnread?.();
                })
              }
            />
          </Tooltip>
          {onMerge && (
            <Dropdown
              trigger={['click']}
              menu={{
                items: [{ key: 'merge', label: t`Merge…` }],
                onClick: ({ key }) => {
                  if (key === 'merge') onMerge();
                },
              }}
            >
              <Button aria-label={t`More actions`} icon={<EllipsisOutlined />} />
            </Dropdown>
          )}
          {!stacked && contactToggle}
        </div>
      </div>

      <div className={`${styles.controls} ${styles.fields}`}>
        <Select
          aria-label={t`Assignee`}
          className={styles.control}
          size={selectSize}
          showSearch={{ optionFilterProp: 'label' }}
          value={detail.assignee_id ?? NONE}
          onChange={(value: number) => void actions.assign(value === NONE ? null : value)}
          optionRender={assigneeOption}
          options={[
            { value: NONE, label: t`Unassigned` },
            ...users.map(({ id, name }) => ({
              value: id,
              label: id === meId ? t`${name} (me)` : name,
            })),
            // Someone not in the mapping (yet): still show who it is assigned to.
            ...(detail.assignee_id !== null && !users.some((u) => u.id === detail.assignee_id)
              ? [{ value: detail.assignee_id, label: teammateName(detail.assignee_id) }]
              : []),
          ]}
        />
        <Select
          aria-label={t`Team`}
          className={styles.control}
          size={selectSize}
          value={detail.team_id ?? NONE}
          onChange={(value: number) => void actions.setTeam(value === NONE ? null : value)}
          options={[
            { value: NONE, label: t`No team` },
            ...teams.map((team) => ({ value: team.id, label: team.name })),
            ...(detail.team_id !== null && !teams.some((team) => team.id === detail.team_id)
              ? [{ value: detail.team_id, label: teamName(detail.team_id) }]
              : []),
          ]}
        />
        <Select
          aria-label={t`Status`}
          className={styles.control}
          size={selectSize}
          value={detail.status}
          onChange={(value: ConversationStatus) => {
            if (value !== 'snoozed') void actions.setStatus(value);
          }}
          options={statusOptions}
        />
        <Select
          aria-label={t`Priority`}
          className={styles.control}
          size={selectSize}
          value={detail.priority}
          onChange={(value) => void actions.setPriority(value)}
          options={PRIORITIES.map((priority) => ({
            value: priority,
            label: priorityLabel(priority),
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
