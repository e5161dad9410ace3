import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  BILLING_PATHS,
  DEMO_REQUEST_STATUSES,
  OPERATOR_PATHS,
  npsResponsesResponse,
  npsSummaryResponse,
  okResponse,
  operatorCallbackRequestsResponse,
  operatorBillingPatch,
  operatorBillingResponse,
  operatorDemoRequestPatch,
  operatorDemoRequestsResponse,
  operatorPageQuery,
  operatorPeriodQuery,
} from '@parley/contracts';
import type { Deps } from '../../lib/deps';
import { notFound } from '../../lib/errors';
import { setSuppressBilling } from '../billing/billing.service';
import {
  callbackRequests,
  demoRequests,
  npsResponses,
  npsSummary,
  setDemoRequestStatus,
} from './operator.queries';

const tags = ['operator'];
const security = [{ operator: [] }];
const periodAndPage = operatorPeriodQuery.and(operatorPageQuery);

/** The operator API: cross-account on purpose, behind OPERATOR_TOKEN (auth mode 'operator'). */
export const operatorRoutes =
  (deps: Deps): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      OPERATOR_PATHS.npsSummary,
      {
        config: { auth: 'operator' },
        schema: {
          tags,
          security,
          summary: 'The feedback survey’s ratings and score over a period',
          querystring: operatorPeriodQuery,
          response: { 200: npsSummaryResponse },
        },
      },
      async (request) => npsSummary(deps.db, request.query),
    );

    app.get(
      OPERATOR_PATHS.npsResponses,
      {
        config: { auth: 'operator' },
        schema: {
          tags,
          security,
          summary: 'Each person’s survey answers, newest first',
          querystring: periodAndPage,
          response: { 200: npsResponsesResponse },
        },
      },
      async (request) => npsResponses(deps.db, request.query, request.query),
    );

    app.get(
      OPERATOR_PATHS.demoRequests,
      {
        config: { auth: 'operator' },
        schema: {
          tags,
          security,
          summary: 'Demo requests with the chosen slot, newest first',
          querystring: operatorPageQuery.extend({
            status: z.enum(DEMO_REQUEST_STATUSES).optional(),
          }),
          response: { 200: operatorDemoRequestsResponse },
        },
      },
      async (request) => demoRequests(deps.db, request.query.status, request.query),
    );

    app.patch(
      OPERATOR_PATHS.demoRequest,
      {
        config: { auth: 'operator' },
        schema: {
          tags,
          security,
          summary: 'Confirm, complete or cancel a demo request',
          params: z.object({ id: z.coerce.number().int().positive().max(2_147_483_647) }),
          body: operatorDemoRequestPatch,
          response: { 200: okResponse },
        },
      },
      async (request) => {
        if (!(await setDemoRequestStatus(deps.db, request.params.id, request.body.status)))
          throw notFound('That demo request was not found.');
        return { ok: true as const };
      },
    );

    app.get(
      OPERATOR_PATHS.callbackRequests,
      {
        config: { auth: 'operator' },
        schema: {
          tags,
          security,
          summary: 'Request Callback forms, newest first',
          querystring: periodAndPage,
          response: { 200: operatorCallbackRequestsResponse },
        },
      },
      async (request) => callbackRequests(deps.db, request.query, request.query),
    );

    app.patch(
      BILLING_PATHS.operatorAccountBilling,
      {
        config: { auth: 'operator' },
        schema: {
          tags,
          security,
          summary: 'Suppress (or restore) billing for an account: no trial limits, no payment asks',
          params: z.object({ id: z.coerce.number().int().positive().max(2_147_483_647) }),
          body: operatorBillingPatch,
          response: { 200: operatorBillingResponse },
        },
      },
      async (request) => {
        const row = await setSuppressBilling(
          deps.db,
          request.params.id,
          request.body.suppress_billing,
        );
        if (!row) throw notFound('That account was not found.');
        return { account_id: row.id, suppress_billing: row.suppressBilling };
      },
    );
  };
