// Settings → SLA policies, loaded with its route (index.ts has what the inbox shows).
export { SlaPoliciesPage } from './components/sla-policies-page';
