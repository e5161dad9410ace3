// Availability and auto-assignment (docs/product/assignment.md): what the rest of the app uses
// everywhere. The settings parts (the Auto-assignment page, the capacity editor) are in
// settings.ts, so the shell — which loads this entry on every page — does not carry them.
import { lazy } from 'react';

export { AvailabilityKeeper } from './components/availability-keeper';
/**
 * Shown only in the open user menu: its radio buttons (and antd's form engine behind them) load
 * then, not with the shell.
 */
export const AvailabilitySwitcher = lazy(() =>
  import('./components/availability-switcher').then((m) => ({ default: m.AvailabilitySwitcher })),
);
export { AvailabilityDot } from './components/availability-dot';
export { useAgentAvailability, useTeamAvailability } from './hooks/use-team-availability';
export { useIdleDetector } from './hooks/use-idle-detector';
export { assignmentActivityLabel } from './activity-text';
