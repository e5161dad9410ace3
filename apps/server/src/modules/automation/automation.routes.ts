import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  AUTOMATION_RULES_PATH,
  automationDryRunBody,
  automationDryRunResult,
  automationReorderBody,
  automationRule,
  automationRuleBody,
  automationRuleList,
  automationRulePatch,
  okResponse,
} from '@parley/contracts';
import type { Deps } from '../../lib/deps';
import { agentOf, requireAdmin } from '../../plugins/auth';
import { registerAutomation } from './automation-runner';
import {
  createRule,
  deleteRule,
  dryRun,
  listRules,
  reorderRules,
  updateRule,
} from './automation.service';

const tags = ['automation'];
const params = z.object({ id: z.coerce.number().int().positive().max(2_147_483_647) });

export const automationRoutes =
  (deps: Deps): FastifyPluginAsyncZod =>
  async (app) => {
    const off = registerAutomation(deps, (err) =>
      app.log.error({ err }, 'automation: queueing a run failed'),
    );
    app.addHook('onClose', async () => off());

    app.get(
      AUTOMATION_RULES_PATH,
      {
        config: { auth: 'agent' },
        schema: {
          tags,
          summary: 'The account’s automation rules, in the order they run',
          response: { 200: automationRuleList },
        },
      },
      async (request) => listRules(deps, agentOf(request)),
    );

    app.post(
      AUTOMATION_RULES_PATH,
      {
        config: { auth: 'agent' },
        schema: {
          tags,
          summary: 'Create a rule (owners and admins), run after the others',
          body: automationRuleBody,
          response: { 201: automationRule },
        },
      },
      async (request, reply) => {
        const rule = await createRule(deps, requireAdmin(request), request.body);
        return reply.code(201).send(rule);
      },
    );

    app.post(
      `${AUTOMATION_RULES_PATH}/reorder`,
      {
        config: { auth: 'agent' },
        schema: {
          tags,
          summary: 'Set the order rules run in (owners and admins)',
          body: automationReorderBody,
          response: { 200: automationRuleList },
        },
      },
      async (request) => reorderRules(deps, requireAdmin(request), request.body.ids),
    );

    app.post(
      `${AUTOMATION_RULES_PATH}/dry-run`,
      {
        config: { auth: 'agent' },
        schema: {
          tags,
          summary: 'What an unsaved rule would do on a conversation, changing nothing',
          body: automationDryRunBody,
          response: { 200: automationDryRunResult },
        },
      },
      async (request) => dryRun(deps, agentOf(request), request.body),
    );

    app.patch(
      `${AUTOMATION_RULES_PATH}/:id`,
      {
        config: { auth: 'agent' },
        schema: {
          tags,
          summary: 'Change a rule (owners and admins)',
          params,
          body: automationRulePatch,
          response: { 200: automationRule },
        },
      },
      async (request) => updateRule(deps, requireAdmin(request), request.params.id, request.body),
    );

    app.delete(
      `${AUTOMATION_RULES_PATH}/:id`,
      {
        config: { auth: 'agent' },
        schema: {
          tags,
          summary: 'Delete a rule (owners and admins)',
          params,
          response: { 200: okResponse },
        },
      },
      async (request) => {
        await deleteRule(deps, requireAdmin(request), request.params.id);
        return { ok: true as const };
      },
    );
  };
