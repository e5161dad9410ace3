// Automation rules' constants, free of zod (the web app imports values from here).

export const AUTOMATION_RULES_PATH = '/dashboardapi/automation-rules';
/** Rules an account may keep. */
export const MAX_AUTOMATION_RULES = 100;
/** A "matches" pattern's longest source, with the text it is tried on capped too (runner). */
export const MAX_AUTOMATION_PATTERN_LENGTH = 200;

/** What starts a rule. */
export const AUTOMATION_TRIGGERS = [
  'conversation_created',
  'message_received',
  'agent_replied',
  'status_changed',
  'priority_changed',
  'tags_changed',
  'assignee_changed',
  /** An SLA clock reached its warning time (docs/product/sla.md). */
  'sla_warning',
  /** An SLA clock passed its due time. */
  'sla_breached',
  /** Time-based: `wait_minutes` after an agent's reply, the customer has not written again. */
  'no_customer_reply',
  /** Time-based: the conversation has been pending for `wait_minutes`. */
  'pending_for',
] as const;
/** The triggers that fire a while after a conversation enters a state: their rules say how long. */
export const TIMED_AUTOMATION_TRIGGERS = ['no_customer_reply', 'pending_for'] as const;
export type TimedAutomationTrigger = (typeof TIMED_AUTOMATION_TRIGGERS)[number];
export const isTimedTrigger = (trigger: string): trigger is TimedAutomationTrigger =>
  (TIMED_AUTOMATION_TRIGGERS as readonly string[]).includes(trigger);
/** The longest wait a time-based rule may have: 30 days. */
export const MAX_AUTOMATION_WAIT_MINUTES = 60 * 24 * 30;
export type AutomationTriggerName = (typeof AUTOMATION_TRIGGERS)[number];

/** A `contact_field` condition's operators (`is_empty` / `is_not_empty` take no value). */
export const CONTACT_FIELD_OPERATORS = ['contains', 'is', 'is_empty', 'is_not_empty'] as const;
/** The contact's own fields a `contact_field` condition names; any other name is an attribute key. */
export const CONTACT_OWN_FIELDS = ['email', 'name', 'phone'] as const;
/** A `send_webhook` action's URL, at most. */
export const MAX_WEBHOOK_URL_LENGTH = 2000;
/** A `send_webhook` action's signing secret, at least (docs/product/automation.md "Webhooks"). */
export const MIN_WEBHOOK_SECRET_LENGTH = 16;
/** The header carrying a webhook's signature: `t=<unix seconds>,v1=<hex HMAC-SHA256>`. */
export const WEBHOOK_SIGNATURE_HEADER = 'X-Parley-Signature';
