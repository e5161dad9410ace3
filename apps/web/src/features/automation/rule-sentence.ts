import { t } from '@lingui/core/macro';
import type {
  AutomationAction,
  AutomationCondition,
  AutomationRuleBody,
  AutomationTrigger,
  ConversationStatus,
  Priority,
} from '@parley/contracts';
import { channelLabel, priorityLabel, statusLabel } from '../conversation';
import { formatMinutes } from '../sla';

/** Names of the account's objects a rule points at by id; an unknown id shows as "#id". */
export interface RuleNames {
  tag(id: number): string | undefined;
  user(id: number): string | undefined;
  team(id: number): string | undefined;
  channel(id: number): string | undefined;
  fastReply(id: number): string | undefined;
  /** The account's stores (brands); left out where no rule names one. */
  store?(id: number): string | undefined;
}

export function triggerLabel(trigger: AutomationTrigger): string {
  switch (trigger) {
    case 'conversation_created':
      return t`When a conversation is created`;
    case 'message_received':
      return t`When a customer message is received`;
    case 'agent_replied':
      return t`When an agent replies`;
    case 'status_changed':
      return t`When the status changes`;
    case 'priority_changed':
      return t`When the priority changes`;
    case 'tags_changed':
      return t`When tags change`;
    case 'assignee_changed':
      return t`When the assignee changes`;
    // docs/product/sla.md: warning_minutes before a due time, and once it has passed.
    case 'sla_warning':
      return t`When an SLA is about to be breached`;
    case 'sla_breached':
      return t`When an SLA is breached`;
    // docs/product/automation.md: time-based rules wait `wait_minutes` in the state.
    case 'no_customer_reply':
      return t`When the customer has not replied for a while`;
    case 'pending_for':
      return t`When a conversation has been pending for a while`;
  }
}

/** The trigger with its wait, as the rule's sentence starts: "When … for 2 hr". */
export function whenText(trigger: AutomationTrigger, waitMinutes: number | null | undefined) {
  if (!waitMinutes) return triggerLabel(trigger);
  const wait = formatMinutes(waitMinutes, 'short');
  switch (trigger) {
    case 'no_customer_reply':
      return t`When the customer has not replied for ${wait}`;
    case 'pending_for':
      return t`When a conversation has been pending for ${wait}`;
    default:
      return triggerLabel(trigger);
  }
}

const named = (name: string | undefined, id: number) => name ?? `#${id}`;
const list = (ids: number[], name: (id: number) => string | undefined) =>
  ids.map((id) => named(name(id), id)).join(', ');

export function conditionText(c: AutomationCondition, names: RuleNames): string {
  const not = 'operator' in c && c.operator === 'is_not';
  switch (c.field) {
    case 'channel_type': {
      const channel = channelLabel(c.value);
      return not ? t`channel is not ${channel}` : t`channel is ${channel}`;
    }
    case 'support_channel': {
      const channel = named(names.channel(c.value), c.value);
      return not ? t`support channel is not ${channel}` : t`support channel is ${channel}`;
    }
    case 'status': {
      const status = statusLabel(c.value as ConversationStatus);
      return not ? t`status is not ${status}` : t`status is ${status}`;
    }
    case 'priority': {
      const priority = priorityLabel(c.value as Priority);
      return not ? t`priority is not ${priority}` : t`priority is ${priority}`;
    }
    case 'tags': {
      const tags = list(c.value, names.tag);
      return c.operator === 'includes_any'
        ? t`tags include ${tags}`
        : t`tags include none of ${tags}`;
    }
    case 'assignee': {
      if (c.value === null) return t`nobody is assigned`;
      const person = named(names.user(c.value), c.value);
      return t`assignee is ${person}`;
    }
    case 'team': {
      if (c.value === null) return t`there is no team`;
      const team = named(names.team(c.value), c.value);
      return t`team is ${team}`;
    }
    case 'message': {
      const text = c.value;
      return c.operator === 'contains'
        ? t`message contains “${text}”`
        : t`message matches the pattern “${text}”`;
    }
    case 'business_hours':
      return c.value ? t`it is during business hours` : t`it is outside business hours`;
    case 'contact_language': {
      const language = c.value;
      return not ? t`contact language is not ${language}` : t`contact language is ${language}`;
    }
    case 'first_message':
      return c.value ? t`it is the first message` : t`it is not the first message`;
    case 'store': {
      const store = named(names.store?.(c.value), c.value);
      return not ? t`store is not ${store}` : t`store is ${store}`;
    }
    case 'contact_field': {
      const field = contactFieldName(c.name);
      const value = c.value;
      switch (c.operator) {
        case 'is':
          return t`contact ${field} is “${value}”`;
        case 'contains':
          return t`contact ${field} contains “${value}”`;
        case 'is_empty':
          return t`contact ${field} is empty`;
        case 'is_not_empty':
          return t`contact ${field} is not empty`;
      }
    }
  }
}

