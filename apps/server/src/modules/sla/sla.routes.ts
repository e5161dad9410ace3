import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  BUSINESS_HOURS_PATH,
  businessHoursSettings,
  conversationIdParams,
  conversationSla,
  okResponse,
  SLA_POLICIES_ORDER_PATH,
  SLA_POLICIES_PATH,
  SLA_REPORT_PATHS,
  slaPolicy,
  slaPolicyBody,
  slaPolicyList,
  slaPolicyParams,
  slaPolicyPatch,
  slaPolicyReorderBody,
  slaReport,
  slaReportQuery,
} from '@parley/contracts';
import type { Deps } from '../../lib/deps';
import { agentOf, requireAdmin } from '../../plugins/auth';
import { slaCsvFileName, slaReportCsv } from './sla.report';
import {
  createPolicy,
  deletePolicy,
  getBusinessHours,
  getConversationSla,
  getSlaReport,
  getSlaReportForExport,
  listPolicies,
  putBusinessHours,
  reorderPolicies,
  startSlaClocks,
  updatePolicy,
} from './sla.service';

const tags = ['sla'];

/** SLA policies, the account's business hours, a conversation's clocks and the report. */
export const slaRoutes =
  (deps: Deps): FastifyPluginAsyncZod =>
  async (app) => {
    const stop = startSlaClocks(deps, (err) =>
      app.log.error({ err }, 'sla: syncing a conversation’s clocks failed'),
    );
    app.addHook('onClose', stop);

    app.get(
      SLA_POLICIES_PATH,
      {
        config: { auth: 'agent' },
        schema: {
          tags,
          summary: 'The account’s SLA policies, in the order they are tried',
          response: { 200: slaPolicyList },
        },
      },
      async (request) => listPolicies(deps, agentOf(request)),
    );

    app.post(
      SLA_POLICIES_PATH,
      {
        config: { auth: 'agent' },
        schema: {
          tags,
          summary: 'Create an SLA policy (owners and admins), tried after the others',
          body: slaPolicyBody,
          response: { 201: slaPolicy },
        },
      },
      async (request, reply) => {
        const policy = await createPolicy(deps, requireAdmin(request), request.body);
        return reply.code(201).send(policy);
      },
    );

    app.put(
      SLA_POLICIES_ORDER_PATH,
      {
        config: { auth: 'agent' },
        schema: {
          tags,
          summary: 'Set the order SLA policies are tried in (owners and admins)',
          body: slaPolicyReorderBody,
          response: { 200: slaPolicyList },
        },
      },
      async (request) => reorderPolicies(deps, requireAdmin(request), request.body.ids),
    );

    app.patch(
      `${SLA_POLICIES_PATH}/:id`,
      {
        config: { auth: 'agent' },
        schema: {
          tags,
          summary: 'Change an SLA policy (owners and admins); running clocks are re-timed',
          params: slaPolicyParams,
          body: slaPolicyPatch,
          response: { 200: slaPolicy },
        },
      },
      async (request) => updatePolicy(deps, requireAdmin(request), request.params.id, request.body),
    );

    app.delete(
      `${SLA_POLICIES_PATH}/:id`,
      {
        config: { auth: 'agent' },
        schema: {
          tags,
          summary: 'Delete an SLA policy (owners and admins); its running clocks end unjudged',
          params: slaPolicyParams,
          response: { 200: okResponse },
        },
      },
      async (request) => {
        await deletePolicy(deps, requireAdmin(request), request.params.id);
        return { ok: true as const };
      },
    );

    app.get(
      BUSINESS_HOURS_PATH,
      {
        config: { auth: 'agent' },
        schema: {
          tags,
          summary: 'The account’s business hours and holidays (null: round the clock)',
          response: { 200: businessHoursSettings },
        },
      },
      async (request) => getBusinessHours(deps, agentOf(request)),
    );

    app.put(
      BUSINESS_HOURS_PATH,
      {
        config: { auth: 'agent' },
        schema: {
          tags,
          summary: 'Set the business hours and holidays (owners and admins)',
          description:
            'Running clocks of business-hours policies are re-timed to the new hours in the ' +
            'background, within seconds.',
          body: businessHoursSettings,
          response: { 200: businessHoursSettings },
        },
      },
      async (request) => putBusinessHours(deps, requireAdmin(request), request.body),
    );

    app.get(
      '/dashboardapi/conversations/:id/sla',
      {
        config: { auth: 'agent' },
        schema: {
          tags,
          summary: 'A conversation’s SLA policy and clocks',
          params: conversationIdParams,
          response: { 200: conversationSla },
        },
      },
      async (request) => getConversationSla(deps, agentOf(request), request.params.id),
    );

    app.get(
      SLA_REPORT_PATHS.report,
      {
        config: { auth: 'agent' },
        schema: {
          tags: ['reports'],
          summary: 'SLA attainment over a range of days, by team, agent, priority or period',
          description:
            'Clocks that were kept or missed in the range (`from`–`to`, both included, days in ' +
            '`tz`). A clock counts once: missed at its breach (even while it still runs), kept ' +
            'when it stopped in time. Teams and agents are the conversation’s current ones.',
          querystring: slaReportQuery,
          response: { 200: slaReport },
        },
      },
      async (request) => getSlaReport(deps, agentOf(request), request.query),
    );

    app.get(
      SLA_REPORT_PATHS.exportCsv,
      {
        config: { auth: 'agent' },
        schema: {
          tags: ['reports'],
          summary: 'The SLA attainment report as CSV: one row per group, then the total',
          querystring: slaReportQuery,
          produces: ['text/csv'],
        },
      },
      async (request, reply) => {
        const report = await getSlaReportForExport(deps, agentOf(request), request.query);
        return reply
          .header('content-type', 'text/csv; charset=utf-8')
          .header('content-disposition', `attachment; filename="${slaCsvFileName(request.query)}"`)
          .header('cache-control', 'no-store')
          .send(slaReportCsv(report));
      },
    );
  };
