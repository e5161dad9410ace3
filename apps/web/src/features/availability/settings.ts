// Availability's settings parts, loaded with the settings pages that show them (index.ts has the
// rest).
export { CapacityEditor } from './components/capacity-editor';
export { AutoAssignmentPage } from './components/auto-assignment-page';
