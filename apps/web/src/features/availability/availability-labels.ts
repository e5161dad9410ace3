import { msg } from '@lingui/core/macro';
import type { MessageDescriptor } from '@lingui/core';
import type { AssignmentMode, AvailabilityStatus } from '@parley/contracts';
import { i18n } from '../../lib/i18n';

const STATUS_LABELS: Record<AvailabilityStatus, MessageDescriptor> = {
  online: msg`Online`,
  away: msg`Away`,
  offline: msg`Offline`,
};

/** What the switcher says under each choice. */
const STATUS_HINTS: Record<AvailabilityStatus, MessageDescriptor> = {
  online: msg`You get new conversations`,
  away: msg`You keep yours, but get no new ones`,
  offline: msg`You get no new conversations`,
};

const MODE_LABELS: Record<AssignmentMode, MessageDescriptor> = {
  off: msg`Off`,
  round_robin: msg`Round-robin`,
  least_busy: msg`Least busy`,
};

const MODE_HINTS: Record<AssignmentMode, MessageDescriptor> = {
  off: msg`Agents pick conversations themselves.`,
  round_robin: msg`Online agents take turns, one new conversation each.`,
  least_busy: msg`The online agent with the fewest open conversations gets the next one.`,
};

export const statusLabel = (status: AvailabilityStatus) => i18n._(STATUS_LABELS[status]);
export const statusHint = (status: AvailabilityStatus) => i18n._(STATUS_HINTS[status]);
export const modeLabel = (mode: AssignmentMode) => i18n._(MODE_LABELS[mode]);
export const modeHint = (mode: AssignmentMode) => i18n._(MODE_HINTS[mode]);
