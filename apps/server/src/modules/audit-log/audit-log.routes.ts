import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { auditLogQuery, auditLogResponse } from '@parley/contracts';
import type { Deps } from '../../lib/deps';
import { requireAdmin } from '../../plugins/auth';
import { listAuditLog } from './audit-log.service';

export const auditLogRoutes =
  (deps: Deps): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/dashboardapi/audit-log',
      {
        config: { auth: 'agent' },
        schema: {
          tags: ['audit log'],
          summary:
            'Who did what in the account, newest first (owners and admins): sign-ins, invitations, roles, removals, teams, email setup',
          querystring: auditLogQuery,
          response: { 200: auditLogResponse },
        },
      },
      async (request) => listAuditLog(deps, requireAdmin(request), request.query),
    );
  };
