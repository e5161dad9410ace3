import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  acceptInvitationBody,
  authResponse,
  changeRoleBody,
  okResponse,
  teamMember,
  invitationInfo,
  invitationLinkResponse,
  inviteBody,
  pendingInvitation,
  teamMembersResponse,
} from '@parley/contracts';
import { setSessionCookies } from '../../lib/cookies';
import type { Deps } from '../../lib/deps';
import { requestLanguages } from '../../lib/i18n';
import { agentOf, requireAdmin } from '../../plugins/auth';
import {
  acceptInvitation,
  changeMemberRole,
  getInvitation,
  getTeamMembers,
  invitationLink,
  inviteMember,
  removeMember,
  resendInvitation,
  revokeInvitation,
} from './team-members.service';

const tags = ['team members'];
const idParam = z.coerce.number().int().positive().max(2_147_483_647);
const tokenParams = z.object({
  token: z.string().regex(/^[A-Za-z0-9_-]{16,200}$/, 'The invitation link is malformed.'),
});

export const teamMembersRoutes =
  (deps: Deps): FastifyPluginAsyncZod =>
  async (app) => {
    const rateLimit = { max: deps.config.authRateLimitPerMinute, timeWindow: '1 minute' };

    app.get(
      '/dashboardapi/teammembers',
      {
        config: { auth: 'agent' },
        schema: {
          tags,
          summary: 'Members of the account and pending invitations',
          response: { 200: teamMembersResponse },
        },
      },
      async (request) => getTeamMembers(deps, agentOf(request).accountId),
    );

    app.post(
      '/dashboardapi/teammembers/invite',
      {
        config: { auth: 'agent' },
        schema: {
          tags,
          summary: 'Invite a person by email (owners and admins)',
          body: inviteBody,
          response: { 201: pendingInvitation },
        },
      },
      async (request, reply) => {
        const agent = requireAdmin(request);
        reply.status(201);
        return inviteMember(deps, agent, request.body, requestLanguages(request.headers));
      },
    );

    app.patch(
      '/dashboardapi/teammembers/:userId',
      {
        config: { auth: 'agent' },
        schema: {
          tags,
          summary:
            "Change a member's role (owners and admins; only owners grant or remove owner; the last owner stays owner)",
          params: z.object({ userId: idParam }),
          body: changeRoleBody,
          response: { 200: teamMember },
        },
      },
      async (request) =>
        changeMemberRole(
          deps,
          requireAdmin(request),
          request.params.userId,
          request.body.permission_level,
        ),
    );

    app.delete(
      '/dashboardapi/teammembers/:userId',
      {
        config: { auth: 'agent' },
        schema: {
          tags,
          summary:
            'Remove a member from the workspace (owners and admins; the last owner cannot be removed)',
          params: z.object({ userId: idParam }),
          response: { 200: okResponse },
        },
      },
      async (request) => {
        await removeMember(deps, requireAdmin(request), request.params.userId);
        return { ok: true as const };
      },
    );

    app.post(
      '/dashboardapi/teammembers/invitations/:id/resend',
      {
        config: { auth: 'agent' },
        schema: {
          tags,
          summary: 'Send an invitation again with a new 7-day link (owners and admins)',
          params: z.object({ id: idParam }),
          response: { 200: pendingInvitation },
        },
      },
      async (request) =>
        resendInvitation(
          deps,
          requireAdmin(request),
          request.params.id,
          requestLanguages(request.headers),
        ),
    );

    app.post(
      '/dashboardapi/teammembers/invitations/:id/link',
      {
        config: { auth: 'agent' },
        schema: {
          tags,
          summary:
            'A new 7-day link for a pending invitation, to share by hand; nothing is emailed and the previous link stops working (owners and admins)',
          params: z.object({ id: idParam }),
          response: { 200: invitationLinkResponse },
        },
      },
      async (request) => invitationLink(deps, requireAdmin(request), request.params.id),
    );

    app.delete(
      '/dashboardapi/teammembers/invitations/:id',
      {
        config: { auth: 'agent' },
        schema: {
          tags,
          summary: 'Withdraw a pending invitation (owners and admins)',
          params: z.object({ id: idParam }),
          response: { 200: okResponse },
        },
      },
      async (request) => {
        await revokeInvitation(deps, requireAdmin(request), request.params.id);
        return { ok: true as const };
      },
    );

    app.get(
      '/dashboardapi/teammembers/invite/:token',
      {
        config: { auth: 'public', rateLimit },
        schema: {
          tags,
          summary: 'What an invitation is for (public)',
          params: tokenParams,
          response: { 200: invitationInfo },
        },
      },
      async (request) => getInvitation(deps, request.params.token),
    );

    app.post(
      '/dashboardapi/teammembers/invite/:token/accept',
      {
        config: { auth: 'public', rateLimit },
        schema: {
          tags,
          summary:
            'Accept an invitation: a new person sets name and password, an existing user gives theirs',
          params: tokenParams,
          body: acceptInvitationBody,
          response: { 200: authResponse },
        },
      },
      async (request, reply) => {
        const session = await acceptInvitation(deps, request.params.token, request.body);
        setSessionCookies(reply, deps.config, session);
        return session.response;
      },
    );
  };
