// The account's business hours (docs/product/sla.md): Settings → Business hours, and what SLA
// policies ask of them. The weekly editor itself is shared with the chat widget and the call
// channel: components/business-hours-editor.tsx.
export { BusinessHoursPage } from './components/business-hours-page';
export { useGetBusinessHoursQuery } from './api/business-hours-api';
