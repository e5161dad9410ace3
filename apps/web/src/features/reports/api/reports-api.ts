import {
  REPORT_PATHS,
  type ConversationMapping,
  type ReportExportGroup,
  type ReportOverview,
} from '@parley/contracts';
import { baseApi } from '../../../lib/base-api';
import { http, isCanceledRequest } from '../../../lib/request';
import { saveCsv } from '../../../lib/save-csv';

/**
 * What the report is asked for: the global date range and the filters. Its days and hours are
 * the account's (its business hours' time zone, else UTC), which the server applies: the answer's
 * `timezone` names it (docs/product/screens.md, "/reporting").
 */
export interface ReportParams {
  from: string;
  to: string;
  channel_id?: number | undefined;
  agent_id?: number | undefined;
  team_id?: number | undefined;
  tag_id?: number | undefined;
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
