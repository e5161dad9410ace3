import { z } from 'zod';
import { ASSIGNMENT_MODES, assignmentActivityText } from './assignment-constants';
import { CONVERSATION_MOVE_KINDS, moveActivityText } from './conversation-moves-constants';
import { CONVERSATION_STATUSES, PRIORITIES } from './inbox-constants';

/**
 * What an activity line of a conversation's thread says (messages.activity), as facts: names,
 * enum values, counts — never sentences, so each reader's app writes it in their own language.
 * A refusal's reason (an error message, a receiver's answer) is the one text kept as written.
 * `activityLineText` gives the English stored beside it in messages.body, which search, older
 * apps and lines stored before these facts read.
 */

const autoAssignMode = z.enum(ASSIGNMENT_MODES).exclude(['off']);
/** The team an auto-assign handed out within; null when its team's or channel's setup chose. */
const withinTeam = z.string().nullable();

/** One thing a rule's or macro's run did (or, for `auto_assign`, is to do), in its line. */
export const activityActionSchema = z.discriminatedUnion('key', [
  z.object({ key: z.literal('assigned_agent'), name: z.string() }),
  z.object({ key: z.literal('assigned_team'), name: z.string() }),
  z.object({ key: z.literal('added_tags'), tags: z.array(z.string()) }),
  z.object({ key: z.literal('removed_tags'), tags: z.array(z.string()) }),
  z.object({ key: z.literal('set_priority'), priority: z.enum(PRIORITIES) }),
  z.object({ key: z.literal('set_status'), status: z.enum(CONVERSATION_STATUSES) }),
  z.object({ key: z.literal('snoozed'), minutes: z.number().int() }),
  z.object({ key: z.literal('added_note') }),
  z.object({ key: z.literal('sent_fast_reply') }),
  z.object({ key: z.literal('closed') }),
  /** Before it ran (a rule's dry run): whom it gives the conversation is not known yet. */
  z.object({ key: z.literal('auto_assign'), team: withinTeam }),
  z.object({
    key: z.literal('auto_assigned'),
    assignee: z.string(),
    mode: autoAssignMode,
    team: withinTeam,
  }),
  z.object({ key: z.literal('auto_assign_queued'), mode: autoAssignMode, team: withinTeam }),
  z.object({ key: z.literal('auto_assign_unassigned'), team: withinTeam }),
  z.object({ key: z.literal('mentioned'), name: z.string() }),
  z.object({ key: z.literal('sent_webhook'), host: z.string() }),
]);
export type ActivityAction = z.infer<typeof activityActionSchema>;

const moved = { other: z.number().int(), name: z.string() };
/** Why a run stopped (the refusal's own message); null when every action was done. */
const failure = z.string().nullable();

export const activityLineSchema = z.discriminatedUnion('key', [
  // An agent's change (or a macro's, in the agent's name); `actor` is the agent's name.
  z.object({
    key: z.literal('status_changed'),
    actor: z.string(),
    status: z.enum(CONVERSATION_STATUSES),
  }),
  z.object({ key: z.literal('priority_changed'), actor: z.string(), priority: z.enum(PRIORITIES) }),
  z.object({ key: z.literal('assigned'), actor: z.string(), assignee: z.string() }),
  z.object({ key: z.literal('self_assigned'), actor: z.string() }),
  z.object({ key: z.literal('unassigned'), actor: z.string() }),
  z.object({ key: z.literal('team_changed'), actor: z.string() }),
  z.object({ key: z.literal('team_removed'), actor: z.string() }),
  // Automatic assignment.
  z.object({ key: z.literal('auto_assigned'), name: z.string(), mode: autoAssignMode }),
  z.object({ key: z.literal('returned_to_queue'), name: z.string() }),
  // Automation rules and macros: what the run did, in order, and where it stopped.
  z.object({
    key: z.literal('rule_ran'),
    rule: z.string(),
    actions: z.array(activityActionSchema),
    failure,
  }),
  z.object({
    key: z.literal('macro_ran'),
    actor: z.string(),
    macro: z.string(),
    actions: z.array(activityActionSchema),
    failure,
  }),
  z.object({
    key: z.literal('webhook_failed'),
    rule: z.string(),
    host: z.string(),
    tries: z.number().int(),
    reason: z.string(),
  }),
  // Merges and splits of conversations: `other` is the other conversation's id.
  z.object({ key: z.literal('merged_in'), ...moved }),
  z.object({ key: z.literal('merged_into'), ...moved }),
  z.object({ key: z.literal('split_into'), ...moved }),
  z.object({ key: z.literal('split_from'), ...moved }),
  z.object({ key: z.literal('move_undone'), move: z.enum(CONVERSATION_MOVE_KINDS), ...moved }),
  // Contacts merged: `into` and `from` are the contacts' names (else email, phone or #id).
  z.object({
    key: z.literal('contact_merged'),
    actor: z.string(),
    into: z.string(),
    from: z.string(),
  }),
]);
export type ActivityLine = z.infer<typeof activityLineSchema>;

