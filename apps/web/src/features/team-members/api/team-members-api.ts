import type {
  AuthResponse,
  InvitationInfo,
  InvitationLink,
  PermissionLevel,
  TeamMembersResponse,
} from '@parley/contracts';
import { baseApi } from '../../../lib/base-api';
import { http } from '../../../lib/request';

export interface InviteRequest {
  email: string;
  permission_level: Exclude<PermissionLevel, 'owner'>;
}

export type PendingInvitation = TeamMembersResponse['invitations'][number];
export type Member = TeamMembersResponse['members'][number];

export const teamMembersApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    getTeamMembers: build.query<TeamMembersResponse, void>({
      query: () => '/dashboardapi/teammembers',
      providesTags: ['TeamMembers'],
    }),
    inviteMember: build.mutation<PendingInvitation, InviteRequest>({
      query: (body) => ({ url: '/dashboardapi/teammembers/invite', method: 'POST', body }),
      invalidatesTags: ['TeamMembers'],
    }),
    changeRole: build.mutation<Member, { userId: number; permission_level: PermissionLevel }>({
      query: ({ userId, permission_level }) => ({
        url: `/dashboardapi/teammembers/${userId}`,
        method: 'PATCH',
        body: { permission_level },
      }),
      // The person's role shows in the inbox's people list, and in Me when it is one's own.
      invalidatesTags: (result) => (result ? ['TeamMembers', 'Mapping', 'Me'] : []),
    }),
    removeMember: build.mutation<{ ok: true }, number>({
      query: (userId) => ({ url: `/dashboardapi/teammembers/${userId}`, method: 'DELETE' }),
      // They leave the account's teams and their conversations go back to unassigned.
      invalidatesTags: (result) =>
        result ? ['TeamMembers', 'Mapping', 'Teams', 'Conversations', 'ViewCounts'] : [],
    }),
    resendInvitation: build.mutation<PendingInvitation, number>({
      query: (id) => ({
        url: `/dashboardapi/teammembers/invitations/${id}/resend`,
        method: 'POST',
      }),
      invalidatesTags: (result) => (result ? ['TeamMembers'] : []),
    }),
    // A new link replaces the emailed one (only a hash is stored, so it cannot be shown again).
    issueInvitationLink: build.mutation<InvitationLink, number>({
      query: (id) => ({ url: `/dashboardapi/teammembers/invitations/${id}/link`, method: 'POST' }),
      invalidatesTags: (result) => (result ? ['TeamMembers'] : []),
    }),
    revokeInvitation: build.mutation<{ ok: true }, number>({
      query: (id) => ({ url: `/dashboardapi/teammembers/invitations/${id}`, method: 'DELETE' }),
      invalidatesTags: (result) => (result ? ['TeamMembers'] : []),
    }),
  }),
});

export const {
  useGetTeamMembersQuery,
  useInviteMemberMutation,
  useChangeRoleMutation,
  useRemoveMemberMutation,
  useResendInvitationMutation,
  useIssueInvitationLinkMutation,
  useRevokeInvitationMutation,
} = teamMembersApi;

const invitePath = (token: string) =>
  `/dashboardapi/teammembers/invite/${encodeURIComponent(token)}`;

/** The public side of an invitation: the person opening the emailed link has no session yet. */
export const invitationApi = {
  get: (token: string, signal?: AbortSignal) =>
    http.get<InvitationInfo>(invitePath(token), { auth: false, ...(signal ? { signal } : {}) }),
  accept: (token: string, body: { name?: string; password: string }) =>
    http.post<AuthResponse>(`${invitePath(token)}/accept`, body, { auth: false }),
};
