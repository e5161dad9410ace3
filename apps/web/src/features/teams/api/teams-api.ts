import type { CreateTeamBody, Team, TeamsResponse } from '@parley/contracts';
import { baseApi } from '../../../lib/base-api';

/** Teams are the inbox's team views and filters too: its mapping reloads on every change. */
const TEAM_CHANGES = ['Teams', 'Mapping'] as const;

export const teamsApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    getTeams: build.query<TeamsResponse, void>({
      query: () => '/dashboardapi/teams',
      providesTags: ['Teams'],
    }),
    createTeam: build.mutation<Team, CreateTeamBody>({
      query: (body) => ({ url: '/dashboardapi/teams', method: 'POST', body }),
      invalidatesTags: (result) => (result ? [...TEAM_CHANGES] : []),
    }),
    updateTeam: build.mutation<Team, { id: number; name?: string; description?: string | null }>({
      query: ({ id, ...body }) => ({ url: `/dashboardapi/teams/${id}`, method: 'PATCH', body }),
      invalidatesTags: (result) => (result ? [...TEAM_CHANGES] : []),
    }),
    setTeamMembers: build.mutation<Team, { id: number; user_ids: number[] }>({
      query: ({ id, user_ids }) => ({
        url: `/dashboardapi/teams/${id}/members`,
        method: 'PUT',
        body: { user_ids },
      }),
      invalidatesTags: (result) => (result ? [...TEAM_CHANGES] : []),
    }),
    deleteTeam: build.mutation<{ ok: true }, number>({
      query: (id) => ({ url: `/dashboardapi/teams/${id}`, method: 'DELETE' }),
      // Its conversations lose their team: lists and view counts change as well.
      invalidatesTags: (result) =>
        result ? [...TEAM_CHANGES, 'Conversations', 'ViewCounts', 'Conversation'] : [],
    }),
  }),
});

export const {
  useGetTeamsQuery,
  useCreateTeamMutation,
  useUpdateTeamMutation,
  useSetTeamMembersMutation,
  useDeleteTeamMutation,
} = teamsApi;
