import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { BULK_API, bulkBody, bulkJobParams, bulkProgress, bulkStarted } from '@parley/contracts';
import type { Deps } from '../../lib/deps';
import { agentOf } from '../../plugins/auth';
import { BULK_JOB, bulkJob, bulkProgress as readProgress, startBulk } from './bulk.service';

const tags = ['inbox'];

/** Bulk actions on the inbox list: one durable job per action, its progress read by id. */
export const bulkRoutes =
  (deps: Deps): FastifyPluginAsyncZod =>
  async (app) => {
    deps.jobs.register(BULK_JOB, bulkJob(deps));

    app.post(
      BULK_API.start,
      {
        config: { auth: 'agent' },
        schema: {
          tags,
          summary:
            'Assign, tag, set the status or priority of many conversations (ids or a whole view) in one job',
          body: bulkBody,
          response: { 202: bulkStarted },
        },
      },
      async (request, reply) => {
        const started = await startBulk(deps, agentOf(request), request.body);
        reply.status(202);
        return started;
      },
    );

    app.get(
      '/dashboardapi/conversations/bulk/:jobId',
      {
        config: { auth: 'agent' },
        schema: {
          tags,
          summary: 'How far a bulk action got, and what could not be changed',
          params: bulkJobParams,
          response: { 200: bulkProgress },
        },
      },
      async (request) => readProgress(deps, agentOf(request), request.params.jobId),
    );
  };