/** A contact field's name in words: its own fields translated, an attribute as “key”. */
export function contactFieldName(name: string): string {
  switch (name) {
    case 'email':
      return t`email`;
    case 'name':
      return t`name`;
    case 'phone':
      return t`phone`;
    default:
      return t`attribute “${name}”`;
  }
}

/** A webhook's host, as the sentence names it ("send a webhook to hooks.example.com"). */
function hostOf(url: string): string {
  try {
    return new URL(url).host || url;
  } catch {
    return url;
  }
}

export function actionText(a: AutomationAction, names: RuleNames): string {
  switch (a.type) {
    case 'assign_agent': {
      const person = named(names.user(a.user_id), a.user_id);
      return t`assign to ${person}`;
    }
    case 'assign_team': {
      const team = named(names.team(a.team_id), a.team_id);
      return t`assign to ${team}`;
    }
    case 'add_tags': {
      const tags = list(a.tag_ids, names.tag);
      return t`add tag ${tags}`;
    }
    case 'remove_tags': {
      const tags = list(a.tag_ids, names.tag);
      return t`remove tag ${tags}`;
    }
    case 'set_priority': {
      const priority = priorityLabel(a.priority);
      return t`set priority to ${priority}`;
    }
    case 'set_status': {
      if (a.status === 'snoozed') {
        const minutes = a.snooze_minutes ?? 0;
        return t`snooze for ${minutes} minutes`;
      }
      const status = statusLabel(a.status);
      return t`set status to ${status}`;
    }
    case 'add_note':
      return t`add an internal note`;
    case 'send_fast_reply': {
      const reply = named(names.fastReply(a.fast_reply_id), a.fast_reply_id);
      return t`send the fast reply “${reply}”`;
    }
    case 'close':
      return t`close the conversation`;
    case 'auto_assign': {
      if (a.team_id === undefined) return t`auto-assign to an available agent`;
      const team = named(names.team(a.team_id), a.team_id);
      return t`auto-assign to an available agent of ${team}`;
    }
    case 'mention': {
      const person = named(names.user(a.user_id), a.user_id);
      return t`mention ${person} in an internal note`;
    }
    case 'send_webhook': {
      const host = hostOf(a.url);
      return t`send a webhook to ${host}`;
    }
  }
}

/**
 * A rule as one sentence an admin reads without knowing how rules are stored: "When a customer
 * message is received, if channel is WhatsApp and message contains “refund”, add tag refund,
 * assign to Billing".
 */
export function ruleSentence(
  rule: Pick<AutomationRuleBody, 'trigger' | 'wait_minutes' | 'conditions' | 'actions'>,
  names: RuleNames,
): string {
  const when = whenText(rule.trigger, rule.wait_minutes);
  const parts = rule.conditions.conditions.map((c) => conditionText(c, names));
  const joiner = rule.conditions.match === 'all' ? t` and ` : t` or `;
  const actions = rule.actions.map((a) => actionText(a, names)).join(', ');
  if (parts.length === 0) return t`${when}, ${actions}`;
  const conditions = parts.join(joiner);
  return t`${when}, if ${conditions}, ${actions}`;
}

/** Actions alone, as the end of a sentence: "add tag refund, set priority to Low, close the conversation". */
export function actionsSentence(actions: AutomationAction[], names: RuleNames): string {
  return actions.map((a) => actionText(a, names)).join(', ');
}
