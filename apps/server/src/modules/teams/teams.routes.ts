import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  createTeamBody,
  okResponse,
  teamMembersBody,
  teamSchema,
  teamsResponse,
  updateTeamBody,
} from '@parley/contracts';
import type { Deps } from '../../lib/deps';
import { agentOf, requireAdmin } from '../../plugins/auth';
import { createTeam, deleteTeam, listTeams, setTeamMembers, updateTeam } from './teams.service';

const tags = ['teams'];
const params = z.object({ id: z.coerce.number().int().positive().max(2_147_483_647) });

export const teamsRoutes =
  (deps: Deps): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/dashboardapi/teams',
      {
        config: { auth: 'agent' },
        schema: {
          tags,
          summary: 'Teams of the account with their members and open conversations',
          response: { 200: teamsResponse },
        },
      },
      async (request) => listTeams(deps, agentOf(request).accountId),
    );

    app.post(
      '/dashboardapi/teams',
      {
        config: { auth: 'agent' },
        schema: {
          tags,
          summary: 'Create a team (owners and admins); names are unique per account (409)',
          body: createTeamBody,
          response: { 201: teamSchema },
        },
      },
      async (request, reply) => {
        const team = await createTeam(deps, requireAdmin(request), request.body);
        reply.status(201);
        return team;
      },
    );

    app.patch(
      '/dashboardapi/teams/:id',
      {
        config: { auth: 'agent' },
        schema: {
          tags,
          summary: 'Rename or describe a team (owners and admins)',
          params,
          body: updateTeamBody,
          response: { 200: teamSchema },
        },
      },
      async (request) => updateTeam(deps, requireAdmin(request), request.params.id, request.body),
    );

    app.delete(
      '/dashboardapi/teams/:id',
      {
        config: { auth: 'agent' },
        schema: {
          tags,
          summary: 'Delete a team (owners and admins); its conversations are kept, with no team',
          params,
          response: { 200: okResponse },
        },
      },
      async (request) => {
        await deleteTeam(deps, requireAdmin(request), request.params.id);
        return { ok: true as const };
      },
    );

    app.put(
      '/dashboardapi/teams/:id/members',
      {
        config: { auth: 'agent' },
        schema: {
          tags,
          summary: "Set a team's members to exactly user_ids (members of the account only)",
          body: teamMembersBody,
          params,
          response: { 200: teamSchema },
        },
      },
      async (request) =>
        setTeamMembers(deps, requireAdmin(request), request.params.id, request.body.user_ids),
    );
  };
