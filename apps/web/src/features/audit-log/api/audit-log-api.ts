import type { AuditAction, AuditLogResponse } from '@parley/contracts';
import { baseApi } from '../../../lib/base-api';

export interface AuditLogFilters {
  action?: AuditAction;
  userId?: number;
  /** The page after this entry id (`next_before` of the page before). */
  before?: number;
}

export const auditLogApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    getAuditLog: build.query<AuditLogResponse, AuditLogFilters>({
      query: ({ action, userId, before }) => ({
        url: '/dashboardapi/audit-log',
        query: { action, user_id: userId, before },
      }),
      // Who did what changes with every sign-in: read afresh each time the page opens.
      keepUnusedDataFor: 0,
    }),
  }),
});

export const { useGetAuditLogQuery } = auditLogApi;
