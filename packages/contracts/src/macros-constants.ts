// Macros' constants, free of zod (the web app imports values from here).

export const MACROS_PATH = '/dashboardapi/macros';
export const macroRunPath = (conversationId: number, macroId: number) =>
  `/dashboardapi/conversations/${conversationId}/macros/${macroId}/run`;
/** Macros an account may keep, shared and personal together. */
export const MAX_MACROS = 500;
/** The action types a person's macro may hold: the automation actions that make sense for a person. */
export const MACRO_ACTION_TYPES = [
  'add_tags',
  'remove_tags',
  'assign_agent',
  'assign_team',
  /** An agent hands the conversation to auto-assignment ("escalate to Tier 2"), as a rule does. */
  'auto_assign',
  'set_priority',
  'set_status',
  'add_note',
  /** A note that @mentions a teammate, as the agent's own note would. */
  'mention',
  'send_fast_reply',
  'close',
] as const;
export const MACRO_VISIBILITIES = ['personal', 'shared'] as const;
export type MacroVisibility = (typeof MACRO_VISIBILITIES)[number];
