import {
  ASSIGNMENT_SETTINGS_PATH,
  AVAILABILITY_PATH,
  type AgentAvailability,
  type AssignmentRule,
  type AssignmentSettingsResponse,
  type AvailabilityListResponse,
  type AvailabilityStatus,
  type ChannelAssignmentRule,
  type SetCapacityBody,
  type UpdateAssignmentRuleBody,
  type UpdateChannelAssignmentRuleBody,
} from '@parley/contracts';
import { baseApi } from '../../../lib/base-api';

/** Puts one agent's new availability into the cached list (answers and realtime events alike). */
export const agentChanged = (agent: AgentAvailability) =>
  availabilityApi.util.updateQueryData('getAvailability', undefined, (draft) => {
    const at = draft.agents.findIndex((a) => a.user_id === agent.user_id);
    if (at === -1) draft.agents.push(agent);
    else draft.agents[at] = agent;
  });

type RuleChange =
  | { target: { kind: 'team'; id: number }; body: UpdateAssignmentRuleBody }
  | { target: { kind: 'channel'; id: number }; body: UpdateChannelAssignmentRuleBody };

export const availabilityApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    getAvailability: build.query<AvailabilityListResponse, void>({
      query: () => AVAILABILITY_PATH,
    }),
    setMyAvailability: build.mutation<AgentAvailability, AvailabilityStatus>({
      query: (status) => ({ url: `${AVAILABILITY_PATH}/me`, method: 'PUT', body: { status } }),
      async onQueryStarted(_, { dispatch, queryFulfilled }) {
        const { data } = await queryFulfilled.catch(() => ({ data: null }));
        if (data) dispatch(agentChanged(data));
      },
    }),
    reportIdle: build.mutation<AgentAvailability, boolean>({
      query: (idle) => ({ url: `${AVAILABILITY_PATH}/me/idle`, method: 'PUT', body: { idle } }),
      async onQueryStarted(_, { dispatch, queryFulfilled }) {
        const { data } = await queryFulfilled.catch(() => ({ data: null }));
        if (data) dispatch(agentChanged(data));
      },
    }),
    setCapacity: build.mutation<AgentAvailability, { userId: number } & SetCapacityBody>({
      query: ({ userId, ...body }) => ({
        url: `${AVAILABILITY_PATH}/${userId}/capacity`,
        method: 'PUT',
        body,
      }),
      async onQueryStarted(_, { dispatch, queryFulfilled }) {
        const { data } = await queryFulfilled.catch(() => ({ data: null }));
        if (data) dispatch(agentChanged(data));
      },
    }),
    getAssignmentSettings: build.query<AssignmentSettingsResponse, void>({
      query: () => ASSIGNMENT_SETTINGS_PATH,
    }),
    updateAssignmentRule: build.mutation<AssignmentRule | ChannelAssignmentRule, RuleChange>({
      query: ({ target, body }) => ({
        url: `/dashboardapi/assignment/${target.kind === 'team' ? 'teams' : 'channels'}/${target.id}`,
        method: 'PUT',
        body,
      }),
      async onQueryStarted({ target }, { dispatch, queryFulfilled }) {
        const { data } = await queryFulfilled.catch(() => ({ data: null }));
        if (!data) return;
        dispatch(
          availabilityApi.util.updateQueryData('getAssignmentSettings', undefined, (draft) => {
            const row =
              target.kind === 'team'
                ? draft.teams.find((t) => t.team_id === target.id)
                : draft.channels.find((c) => c.support_channel_id === target.id);
            if (row) Object.assign(row, data);
          }),
        );
        // Turning a mode on may hand out waiting conversations at once: the count changes.
        dispatch(
          availabilityApi.endpoints.getAssignmentSettings.initiate(undefined, {
            forceRefetch: true,
            subscribe: false,
          }),
        );
      },
    }),
  }),
});

export const {
  useGetAvailabilityQuery,
  useSetMyAvailabilityMutation,
  useReportIdleMutation,
  useSetCapacityMutation,
  useGetAssignmentSettingsQuery,
  useUpdateAssignmentRuleMutation,
} = availabilityApi;
