import { t } from '@lingui/core/macro';
import { parseAssignmentActivity } from '@parley/contracts';

/**
 * An automatic-assignment activity line in the reader's language; null for any other line (the
 * thread shows it as stored). Activity lines are stored in English (docs/product/assignment.md).
 */
export function assignmentActivityLabel(body: string): string | null {
  const activity = parseAssignmentActivity(body);
  if (!activity) return null;
  const name = activity.name;
  if (activity.kind === 'returned') return t`Returned to the queue: ${name} went offline`;
  return activity.mode === 'round_robin'
    ? t`Assigned to ${name} by round-robin`
    : t`Assigned to ${name} by least-busy`;
}
