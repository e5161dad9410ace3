import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  EMAIL_SETUP_PATHS,
  emailSetupCreateBody,
  emailSetupListResponse,
  emailSetupResponse,
  emailSetupUpdateBody,
  emailSetupUpdateQuery,
  emailSetupVerifyBody,
  emailSetupVerifyResponse,
} from '@parley/contracts';
import type { Deps } from '../../lib/deps';
import { agentOf, requireAdmin } from '../../plugins/auth';
import {
  createEmailSetup,
  listEmailSetups,
  updateEmailSetup,
  verifySendingDomain,
} from './email-setup.service';

const tags = ['email setup'];

/** Email setup (docs/product/api.md) and the sending domain's DNS records (/settings/dnsrecords). */
export const emailSetupRoutes =
  (deps: Deps): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      EMAIL_SETUP_PATHS.setup,
      {
        config: { auth: 'agent' },
        schema: {
          tags,
          summary:
            "The account's email setups and, per sending domain, the SPF, DKIM and DMARC records to publish",
          response: { 200: emailSetupListResponse },
        },
      },
      async (request) => {
        const agent = agentOf(request);
        return listEmailSetups(deps, agent.accountId, agent.permissionLevel !== 'agent');
      },
    );

    app.post(
      EMAIL_SETUP_PATHS.setup,
      {
        config: { auth: 'agent' },
        schema: {
          tags,
          summary:
            'Set up sending from an address (owners and admins): an email channel, and a DKIM key for its domain',
          body: emailSetupCreateBody,
          response: { 201: emailSetupResponse },
        },
      },
      async (request, reply) => {
        const created = await createEmailSetup(deps, requireAdmin(request), request.body);
        reply.status(201);
        return created;
      },
    );

    app.patch(
      EMAIL_SETUP_PATHS.setup,
      {
        config: { auth: 'agent' },
        schema: {
          tags,
          summary: "Change an email setup's sender name or address (owners and admins)",
          querystring: emailSetupUpdateQuery,
          body: emailSetupUpdateBody,
          response: { 200: emailSetupResponse },
        },
      },
      async (request) =>
        updateEmailSetup(
          deps,
          requireAdmin(request),
          request.query.support_channel_id,
          request.body,
        ),
    );

    app.post(
      EMAIL_SETUP_PATHS.verify,
      {
        config: { auth: 'agent' },
        schema: {
          tags,
          summary:
            "Look the sending domain's SPF, DKIM and DMARC records up in DNS (owners and admins); all right = verified",
          body: emailSetupVerifyBody,
          response: { 200: emailSetupVerifyResponse },
        },
      },
      async (request) => verifySendingDomain(deps, requireAdmin(request), request.body.domain),
    );
  };
