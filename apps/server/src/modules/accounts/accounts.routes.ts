import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { accountListResponse, accountSummary, createAccountBody } from '@parley/contracts';
import { sessionOf } from '../../plugins/auth';
import type { Deps } from '../../lib/deps';
import { createAccount, listAccounts } from './accounts.service';

export const accountsRoutes =
  (deps: Deps): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/dashboardapi/accounts',
      {
        config: { auth: 'agent', accountOptional: true },
        schema: {
          tags: ['accounts'],
          summary: 'The accounts the user belongs to',
          response: { 200: accountListResponse },
        },
      },
      async (request) => listAccounts(deps.db, sessionOf(request).userId),
    );

    app.post(
      '/dashboardapi/accounts',
      {
        config: { auth: 'agent', accountOptional: true },
        schema: {
          tags: ['accounts'],
          summary: 'Create another account (workspace); the caller becomes its owner',
          body: createAccountBody,
          response: { 201: accountSummary },
        },
      },
      async (request, reply) => {
        reply.status(201);
        return createAccount(deps.db, {
          userId: sessionOf(request).userId,
          name: request.body.name,
          trialDays: deps.config.trialDays,
        });
      },
    );
  };
