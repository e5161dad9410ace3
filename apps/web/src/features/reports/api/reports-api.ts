import {
  REPORT_PATHS,
  type ConversationMapping,
  type ReportExportGroup,
  type ReportOverview,
} from '@parley/contracts';
import { baseApi } from '../../../lib/base-api';
import { http, isCanceledRequest } from '../../../lib/request';

/** What the report is asked for: the global date range, the filters and the browser's zone. */
export interface ReportParams {
  from: string;
  to: string;
  channel_id?: number | undefined;
  agent_id?: number | undefined;
  team_id?: number | undefined;
  tag_id?: number | undefined;
  tz: string;
}

/** The zone the browser shows times in (accounts and users have none stored yet); UTC if unknown. */
export function browserTimeZone(): string {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
  } catch {
    return 'UTC';
  }
}

export const reportsApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    getReportOverview: build.query<ReportOverview, ReportParams>({
      query: (params) => ({ url: REPORT_PATHS.overview, query: { ...params } }),
    }),
    /** The filters' choices: channels, people, teams and tags of the account. */
    getReportFilterOptions: build.query<ConversationMapping, void>({
      query: () => '/dashboardapi/conversation/mapping',
      providesTags: ['Mapping'],
    }),
  }),
});

export const { useGetReportOverviewQuery, useGetReportFilterOptionsQuery } = reportsApi;

/**
 * Downloads the report as CSV. The API wants the session headers, so the file is fetched
 * through the request wrapper and handed to the browser as a download. Answers false when the
 * request was canceled.
 */
export async function downloadReportCsv(
  params: ReportParams,
  by: ReportExportGroup,
): Promise<boolean> {
  const text = await http.get<string>(REPORT_PATHS.exportCsv, { query: { ...params, by } });
  if (isCanceledRequest(text)) return false;
  saveCsv(text, `report-${params.from}-to-${params.to}-by-${by}.csv`);
  return true;
}

/** Hands CSV text to the browser as a download named `fileName`. */
export function saveCsv(text: string, fileName: string): void {
  const link = document.createElement('a');
  link.download = fileName;
  const canBlob = typeof URL.createObjectURL === 'function';
  link.href = canBlob
    ? URL.createObjectURL(new Blob([text], { type: 'text/csv;charset=utf-8' }))
    : `data:text/csv;charset=utf-8,${encodeURIComponent(text)}`;
  link.style.display = 'none';
  document.body.append(link);
  link.click();
  link.remove();
  if (canBlob) setTimeout(() => URL.revokeObjectURL(link.href), 0);
}
