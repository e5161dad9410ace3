/**
 * Availability and auto-assignment (docs/product/assignment.md): values the web app uses, free of
 * zod. The schemas are in assignment.ts.
 */

/** What an agent is: only online agents get conversations automatically. */
export const AVAILABILITY_STATUSES = ['online', 'away', 'offline'] as const;
export type AvailabilityStatus = (typeof AVAILABILITY_STATUSES)[number];

/** How a team or a support channel hands out new conversations. */
export const ASSIGNMENT_MODES = ['off', 'round_robin', 'least_busy'] as const;
export type AssignmentMode = (typeof ASSIGNMENT_MODES)[number];

/** The most open conversations a capacity may name (null = no limit). */
export const MAX_AGENT_CAPACITY = 1000;

/** The most agents a support channel's auto-assignment may be limited to. */
export const MAX_CHANNEL_AGENTS = 1000;

/** Without input for this long, the agent's app reports them idle, and they show as away. */
export const IDLE_AFTER_MS = 10 * 60_000;

export const AVAILABILITY_PATH = '/dashboardapi/availability';
export const ASSIGNMENT_SETTINGS_PATH = '/dashboardapi/assignment/settings';

/** Every agent's app stays on this presence channel while signed in: no socket for a while = offline. */
export const availabilityPresenceChannel = (accountId: number) =>
  `presence-account-${accountId}-availability`;

/** Realtime event on each agent's `private-dcuser-{id}-panel0`: someone's availability changed. */
export const AGENT_AVAILABILITY_EVENT = 'agent_availability_updated';

/**
 * The activity lines automatic assignment writes in a conversation. Their facts are stored with
 * them (activity-lines.ts); lines stored before as English text alone are read back with
 * parseAssignmentActivity to show them in the reader's language.
 */
export type AssignmentActivity =
  | { kind: 'assigned'; name: string; mode: Exclude<AssignmentMode, 'off'> }
  | { kind: 'returned'; name: string };

const MODE_WORDS = { round_robin: 'round-robin', least_busy: 'least-busy' } as const;

export function assignmentActivityText(activity: AssignmentActivity): string {
  return activity.kind === 'assigned'
    ? `Assigned to ${activity.name} by ${MODE_WORDS[activity.mode]}`
    : `Returned to the queue: ${activity.name} went offline`;
}

const ASSIGNED_LINE = /^Assigned to (.+) by (round-robin|least-busy)$/s;
const RETURNED_LINE = /^Returned to the queue: (.+) went offline$/s;

/** The automatic-assignment activity a stored line says, or null for any other line. */
export function parseAssignmentActivity(body: string): AssignmentActivity | null {
  const assigned = ASSIGNED_LINE.exec(body);
  if (assigned)
    return {
      kind: 'assigned',
      name: assigned[1]!,
      mode: assigned[2] === 'round-robin' ? 'round_robin' : 'least_busy',
    };
  const returned = RETURNED_LINE.exec(body);
  return returned ? { kind: 'returned', name: returned[1]! } : null;
}

/** localStorage: when any tab of the app last saw input, so one idle tab does not mark an agent away who works in another. */
export const LAST_INPUT_AT_KEY = 'last-input-at';
