// The audit log feature: Settings → Audit log.
export { AuditLogSettingsPage } from './components/audit-log-page';
