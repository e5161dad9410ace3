import dayjs from 'dayjs';
import {
  AUDIT_LOG_PATHS,
  type AuditAction,
  type AuditLogResponse,
  type AuditLogSettings,
} from '@parley/contracts';
import { baseApi } from '../../../lib/base-api';
import { http, isCanceledRequest } from '../../../lib/request';
import { saveCsv } from '../../../lib/save-csv';

export interface AuditLogFilters {
  action?: AuditAction;
  userId?: number;
  /** Whole days in the browser's time zone, both included (`YYYY-MM-DD`). */
  days?: { start: string; end: string } | null;
  /** The page after this entry id (`next_before` of the page before). */
  before?: number;
}

/**
 * The query of a set of filters: a range of local days becomes the moments it starts and ends
 * (the start of the day after the last), with their offset, so the server reads the browser's days.
 */
function queryOf({ action, userId, days }: Omit<AuditLogFilters, 'before'>) {
  return {
    action,
    user_id: userId,
    from: days ? dayjs(days.start).startOf('day').toISOString() : undefined,
    to: days ? dayjs(days.end).add(1, 'day').startOf('day').toISOString() : undefined,
  };
}

export const auditLogApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    getAuditLog: build.query<AuditLogResponse, AuditLogFilters>({
      query: ({ before, ...filters }) => ({
        url: AUDIT_LOG_PATHS.list,
        query: { ...queryOf(filters), before },
      }),
      // Who did what changes with every sign-in: read afresh each time the page opens.
      keepUnusedDataFor: 0,
    }),
    getAuditLogSettings: build.query<AuditLogSettings, void>({
      query: () => AUDIT_LOG_PATHS.settings,
      keepUnusedDataFor: 0,
    }),
    setAuditLogSettings: build.mutation<AuditLogSettings, AuditLogSettings>({
      query: (body) => ({ url: AUDIT_LOG_PATHS.settings, method: 'PUT', body }),
      async onQueryStarted(_, { dispatch, queryFulfilled }) {
        const { data } = await queryFulfilled.catch(() => ({ data: null }));
        if (data)
          dispatch(auditLogApi.util.upsertQueryData('getAuditLogSettings', undefined, data));
      },
    }),
  }),
});

export const { useGetAuditLogQuery, useGetAuditLogSettingsQuery, useSetAuditLogSettingsMutation } =
  auditLogApi;

/**
 * The filtered log as CSV (owners and admins), fetched through the request wrapper and handed
 * to the browser as a download. Answers false when the request was canceled.
 */
export async function downloadAuditLogCsv(
  filters: Omit<AuditLogFilters, 'before'>,
): Promise<boolean> {
  const text = await http.get<string>(AUDIT_LOG_PATHS.exportCsv, { query: queryOf(filters) });
  if (isCanceledRequest(text)) return false;
  saveCsv(text, `audit-log-${dayjs().format('YYYY-MM-DD')}.csv`);
  return true;
}
