import { t } from '@lingui/core/macro';
import { parseAssignmentActivity, type AssignmentActivity } from '@parley/contracts';

/** What automatic assignment did, in the reader's language. */
export function assignmentActivityWords(activity: AssignmentActivity): string {
  const name = activity.name;
  if (activity.kind === 'returned') return t`Returned to the queue: ${name} went offline`;
  return activity.mode === 'round_robin'
    ? t`Assigned to ${name} by round-robin`
    : t`Assigned to ${name} by least-busy`;
}

/**
 * An automatic-assignment activity line stored before lines kept their facts, read back from its
 * English text, in the reader's language; null for any other line (the thread shows it as
 * stored).
 */
export function assignmentActivityLabel(body: string): string | null {
  const activity = parseAssignmentActivity(body);
  return activity ? assignmentActivityWords(activity) : null;
}
