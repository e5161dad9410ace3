// Availability and auto-assignment (docs/product/assignment.md): what the rest of the app uses —
// the shell's keeper and switcher, the dots, the activity lines, and Team members' capacity
// editor. Settings → Auto-assignment is loaded by the router through settings.ts.
export { AvailabilityKeeper } from './components/availability-keeper';
export { AvailabilitySwitcher } from './components/lazy-availability-switcher';
export { AvailabilityDot } from './components/availability-dot';
export { CapacityEditor } from './components/capacity-editor';
export { useAgentAvailability, useTeamAvailability } from './hooks/use-team-availability';
export { useIdleDetector } from './hooks/use-idle-detector';
export { assignmentActivityLabel, assignmentActivityWords } from './activity-text';