const MODE_WORDS = { round_robin: 'round-robin', least_busy: 'least-busy' } as const;

/**
 * An action's words in a run's English line. `closed` reads "closed it" after a rule's name
 * ("Rule “X” closed it") and "closed" after a macro's ("ran the macro “X”: closed").
 */
export function activityActionText(
  action: ActivityAction,
  origin: 'rule' | 'macro' = 'rule',
): string {
  const within = 'team' in action && action.team !== null ? ` within ${action.team}` : '';
  switch (action.key) {
    case 'assigned_agent':
    case 'assigned_team':
      return `assigned to ${action.name}`;
    case 'added_tags':
      return `added tag ${action.tags.join(', ')}`;
    case 'removed_tags':
      return `removed tag ${action.tags.join(', ')}`;
    case 'set_priority':
      return `set the priority to ${action.priority}`;
    case 'set_status':
      return `set the status to ${action.status}`;
    case 'snoozed':
      return `snoozed it for ${action.minutes} minutes`;
    case 'added_note':
      return 'added a note';
    case 'sent_fast_reply':
      return 'sent a fast reply';
    case 'closed':
      return origin === 'macro' ? 'closed' : 'closed it';
    case 'auto_assign':
      return `auto-assigned it${within}`;
    case 'auto_assigned':
      return `assigned to ${action.assignee} by ${MODE_WORDS[action.mode]}${within}`;
    case 'auto_assign_queued':
      return `queued it for ${MODE_WORDS[action.mode]}${within}: no agent available`;
    case 'auto_assign_unassigned':
      return `left it unassigned${within}: no agent available`;
    case 'mentioned':
      return `mentioned ${action.name} in a note`;
    case 'sent_webhook':
      return `sent a webhook to ${action.host}`;
  }
}

/** The English of an activity line, as messages.body stores it. */
export function activityLineText(line: ActivityLine): string {
  switch (line.key) {
    case 'status_changed':
      return `${line.actor} changed the status to ${line.status}`;
    case 'priority_changed':
      return `${line.actor} set the priority to ${line.priority}`;
    case 'assigned':
      return `${line.actor} assigned the conversation to ${line.assignee}`;
    case 'self_assigned':
      return `${line.actor} self-assigned the conversation`;
    case 'unassigned':
      return `${line.actor} unassigned the conversation`;
    case 'team_changed':
      return `${line.actor} moved the conversation to another team`;
    case 'team_removed':
      return `${line.actor} removed the team`;
    case 'auto_assigned':
      return assignmentActivityText({ kind: 'assigned', name: line.name, mode: line.mode });
    case 'returned_to_queue':
      return assignmentActivityText({ kind: 'returned', name: line.name });
    case 'rule_ran': {
      const did = line.actions.map((a) => activityActionText(a, 'rule')).join(', ');
      return line.failure === null
        ? `Rule “${line.rule}” ${did}`
        : `Rule “${line.rule}” ${did ? `${did}, then ` : ''}stopped: ${line.failure}`;
    }
    case 'macro_ran': {
      const did = line.actions.map((a) => activityActionText(a, 'macro')).join(', ');
      const ran = `${line.actor} ran the macro “${line.macro}”`;
      return line.failure === null
        ? `${ran}: ${did}`
        : `${ran}: ${did ? `${did}, then it ` : ''}stopped: ${line.failure}`;
    }
    case 'webhook_failed': {
      const tries = line.tries === 1 ? '1 try' : `${line.tries} tries`;
      return `Rule “${line.rule}” could not send its webhook to ${line.host} after ${tries}: ${line.reason}`;
    }
    case 'merged_in':
    case 'merged_into':
    case 'split_into':
    case 'split_from':
      return moveActivityText({ kind: line.key, other: line.other, name: line.name });
    case 'move_undone':
      return moveActivityText({
        kind: 'undone',
        move: line.move,
        other: line.other,
        name: line.name,
      });
    case 'contact_merged':
      return `Contact merged into ${line.into} (was ${line.from}) by ${line.actor}`;
  }
}
