import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  REPORT_PATHS,
  reportExportQuery,
  reportOverviewResponse,
  reportQuery,
} from '@parley/contracts';
import type { Deps } from '../../lib/deps';
import { agentOf } from '../../plugins/auth';
import { csvFileName, reportCsv } from './reports.csv';
import { reportForExport, reportOverview } from './reports.service';

const tags = ['reports'];

/** Reporting (/reporting): every member of the account may read its reports, agents included. */
export const reportsRoutes =
  (deps: Deps): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      REPORT_PATHS.overview,
      {
        config: { auth: 'agent' },
        schema: {
          tags,
          summary: 'Conversations, messages, response times and CSAT over a range of days',
          description:
            'Totals for the range (`from`–`to`, both included, at most one year) and for the ' +
            'previous period of the same length, a daily series, breakdowns by channel, agent, ' +
            'team and tag, and the busiest hours (customer messages by weekday and hour). Days ' +
            'and hours are counted in the account’s time zone (its business hours’, else UTC), the ' +
            'zone the conversation list’s creation days use; the answer’s `timezone` names it. ' +
            '`tz` is still accepted and not used: the account’s zone wins. Medians and p90 follow percentile_cont: ' +
            'exact over a few conversations, within 2 % over many (they are read from duration ' +
            'histograms). CSAT comes from the customers’ star ratings (/feedback and the widget) ' +
            'of the conversations that match the filters.',
          querystring: reportQuery,
          response: { 200: reportOverviewResponse },
        },
      },
      async (request) => reportOverview(deps, agentOf(request), request.query),
    );

    app.get(
      REPORT_PATHS.exportCsv,
      {
        config: { auth: 'agent' },
        schema: {
          tags,
          summary: 'The report as CSV: one row per day, or per channel, agent, team or tag',
          description:
            'Same range and filters as the overview. `by=day` (default): date, opened, closed, ' +
            'messages_in, messages_out. `by=channel|agent|team|tag`: id, name, opened, closed ' +
            'and first-response / resolution median and p90 in seconds. Sent as a download.',
          querystring: reportExportQuery,
          produces: ['text/csv'],
        },
      },
      async (request, reply) => {
        const { by, ...query } = request.query;
        const report = await reportForExport(deps, agentOf(request), query, by);
        return reply
          .header('content-type', 'text/csv; charset=utf-8')
          .header('content-disposition', `attachment; filename="${csvFileName(report, by)}"`)
          .header('cache-control', 'no-store')
          .send(reportCsv(report, by));
      },
    );
  };
