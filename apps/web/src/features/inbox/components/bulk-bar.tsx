import { useCallback, useEffect, useRef, useState } from 'react';
import { plural, t } from '@lingui/core/macro';
import { Button, Dropdown, type MenuProps } from 'antd';
import { DownOutlined } from '@ant-design/icons';
import {
  PRIORITIES,
  type BulkAction,
  type BulkBody,
  type BulkProgress,
  type ConversationMapping,
  type ConversationSort,
  type Priority,
} from '@parley/contracts';
import { asErrorPayload, genericErrorMessage } from '../../../lib/api-error';
import { formatList, formatNumber } from '../../../lib/format';
import { toast } from '../../../lib/toast';
import { MacroBulkMenu } from '../../macros';
import { useLazyGetBulkProgressQuery, useStartBulkMutation } from '../api/bulk-api';
import type { InboxSelection } from '../hooks/use-selection';
import type { InboxView, ListFilters, StatusFilter } from '../inbox-route';
import { savedViewFiltersOf } from '../saved-views';
import { statusLabel } from './list-toolbar';
import styles from './inbox.module.css';

/** How often the bar asks how far the job got. */
export const BULK_POLL_MS = 1000;
/** The failures named in the result's toast; the count covers them all. */
const FAILURES_NAMED = 5;

export interface BulkBarProps {
  selection: InboxSelection;
  /** The loaded rows, in list order. */
  pageIds: readonly number[];
  /** How many conversations the view holds (its count), when known. */
  matching: number | undefined;
  filter: {
    view: InboxView;
    status: StatusFilter;
    sort: ConversationSort;
    search?: string;
  } & ListFilters;
  mapping: ConversationMapping | undefined;
  /** Told when an action starts and ends (the bar must stay until it ends). */
  onRunningChange: (running: boolean) => void;
}

function priorityLabel(priority: Priority): string {
  switch (priority) {
    case 'none':
      return t`No priority`;
    case 'low':
      return t`Low`;
    case 'medium':
      return t`Medium`;
    case 'high':
      return t`High`;
    case 'urgent':
      return t`Urgent`;
  }
}

/** Tomorrow at 9:00, the agent's time. */
function tomorrowMorning(): string {
  const at = new Date();
  at.setDate(at.getDate() + 1);
  at.setHours(9, 0, 0, 0);
  return at.toISOString();
}

/** The toast of a finished action: how many changed, and which could not be, with why. */
function report(progress: BulkProgress) {
  if (progress.status === 'failed') {
    toast.error(t`The bulk action stopped before it finished. Please try again.`);
    return;
  }
  const changed = plural(progress.total - progress.failed_count, {
    one: '# conversation changed',
    other: '# conversations changed',
  });
  if (progress.failed_count === 0) {
    toast.success(changed);
    return;
  }
  const named = formatList(
    progress.failed.slice(0, FAILURES_NAMED).map(({ id, reason }) => `#${id} (${reason})`),
  );
  const failedCount = formatNumber(progress.failed_count);
  toast.warning(changed, t`${failedCount} could not be changed: ${named}`);
}

/**
 * Asks how far a job got, every BULK_POLL_MS, until it ends, and answers its last progress
 * ('gone' when the bar went away meanwhile: nothing more is updated).
 */
function useJobFollower(onProgress: (progress: { done: number; total: number }) => void) {
  const [readProgress] = useLazyGetBulkProgressQuery();
  const mounted = useRef(true);
  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
    };
  }, []);
  return useCallback(
    async (jobId: number): Promise<BulkProgress | 'gone'> => {
      for (;;) {
        const now = await readProgress(jobId).unwrap();
        if (!mounted.current) return 'gone';
        onProgress({ done: now.done, total: now.total });
        if (now.status === 'done' || now.status === 'failed') return now;
        await new Promise((resolve) => setTimeout(resolve, BULK_POLL_MS));
      }
    },
    [readProgress, onProgress],
  );
}

/**
 * In place of the list's toolbar while rows are selected: what is selected, the actions, and
 * the progress of the running one. Loaded on the first selection (the inbox route's JS budget).
 */
