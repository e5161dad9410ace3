import { SLA_REPORT_PATHS, type SlaReport, type SlaReportGroup } from '@parley/contracts';
import { baseApi } from '../../../lib/base-api';
import { http, isCanceledRequest } from '../../../lib/request';
import { saveCsv } from '../../../lib/save-csv';

/** The SLA attainment report's question: the global date range, one row per `by`, in `tz`. */
export interface SlaReportParams {
  from: string;
  to: string;
  by: SlaReportGroup;
  tz: string;
}

export const slaReportApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    getSlaReport: build.query<SlaReport, SlaReportParams>({
      query: (params) => ({ url: SLA_REPORT_PATHS.report, query: { ...params } }),
    }),
  }),
});

export const { useGetSlaReportQuery } = slaReportApi;

/** Downloads the SLA report as CSV, as the overview's export does; false when canceled. */
export async function downloadSlaReportCsv(params: SlaReportParams): Promise<boolean> {
  const text = await http.get<string>(SLA_REPORT_PATHS.exportCsv, { query: { ...params } });
  if (isCanceledRequest(text)) return false;
  saveCsv(text, `sla-report-${params.from}-to-${params.to}-by-${params.by}.csv`);
  return true;
}
