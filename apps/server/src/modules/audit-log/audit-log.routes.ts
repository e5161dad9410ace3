import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  AUDIT_LOG_EXPORT_MAX_ROWS,
  AUDIT_LOG_PATHS,
  auditLogExportQuery,
  auditLogQuery,
  auditLogResponse,
  auditLogSettingsBody,
  auditLogSettingsSchema,
} from '@parley/contracts';
import type { Deps } from '../../lib/deps';
import { requireAdmin } from '../../plugins/auth';
import {
  exportAuditLogCsv,
  getAuditLogSettings,
  listAuditLog,
  setAuditLogSettings,
} from './audit-log.service';

const tags = ['audit log'];
const RANGE =
  '`from` and `to` filter by date: a day (`2026-03-01`, UTC; `to` keeps the whole day) or a ' +
  'date and time with its offset (`2026-03-01T00:00:00%2B01:00`, the `+` URL-encoded; `to` is then excluded).';

export const auditLogRoutes =
  (deps: Deps): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      AUDIT_LOG_PATHS.list,
      {
        config: { auth: 'agent' },
        schema: {
          tags,
          summary:
            'Who did what in the account, newest first (owners and admins): sign-ins and failed sign-ins, invitations, roles, removals, teams, settings, channels, API keys, exports, deletions, merges, automation',
          description: RANGE,
          querystring: auditLogQuery,
          response: { 200: auditLogResponse },
        },
      },
      async (request) => listAuditLog(deps, requireAdmin(request), request.query),
    );

    app.get(
      AUDIT_LOG_PATHS.exportCsv,
      {
        config: { auth: 'agent' },
        schema: {
          tags,
          summary:
            'The filtered audit log as CSV (owners and admins); the export is itself recorded',
          description:
            `The same \`action\`, \`user_id\`, \`from\` and \`to\` as the list, newest first, at most ${AUDIT_LOG_EXPORT_MAX_ROWS} entries (the newest that match). ` +
            'Columns: time (ISO 8601), action, actor_name, actor_email, subject_name, ' +
            'subject_email, details (JSON). Cells a spreadsheet would run as a formula start ' +
            'with an apostrophe. Streamed. ' +
            RANGE,
          querystring: auditLogExportQuery,
          produces: ['text/csv'],
        },
      },
      async (request, reply) => {
        const csv = await exportAuditLogCsv(deps, requireAdmin(request), request.query);
        const day = new Date().toISOString().slice(0, 10);
        return reply
          .header('content-type', 'text/csv; charset=utf-8')
          .header('content-disposition', `attachment; filename="audit-log-${day}.csv"`)
          .header('cache-control', 'no-store')
          .send(csv);
      },
    );

    app.get(
      AUDIT_LOG_PATHS.settings,
      {
        config: { auth: 'agent' },
        schema: {
          tags,
          summary:
            'How long the audit log keeps its entries (owners and admins): days, or null for as long as the account exists',
          response: { 200: auditLogSettingsSchema },
        },
      },
      async (request) => getAuditLogSettings(deps, requireAdmin(request)),
    );

    app.put(
      AUDIT_LOG_PATHS.settings,
      {
        config: { auth: 'agent' },
        schema: {
          tags,
          summary:
            'Choose how long the audit log keeps its entries (owners and admins): 30, 90, 180, 365 or 730 days, or null; older entries are deleted within the hour, and the change is recorded',
          body: auditLogSettingsBody,
          response: { 200: auditLogSettingsSchema },
        },
      },
      async (request) => setAuditLogSettings(deps, requireAdmin(request), request.body),
    );
  };
