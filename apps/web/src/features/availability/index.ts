// Availability and auto-assignment (docs/product/assignment.md): what the rest of the app uses
// everywhere. The settings parts (the Auto-assignment page, the capacity editor) are in
// settings.ts, so the shell — which loads this entry on every page — does not carry them.
export { AvailabilityKeeper } from './components/availability-keeper';
export { AvailabilitySwitcher } from './components/availability-switcher';
export { AvailabilityDot } from './components/availability-dot';
export { useAgentAvailability, useTeamAvailability } from './hooks/use-team-availability';
export { useIdleDetector } from './hooks/use-idle-detector';
export { assignmentActivityLabel } from './activity-text';