export function BulkBar({
  selection,
  pageIds,
  matching,
  filter,
  mapping,
  onRunningChange,
}: BulkBarProps) {
  const [startBulk, { isLoading: starting }] = useStartBulkMutation();
  /** The running action's progress; null when none runs. */
  const [progress, setProgress] = useState<{ done: number; total: number } | null>(null);
  const pageBox = useRef<HTMLInputElement>(null);

  const pageChecked = pageIds.length > 0 && pageIds.every((id) => selection.ids.has(id));
  const someChecked = selection.ids.size > 0 && !pageChecked;
  useEffect(() => {
    if (pageBox.current) pageBox.current.indeterminate = someChecked;
  }, [someChecked]);

  const running = progress !== null;
  const count = selection.allMatching ? (matching ?? selection.ids.size) : selection.ids.size;

  const follow = useJobFollower(setProgress);

  const run = async (action: BulkAction) => {
    const body: BulkBody = {
      action,
      target: selection.allMatching
        ? {
            view: savedViewFiltersOf({ ...filter, search: filter.search ?? '' }),
            ...(matching !== undefined ? { total: matching } : {}),
          }
        : { ids: [...selection.ids] },
    };
    let result: BulkProgress | 'gone' | null;
    try {
      const started = await startBulk(body).unwrap();
      onRunningChange(true);
      setProgress({ done: 0, total: started.total });
      result = await follow(started.job_id);
    } catch (error) {
      toast.error(asErrorPayload(error)?.message ?? genericErrorMessage());
      result = null;
    }
    onRunningChange(false);
    if (result === 'gone') return;
    setProgress(null);
    if (result) {
      selection.clear();
      report(result);
    }
  };

  const people = mapping?.dc_users ?? [];
  const assignMenu: MenuProps = {
    items: [
      { key: 'none', label: t`Unassign` },
      ...people.map((person) => ({ key: String(person.id), label: person.name })),
    ],
    onClick: ({ key }) =>
      void run({ type: 'assign', assignee_id: key === 'none' ? null : Number(key) }),
  };
  const teamMenu: MenuProps = {
    items: [
      { key: 'none', label: t`No team` },
      ...(mapping?.teams ?? []).map((team) => ({ key: String(team.id), label: team.name })),
    ],
    onClick: ({ key }) =>
      void run({ type: 'assign_team', team_id: key === 'none' ? null : Number(key) }),
  };
  const tags = mapping?.tags ?? [];
  const tagMenu: MenuProps = {
    items: [
      {
        type: 'group',
        key: 'add',
        label: t`Add tag`,
        children: tags.map((tag) => ({ key: `add:${tag.id}`, label: tag.name })),
      },
      {
        type: 'group',
        key: 'remove',
        label: t`Remove tag`,
        children: tags.map((tag) => ({ key: `remove:${tag.id}`, label: tag.name })),
      },
    ],
    onClick: ({ key }) => {
      const [kind, id] = key.split(':');
      void run({ type: kind === 'add' ? 'add_tag' : 'remove_tag', tag_id: Number(id) });
    },
  };
  const statusMenu: MenuProps = {
    items: [
      { key: 'open', label: statusLabel('open') },
      { key: 'pending', label: statusLabel('pending') },
      { key: 'closed', label: t`Closed (resolved)` },
      { key: 'snooze-hour', label: t`Snooze for an hour` },
      { key: 'snooze-tomorrow', label: t`Snooze until tomorrow` },
    ],
    onClick: ({ key }) => {
      if (key === 'snooze-hour')
        void run({
          type: 'status',
          status: 'snoozed',
          snoozed_until: new Date(Date.now() + 3_600_000).toISOString(),
        });
      else if (key === 'snooze-tomorrow')
        void run({ type: 'status', status: 'snoozed', snoozed_until: tomorrowMorning() });
      else void run({ type: 'status', status: key as 'open' | 'pending' | 'closed' });
    },
  };
  const priorityMenu: MenuProps = {
    items: PRIORITIES.map((value) => ({ key: value, label: priorityLabel(value) })),
    onClick: ({ key }) => void run({ type: 'priority', priority: key as Priority }),
  };

  const shownCount = formatNumber(count);
  const matchingCount = formatNumber(matching ?? 0);
  const done = formatNumber(progress?.done ?? 0);
  const total = formatNumber(progress?.total ?? count);
  const busy = running || starting;
  const actions: [string, MenuProps][] = [
    [t`Assign`, assignMenu],
    [t`Team`, teamMenu],
    [t`Tag`, tagMenu],
    [t`Status`, statusMenu],
    [t`Priority`, priorityMenu],
  ];

  return (
    <div className={styles.bulkBar} role="toolbar" aria-label={t`Bulk actions`}>
      <div className={styles.bulkSummary}>
        <input
          ref={pageBox}
          type="checkbox"
          className={styles.rowCheck}
          checked={pageChecked}
          disabled={busy}
          aria-label={t`Select all on this page`}
          onChange={() => selection.selectPage(!pageChecked)}
        />
        <span aria-live="polite">
          {running ? t`Updating ${done} of ${total}…` : t`${shownCount} selected`}
        </span>
        {!running && pageChecked && !selection.allMatching && (matching ?? 0) > pageIds.length && (
          <Button type="link" size="small" onClick={selection.selectAllMatching}>
            {t`Select all ${matchingCount} matching this view`}
          </Button>
        )}
      </div>
      <div className={styles.bulkActions}>
        {actions.map(([label, menu]) => (
          <Dropdown key={label} menu={menu} trigger={['click']} disabled={busy}>
            <Button size="small">
              {label} <DownOutlined style={{ fontSize: 10 }} />
            </Button>
          </Dropdown>
        ))}
        <MacroBulkMenu
          disabled={busy}
          onRun={(macroId) => void run({ type: 'macro', macro_id: macroId })}
        />
        <Button size="small" type="text" disabled={running} onClick={selection.clear}>
          {t`Clear`}
        </Button>
      </div>
    </div>
  );
}
