// Settings → Auto-assignment, loaded by the router with its route (app/themed-app.tsx).
export { AutoAssignmentPage } from './components/auto-assignment-page';
