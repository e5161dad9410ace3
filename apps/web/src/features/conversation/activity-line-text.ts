import { plural, t } from '@lingui/core/macro';
import {
  parseMoveActivity,
  type ActivityAction,
  type ActivityLine,
  type Message,
  type MoveActivity,
} from '@parley/contracts';
import { formatList } from '../../lib/format';
import { assignmentActivityWords } from '../availability';
import { priorityLabel, statusLabel } from './conversation-labels';

/** The merge or split an activity line tells (its facts, else its stored English), or null. */
export function moveActivityOf(message: Pick<Message, 'body' | 'activity'>): MoveActivity | null {
  return message.activity ? moveOfLine(message.activity) : parseMoveActivity(message.body);
}

function moveOfLine(line: ActivityLine): MoveActivity | null {
  switch (line.key) {
    case 'merged_in':
    case 'merged_into':
    case 'split_into':
    case 'split_from':
      return { kind: line.key, other: line.other, name: line.name };
    case 'move_undone':
      return { kind: 'undone', move: line.move, other: line.other, name: line.name };
    default:
      return null;
  }
}

/** A merge or split line's words, "#N" naming the other conversation. */
function moveText(activity: MoveActivity): string {
  const other = `#${activity.other}`;
  const name = activity.name;
  switch (activity.kind) {
    case 'merged_in':
      return t`Merged ${other} into this conversation by ${name}`;
    case 'merged_into':
      return t`Merged into ${other} by ${name}`;
    case 'split_into':
      return t`Split into ${other} by ${name}`;
    case 'split_from':
      return t`Split from ${other} by ${name}`;
    case 'undone':
      return activity.move === 'merge'
        ? t`Merge with ${other} undone by ${name}`
        : t`Split with ${other} undone by ${name}`;
  }
}

/** How an auto-assign handed the conversation out, with the team it was handed out within. */
function autoAssignText(
  action: Extract<
    ActivityAction,
    { key: 'auto_assigned' | 'auto_assign_queued' | 'auto_assign_unassigned' }
  >,
): string {
  const team = action.team;
  switch (action.key) {
    case 'auto_assigned': {
      const assignee = action.assignee;
      if (action.mode === 'round_robin')
        return team === null
          ? t`assigned to ${assignee} by round-robin`
          : t`assigned to ${assignee} by round-robin within ${team}`;
      return team === null
        ? t`assigned to ${assignee} by least-busy`
        : t`assigned to ${assignee} by least-busy within ${team}`;
    }
    case 'auto_assign_queued':
      if (action.mode === 'round_robin')
        return team === null
          ? t`queued it for round-robin: no agent available`
          : t`queued it for round-robin within ${team}: no agent available`;
      return team === null
        ? t`queued it for least-busy: no agent available`
        : t`queued it for least-busy within ${team}: no agent available`;
    case 'auto_assign_unassigned':
      return team === null
        ? t`left it unassigned: no agent available`
        : t`left it unassigned within ${team}: no agent available`;
  }
}

/**
 * One thing a rule or macro did, as its line tells it after the rule's name or the macro's
 * ("Rule “VIP” set the priority to High, added tag vip").
 */
