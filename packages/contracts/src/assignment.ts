import { z } from 'zod';
import {
  ASSIGNMENT_MODES,
  AVAILABILITY_STATUSES,
  MAX_AGENT_CAPACITY,
} from './assignment-constants';

export const availabilityStatusSchema = z.enum(AVAILABILITY_STATUSES);
export const assignmentModeSchema = z.enum(ASSIGNMENT_MODES);

/** One agent's availability, as every agent sees it beside names. */
export const agentAvailabilitySchema = z.object({
  user_id: z.number().int(),
  status: availabilityStatusSchema,
  /** What the agent chose with the switcher (status can differ: away when idle, offline without a socket). */
  chosen: availabilityStatusSchema,
  /** Most conversations open at once; null = no limit. */
  capacity: z.number().int().nullable(),
  /** Conversations assigned to the agent that are not closed. */
  open_conversation_count: z.number().int(),
});
export type AgentAvailability = z.infer<typeof agentAvailabilitySchema>;
export const availabilityListResponse = z.object({ agents: z.array(agentAvailabilitySchema) });
export type AvailabilityListResponse = z.infer<typeof availabilityListResponse>;

export const setAvailabilityBody = z.strictObject({ status: availabilityStatusSchema });
export type SetAvailabilityBody = z.infer<typeof setAvailabilityBody>;

export const reportIdleBody = z.strictObject({ idle: z.boolean() });
export type ReportIdleBody = z.infer<typeof reportIdleBody>;

export const setCapacityBody = z.strictObject({
  capacity: z
    .number()
    .int('Enter a whole number.')
    .min(1, 'A capacity is at least 1; leave it empty for no limit.')
    .max(MAX_AGENT_CAPACITY, `Use at most ${MAX_AGENT_CAPACITY}.`)
    .nullable(),
});
export type SetCapacityBody = z.infer<typeof setCapacityBody>;

export const assignmentRuleSchema = z.object({
  mode: assignmentModeSchema,
  /** An agent who goes offline gives their open conversations back to the queue. */
  release_offline: z.boolean(),
});
export type AssignmentRule = z.infer<typeof assignmentRuleSchema>;

export const teamAssignmentSchema = assignmentRuleSchema.extend({
  team_id: z.number().int(),
  name: z.string(),
  member_count: z.number().int(),
});
export type TeamAssignment = z.infer<typeof teamAssignmentSchema>;

export const channelAssignmentSchema = assignmentRuleSchema.extend({
  support_channel_id: z.number().int(),
  name: z.string(),
  type: z.string(),
});
export type ChannelAssignment = z.infer<typeof channelAssignmentSchema>;

export const assignmentSettingsResponse = z.object({
  teams: z.array(teamAssignmentSchema),
  channels: z.array(channelAssignmentSchema),
  /** Conversations waiting for an available agent. */
  queued_count: z.number().int(),
});
export type AssignmentSettingsResponse = z.infer<typeof assignmentSettingsResponse>;

export const updateAssignmentRuleBody = z.strictObject({
  mode: assignmentModeSchema,
  release_offline: z.boolean().optional(),
});
export type UpdateAssignmentRuleBody = z.infer<typeof updateAssignmentRuleBody>;

declare module './realtime-constants' {
  interface RealtimeEventPayloads {
    /** On `private-dcuser-{id}-panel0`: an agent's availability or capacity changed. */
    agent_availability_updated: { account_id: number; agent: AgentAvailability };
  }
}
