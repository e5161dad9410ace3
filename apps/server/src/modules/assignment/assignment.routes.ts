import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  agentAvailabilitySchema,
  ASSIGNMENT_SETTINGS_PATH,
  assignmentRuleSchema,
  assignmentSettingsResponse,
  AVAILABILITY_PATH,
  channelAssignmentRuleSchema,
  availabilityListResponse,
  reportIdleBody,
  setAvailabilityBody,
  setCapacityBody,
  updateAssignmentRuleBody,
  updateChannelAssignmentRuleBody,
} from '@parley/contracts';
import type { Deps } from '../../lib/deps';
import { agentOf, requireAdmin } from '../../plugins/auth';
import { startAssignmentScheduler } from './assignment-scheduler';
import { registerAssignmentRealtime } from './assignment.realtime';
import {
  getAssignmentSettings,
  listAgentAvailability,
  reportIdle,
  setCapacity,
  setMyAvailability,
  updateChannelRule,
  updateTeamRule,
} from './assignment.service';

const tags = ['assignment'];
const id = z.coerce.number().int().positive().max(2_147_483_647);

export const assignmentRoutes =
  (deps: Deps): FastifyPluginAsyncZod =>
  async (app) => {
    const onError = (err: unknown) => app.log.error({ err }, 'assignment: background run failed');
    const offPresence = registerAssignmentRealtime(deps, app.realtime, onError);
    const scheduler = startAssignmentScheduler(deps, onError);
    app.addHook('onClose', async () => {
      offPresence();
      await scheduler.stop();
    });

    app.get(
      AVAILABILITY_PATH,
      {
        config: { auth: 'agent' },
        schema: {
          tags,
          summary: 'Every team member’s availability, capacity and open conversations',
          response: { 200: availabilityListResponse },
        },
      },
      async (request) => listAgentAvailability(deps, agentOf(request)),
    );

    app.put(
      `${AVAILABILITY_PATH}/me`,
      {
        config: { auth: 'agent' },
        schema: {
          tags,
          summary: 'Set your own availability: online, away or offline',
          body: setAvailabilityBody,
          response: { 200: agentAvailabilitySchema },
        },
      },
      async (request) => setMyAvailability(deps, agentOf(request), request.body.status),
    );

    app.put(
      `${AVAILABILITY_PATH}/me/idle`,
      {
        config: { auth: 'agent' },
        schema: {
          tags,
          summary: 'Your app saw no input for a while (away), or saw some again',
          body: reportIdleBody,
          response: { 200: agentAvailabilitySchema },
        },
      },
      async (request) => reportIdle(deps, agentOf(request), request.body.idle),
    );

    app.put(
      `${AVAILABILITY_PATH}/:userId/capacity`,
      {
        config: { auth: 'agent' },
        schema: {
          tags,
          summary:
            'Most conversations a member may have open at once, overall and per channel type; null for no limit (admins)',
          params: z.object({ userId: id }),
          body: setCapacityBody,
          response: { 200: agentAvailabilitySchema },
        },
      },
      async (request) =>
        setCapacity(deps, requireAdmin(request), request.params.userId, request.body),
    );

    app.get(
      ASSIGNMENT_SETTINGS_PATH,
      {
        config: { auth: 'agent' },
        schema: {
          tags,
          summary: 'Auto-assignment of each team and support channel, and the queue (admins)',
          response: { 200: assignmentSettingsResponse },
        },
      },
      async (request) => getAssignmentSettings(deps, requireAdmin(request)),
    );

    app.put(
      '/dashboardapi/assignment/teams/:id',
      {
        config: { auth: 'agent' },
        schema: {
          tags,
          summary: 'How a team hands out its conversations (admins)',
          params: z.object({ id }),
          body: updateAssignmentRuleBody,
          response: { 200: assignmentRuleSchema },
        },
      },
      async (request) =>
        updateTeamRule(deps, requireAdmin(request), request.params.id, request.body),
    );

    app.put(
      '/dashboardapi/assignment/channels/:id',
      {
        config: { auth: 'agent' },
        schema: {
          tags,
          summary: 'How a support channel hands out its conversations, and to whom (admins)',
          params: z.object({ id }),
          body: updateChannelAssignmentRuleBody,
          response: { 200: channelAssignmentRuleSchema },
        },
      },
      async (request) =>
        updateChannelRule(deps, requireAdmin(request), request.params.id, request.body),
    );
  };