function actionText(action: ActivityAction, origin: 'rule' | 'macro'): string {
  switch (action.key) {
    case 'assigned_agent':
    case 'assigned_team': {
      const name = action.name;
      return t`assigned to ${name}`;
    }
    case 'added_tags': {
      const tags = formatList(action.tags, 'unit');
      const count = action.tags.length;
      return plural(count, { one: `added tag ${tags}`, other: `added tags ${tags}` });
    }
    case 'removed_tags': {
      const tags = formatList(action.tags, 'unit');
      const count = action.tags.length;
      return plural(count, { one: `removed tag ${tags}`, other: `removed tags ${tags}` });
    }
    case 'set_priority': {
      if (action.priority === 'none') return t`removed the priority`;
      const priority = priorityLabel(action.priority);
      return t`set the priority to ${priority}`;
    }
    case 'set_status': {
      const status = statusLabel(action.status);
      return t`set the status to ${status}`;
    }
    case 'snoozed': {
      const minutes = action.minutes;
      return plural(minutes, { one: 'snoozed it for # minute', other: 'snoozed it for # minutes' });
    }
    case 'added_note':
      return t`added a note`;
    case 'sent_fast_reply':
      return t`sent a fast reply`;
    case 'closed':
      return origin === 'macro' ? t({ message: 'closed', context: 'macro action' }) : t`closed it`;
    case 'auto_assign': {
      const team = action.team;
      return team === null ? t`auto-assigned it` : t`auto-assigned it within ${team}`;
    }
    case 'auto_assigned':
    case 'auto_assign_queued':
    case 'auto_assign_unassigned':
      return autoAssignText(action);
    case 'mentioned': {
      const name = action.name;
      return t`mentioned ${name} in a note`;
    }
    case 'sent_webhook': {
      const host = action.host;
      return t`sent a webhook to ${host}`;
    }
  }
}

const actionsText = (actions: ActivityAction[], origin: 'rule' | 'macro') =>
  formatList(
    actions.map((a) => actionText(a, origin)),
    'unit',
  );

/**
 * An activity line in the reader's language, from the facts stored with it: names as they were
 * written, statuses and priorities by their translated names. A refusal's reason stays as the
 * server wrote it.
 */
export function activityLineLabel(line: ActivityLine): string {
  switch (line.key) {
    case 'status_changed': {
      const { actor } = line;
      const status = statusLabel(line.status);
      return t`${actor} changed the status to ${status}`;
    }
    case 'priority_changed': {
      const { actor } = line;
      if (line.priority === 'none') return t`${actor} removed the priority`;
      const priority = priorityLabel(line.priority);
      return t`${actor} set the priority to ${priority}`;
    }
    case 'assigned': {
      const { actor, assignee } = line;
      return t`${actor} assigned the conversation to ${assignee}`;
    }
    case 'self_assigned': {
      const { actor } = line;
      return t`${actor} self-assigned the conversation`;
    }
    case 'unassigned': {
      const { actor } = line;
      return t`${actor} unassigned the conversation`;
    }
    case 'team_changed': {
      const { actor } = line;
      return t`${actor} moved the conversation to another team`;
    }
    case 'team_removed': {
      const { actor } = line;
      return t`${actor} removed the team`;
    }
    case 'auto_assigned':
      return assignmentActivityWords({ kind: 'assigned', name: line.name, mode: line.mode });
    case 'returned_to_queue':
      return assignmentActivityWords({ kind: 'returned', name: line.name });
    case 'rule_ran': {
      const { rule, failure } = line;
      const did = actionsText(line.actions, 'rule');
      if (failure === null) return t`Rule “${rule}” ${did}`;
      return did
        ? t`Rule “${rule}” ${did}, then stopped: ${failure}`
        : t`Rule “${rule}” stopped: ${failure}`;
    }
    case 'macro_ran': {
      const { actor, macro, failure } = line;
      const did = actionsText(line.actions, 'macro');
      if (failure === null) return t`${actor} ran the macro “${macro}”: ${did}`;
      return did
        ? t`${actor} ran the macro “${macro}”: ${did}, then it stopped: ${failure}`
        : t`${actor} ran the macro “${macro}” and it stopped: ${failure}`;
    }
    case 'webhook_failed': {
      const { rule, host, reason, tries } = line;
      return plural(tries, {
        one: `Rule “${rule}” could not send its webhook to ${host} after # try: ${reason}`,
        other: `Rule “${rule}” could not send its webhook to ${host} after # tries: ${reason}`,
      });
    }
    case 'merged_in':
    case 'merged_into':
    case 'split_into':
    case 'split_from':
    case 'move_undone':
      return moveText(moveOfLine(line)!);
    case 'contact_merged': {
      const { actor, into, from } = line;
      return t`Contact merged into ${into} (was ${from}) by ${actor}`;
    }
  }
}
