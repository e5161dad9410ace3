// Availability and auto-assignment (docs/product/assignment.md): what the rest of the app uses.
export { AvailabilityKeeper } from './components/availability-keeper';
export { AvailabilitySwitcher } from './components/availability-switcher';
export { AvailabilityDot } from './components/availability-dot';
export { CapacityEditor } from './components/capacity-editor';
export { AutoAssignmentPage } from './components/auto-assignment-page';
export { useAgentAvailability, useTeamAvailability } from './hooks/use-team-availability';
export { useIdleDetector } from './hooks/use-idle-detector';
export { assignmentActivityLabel } from './activity-text';
