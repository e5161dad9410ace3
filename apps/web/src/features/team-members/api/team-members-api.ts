import type {
  AuthResponse,
  InvitationInfo,
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
  }),
});

export const { useGetTeamMembersQuery, useInviteMemberMutation } = teamMembersApi;

const invitePath = (token: string) =>
  `/dashboardapi/teammembers/invite/${encodeURIComponent(token)}`;

/** The public side of an invitation: the person opening the emailed link has no session yet. */
export const invitationApi = {
  get: (token: string, signal?: AbortSignal) =>
    http.get<InvitationInfo>(invitePath(token), { auth: false, ...(signal ? { signal } : {}) }),
  accept: (token: string, body: { name?: string; password: string }) =>
    http.post<AuthResponse>(`${invitePath(token)}/accept`, body, { auth: false }),
};
