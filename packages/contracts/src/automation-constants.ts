// Automation rules' constants, free of zod (the web app imports values from here).

export const AUTOMATION_RULES_PATH = '/dashboardapi/automation-rules';
/** Rules an account may keep. */
export const MAX_AUTOMATION_RULES = 100;
/** A "matches" pattern's longest source, with the text it is tried on capped too (runner). */
export const MAX_AUTOMATION_PATTERN_LENGTH = 200;

/** What starts a rule. Time-based and SLA triggers come later and join this list. */
export const AUTOMATION_TRIGGERS = [
  'conversation_created',
  'message_received',
  'agent_replied',
  'status_changed',
  'priority_changed',
  'tags_changed',
  'assignee_changed',
] as const;
export type AutomationTriggerName = (typeof AUTOMATION_TRIGGERS)[number];
